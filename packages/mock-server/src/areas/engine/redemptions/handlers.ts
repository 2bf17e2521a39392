import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import { redemptionOrigin as originOf } from './origin.js';

/** Validations, redemptions and rollbacks (server and client side), and the redemption lists. */
export const redemptionHandlers = {
  validateStackedDiscounts: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.validate(body, originOf(principal, requestId)),
  }),
  validateStackedDiscountsClientSide: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.validate(body, originOf(principal, requestId)),
  }),
  redeemStackedDiscounts: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.redeem(body, originOf(principal, requestId)),
  }),
  redeemStackedDiscountsClientSide: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.redeem(body, originOf(principal, requestId)),
  }),
  rollbackRedemption: ({ project, params, query, body, principal, requestId }) => {
    const input = {
      ...body,
      ...(query.reason === undefined ? {} : { reason: query.reason }),
      ...(query.tracking_id === undefined ? {} : { tracking_id: query.tracking_id }),
    };
    const { rollbacks } = project.state.redemptions.rollback(
      params.redemptionId,
      input,
      false,
      originOf(principal, requestId),
    );
    return { status: 200, body: rollbacks[0] as NonNullable<(typeof rollbacks)[number]> };
  },
  rollbackStackedRedemptions: ({ project, params, query, body, principal, requestId }) => {
    const input = {
      ...body,
      ...(query.reason === undefined ? {} : { reason: query.reason }),
      ...(query.tracking_id === undefined ? {} : { tracking_id: query.tracking_id }),
    };
    return {
      status: 200,
      body: project.state.redemptions.rollback(params.parentRedemptionId, input, true, originOf(principal, requestId)),
    };
  },
  listRedemptions: ({ project, query }) => ({
    status: 200,
    body: listBody('redemptions', project.state.redemptions.list(query), ['total']),
  }),
  getRedemption: ({ project, params }) => ({ status: 200, body: project.state.redemptions.get(params.redemptionId) }),
  getVoucherRedemptions: ({ project, params }) => ({
    status: 200,
    body: project.state.redemptions.ofVoucher(params.code),
  }),
} satisfies HandlerMap;
