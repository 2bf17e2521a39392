import type { Project } from '../core/projects.js';
import { importSummary } from '../resources/async-actions/job.js';
import type { ProjectState } from '../resources/state.js';

/**
 * Fills a project with a small, realistic data set so the sandbox is useful on first start:
 * categories with a stacking-rules entry, a metadata schema, a finished bulk job, and a small
 * shop: customers, products with a SKU, a collection, segments, orders and a location.
 */
export const seedDemoData = (project: Project<ProjectState>): void => {
  const { categories, stackingRules, metadataSchemas, asyncActions } = project.state;
  const seasonal = categories.create({ name: 'Seasonal', hierarchy: 1 });
  const loyalty = categories.create({ name: 'Loyalty', hierarchy: 2 });
  categories.create({ name: 'Clearance', hierarchy: 3 });
  stackingRules.create(
    { exclusive_categories: [seasonal.id], joint_categories: [loyalty.id], applicable_redeemables_limit: 3 },
    (id) => categories.has(id),
  );
  metadataSchemas.create('customer', {
    properties: {
      favourite_store: { type: 'string', optional: true },
      vip: { type: 'boolean', optional: true },
    },
  });
  asyncActions.start('CUSTOMERS.IMPORT_CSV', {
    items: ['ana@example.com', 'ben@example.com', 'cho@example.com'],
    process: () => undefined,
    summarize: importSummary('customer'),
  });
  seedCommerce(project.state);
};

/** A few customers, products, a collection, segments, orders and a location. */
const seedCommerce = (state: ProjectState): void => {
  const { customers, products, productCollections, segments, orders, locations } = state;
  customers.upsert({ source_id: 'ana@example.com', name: 'Ana Silva', email: 'ana@example.com', address: { city: 'Porto', country: 'PT' }, metadata: { vip: true } });
  customers.upsert({ source_id: 'ben@example.com', name: 'Ben Costa', email: 'ben@example.com', address: { city: 'Lisbon', country: 'PT' } });
  customers.upsert({ source_id: 'cho@example.com', name: 'Cho Lee', email: 'cho@example.com', address: { city: 'Porto', country: 'PT' }, metadata: { favourite_store: 'Ribeira' } });
  const mug = products.upsert({ source_id: 'mug', name: 'Mug', price: 1200, attributes: ['colour'] }).product;
  products.upsertSku(mug.id, { source_id: 'mug-blue', sku: 'Blue mug', price: 1400, attributes: { colour: 'blue' } });
  products.upsert({ source_id: 'lamp', name: 'Lamp', price: 7500, metadata: { room: 'living' } });
  const overFifty = { junction: 'and' as const, price: { conditions: { $more_than: [5000] } } };
  productCollections.create({ type: 'AUTO_UPDATE', name: 'Over 50', filter: overFifty });
  productCollections.create({ type: 'STATIC', name: 'Kitchen', products: [{ id: mug.id, object: 'product' }] });
  segments.create({ name: 'Porto customers', type: 'passive', filter: { junction: 'and', 'address.city': { conditions: { $is: ['Porto'] } } } });
  segments.create({ name: 'VIP', type: 'static', customers: ['ana@example.com'] });
  orders.upsert({ source_id: 'order-1001', status: 'PAID', customer: 'ana@example.com', items: [{ source_id: 'mug', quantity: 2 }, { source_id: 'lamp', quantity: 1 }] });
  orders.upsert({ source_id: 'order-1002', customer: 'ben@example.com', items: [{ source_id: 'mug-blue', related_object: 'sku', quantity: 1 }] });
  locations.create({ name: 'Porto centre', shape: { type: 'circle', format: 'distance', distance: { center: 'geo:41.1496,-8.6110', radius: '2 km' } } });
};
