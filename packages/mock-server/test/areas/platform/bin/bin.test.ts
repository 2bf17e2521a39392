import { describe, expect, test } from 'vitest';
import type { BinEntry, BinRecords } from '../../../../src/areas/platform/bin/store.js';
import { T0, serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const bin = () => mock.service.projects.primary.state.bin;

// The bin keeps the deleted resources as they were; these tests need only their ids and names.
const voucher = (id: string, code: string, campaignId: string | null = null) =>
  ({ id, code, campaign_id: campaignId }) as BinRecords['voucher'];
const campaign = (id: string, name: string) => ({ id, name }) as BinRecords['campaign'];
const product = (id: string, name: string) => ({ id, name }) as BinRecords['product'];
const sku = (id: string, name: string) => ({ id, sku: name }) as BinRecords['sku'];

/** Puts a campaign, two vouchers, a product and a SKU into the bin, in that order. */
const fill = (): [BinEntry, BinEntry, BinEntry, BinEntry, BinEntry] => {
  const entries: [BinEntry, BinEntry, BinEntry, BinEntry, BinEntry] = [
    bin().put({ type: 'campaign', id: 'camp_1', name: 'Summer', record: campaign('camp_1', 'Summer') }),
    bin().put({
      type: 'voucher',
      id: 'v_1',
      name: 'SUMMER-1',
      parentId: 'camp_1',
      record: voucher('v_1', 'SUMMER-1', 'camp_1'),
    }),
    bin().put({ type: 'voucher', id: 'v_2', name: 'GENERIC', record: voucher('v_2', 'GENERIC') }),
    bin().put({ type: 'product', id: 'prod_1', name: 'Mug', record: product('prod_1', 'Mug') }),
    bin().put({ type: 'sku', id: 'sku_1', name: 'Mug blue', parentId: 'prod_1', record: sku('sku_1', 'Mug blue') }),
  ];
  return entries;
};

const list = async (query: string) => {
  const response = await mock.raw(`/v1/trash-bin${query}`, { headers: serverHeaders(mock.service) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data: BinEntry[] } };
};

const ids = (entries: readonly { id: string }[]) => entries.map((entry) => entry.id);

describe('bin', () => {
  test('lists entries oldest first with the fields of the spec, total, has_more and more_starting_after', async () => {
    const entries = fill();
    const { data } = await mock.serverClient().GET('/v1/trash-bin', { params: { query: { limit: 2 } } });
    expect(data).toEqual({
      object: 'list',
      data_ref: 'data',
      data: [
        {
          id: expect.stringMatching(/^tbe_[0-9a-f]{18}$/),
          created_at: T0,
          deleted_by_user_id: null,
          resource_id: 'camp_1',
          resource_type: 'campaign',
          resource_name: 'Summer',
          resource_parent_id: null,
          object: 'campaign',
        },
        expect.objectContaining({
          resource_id: 'v_1',
          resource_type: 'voucher',
          resource_name: 'SUMMER-1',
          resource_parent_id: 'camp_1',
          object: 'voucher',
        }),
      ],
      total: 5,
      has_more: true,
      more_starting_after: entries[1].id,
    });
  });

  test('pages follow each other by starting_after_id in both orders, and paginate reads them all', async () => {
    const entries = fill();
    const client = mock.serverClient();
    const second = await client.GET('/v1/trash-bin', {
      params: { query: { limit: 2, starting_after_id: entries[1].id } },
    });
    expect(ids(second.data?.data ?? [])).toEqual(ids(entries.slice(2, 4)));
    const last = await client.GET('/v1/trash-bin', {
      params: { query: { limit: 2, starting_after_id: entries[3].id } },
    });
    // The last page carries no cursor, as the service sends none without a next page.
    expect(last.data).toMatchObject({ total: 5, has_more: false });
    expect(last.data).not.toHaveProperty('more_starting_after');
    const newest = await client.GET('/v1/trash-bin', { params: { query: { limit: 3, order: '-id' } } });
    expect(ids(newest.data?.data ?? [])).toEqual(ids([...entries].reverse().slice(0, 3)));
    const older = await client.GET('/v1/trash-bin', {
      params: { query: { limit: 3, order: '-id', starting_after_id: newest.data?.more_starting_after ?? '' } },
    });
    expect(ids(older.data?.data ?? [])).toEqual(ids([entries[1], entries[0]] as BinEntry[]));
    const all: string[] = [];
    for await (const entry of client.paginate('/v1/trash-bin', { params: { query: { limit: 2 } } })) all.push(entry.id);
    expect(all).toEqual(ids(entries));
  });

  test('emptying the bin page by page works though each cursor names a deleted entry', async () => {
    const entries = fill();
    const client = mock.serverClient();
    const deleted: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const { data } = await client.GET('/v1/trash-bin', {
        params: { query: { limit: 2, ...(cursor === undefined ? {} : { starting_after_id: cursor }) } },
      });
      for (const entry of data?.data ?? []) {
        expect(
          (await client.DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: entry.id } } })).response
            .status,
        ).toBe(204);
        deleted.push(entry.id);
      }
      if (!data?.has_more) break;
      cursor = data.more_starting_after;
    }
    expect(deleted).toEqual(ids(entries));
    const empty = await client.GET('/v1/trash-bin');
    expect(empty.data).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0, has_more: false });
  });

  test('a cursor that is no entry id is 400', async () => {
    fill();
    const { status, body } = await list('?starting_after_id=tbe_unknown');
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_query_params', details: expect.stringContaining('tbe_unknown') });
  });

  test('filters on resource_type, id, resource_name and resource_id, combined by junction', async () => {
    const entries = fill();
    const cases: [string, BinEntry[]][] = [
      ['filters[resource_type][conditions][$is]=voucher', [entries[1], entries[2]]],
      ['filters[resource_type][conditions][$is_not]=voucher', [entries[0], entries[3], entries[4]]],
      [
        'filters[resource_type][conditions][$in][0]=sku&filters[resource_type][conditions][$in][1]=campaign',
        [entries[0], entries[4]],
      ],
      [
        'filters[resource_type][conditions][$not_in][]=voucher&filters[resource_type][conditions][$not_in][]=product',
        [entries[0], entries[4]],
      ],
      [`filters[id][conditions][$in][]=${entries[3].id}`, [entries[3]]],
      [`filters[id][conditions][$is_not]=${entries[3].id}&filters[resource_type][conditions][$is]=product`, []],
      [
        `filters[junction]=OR&filters[id][conditions][$is]=${entries[3].id}&filters[resource_type][conditions][$is]=campaign`,
        [entries[0], entries[3]],
      ],
      [
        'filters[resource_name][conditions][$starts_with]=SUMMER&filters[resource_name][conditions][$ends_with]=1',
        [entries[1]],
      ],
      [
        'filters[junction]=or&filters[resource_name][conditions][$contains]=ug&filters[resource_id][conditions][$is]=camp_1',
        [entries[0], entries[3], entries[4]],
      ],
      ['filters[resource_id][conditions][$not_contain]=_1', [entries[2]]],
    ];
    for (const [query, expected] of cases) {
      const { status, body } = await list(`?${query}`);
      expect({ query, status, ids: ids(body.data), total: body['total'] }).toEqual({
        query,
        status: 200,
        ids: ids(expected),
        total: expected.length,
      });
    }
  });

  test('filters the bin does not have, and values outside the spec, are 400', async () => {
    const refused: [string, string][] = [
      ['filters[created_at][conditions][$after]=2026-01-01', 'filters[created_at] is not a filter of the bin'],
      [
        'filters[id][conditions][$more_than]=1',
        'filters[id][conditions][$more_than] is not a condition of this filter',
      ],
      ['filters[resource_type][conditions][$is]=customer', 'resource_type'],
      ['filters[junction]=XOR', 'junction'],
      ['order=created_at', 'order'],
    ];
    for (const [query, details] of refused) {
      const { status, body } = await list(`?${query}`);
      expect({ query, status, key: body['key'] }).toEqual({ query, status: 400, key: 'invalid_query_params' });
      expect(body['details']).toContain(details);
    }
  });

  test('deleting an entry removes it for good and tells the owner of its kind, which frees the code', async () => {
    const entries = fill();
    const released: string[] = [];
    const codeTaken = (code: string) => bin().find('voucher', (record) => record.code === code) !== undefined;
    bin().onPurge('voucher', (record, entry) => released.push(`${record.code} ${entry.id}`));
    const stop = bin().onPurge('product', (record) => released.push(String(record.name)));
    stop();
    expect(codeTaken('SUMMER-1')).toBe(true);
    const client = mock.serverClient();
    const id = entries[1].id;
    expect(
      (await client.DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: id } } })).response.status,
    ).toBe(204);
    expect(
      (await client.DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: entries[3].id } } })).response
        .status,
    ).toBe(204);
    expect(released).toEqual([`SUMMER-1 ${id}`]);
    expect(codeTaken('SUMMER-1')).toBe(false);
    expect(codeTaken('GENERIC')).toBe(true);
    const again = await client.DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: id } } });
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({
      key: 'not_found',
      resource_id: id,
      resource_type: 'bin_entry',
      details: `Cannot find bin entry with id ${id}`,
    });
    expect(() => bin().get(id)).toThrow('Resource not found');
    expect((await client.GET('/v1/trash-bin')).data?.total).toBe(3);
  });

  test('a resource cannot be put into the bin twice; the bin belongs to its project', async () => {
    fill();
    expect(() =>
      bin().put({ type: 'voucher', id: 'v_1', name: 'SUMMER-1', record: voucher('v_1', 'SUMMER-1') }),
    ).toThrow('voucher v_1 is already in the bin');
    const other = mock.service.projects.create();
    expect(other.state.bin.list().total).toBe(0);
    expect(bin().list({ limit: 1 })).toMatchObject({ total: 5, hasMore: true });
  });

  test('entryOf finds the entry of a deleted resource by the resource id, until it is deleted for good', () => {
    const entries = fill();
    expect(bin().entryOf('voucher', 'v_1')).toEqual(entries[1]);
    expect(bin().entryOf('campaign', 'v_1')).toBeUndefined();
    bin().delete(entries[1].id);
    expect(bin().entryOf('voucher', 'v_1')).toBeUndefined();
    const again = bin().put({ type: 'voucher', id: 'v_1', name: 'SUMMER-1', record: voucher('v_1', 'SUMMER-1') });
    expect(bin().entryOf('voucher', 'v_1')?.id).toBe(again.id);
  });

  test('without keys 401, with a token lacking the trash-bin scope 403; unknown entries 404 in the error body', async () => {
    const entries = fill();
    const token = async (scope: string) => {
      const response = await mock.raw('/v1/oauth/token', {
        method: 'POST',
        headers: serverHeaders(mock.service, { 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const anonymous = await mock.raw('/v1/trash-bin');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401, key: 'unauthorized' });
    const vouchersOnly = await token('vouchers');
    const refused = await mock.raw(`/v1/trash-bin/${entries[0].id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${vouchersOnly}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403, key: 'forbidden' });
    expect(bin().list().total).toBe(5);
    const binScope = await token('trash-bin');
    const listed = await mock.raw('/v1/trash-bin?limit=1', { headers: { authorization: `Bearer ${binScope}` } });
    expect(listed.status).toBe(200);
    const deleted = await mock.raw(`/v1/trash-bin/${entries[0].id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${binScope}` },
    });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const missing = await mock.raw('/v1/trash-bin/tbe_0000000000000000ff', {
      method: 'DELETE',
      headers: serverHeaders(mock.service),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      code: 404,
      key: 'not_found',
      message: 'Resource not found',
      details: 'Cannot find bin entry with id tbe_0000000000000000ff',
      request_id: expect.stringMatching(/^v-[0-9a-f]{18}$/),
      resource_id: 'tbe_0000000000000000ff',
      resource_type: 'bin_entry',
    });
  });

  test('limits outside 1–100, an order outside the spec and an over-long entry id are 400, never 500', async () => {
    fill();
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?order=-created_at']) {
      const { status, body } = await list(query);
      expect({ query, status, key: body['key'] }).toEqual({ query, status: 400, key: 'invalid_query_params' });
    }
    const long = await mock.raw(`/v1/trash-bin/tbe_${'0'.repeat(300)}`, {
      method: 'DELETE',
      headers: serverHeaders(mock.service),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ key: 'invalid_query_params' });
    expect(bin().list().total).toBe(5);
    // The empty cursor, which an empty page hands back, starts from the beginning.
    expect((await list('?starting_after_id=')).body.data).toHaveLength(5);
  });
});
