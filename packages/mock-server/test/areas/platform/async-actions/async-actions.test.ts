import { createClient } from '@voucherkit/client/fetch';
import { DomainError } from '@voucherkit/domain';
import { describe, expect, test } from 'vitest';
import { type CsvRow, csvValues, readCsv, requireColumns } from '../../../../src/core/csv.js';
import { ApiError } from '../../../../src/http/api-error.js';
import { type BulkJob, importSummary, updateSummary } from '../../../../src/areas/platform/async-actions/job.js';
import { createMockService, fullService } from '../../../../src/service.js';
import { T0, useMockService } from '../../../support/setup.js';

// Small portions, so that a few items already make a job run over several scheduler tasks.
const PORTION = 10;
const INTERVAL = 10;
const mock = useMockService({ bulkJobs: { portionSize: PORTION, portionIntervalMs: INTERVAL } });

const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/** A job over `count` numbers that records what it processed. */
const counting = (count: number, seen: number[] = []): BulkJob<number> => ({
  items: range(count),
  process: (item) => void seen.push(item),
});

const getAction = async (id: string) => {
  const { data, response } = await mock
    .serverClient()
    .GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId: id } } });
  expect(response.status).toBe(200);
  if (!data) throw new Error(`no action ${id}`);
  return data;
};

/** Runs the next portion: the tasks due now, then the clock moves to the next portion's time. */
const nextPortion = async () => {
  await mock.service.scheduler.runDue();
  mock.service.clock.advance(INTERVAL);
};

describe('bulk jobs', () => {
  test('a job goes ENQUEUED → IN_PROGRESS → DONE, and its record has the fields of the spec', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const action = asyncActions.start(
      'CUSTOMERS.IMPORT_CSV',
      { ...counting(25), summarize: importSummary('customer') },
      { requestId: 'v-0123456789abcdef01' },
    );
    expect(await getAction(action.id)).toEqual({
      id: expect.stringMatching(/^aa_[0-9a-f]{18}$/),
      type: 'CUSTOMERS.IMPORT_CSV',
      status: 'ENQUEUED',
      progress: 0,
      created_at: T0,
      updated_at: T0,
      request_id: 'v-0123456789abcdef01',
      user: null,
      log_id: null,
      object: 'async_action',
    });
    await nextPortion();
    expect(await getAction(action.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 40 });
    await mock.service.scheduler.drain();
    const done = await getAction(action.id);
    expect(done).toMatchObject({
      status: 'DONE',
      progress: 100,
      processing_time: 2 * INTERVAL,
      result: {
        message: '25 customer(s) imported successfully, 0 failed.',
        done_count: 25,
        failed_count: 0,
        failed: [],
      },
      // Imports say how they went too: the official SDKs' suites wait for SUCCESS.
      operation_status: 'SUCCESS',
    });
    expect(mock.service.scheduler.pending()).toBe(0);
  });

  test('a small job started after a large one finishes first; every job is IN_PROGRESS after the first portion', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const order: string[] = [];
    const track = (name: string, count: number): BulkJob<number> => ({
      items: range(count),
      process: (item) => void order.push(`${name}${item}`),
    });
    const large = asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', track('L', 1_000));
    const medium = asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', track('M', 25));
    await nextPortion();
    const small = asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', track('S', 3));
    expect(asyncActions.get(large.id).status).toBe('IN_PROGRESS');
    expect(asyncActions.get(medium.id).status).toBe('IN_PROGRESS');
    expect(asyncActions.get(small.id).status).toBe('ENQUEUED');

    // Turns: L, then M (S is taken in), L again, then S runs whole.
    for (let turn = 0; turn < 3; turn += 1) await nextPortion();
    expect(asyncActions.get(small.id)).toMatchObject({ status: 'DONE', progress: 100, result: { done_count: 3 } });
    expect(asyncActions.get(large.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 2 });
    expect(asyncActions.get(medium.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 40 });
    const portion = (name: string, from: number) => range(PORTION).map((i) => `${name}${from + i}`);
    expect(order).toEqual([...portion('L', 0), ...portion('M', 0), ...portion('L', 10), 'S0', 'S1', 'S2']);

    await mock.service.scheduler.drain();
    expect(asyncActions.get(medium.id).status).toBe('DONE');
    expect(asyncActions.get(large.id)).toMatchObject({ status: 'DONE', result: { done_count: 1_000 } });
    expect(new Set(order).size).toBe(1_028);
  });

  test('progress, counts and failed items are visible between portions', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const job: BulkJob<number> = {
      items: range(30),
      process: (item) => {
        if (item % 7 === 3)
          throw new DomainError('duplicate_found', 'Duplicated resource found', {
            details: `Code CODE-${item} already exists.`,
          });
      },
      identify: (item) => ({ code: `CODE-${item}` }),
    };
    const action = asyncActions.start('VOUCHERS.IMPORT', job);
    const seen: unknown[] = [];
    for (let portion = 0; portion < 3; portion += 1) {
      await nextPortion();
      const { status, progress, result, updated_at } = await getAction(action.id);
      seen.push({ status, progress, done: result?.done_count, failed: result?.failed_count, updated_at });
    }
    expect(seen).toEqual([
      { status: 'IN_PROGRESS', progress: 33, done: 9, failed: 1, updated_at: '2026-01-01T00:00:00.000Z' },
      { status: 'IN_PROGRESS', progress: 66, done: 17, failed: 3, updated_at: '2026-01-01T00:00:00.010Z' },
      { status: 'DONE', progress: 100, done: 26, failed: 4, updated_at: '2026-01-01T00:00:00.020Z' },
    ]);
    expect((await getAction(action.id)).result).toMatchObject({
      message: '26 item(s) processed successfully, 4 failed.',
      failed: [
        { code: 'CODE-3', reason: 'Code CODE-3 already exists.' },
        { code: 'CODE-10', reason: 'Code CODE-10 already exists.' },
        { code: 'CODE-17', reason: 'Code CODE-17 already exists.' },
        { code: 'CODE-24', reason: 'Code CODE-24 already exists.' },
      ],
    });
  });

  test('an ApiError fails only its item, with its details as the reason; other items are written', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const written: string[] = [];
    const rows = [
      { row: 1, source_id: 'ana@example.com' },
      { row: 2, source_id: 'nobody@example.com' },
      { row: 3, source_id: 'cho@example.com' },
    ];
    const action = asyncActions.start('CUSTOMERS.IMPORT_CSV', {
      items: rows,
      process: ({ source_id }) => {
        if (source_id.startsWith('nobody')) throw ApiError.notFound('customer', source_id);
        written.push(source_id);
      },
      identify: ({ row, source_id }) => ({ row, source_id }),
      summarize: importSummary('customer'),
    });
    await mock.service.scheduler.drain();
    expect(written).toEqual(['ana@example.com', 'cho@example.com']);
    expect(asyncActions.get(action.id)).toMatchObject({
      status: 'DONE',
      result: {
        message: '2 customer(s) imported successfully, 1 failed.',
        done_count: 2,
        failed_count: 1,
        failed: [
          { row: 2, source_id: 'nobody@example.com', reason: 'Cannot find customer with id nobody@example.com' },
        ],
      },
    });
  });

  test('a job that throws as a whole ends FAILED with the counts so far, and waitForAsyncAction reports it', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const broken = asyncActions.start('VOUCHERS.IMPORT', {
      items: range(25),
      process: (item) => {
        if (item === 12) throw new TypeError('storage is gone');
      },
    });
    const unreadable = asyncActions.start('VOUCHERS.IMPORT_CSV', {
      items: () => {
        throw new DomainError('invalid_payload', 'invalid csv file', {
          details: 'Line 3: a quoted field is not closed',
        });
      },
      process: () => undefined,
    });
    await mock.service.scheduler.drain();
    expect(asyncActions.get(broken.id)).toMatchObject({
      status: 'FAILED',
      progress: 48,
      processing_time: 2 * INTERVAL,
      result: { message: 'storage is gone', done_count: 12, failed_count: 0 },
    });
    expect(asyncActions.get(unreadable.id)).toMatchObject({
      status: 'FAILED',
      progress: 0,
      result: { message: 'Line 3: a quoted field is not closed', done_count: 0 },
    });
    await expect(
      mock.serverClient().waitForAsyncAction(unreadable.id, { intervalMs: 1, timeoutMs: 1_000 }),
    ).rejects.toMatchObject({
      action: { status: 'FAILED', result: { message: 'Line 3: a quoted field is not closed' } },
    });
  });

  test('finished jobs report operation_status; bulk updates their reports and errors; asynchronous items and empty jobs work', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const update = (fail: boolean): BulkJob<string> => ({
      items: async () => ['a', 'b'],
      process: async (item) => {
        await Promise.resolve();
        if (fail && item === 'b') throw new ApiError(400, 'invalid_payload', 'Invalid payload');
      },
      identify: (item) => ({ source_id: item }),
      summarize: updateSummary,
    });
    const success = asyncActions.start('CUSTOMERS.BULK_UPDATE', update(false));
    const partial = asyncActions.start('CUSTOMERS.BULK_UPDATE', update(true));
    const empty = asyncActions.start('CUSTOMERS.METADATA_UPDATE', { items: [], process: () => undefined });
    await mock.service.scheduler.drain();
    expect(await getAction(success.id)).toMatchObject({
      status: 'DONE',
      operation_status: 'SUCCESS',
      result: { done_count: 2, failed_count: 0, reports: [], errors: [] },
    });
    expect(await getAction(partial.id)).toMatchObject({
      status: 'DONE',
      operation_status: 'FAILED',
      result: { done_count: 1, failed_count: 1, failed: [{ source_id: 'b', reason: 'Invalid payload' }] },
    });
    expect(await getAction(empty.id)).toMatchObject({
      status: 'DONE',
      progress: 100,
      operation_status: 'SUCCESS',
      result: { done_count: 0, failed_count: 0 },
    });
  });

  test('a summarize that throws ends its job FAILED with the default counts; the other jobs go on', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const broken = asyncActions.start('VOUCHERS.IMPORT', {
      ...counting(15),
      summarize: () => {
        throw new RangeError('summary is broken');
      },
    });
    const sound = asyncActions.start('VOUCHERS.IMPORT', counting(15));
    await mock.service.scheduler.drain();
    expect(asyncActions.get(broken.id)).toMatchObject({
      status: 'FAILED',
      progress: 66,
      result: { message: 'summary is broken', done_count: 10, failed_count: 0 },
    });
    expect(asyncActions.get(sound.id)).toMatchObject({ status: 'DONE', result: { done_count: 15 } });
  });

  test('drain runs every portion, moving the frozen clock one interval per portion; maxTasks stops it early', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const first = asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(45));
    const second = asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(5));
    expect(await mock.service.scheduler.drain(3)).toBe(3);
    expect(asyncActions.get(first.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 44 });
    expect(asyncActions.get(second.id).status).toBe('DONE');
    expect(mock.service.scheduler.pending()).toBe(1);
    expect(mock.service.clock.date().toISOString()).toBe('2026-01-01T00:00:00.020Z');
    // Portions 3 to 5 of the first job are left, one scheduler task each.
    expect(await mock.service.scheduler.drain()).toBe(3);
    expect(asyncActions.get(first.id)).toMatchObject({
      status: 'DONE',
      processing_time: 5 * INTERVAL,
      updated_at: '2026-01-01T00:00:00.050Z',
    });
    expect(await mock.service.scheduler.drain()).toBe(0);
  });

  test('projects take turns too: a small job of another project started during a large one finishes first', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const large = mock.service.projects.primary.state.asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(200));
    await nextPortion();
    const small = other.state.asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(20));
    for (let portion = 0; portion < 3; portion += 1) await nextPortion();
    expect(other.state.asyncActions.get(small.id)).toMatchObject({ status: 'DONE', result: { done_count: 20 } });
    expect(mock.service.projects.primary.state.asyncActions.get(large.id)).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 20,
    });
  });

  test('a CSV import fails its broken rows by row number and imports the rest; an unreadable file fails the job', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const imported: string[] = [];
    const csvImport = (text: string): BulkJob<CsvRow> => ({
      items: async () => requireColumns(await readCsv(new Blob([text])), ['source_id']).rows,
      process: (row) => {
        const values = csvValues(row);
        if (!values['email']?.includes('@'))
          throw ApiError.invalidPayload(`email: ${values['email'] ?? ''} is not an email address`);
        imported.push(values['source_id'] ?? '');
      },
      identify: (row) => ({ row: row.row, source_id: row.values['source_id'] ?? null }),
      summarize: importSummary('customer'),
    });
    const file = [
      '\uFEFFsource_id,email,note',
      'ana,ana@example.com,"likes ""quotes"""',
      'ben,ben@example.com',
      'cho,cho.example.com,x',
      'dan,dan@example.com,"two\r\nlines"',
      '',
    ].join('\r\n');
    const good = asyncActions.start('CUSTOMERS.IMPORT_CSV', csvImport(file));
    const headless = asyncActions.start('CUSTOMERS.IMPORT_CSV', csvImport('email\nana@example.com\n'));
    await mock.service.scheduler.drain();
    expect(imported).toEqual(['ana', 'dan']);
    expect(await getAction(good.id)).toMatchObject({
      status: 'DONE',
      result: {
        message: '2 customer(s) imported successfully, 2 failed.',
        done_count: 2,
        failed_count: 2,
        failed: [
          { row: 2, source_id: 'ben', reason: 'The row has 2 value(s), but the header names 3 column(s).' },
          { row: 3, source_id: 'cho', reason: 'email: cho.example.com is not an email address' },
        ],
      },
    });
    expect(await getAction(headless.id)).toMatchObject({
      status: 'FAILED',
      result: {
        message: 'The file has no column "source_id"; its header names email.',
        done_count: 0,
        failed_count: 0,
      },
    });
  });

  test('each project runs its own jobs; reset drops pending work', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const mine = mock.service.projects.primary.state.asyncActions.start('VOUCHERS.IMPORT', counting(5));
    const theirs = other.state.asyncActions.start('VOUCHERS.IMPORT', counting(5));
    expect(() => mock.service.projects.primary.state.asyncActions.get(theirs.id)).toThrow(ApiError);
    await mock.service.scheduler.drain();
    expect(mock.service.projects.primary.state.asyncActions.get(mine.id).status).toBe('DONE');
    expect(other.state.asyncActions.get(theirs.id).status).toBe('DONE');
    mock.service.projects.primary.state.asyncActions.start('VOUCHERS.IMPORT', counting(5));
    mock.service.reset();
    expect(mock.service.scheduler.pending()).toBe(0);
    expect(mock.service.projects.primary.state.asyncActions.list().items).toEqual([]);
  });

  test('settings that would stall or spin the scheduler are refused', () => {
    expect(() => createMockService({ bulkJobs: { portionSize: 0 } })).toThrow(RangeError);
    expect(() => createMockService({ bulkJobs: { portionSize: 1.5 } })).toThrow(RangeError);
    expect(() => createMockService({ bulkJobs: { portionIntervalMs: -1 } })).toThrow(RangeError);
  });

  test('with the auto scheduler and a real clock, jobs finish in the background and leave no timers behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const service = fullService(
      createMockService({ strict: true, bulkJobs: { portionSize: 100, portionIntervalMs: 1 } }),
    );
    const { appId, appToken } = service.projects.primary.keys;
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: { type: 'server', appId, appToken },
      retry: false,
      fetch: (request) => service.handle(request),
    });
    const seen: number[] = [];
    const large = service.projects.primary.state.asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(450, seen));
    const small = service.projects.primary.state.asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', counting(5));
    const finished = await client.waitForAsyncAction(large.id, { intervalMs: 2, timeoutMs: 5_000 });
    expect(finished).toMatchObject({ status: 'DONE', progress: 100, result: { done_count: 450 } });
    expect(finished.processing_time).toBeGreaterThanOrEqual(4);
    expect(Date.parse(service.projects.primary.state.asyncActions.get(small.id).updated_at)).toBeLessThanOrEqual(
      Date.parse(finished.updated_at),
    );
    expect(seen).toHaveLength(450);
    expect(service.scheduler.pending()).toBe(0);
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('GET /v1/async-actions', () => {
  test('lists newest first with limit, has_more and end_date, and paginate reads every page', async () => {
    const { asyncActions } = mock.service.projects.primary.state;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(asyncActions.start('VOUCHERS.IMPORT', counting(1)).id);
      mock.service.clock.advance(1_000);
    }
    const client = mock.serverClient();
    const first = await client.GET('/v1/async-actions', { params: { query: { limit: 2 } } });
    expect(first.data).toMatchObject({ object: 'list', data_ref: 'async_actions', has_more: true });
    expect(first.data?.async_actions.map((action) => action.id)).toEqual([ids[4], ids[3]]);
    const last = await client.GET('/v1/async-actions', {
      params: { query: { limit: 2, end_date: '2026-01-01T00:00:01.000Z' } },
    });
    expect(last.data?.async_actions.map((action) => action.id)).toEqual([ids[0]]);
    expect(last.data?.has_more).toBe(false);
    const all: string[] = [];
    for await (const action of client.paginate('/v1/async-actions', { params: { query: { limit: 2 } } }))
      all.push(action.id);
    expect(all).toEqual([...ids].reverse());
  });

  test('unknown ids are 404, a limit over 100 and a malformed end_date are 400', async () => {
    const client = mock.serverClient();
    const missing = await client.GET('/v1/async-actions/{asyncActionId}', {
      params: { path: { asyncActionId: 'aa_missing' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ key: 'not_found', resource_id: 'aa_missing', resource_type: 'async_action' });
    const tooMany = await client.GET('/v1/async-actions', { params: { query: { limit: 101 } } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toMatchObject({
      key: 'invalid_query_params',
      details: 'Query parameter limit should be <= 100',
    });
    const badDate = await client.GET('/v1/async-actions', { params: { query: { end_date: 'yesterday' } } });
    expect(badDate.response.status).toBe(400);
  });
});
