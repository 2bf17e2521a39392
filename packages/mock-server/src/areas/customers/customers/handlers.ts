import { listBody } from '../../../core/list.js';
import { ApiError } from '../../../http/api-error.js';
import type { HandlerMap } from '../../../http/handler.js';
import { listCustomerActivities } from './activities.js';
import { countCustomerEvents, listCustomerActivity } from './activity.js';
import { customerBulkUpdateJob, customerImportJob, customerMetadataJob } from './bulk.js';
import type { Customer, CustomerStore, CustomerUpsert } from './store.js';

/**
 * A segment named by `segment_id` in a customer list must exist; the list documents no 404, so
 * an unknown one is a bad query parameter.
 */
const segmentFilter = (segments: { membership(id: string): (record: unknown) => boolean }, id: string | undefined) => {
  if (id === undefined) return undefined;
  try {
    return segments.membership(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
        details: `Query parameter segment_id names no segment: ${id}`,
      });
    }
    throw error;
  }
};

/** The body of a customer creation: a profile to upsert, or a plain id or `source_id` to resolve. */
const createOrResolve = (customers: CustomerStore, body: CustomerUpsert | string, requestId: string): Customer => {
  const origin = { requestId };
  return (typeof body === 'string' ? customers.resolve(body, origin) : customers.upsert(body, origin)).customer;
};

/** Customers: profiles, their activity, segments and redeemables; customer creation with client keys. */
export const customerHandlers = {
  listCustomers: ({ project, query }) => {
    const page = project.state.customers.list(query, segmentFilter(project.state.segments, query.segment_id));
    return { status: 200, body: listBody('customers', page, ['total', 'has_more']) };
  },
  createCustomer: ({ project, body, requestId }) => ({
    status: 200,
    body: createOrResolve(project.state.customers, body, requestId),
  }),
  // The double opt-in header asks the service to have the customer confirm by message; the mock sends none.
  createCustomerClientSide: ({ project, body, requestId }) => ({
    status: 200,
    body: createOrResolve(project.state.customers, body, requestId),
  }),
  getCustomer: ({ project, params }) => ({ status: 200, body: project.state.customers.get(params.customerId) }),
  updateCustomer: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.customers.update(params.customerId, body, { requestId }).customer,
  }),
  deleteCustomer: ({ project, params, requestId }) => {
    project.state.customers.delete(params.customerId, { requestId });
    return { status: 204, body: null };
  },
  deleteCustomerPermanently: ({ project, params, requestId }) => {
    const { customers, orders, segments, events } = project.state;
    const customer = customers.find(params.customerId);
    const earlier = customer === undefined ? customers.deletion(params.customerId) : undefined;
    if (earlier) return { status: 200, body: earlier };
    const { id } = customers.get(params.customerId);
    const erased = {
      customer_events: countCustomerEvents(events, id),
      orders: orders.forgetCustomer(id),
      segments: segments.forgetCustomer(id),
    };
    return { status: 200, body: customers.deletePermanently(id, erased, { requestId }) };
  },
  importCustomersUsingCsv: ({ project, body, requestId }) => {
    const { customers, metadataSchemas, asyncActions } = project.state;
    const action = asyncActions.start(
      'CUSTOMERS.IMPORT_CSV',
      customerImportJob(customers, metadataSchemas, body.file),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  updateCustomersInBulk: ({ project, body, requestId }) => {
    const action = project.state.asyncActions.start(
      'CUSTOMERS.BULK_UPDATE',
      customerBulkUpdateJob(project.state.customers, body),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  updateCustomersMetadataInBulk: ({ project, body, requestId }) => {
    const action = project.state.asyncActions.start(
      'CUSTOMERS.METADATA_UPDATE',
      customerMetadataJob(project.state.customers, body),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  listCustomerActivity: ({ project, params, query }) => {
    const customer = project.state.customers.get(params.customerId);
    return {
      status: 200,
      body: listBody('data', listCustomerActivity(project.state.events, customer, query), [
        'has_more',
        'more_starting_after',
      ]),
    };
  },
  listCustomerActivities: ({ project, params, query }) => ({
    status: 200,
    body: listCustomerActivities(project.state.events, project.state.customers.get(params.customerId), query),
  }),
  listCustomerSegments: ({ project, params }) => {
    const { customers, segments } = project.state;
    const known = customers.find(params.customerId);
    if (known === undefined && params.customerId.startsWith('cust_'))
      throw ApiError.notFound('customer', params.customerId);
    // An unknown source_id gets the segments such a customer would qualify for.
    const customer = known ?? { object: 'customer', source_id: params.customerId, metadata: {} };
    const data = segments.segmentsOf(customer).map(({ id, name, object }) => ({ id, name, object }));
    return { status: 200, body: { object: 'list', data_ref: 'data', data, total: data.length } };
  },
} satisfies HandlerMap;
