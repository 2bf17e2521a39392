import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { documentedErrors } from '../../src/generated/documented-errors.js';
import { routes } from '../../src/generated/routes.js';
import {
  type OperationId,
  RequestTally,
  createMockService,
  formatUntestedReport,
  untestedReport,
} from '../../src/index.js';
import { readTallies, saveTally, untestedReportSetup } from '../../src/node.js';
import { useMockService } from '../support/setup.js';

const mock = useMockService({ journal: { size: 0 } });
// The tally outlives reset() and restores (it counts a whole suite): each test counts from zero.
beforeEach(() => mock.service.tally.clear());
const CATEGORY_OPERATIONS: OperationId[] = ['listCategories', 'createCategory', 'getCategory'];

/** A few calls of the categories: two creations (one refused as a duplicate), a read and a read of an unknown id. */
const callCategories = async (): Promise<void> => {
  const client = mock.serverClient();
  const category = await client.categories.create({ name: 'Summer', hierarchy: 1 });
  await expect(client.categories.create({ name: 'Summer', hierarchy: 2 })).rejects.toMatchObject({
    status: 409,
    key: 'duplicate_found',
  });
  await client.categories.get(category.id);
  await expect(client.categories.get('cat_0000000000000000ff')).rejects.toMatchObject({
    status: 404,
    key: 'not_found',
  });
};

/** The number of keys documented for the operations, less the statuses left out. */
const documentedKeyCount = (operations: readonly OperationId[], ignore: readonly string[] = []): number =>
  operations.flatMap((id) =>
    Object.entries(documentedErrors[id]).flatMap(([status, keys]) => (ignore.includes(status) ? [] : keys)),
  ).length;

describe('request tally', () => {
  test('counts each answered request per operation, status and error key, whatever the journal keeps, and reset() keeps it', async () => {
    await callCategories();
    await mock.raw('/v1/no-such-resource');
    const { tally } = mock.service;
    expect(tally.get('createCategory')).toEqual({
      count: 2,
      statuses: { '200': 1, '409': 1 },
      errorKeys: { duplicate_found: 1 },
    });
    expect(tally.get('getCategory')).toEqual({
      count: 2,
      statuses: { '200': 1, '404': 1 },
      errorKeys: { not_found: 1 },
    });
    expect(tally.get('listCategories')).toBeUndefined();
    // A path outside the spec is no operation: nothing to count it against.
    expect(tally.requests).toBe(4);
    expect(mock.service.journal.calls()).toEqual([]);
    mock.service.reset();
    expect(mock.service.tally.requests).toBe(4);
  });

  test('one tally given to several services counts them together', async () => {
    const tally = new RequestTally();
    for (const service of [createMockService({ tally }), createMockService({ tally })]) {
      await service.handle(new Request(`${service.baseUrl}/v1/categories`));
    }
    expect(tally.get('listCategories')).toEqual({ count: 2, statuses: { '401': 2 }, errorKeys: { unauthorized: 2 } });
  });

  test('merges another tally and snapshots read back from JSON; refuses what is not a snapshot', () => {
    const first = new RequestTally();
    first.record('getCategory', 200);
    first.record('getCategory', 404, 'not_found');
    const second = new RequestTally();
    second.record('getCategory', 404, 'not_found');
    second.record('listCategories', 200);
    const merged = new RequestTally()
      .merge(first)
      .merge(JSON.parse(JSON.stringify(second)) as ReturnType<RequestTally['toJSON']>);
    expect(merged.toJSON()).toEqual({
      operations: {
        getCategory: { count: 3, statuses: { '200': 1, '404': 2 }, errorKeys: { not_found: 2 } },
        listCategories: { count: 1, statuses: { '200': 1 }, errorKeys: {} },
      },
    });
    expect(merged.requests).toBe(4);
    expect(() => merged.merge({ operations: { getCategory: { count: -1, statuses: {}, errorKeys: {} } } })).toThrow(
      TypeError,
    );
    expect(() =>
      merged.merge({ operations: { getCategory: { count: 1, statuses: { ok: 1 }, errorKeys: {} } } }),
    ).toThrow(TypeError);
    merged.clear();
    expect(merged.requests).toBe(0);
  });
});

describe('untested report', () => {
  test('per operation: called or not, statuses and error keys answered, documented keys not reached; with totals', async () => {
    await callCategories();
    const report = untestedReport(mock.service, { operations: CATEGORY_OPERATIONS });
    expect(report.operations.map((operation) => operation.operationId)).toEqual(CATEGORY_OPERATIONS);
    const [list, create, get] = report.operations;
    expect(list).toMatchObject({
      method: 'GET',
      path: '/v1/categories',
      tag: 'Categories',
      called: false,
      count: 0,
      statuses: {},
      errorKeys: {},
    });
    expect(list?.unreachedErrorKeys).toEqual(documentedErrors.listCategories);
    expect(create).toMatchObject({
      called: true,
      count: 2,
      statuses: { '200': 1, '409': 1 },
      errorKeys: { duplicate_found: 1 },
    });
    expect(create?.unreachedErrorKeys['409']).toBeUndefined();
    expect(create?.unreachedErrorKeys['400']).toEqual(['invalid_payload', 'invalid_query_params']);
    expect(get?.unreachedErrorKeys['404']).toBeUndefined();
    expect(get?.unreachedErrorKeys['401']).toEqual(['unauthorized']);
    const documented = documentedKeyCount(CATEGORY_OPERATIONS);
    expect(report.totals).toEqual({
      operations: 3,
      called: 2,
      notCalled: 1,
      requests: 4,
      documentedErrorKeys: documented,
      reachedErrorKeys: 2,
      unreachedErrorKeys: documented - 2,
    });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  test('covers every operation of the spec by default, those a test picks, and leaves out the statuses asked', async () => {
    await callCategories();
    expect(untestedReport(mock.service.tally).totals).toMatchObject({
      operations: Object.keys(routes).length,
      called: 2,
      requests: 4,
    });
    const categories = untestedReport(mock.service.tally.toJSON(), {
      operations: (_, route) => route.tag === 'Categories',
      ignoreStatuses: [413, 415, 500],
    });
    expect(categories.operations.every((operation) => operation.tag === 'Categories')).toBe(true);
    expect(
      categories.operations.some((operation) =>
        ['413', '415', '500'].some((status) => status in operation.unreachedErrorKeys),
      ),
    ).toBe(false);
    const ids = categories.operations.map((operation) => operation.operationId);
    expect(categories.totals.documentedErrorKeys).toBe(documentedKeyCount(ids, ['413', '415', '500']));
    expect(() => untestedReport(mock.service, { operations: ['noSuchOperation' as OperationId] })).toThrow(RangeError);
  });

  test('the console table: totals, operations never called by tag, and the keys each called operation never reached', async () => {
    await callCategories();
    const report = untestedReport(mock.service, {
      operations: CATEGORY_OPERATIONS,
      ignoreStatuses: [413, 415, 429, 500],
    });
    const documented = documentedKeyCount(CATEGORY_OPERATIONS, ['413', '415', '429', '500']);
    expect(formatUntestedReport(report).split('\n')).toEqual([
      `Untested by the suite (API ${report.apiVersion}): 2 of 3 operations called (4 requests), 2 of ${documented} documented error keys reached`,
      '',
      'Never called (1):',
      '  Categories  listCategories',
      '',
      'Documented error keys never reached, of the operations called:',
      '  operation       calls  answered     never reached',
      '  createCategory      2  200×1 409×1  400 invalid_payload, invalid_query_params; 401 unauthorized; 403 forbidden',
      '  getCategory         2  200×1 404×1  400 invalid_payload, invalid_query_params; 401 unauthorized; 403 forbidden',
    ]);
    const narrow = formatUntestedReport(untestedReport(mock.service), { width: 80 }).split('\n');
    expect(narrow.every((line) => line.length <= 80 || !line.trimStart().includes(' '))).toBe(true);
    const row = narrow.indexOf('  getCategory         2  200×1 404×1  400 invalid_payload, invalid_query_params;');
    expect(narrow.slice(row + 1, row + 3)).toEqual([
      `${' '.repeat(38)}401 unauthorized; 403 forbidden;`,
      `${' '.repeat(38)}429 too_many_requests; 500 internal_error`,
    ]);
  });

  test('says so when nothing is left untested', () => {
    const tally = new RequestTally();
    for (const [status, keys] of Object.entries(documentedErrors.listCategories))
      for (const key of keys) tally.record('listCategories', Number(status), key);
    expect(
      formatUntestedReport(untestedReport(tally, { operations: ['listCategories'] }))
        .split('\n')
        .slice(1),
    ).toEqual(['', 'Every operation was called and every documented error key reached.']);
  });
});

describe('tally files and the global setup', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'voucherkit-tally-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('each test file saves its tally to a file of its own; the files merge into one', () => {
    const dir = tempDir();
    const first = new RequestTally();
    first.record('getCategory', 404, 'not_found');
    const second = new RequestTally();
    second.record('getCategory', 200);
    const files = [saveTally(first, dir), saveTally({ tally: second }, dir)];
    expect(new Set(files).size).toBe(2);
    expect(readTallies(dir).get('getCategory')).toEqual({
      count: 2,
      statuses: { '200': 1, '404': 1 },
      errorKeys: { not_found: 1 },
    });
    expect(readTallies(join(dir, 'missing')).requests).toBe(0);
    writeFileSync(join(dir, 'tally-broken.json'), '{"operations": 1}');
    expect(() => readTallies(dir)).toThrow(/tally-broken\.json is not a tally/);
  });

  test('the setup empties the folder; its teardown merges the tallies, prints the table and writes the JSON', async () => {
    const dir = tempDir();
    saveTally(
      new RequestTally().merge({ operations: { listCategories: { count: 9, statuses: { '200': 9 }, errorKeys: {} } } }),
      dir,
    );
    const printed: string[] = [];
    const json = join(tempDir(), 'reports', 'untested.json');
    const teardown = untestedReportSetup({
      dir,
      json,
      operations: CATEGORY_OPERATIONS,
      print: (table) => printed.push(table),
    })();
    expect(readdirSync(dir)).toEqual([]);
    await callCategories();
    saveTally(mock.service, dir);
    teardown();
    const written = JSON.parse(readFileSync(json, 'utf8')) as ReturnType<typeof untestedReport>;
    expect(written).toEqual(untestedReport(mock.service, { operations: CATEGORY_OPERATIONS }));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Untested by the suite .*: 2 of 3 operations called \(4 requests\)/);
  });
});
