import { createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { type MockServerMatchers, RequestJournal, createMockService, mockServerMatchers } from '../../src/index.js';
import { T0, useMockService } from '../support/setup.js';

// The matchers' typing for Vitest 4 and 5 alike (the testing guide's): Vitest types each method of chai's assertion as its own.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- chai declares its types in a global namespace
  namespace Chai {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the augmentation adds the matchers
    interface Assertion extends MockServerMatchers<void> {}
  }
}
expect.extend(mockServerMatchers);

const mock = useMockService();
const client = () => {
  const { appId, appToken } = mock.service.projects.primary.keys;
  return createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};

const redeemTen = () =>
  client().redemptions.redeemStackable({
    redeemables: [{ object: 'voucher', id: 'TEN' }],
    order: { amount: 5000 },
    customer: { source_id: 'ana' },
  });

describe('request journal', () => {
  test("keeps each answer's body as the client received it, the same whenever and however it is read", async () => {
    const data = await client().customers.create({ source_id: 'ana', name: 'Ana' });
    const [call] = mock.service.journal.calls('createCustomer');
    expect(call?.response).toEqual(data);
    expect(call?.response).toBe(call?.response);
    expect({ ...call }.response).toEqual(data);
    expect(JSON.parse(JSON.stringify(call)).response).toEqual(data);
    // Nothing but its fields: an entry equals a plain object of them.
    expect(call).toEqual(Object.fromEntries(Object.entries(call ?? {})));
  });

  test('tells its followers of each request as it is recorded, until they stop', async () => {
    const followed: string[] = [];
    const stop = mock.service.journal.follow((entry) => followed.push(`${entry.operationId} ${entry.status}`));
    await client().customers.list();
    await redeemTen().catch(() => undefined);
    stop();
    await client().customers.list();
    expect(followed).toEqual(['listCustomers 200', 'redeemStackedDiscounts 400']);
  });

  test('records each answered request: operation, typed input, principal, project, status, error key, answer, time', async () => {
    await client().vouchers.create('TEN', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      redemption: { quantity: 1 },
    } as never);
    await redeemTen();
    await redeemTen().catch(() => undefined);
    const calls = mock.service.journal.calls('redeemStackedDiscounts');
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    expect(first?.body?.order?.amount).toBe(5000);
    expect(first).toMatchObject({
      method: 'POST',
      path: '/v1/redemptions',
      principal: 'server',
      projectId: mock.service.projects.primary.id,
      status: 200,
      errorKey: undefined,
      at: T0,
    });
    expect(first?.response).toMatchObject({ redemptions: [expect.objectContaining({ result: 'SUCCESS' })] });
    expect(second).toMatchObject({
      status: 400,
      errorKey: 'quantity_exceeded',
      requestId: expect.stringMatching(/^v-/),
    });
    expect(mock.service.journal.calls(undefined, { errorKey: 'quantity_exceeded' })).toHaveLength(1);
    expect(mock.service.journal.calls().map((call) => call.operationId)).toEqual([
      'createVoucher',
      'redeemStackedDiscounts',
      'redeemStackedDiscounts',
    ]);
  });

  test('refused requests are recorded too: bad keys without a project, a bad body without a body', async () => {
    await mock.raw('/v1/customers', { headers: { 'X-App-Id': 'nope', 'X-App-Token': 'nope' } });
    const { appId, appToken } = mock.service.projects.primary.keys;
    await mock.raw('/v1/customers', {
      method: 'POST',
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/json' },
      body: '{"source_id": 5}',
    });
    const [unauthorized, invalid] = mock.service.journal.calls();
    expect(unauthorized).toMatchObject({
      operationId: 'listCustomers',
      principal: 'none',
      projectId: undefined,
      status: 401,
      errorKey: 'unauthorized',
    });
    expect(invalid).toMatchObject({
      operationId: 'createCustomer',
      principal: 'server',
      status: 400,
      errorKey: 'invalid_payload',
      body: undefined,
    });
  });

  test('keeps the newest requests up to its size, is cleared by clear() and reset()', () => {
    const journal = new RequestJournal(2);
    const entry = (status: number) => ({ operationId: 'listCustomers', status }) as never;
    for (const status of [200, 201, 202]) journal.record(entry(status));
    expect(journal.calls().map((call) => call.status)).toEqual([201, 202]);
    journal.clear();
    expect(journal.calls()).toEqual([]);
    const off = new RequestJournal(0);
    off.record(entry(200));
    expect(off.calls()).toEqual([]);
    expect(() => new RequestJournal(-1)).toThrow(RangeError);
    const service = createMockService({ journal: { size: 5 } });
    expect(service.journal.size).toBe(5);
  });

  test('reset() forgets the journal', async () => {
    await client().customers.list();
    mock.service.reset();
    expect(mock.service.journal.calls()).toEqual([]);
  });
});

describe('mock server matchers', () => {
  test('toHaveReceived with a partial body, toHaveReceivedTimes, toHaveAnswered by status or error key', async () => {
    await client().vouchers.create('TEN', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      redemption: { quantity: 1 },
    } as never);
    await redeemTen();
    await redeemTen().catch(() => undefined);
    expect(mock.service).toHaveReceived('redeemStackedDiscounts');
    expect(mock.service).toHaveReceived('redeemStackedDiscounts', {
      order: { amount: 5000 },
      customer: { source_id: 'ana' },
    });
    expect(mock.service).toHaveReceived('redeemStackedDiscounts', {
      redeemables: [{ id: expect.stringMatching(/^T/) }],
    });
    expect(mock.service).not.toHaveReceived('redeemStackedDiscounts', { order: { amount: 1 } });
    expect(mock.service.journal).toHaveReceivedTimes('redeemStackedDiscounts', 2);
    expect(mock.service).toHaveAnswered('redeemStackedDiscounts', 200);
    expect(mock.service).toHaveAnswered('redeemStackedDiscounts', 'quantity_exceeded');
    expect(mock.service).not.toHaveAnswered('createVoucher', 400);
  });

  test('failure messages say what the mock received instead', async () => {
    await client().customers.create({ source_id: 'ana' });
    const failure = (assertion: () => void): string => {
      try {
        assertion();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the assertion passed');
    };
    expect(failure(() => expect(mock.service).toHaveReceived('redeemStackedDiscounts'))).toContain(
      'it received createCustomer ×1',
    );
    expect(failure(() => expect(mock.service).toHaveReceived('createCustomer', { source_id: 'ben' }))).toContain(
      '{"source_id":"ana"}',
    );
    expect(failure(() => expect(mock.service).toHaveReceivedTimes('createCustomer', 2))).toContain('received 1');
    expect(failure(() => expect(mock.service).toHaveAnswered('createCustomer', 400))).toContain('it answered 200');
    expect(failure(() => expect(mock.service).toHaveDelivered('customer.created'))).toContain('none');
    expect(() => expect({}).toHaveReceived('createCustomer')).toThrow(TypeError);
  });

  test('toHaveDelivered: a webhook of the event went out and was answered', async () => {
    mock.server.use(
      (await import('msw')).http.post('https://shop.example.com/hooks', () => new Response(null, { status: 204 })),
    );
    mock.service.projects.primary.state.webhooks.create({
      target_url: 'https://shop.example.com/hooks',
      events: ['customer.created'],
    });
    await client().customers.create({ source_id: 'ana' });
    expect(mock.service).not.toHaveDelivered('customer.created');
    await mock.service.scheduler.drain();
    expect(mock.service).toHaveDelivered('customer.created');
    expect(mock.service).not.toHaveDelivered('customer.deleted');
  });
});
