import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

const createProduct = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/products', { body });
  if (!data) throw new Error(`product not created: ${JSON.stringify(error)}`);
  return data;
};

const createSku = async (productId: string, body: Record<string, unknown>) => {
  const { data, error } = await mock
    .serverClient()
    .POST('/v1/products/{productId}/skus', { params: { path: { productId } }, body });
  if (!data) throw new Error(`SKU not created: ${JSON.stringify(error)}`);
  return data;
};

describe('products', () => {
  test('create with defaults, then upsert by source_id or id', async () => {
    const mug = await createProduct({ source_id: 'mug', name: 'Mug' });
    expect(mug).toMatchObject({
      id: expect.stringMatching(/^prod_[0-9a-f]{18}$/),
      source_id: 'mug',
      name: 'Mug',
      price: null,
      attributes: [],
      metadata: {},
      image_url: null,
      updated_at: null,
      object: 'product',
      skus: { object: 'list', data_ref: 'data', data: [], total: 0 },
    });
    mock.service.clock.advance(1_000);
    const priced = await createProduct({ source_id: 'mug', price: 1200, metadata: { material: 'ceramic' } });
    expect(priced).toMatchObject({
      id: mug.id,
      name: 'Mug',
      price: 1200,
      metadata: { material: 'ceramic' },
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    const byId = await createProduct({ id: mug.id, attributes: ['colour'] });
    expect(byId).toMatchObject({ id: mug.id, attributes: ['colour'] });
    const unknown = await mock
      .serverClient()
      .POST('/v1/products', { body: { id: 'prod_000000000000000000', name: 'X' } });
    expect(unknown.error).toMatchObject({ code: 404, key: 'not_found', resource_type: 'product' });
    expect(state().products.all()).toHaveLength(1);
  });

  test('get by id or source_id, hide=sku leaves the SKUs out, update merges metadata', async () => {
    const mug = await createProduct({ source_id: 'mug', name: 'Mug', metadata: { a: 1, b: 2 } });
    await createSku(mug.id, { source_id: 'mug-blue', sku: 'Blue' });
    const client = mock.serverClient();
    const full = await client.GET('/v1/products/{productId}', { params: { path: { productId: 'mug' } } });
    expect(full.data?.skus).toMatchObject({ total: 1, data: [{ source_id: 'mug-blue', product_id: mug.id }] });
    const bare = await client.GET('/v1/products/{productId}', {
      params: { path: { productId: mug.id }, query: { hide: 'sku' } },
    });
    expect(bare.data).not.toHaveProperty('skus');
    expect(bare.data).toMatchObject({ id: mug.id, name: 'Mug' });
    const updated = await client.PUT('/v1/products/{productId}', {
      params: { path: { productId: 'mug' } },
      body: { name: 'Big mug', metadata: { a: null, c: 3 } },
    });
    expect(updated.data).toMatchObject({ name: 'Big mug', metadata: { b: 2, c: 3 } });
    const missing = await client.GET('/v1/products/{productId}', { params: { path: { productId: 'nothing' } } });
    expect(missing.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'product',
      resource_id: 'nothing',
    });
  });

  test('list newest first, by page, and within a creation window', async () => {
    for (const source_id of ['a', 'b', 'c']) {
      await createProduct({ source_id, name: source_id.toUpperCase() });
      mock.service.clock.advance(60_000);
    }
    const client = mock.serverClient();
    const all = await client.GET('/v1/products');
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'products', total: 3 });
    expect(all.data?.products.map((product) => product.source_id)).toEqual(['c', 'b', 'a']);
    const page = await client.GET('/v1/products', { params: { query: { limit: 2, page: 2, order: 'created_at' } } });
    expect(page.data?.products.map((product) => product.source_id)).toEqual(['c']);
    const window = await client.GET('/v1/products', {
      params: { query: { start_date: '2026-01-01T00:01:00.000Z', end_date: '2026-01-01T00:02:00.000Z' } },
    });
    expect(window.data?.products.map((product) => product.source_id)).toEqual(['c', 'b']);
  });

  test('metadata is checked against the product metadata schema', async () => {
    state().metadataSchemas.create('product', { properties: { weight: { type: 'number', optional: true } } });
    const { response, error } = await mock
      .serverClient()
      .POST('/v1/products', { body: { name: 'X', metadata: { weight: 'heavy' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'metadata_validation_failed' });
  });
});

describe('SKUs', () => {
  test('create, get by id or source_id, list, update and delete within their product', async () => {
    const mug = await createProduct({ source_id: 'mug', name: 'Mug', price: 1000 });
    const blue = await createSku('mug', {
      source_id: 'mug-blue',
      sku: 'Blue',
      price: 1100,
      attributes: { colour: 'blue' },
    });
    expect(blue).toMatchObject({
      id: expect.stringMatching(/^sku_[0-9a-f]{18}$/),
      product_id: mug.id,
      currency: null,
      image_url: null,
      object: 'sku',
    });
    mock.service.clock.advance(1_000);
    await createSku(mug.id, { source_id: 'mug-red', sku: 'Red' });
    const client = mock.serverClient();
    for (const skuId of [blue.id, 'mug-blue']) {
      expect((await client.GET('/v1/skus/{skuId}', { params: { path: { skuId } } })).data?.id).toBe(blue.id);
    }
    const list = await client.GET('/v1/products/{productId}/skus', {
      params: { path: { productId: 'mug' }, query: { order: 'created_at' } },
    });
    expect(list.data).toMatchObject({ object: 'list', data_ref: 'skus', total: 2 });
    expect(list.data?.skus.map((sku) => sku.source_id)).toEqual(['mug-blue', 'mug-red']);
    const upserted = await createSku('mug', { source_id: 'mug-blue', price: 1150 });
    expect(upserted).toMatchObject({ id: blue.id, sku: 'Blue', price: 1150 });
    const updated = await client.PUT('/v1/products/{productId}/skus/{skuId}', {
      params: { path: { productId: 'mug', skuId: 'mug-blue' } },
      body: { currency: 'EUR' },
    });
    expect(updated.data).toMatchObject({ currency: 'EUR', price: 1150 });
    const deleted = await client.DELETE('/v1/products/{productId}/skus/{skuId}', {
      params: { path: { productId: 'mug', skuId: 'mug-red' }, query: { force: true } },
    });
    expect(deleted.response.status).toBe(204);
    expect(
      (await client.GET('/v1/products/{productId}', { params: { path: { productId: 'mug' } } })).data?.skus?.total,
    ).toBe(1);
  });

  test('a SKU of another product is not found there, and its source_id cannot move', async () => {
    await createProduct({ source_id: 'mug', name: 'Mug' });
    await createProduct({ source_id: 'cap', name: 'Cap' });
    await createSku('mug', { source_id: 'mug-blue', sku: 'Blue' });
    const client = mock.serverClient();
    const wrongProduct = await client.PUT('/v1/products/{productId}/skus/{skuId}', {
      params: { path: { productId: 'cap', skuId: 'mug-blue' } },
      body: { price: 1 },
    });
    expect(wrongProduct.error).toMatchObject({ code: 404, resource_type: 'sku' });
    const moved = await client.POST('/v1/products/{productId}/skus', {
      params: { path: { productId: 'cap' } },
      body: { source_id: 'mug-blue' },
    });
    expect(moved.error).toMatchObject({ code: 400, key: 'duplicate_source_id' });
    const noProduct = await client.POST('/v1/products/{productId}/skus', {
      params: { path: { productId: 'nothing' } },
      body: { sku: 'X' },
    });
    expect(noProduct.error).toMatchObject({ code: 404, resource_type: 'product' });
  });
});

describe('deleting products', () => {
  test('without force the product and its SKUs go to the bin and keep their source_ids until the bin entry is deleted', async () => {
    const mug = await createProduct({ source_id: 'mug', name: 'Mug' });
    const blue = await createSku('mug', { source_id: 'mug-blue', sku: 'Blue' });
    const client = mock.serverClient();
    const deleted = await client.DELETE('/v1/products/{productId}', { params: { path: { productId: 'mug' } } });
    expect(deleted.response.status).toBe(204);
    expect(
      (await client.GET('/v1/products/{productId}', { params: { path: { productId: mug.id } } })).response.status,
    ).toBe(404);
    expect((await client.GET('/v1/skus/{skuId}', { params: { path: { skuId: blue.id } } })).response.status).toBe(404);
    const { bin } = state();
    const productEntry = bin.entryOf('product', mug.id);
    const skuEntry = bin.entryOf('sku', blue.id);
    expect(productEntry).toMatchObject({ resource_name: 'Mug', resource_type: 'product' });
    expect(skuEntry).toMatchObject({ resource_name: 'Blue', resource_parent_id: mug.id });
    const taken = await client.POST('/v1/products', { body: { source_id: 'mug', name: 'New mug' } });
    expect(taken.error).toMatchObject({ code: 400, key: 'duplicate_source_id' });
    await client.DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: productEntry?.id ?? '' } } });
    const again = await createProduct({ source_id: 'mug', name: 'New mug' });
    expect(again.id).not.toBe(mug.id);
    const skuTaken = await client.POST('/v1/products/{productId}/skus', {
      params: { path: { productId: 'mug' } },
      body: { source_id: 'mug-blue' },
    });
    expect(skuTaken.error).toMatchObject({ key: 'duplicate_source_id' });
  });

  test('with force the source_ids are free at once and nothing goes to the bin', async () => {
    const mug = await createProduct({ source_id: 'mug', name: 'Mug' });
    const client = mock.serverClient();
    await client.DELETE('/v1/products/{productId}', { params: { path: { productId: 'mug' }, query: { force: true } } });
    expect(state().bin.entryOf('product', mug.id)).toBeUndefined();
    expect((await createProduct({ source_id: 'mug' })).id).not.toBe(mug.id);
    const missing = await client.DELETE('/v1/products/{productId}', { params: { path: { productId: mug.id } } });
    expect(missing.response.status).toBe(404);
  });
});
