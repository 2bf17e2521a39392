import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

/** Uploads a CSV file as the `file` part of a multipart body. */
const upload = async (path: string, csv: string): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'import.csv');
  const response = await mock.raw(path, { method: 'POST', headers: serverHeaders(mock.service), body: form });
  const body = (await response.json()) as { async_action_id?: string };
  if (!body.async_action_id) throw new Error(`not started: ${JSON.stringify(body)}`);
  return body.async_action_id;
};

/** Runs every pending job and returns the action. */
const finished = async (asyncActionId: string) => {
  await mock.service.scheduler.drain();
  const { data } = await mock
    .serverClient()
    .GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId } } });
  return data;
};

const customerEvents = () =>
  state()
    .events.list()
    .filter((event) => event.type.startsWith('customer.'));

describe('customer bulk jobs', () => {
  test('bulk update upserts by source_id in the background, without customer events, failing entry by entry', async () => {
    state().customers.upsert({ source_id: 'ana', name: 'Ana', metadata: { vip: false } }, { silent: true });
    state().metadataSchemas.create('customer', { properties: { vip: { type: 'boolean', optional: true } } });
    const client = mock.serverClient();
    const { data, response } = await client.POST('/v1/customers/bulk/async', {
      body: [
        { source_id: 'ana', name: 'Ana Silva', metadata: { vip: true } },
        { source_id: 'ben', address: { city: 'Lisbon' } },
        { source_id: 'cho', metadata: { vip: 'maybe' } },
      ],
    });
    expect(response.status).toBe(202);
    expect(state().asyncActions.get(data?.async_action_id ?? '').status).toBe('ENQUEUED');
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'CUSTOMERS.BULK_UPDATE',
      status: 'DONE',
      operation_status: 'FAILED',
      result: {
        done_count: 2,
        failed_count: 1,
        failed: [{ source_id: 'cho', reason: expect.stringContaining('vip') }],
      },
    });
    expect(state().customers.get('ana')).toMatchObject({ name: 'Ana Silva', metadata: { vip: true } });
    expect(state().customers.get('ben').address).toEqual({ city: 'Lisbon' });
    expect(state().customers.find('cho')).toBeUndefined();
    expect(customerEvents()).toEqual([]);
  });

  test('metadata bulk update sets the same metadata on every listed customer, creating missing ones, without events', async () => {
    state().customers.upsert({ source_id: 'ana', metadata: { tier: 'gold' } }, { silent: true });
    const { data } = await mock
      .serverClient()
      .POST('/v1/customers/metadata/async', { body: { source_ids: ['ana', 'ben'], metadata: { newsletter: true } } });
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'CUSTOMERS.METADATA_UPDATE',
      status: 'DONE',
      operation_status: 'SUCCESS',
      result: { done_count: 2, failed_count: 0 },
    });
    expect(state().customers.get('ana').metadata).toEqual({ tier: 'gold', newsletter: true });
    expect(state().customers.get('ben').metadata).toEqual({ newsletter: true });
    expect(customerEvents()).toEqual([]);
  });

  test('CSV import maps the standard columns, types metadata by the schema, reports rows, writes nothing for a failed row, sends no events', async () => {
    state().metadataSchemas.create('customer', {
      properties: { visits: { type: 'number', optional: true }, vip: { type: 'boolean', optional: true } },
    });
    const csv = [
      'Source_id,Name,Email,Address_City,Address_Country,Birthdate,visits,vip,favourite',
      'ana,Ana Silva,ana@example.com,Porto,PT,1990-05-01,3,true,tea',
      ',No Source,x@example.com,,,,,,',
      'ben,Ben,ben@example.com,Lisbon,,,lots,,',
      'cho,"Cho, Jr.",,,,,,false,',
    ].join('\n');
    const action = await finished(await upload('/v1/customers/importCSV', csv));
    expect(action).toMatchObject({
      type: 'CUSTOMERS.IMPORT_CSV',
      status: 'DONE',
      result: {
        message: '2 customer(s) imported successfully, 2 failed.',
        failed: [
          { row: 2, source_id: '', reason: 'The row has no source_id.' },
          { row: 3, source_id: 'ben', reason: expect.stringContaining('visits') },
        ],
      },
    });
    expect(state().customers.get('ana')).toMatchObject({
      name: 'Ana Silva',
      email: 'ana@example.com',
      address: { city: 'Porto', country: 'PT' },
      birthdate: '1990-05-01',
      metadata: { visits: 3, vip: true, favourite: 'tea' },
    });
    expect(state().customers.get('cho')).toMatchObject({ name: 'Cho, Jr.', metadata: { vip: false } });
    expect(state().customers.find('ben')).toBeUndefined();
    expect(customerEvents()).toEqual([]);
  });

  test('a CSV file that cannot be read fails the job', async () => {
    const action = await finished(await upload('/v1/customers/importCSV', 'source_id,name\nana,"Ana\n'));
    expect(action).toMatchObject({ status: 'FAILED', result: { message: expect.stringContaining('not closed') } });
    expect(state().customers.size).toBe(0);
  });
});

describe('product bulk jobs and imports', () => {
  test('bulk update and metadata bulk update upsert products by source_id', async () => {
    state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 });
    const client = mock.serverClient();
    const bulk = await client.POST('/v1/products/bulk/async', {
      body: [
        { source_id: 'mug', price: 1300 },
        { source_id: 'bottle', name: 'Bottle', price: 2500 },
      ],
    });
    expect(bulk.response.status).toBe(202);
    expect(await finished(bulk.data?.async_action_id ?? '')).toMatchObject({
      type: 'PRODUCTS.BULK_UPDATE',
      status: 'DONE',
      operation_status: 'SUCCESS',
    });
    expect(state().products.get('mug')).toMatchObject({ name: 'Mug', price: 1300 });
    const metadata = await client.POST('/v1/products/metadata/async', {
      body: { source_ids: ['mug', 'bottle'], metadata: { season: 'summer' } },
    });
    expect(await finished(metadata.data?.async_action_id ?? '')).toMatchObject({
      type: 'PRODUCTS.METADATA_UPDATE',
      result: { done_count: 2 },
    });
    expect(state().products.get('bottle').metadata).toEqual({ season: 'summer' });
  });

  test('product CSV import: a name is required, a known source_id only gets its name changed, attributes split on commas', async () => {
    state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 });
    state().metadataSchemas.create('product', { properties: { weight: { type: 'number', optional: true } } });
    const csv = [
      'name,source_id,price,attributes,image_url,weight',
      'Big mug,mug,9999,,,',
      'Lamp,lamp,7500,"colour,size",https://example.com/lamp.png,2.5',
      ',nameless,100,,,',
      'Chair,chair,cheap,,,',
    ].join('\n');
    const action = await finished(await upload('/v1/products/importCSV', csv));
    expect(action).toMatchObject({
      type: 'PRODUCTS.IMPORT_CSV',
      status: 'DONE',
      result: {
        done_count: 2,
        failed_count: 2,
        failed: [
          { row: 3, reason: 'Column name is required.' },
          { row: 4, source_id: 'chair', reason: expect.stringContaining('price') },
        ],
      },
    });
    expect(state().products.get('mug')).toMatchObject({ name: 'Big mug', price: 1000 });
    expect(state().products.get('lamp')).toMatchObject({
      price: 7500,
      attributes: ['colour', 'size'],
      image_url: 'https://example.com/lamp.png',
      metadata: { weight: 2.5 },
    });
    const noName = await finished(await upload('/v1/products/importCSV', 'source_id,price\nx,1\n'));
    expect(noName).toMatchObject({ status: 'FAILED', result: { message: expect.stringContaining('"name"') } });
  });

  test('SKU CSV import: product by id or source_id, attributes of the product only, a known SKU gets sku and price', async () => {
    const lamp = state().products.upsert({ source_id: 'lamp', name: 'Lamp', attributes: ['colour'] }).product;
    state().products.upsertSku('lamp', {
      source_id: 'lamp-red',
      sku: 'Red',
      price: 100,
      attributes: { colour: 'red' },
    });
    const csv = [
      'product_id,sku,source_id,price,attributes,material',
      `${lamp.id},Blue lamp,lamp-blue,8000,"{'colour':'blue'}",glass`,
      'lamp,Red lamp,lamp-red,8100,,',
      "lamp,Big lamp,lamp-big,9000,\"{'size':'XL'}\",",
      'sofa,Sofa,sofa-1,1,,',
    ].join('\n');
    const action = await finished(await upload('/v1/skus/importCSV', csv));
    expect(action).toMatchObject({
      type: 'SKUS.IMPORT_CSV',
      status: 'DONE',
      result: {
        done_count: 2,
        failed_count: 2,
        failed: [
          { row: 3, source_id: 'lamp-big', reason: expect.stringContaining('size') },
          { row: 4, source_id: 'sofa-1', reason: expect.stringContaining('sofa') },
        ],
      },
    });
    expect(state().products.getSku('lamp-blue')).toMatchObject({
      product_id: lamp.id,
      sku: 'Blue lamp',
      price: 8000,
      attributes: { colour: 'blue' },
      metadata: { material: 'glass' },
    });
    expect(state().products.getSku('lamp-red')).toMatchObject({
      sku: 'Red lamp',
      price: 8100,
      attributes: { colour: 'red' },
    });
    expect(state().products.findSku('lamp-big')).toBeUndefined();
    const missing = await finished(await upload('/v1/skus/importCSV', 'sku,source_id\nX,x\n'));
    expect(missing).toMatchObject({ status: 'FAILED', result: { message: expect.stringContaining('"product_id"') } });
  });
});
