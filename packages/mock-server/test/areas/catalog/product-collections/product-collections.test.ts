import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

/** A small catalogue: a cheap mug with a dear SKU, and a dear lamp; a minute apart. */
const catalogue = () => {
  const { products } = state();
  const mug = products.upsert({ source_id: 'mug', name: 'Mug', price: 1200, metadata: { kind: 'kitchen' } }).product;
  mock.service.clock.advance(60_000);
  const gold = products.upsertSku(mug.id, { source_id: 'mug-gold', sku: 'Gold mug', price: 9000 }).sku;
  mock.service.clock.advance(60_000);
  const lamp = products.upsert({ source_id: 'lamp', name: 'Lamp', price: 7500, metadata: { kind: 'living' } }).product;
  mock.service.clock.advance(60_000);
  return { mug, gold, lamp };
};

const OVER_50 = { junction: 'and' as const, price: { conditions: { $more_than: [5000] } } };

describe('product collections', () => {
  test('a static collection lists its products (without SKUs) and SKUs (with their product)', async () => {
    const { mug, gold } = catalogue();
    const client = mock.serverClient();
    const created = await client.POST('/v1/product-collections', {
      body: {
        type: 'STATIC',
        name: 'Picked',
        products: [
          { id: mug.id, object: 'product' },
          { id: gold.id, product_id: mug.id, object: 'sku' },
        ],
      },
    });
    expect(created.data).toMatchObject({
      id: expect.stringMatching(/^pc_[0-9a-f]{18}$/),
      type: 'STATIC',
      name: 'Picked',
      object: 'products_collection',
    });
    const members = await client.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path: { productCollectionId: created.data?.id ?? '' } },
    });
    expect(members.data).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    const [product, sku] = members.data?.data ?? [];
    expect(product).toMatchObject({ id: mug.id, object: 'product' });
    expect(product).not.toHaveProperty('skus');
    expect(sku).toMatchObject({ id: gold.id, object: 'sku', product: { id: mug.id, name: 'Mug' } });
    const unknown = await client.POST('/v1/product-collections', {
      body: { type: 'STATIC', name: 'Bad', products: [{ id: 'prod_000000000000000000', object: 'product' }] },
    });
    expect(unknown.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('.products[0].id'),
    });
  });

  test('an auto-update collection holds whatever matches its filter when asked, products and SKUs alike', async () => {
    const { gold, lamp } = catalogue();
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/product-collections', {
      body: { type: 'AUTO_UPDATE', name: 'Over 50', filter: OVER_50 },
    });
    const path = { productCollectionId: data?.id ?? '' };
    const first = await client.GET('/v1/product-collections/{productCollectionId}/products', { params: { path } });
    expect(first.data?.data.map((member) => member.id)).toEqual([gold.id, lamp.id]);
    state().products.upsert({ source_id: 'sofa', name: 'Sofa', price: 90000 });
    state().products.update('lamp', { price: 4000 });
    const later = await client.GET('/v1/product-collections/{productCollectionId}/products', { params: { path } });
    expect(later.data?.data.map((member) => (member as { source_id?: string | null }).source_id)).toEqual([
      'mug-gold',
      'sofa',
    ]);
    const productsOnly = await client.POST('/v1/product-collections', {
      body: {
        type: 'AUTO_UPDATE',
        name: 'Living',
        filter: {
          junction: 'and',
          object: { conditions: { $is: ['product'] } },
          'metadata.kind': { conditions: { $is: ['living'] } },
        },
      },
    });
    const living = await client.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path: { productCollectionId: productsOnly.data?.id ?? '' } },
    });
    expect(living.data?.data.map((member) => member.id)).toEqual([lamp.id]);
    expect(state().productCollections.includes(data?.id ?? '', { productId: 'x', skuId: gold.id })).toBe(true);
  });

  test('members page by page and limit, and by starting_after', async () => {
    catalogue();
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/product-collections', {
      body: { type: 'AUTO_UPDATE', name: 'All', filter: { junction: 'or', price: { conditions: { $has_value: [] } } } },
    });
    const path = { productCollectionId: data?.id ?? '' };
    const page = await client.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path, query: { limit: 2, page: 2 } },
    });
    expect(page.data).toMatchObject({ total: 3 });
    expect(page.data?.data).toHaveLength(1);
    const after = await client.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path, query: { starting_after: '2026-01-01T00:00:30.000Z' } },
    });
    expect(after.data?.data).toHaveLength(2);
    const newest = await client.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path, query: { order: '-created_at', limit: 1 } },
    });
    expect((newest.data?.data[0] as { source_id?: string }).source_id).toBe('lamp');
  });

  test('filters are checked: a junction is required, fields and operators must be known', async () => {
    const client = mock.serverClient();
    const noJunction = await mock.raw('/v1/product-collections', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ type: 'AUTO_UPDATE', name: 'X', filter: { price: { conditions: { $more_than: [1] } } } }),
    });
    expect(noJunction.status).toBe(400);
    const badField = await client.POST('/v1/product-collections', {
      body: { type: 'AUTO_UPDATE', name: 'X', filter: { junction: 'and', colour: { conditions: { $is: ['red'] } } } },
    });
    expect(badField.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('.filter.colour'),
    });
    const badOperator = await client.POST('/v1/product-collections', {
      body: {
        type: 'AUTO_UPDATE',
        name: 'X',
        filter: { junction: 'and', price: { conditions: { $iz: [1] } as Record<string, number[]> } },
      },
    });
    // The request schema drops operators it does not know, which leaves the field without one.
    expect(badOperator.error).toMatchObject({
      key: 'invalid_payload',
      details: expect.stringContaining('.filter.price.conditions'),
    });
  });

  test('update renames and refilters, recording the activities; a static collection takes no filter; names are unique', async () => {
    catalogue();
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/product-collections', {
      body: { type: 'AUTO_UPDATE', name: 'Over 50', filter: OVER_50 },
    });
    const path = { productCollectionId: data?.id ?? '' };
    mock.service.clock.advance(1_000);
    const updated = await client.PUT('/v1/product-collections/{productCollectionId}', {
      params: { path },
      body: { name: 'Premium', filter: { junction: 'and', price: { conditions: { $more_than: [8000] } } } },
    });
    expect(updated.data).toMatchObject({
      name: 'Premium',
      filter: { price: { conditions: { $more_than: [8000] } } },
      updated_at: '2026-01-01T00:03:01.000Z',
    });
    const members = await client.GET('/v1/product-collections/{productCollectionId}/products', { params: { path } });
    expect(members.data?.total).toBe(1);
    const activities = await client.GET('/v1/product-collections/{productCollectionId}/activities', {
      params: { path },
    });
    if (!activities.data) throw new Error(JSON.stringify(activities.error));
    expect(activities.data).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(activities.data?.data.map((activity) => activity.type)).toEqual(['filters_updated', 'updated', 'created']);
    const paged = await client.GET('/v1/product-collections/{productCollectionId}/activities', {
      params: { path, query: { order: 'created_at', limit: 1 } },
    });
    expect(paged.data).toMatchObject({ has_more: true, data: [{ type: 'created' }] });
    const next = await client.GET('/v1/product-collections/{productCollectionId}/activities', {
      params: {
        path,
        query: { order: 'created_at', limit: 1, starting_after_id: paged.data?.starting_after_id ?? '' },
      },
    });
    expect(next.data?.data.map((activity) => activity.type)).toEqual(['updated']);
    const fixed = await client.POST('/v1/product-collections', {
      body: { type: 'STATIC', name: 'Fixed', products: [] },
    });
    const refilter = await client.PUT('/v1/product-collections/{productCollectionId}', {
      params: { path: { productCollectionId: fixed.data?.id ?? '' } },
      body: { filter: OVER_50 },
    });
    expect(refilter.error).toMatchObject({ code: 400, key: 'invalid_payload' });
    const clash = await client.PUT('/v1/product-collections/{productCollectionId}', {
      params: { path: { productCollectionId: fixed.data?.id ?? '' } },
      body: { name: 'Premium' },
    });
    expect(clash.error).toMatchObject({ code: 409, key: 'duplicate_found' });
  });

  test('list, get and delete; the products stay', async () => {
    const { mug } = catalogue();
    const client = mock.serverClient();
    for (const name of ['A', 'B'])
      await client.POST('/v1/product-collections', {
        body: { type: 'STATIC', name, products: [{ id: mug.id, object: 'product' }] },
      });
    const list = await client.GET('/v1/product-collections');
    expect(list.data).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    const id = list.data?.data[0]?.id ?? '';
    expect(
      (
        await client.GET('/v1/product-collections/{productCollectionId}', {
          params: { path: { productCollectionId: id } },
        })
      ).data?.name,
    ).toBe('B');
    expect(
      (
        await client.DELETE('/v1/product-collections/{productCollectionId}', {
          params: { path: { productCollectionId: id } },
        })
      ).response.status,
    ).toBe(204);
    const gone = await client.GET('/v1/product-collections/{productCollectionId}/activities', {
      params: { path: { productCollectionId: id } },
    });
    expect(gone.error).toMatchObject({ code: 404, resource_type: 'products_collection' });
    expect(state().products.find('mug')).toBeDefined();
  });
});
