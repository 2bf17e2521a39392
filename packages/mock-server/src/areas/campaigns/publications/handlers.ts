import { listBody } from '../../../core/list.js';
import { ApiError } from '../../../http/api-error.js';
import type { HandlerMap } from '../../../http/handler.js';

/**
 * Publications: hand codes to customers (body or query form, or from a web page with client
 * keys), list the attempts, and list what each customer holds (`GET
 * /v1/customers/{customerId}/redeemables`, answered here because the holder records are the
 * publications').
 */
export const publicationHandlers = {
  createPublication: ({ project, query, body, requestId }) => ({
    status: 200,
    body: project.state.publications.publish(body, { joinOnce: query.join_once }, { requestId }),
  }),
  createPublicationByGet: ({ project, query, requestId }) => {
    const { join_once: joinOnce, ...request } = query;
    // The query form publishes one code; several at once need the body form.
    if (typeof request.campaign === 'object' && (request.campaign.count ?? 1) > 1) {
      throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
        details: 'Query parameter campaign[count] must be 1: publish several codes with POST /v1/publications.',
      });
    }
    return { status: 200, body: project.state.publications.publish(request, { joinOnce }, { requestId }) };
  },
  createPublicationClientSide: ({ project, query, body, requestId }) => {
    const { campaign, voucher, join_once: joinOnce } = query;
    const named = body.voucher !== undefined || (body.campaign !== undefined && body.campaign !== null);
    // The official client-side SDKs name the campaign in the query and send only the customer and the channel.
    if (!named && voucher === undefined && campaign === undefined) {
      throw new ApiError(400, 'missing_vouchers', 'Missing vouchers', {
        details: 'Name the campaign to publish from (query campaign) or the code to publish.',
      });
    }
    const request = named
      ? body
      : { ...body, ...(voucher === undefined ? {} : { voucher }), ...(campaign === undefined ? {} : { campaign }) };
    return { status: 200, body: project.state.publications.publish(request, { joinOnce }, { requestId }) };
  },
  listPublications: ({ project, query }) => ({
    status: 200,
    body: listBody('publications', project.state.publications.list(query), ['total']),
  }),
  listCustomerRedeemables: ({ project, params, query }) => {
    const { id } = project.state.customers.get(params.customerId);
    const page = project.state.publications.redeemables(id, {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
      filters: query.filters,
    });
    return { status: 200, body: listBody('data', page, ['total', 'has_more', 'more_starting_after']) };
  },
} satisfies HandlerMap;
