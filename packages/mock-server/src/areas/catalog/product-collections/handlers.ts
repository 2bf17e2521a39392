import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Product collections: static lists and filter-based groups of products and SKUs. */
export const productCollectionHandlers = {
  listProductCollections: ({ project, query }) => ({
    status: 200,
    body: listBody('data', project.state.productCollections.list(query), ['total']),
  }),
  createProductCollection: ({ project, body, requestId }) => ({
    status: 200,
    body: project.state.productCollections.create(body, { requestId }),
  }),
  getProductCollection: ({ project, params }) => ({
    status: 200,
    body: project.state.productCollections.get(params.productCollectionId),
  }),
  updateProductCollection: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.productCollections.update(params.productCollectionId, body, { requestId }),
  }),
  deleteProductCollection: ({ project, params }) => {
    project.state.productCollections.delete(params.productCollectionId);
    return { status: 204, body: null };
  },
  listProductsInCollection: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.productCollections.listMembers(params.productCollectionId, query), ['total']),
  }),
  listProductCollectionActivities: ({ project, params, query }) => ({
    status: 200,
    body: project.state.productCollections.activities(params.productCollectionId, query),
  }),
} satisfies HandlerMap;
