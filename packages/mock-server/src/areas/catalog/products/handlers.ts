import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import { productBulkUpdateJob, productImportJob, productMetadataJob, skuImportJob } from './bulk.js';

/** Products and their SKUs. */
export const productHandlers = {
  listProducts: ({ project, query }) => ({
    status: 200,
    body: listBody('products', project.state.products.list(query), ['total']),
  }),
  createProduct: ({ project, body }) => ({ status: 200, body: project.state.products.upsert(body).product }),
  getProduct: ({ project, params, query }) => {
    const { products } = project.state;
    const product = products.get(params.productId);
    return { status: 200, body: query.hide === 'sku' ? products.withoutSkus(product) : product };
  },
  updateProduct: ({ project, params, body }) => ({
    status: 200,
    body: project.state.products.update(params.productId, body),
  }),
  deleteProduct: ({ project, params, query }) => {
    project.state.products.remove(params.productId, { force: query.force ?? false });
    return { status: 204, body: null };
  },
  getSku: ({ project, params }) => ({ status: 200, body: project.state.products.getSku(params.skuId) }),
  listSkusInProduct: ({ project, params, query }) => {
    const page = project.state.products.listSkus(params.productId, query);
    return { status: 200, body: { object: 'list', data_ref: 'skus', skus: page.items, total: page.total } };
  },
  createSku: ({ project, params, body }) => ({
    status: 200,
    body: project.state.products.upsertSku(params.productId, body).sku,
  }),
  updateSku: ({ project, params, body }) => {
    const { products } = project.state;
    const sku = products.getSkuOf(params.productId, params.skuId);
    return { status: 200, body: products.updateSku(sku.id, body) };
  },
  deleteSku: ({ project, params, query }) => {
    project.state.products.removeSku(params.productId, params.skuId, { force: query.force ?? false });
    return { status: 204, body: null };
  },
  importProductsUsingCsv: ({ project, body, requestId }) => {
    const { products, metadataSchemas, asyncActions } = project.state;
    const action = asyncActions.start('PRODUCTS.IMPORT_CSV', productImportJob(products, metadataSchemas, body.file), {
      requestId,
    });
    return { status: 200, body: { async_action_id: action.id } };
  },
  importSkusUsingCsv: ({ project, body, requestId }) => {
    const { products, metadataSchemas, asyncActions } = project.state;
    const action = asyncActions.start('SKUS.IMPORT_CSV', skuImportJob(products, metadataSchemas, body.file), {
      requestId,
    });
    return { status: 200, body: { async_action_id: action.id } };
  },
  updateProductsInBulk: ({ project, body, requestId }) => {
    const action = project.state.asyncActions.start(
      'PRODUCTS.BULK_UPDATE',
      productBulkUpdateJob(project.state.products, body),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  updateProductsMetadataInBulk: ({ project, body, requestId }) => {
    const action = project.state.asyncActions.start(
      'PRODUCTS.METADATA_UPDATE',
      productMetadataJob(project.state.products, body),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
} satisfies HandlerMap;
