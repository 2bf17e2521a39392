import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';
import { clientOf, expectRoundTrips, managementClientOf, settle } from './round-trip.js';
import { T0 } from '../support/setup.js';

const OPTIONS = {
  clock: { frozenAt: T0 },
  seed: 'snapshots-engine-platform',
  bulkJobs: { portionSize: 2, portionIntervalMs: 10 },
} as const;
const TARGET = 'https://shop.example.com/hooks';

/** The webhook endpoint: it refuses every second post it receives (counted from the start of the writes), so some deliveries are retried. */
const endpoint = setupServer();
let received = 0;
beforeAll(() => {
  endpoint.use(http.post(TARGET, () => new HttpResponse(null, { status: (received += 1) % 2 === 0 ? 503 : 204 })));
  endpoint.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => endpoint.close());

/** Clients of the service's primary project and of its account, answered by `service.handle` without MSW. */
const clientsOf = (service: FullMockService) => {
  const { appId, appToken } = service.projects.primary.keys;
  return {
    client: clientOf(service),
    management: managementClientOf(service).management,
    /** A request with the project's server keys, for the OAuth endpoints. */
    form: async (path: string, fields: Record<string, string>) => {
      const response = await service.handle(
        new Request(`${service.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        }),
      );
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) };
    },
    /** A GET without keys (an export's download link). */
    plain: async (url: string) => {
      const response = await service.handle(new Request(url));
      return { status: response.status, text: await response.text() };
    },
  };
};

/** Answers as JSON data, without the real milliseconds a webhook attempt took. */
const plain = (answers: unknown): unknown =>
  JSON.parse(JSON.stringify(answers, (key, value: unknown) => (key === 'durationMs' ? undefined : value)));

/** What the writes start from: customers, vouchers (one under a validation rule), a webhook configuration. */
const arrange = async (service: FullMockService) => {
  const { client, management } = clientsOf(service);
  for (const source_id of ['ana', 'ben', 'cara', 'dan', 'eve'])
    await client.customers.create({ source_id, name: source_id });
  // Enough customers that an export of them takes two portions (of 20 rows here).
  for (let index = 0; index < 25; index += 1)
    service.projects.primary.state.customers.upsert({ source_id: `c-${index}` }, { silent: true });
  await client.vouchers.create('TEN', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10 },
    redemption: { quantity: 5 },
  } as never);
  await client.vouchers.create('FIVE', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 500 },
  } as never);
  await client.vouchers.create('ONCE', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100 },
    redemption: { quantity: 1 },
  } as never);
  await client.vouchers.create('GIFT', { type: 'GIFT_VOUCHER', gift: { amount: 10_000 } } as never);
  await client.vouchers.create('BIG', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 1000 },
  } as never);
  const rule = await client.validationRules.create({
    name: 'Over 50',
    error: { message: 'Spend more than 50' },
    rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
  } as never);
  await client.validationRules.createAssignment(String(rule.id), {
    related_object_type: 'voucher',
    related_object_id: 'BIG',
  } as never);
  const webhook = await management.webhooks.create(service.projects.primary.id, {
    target_url: TARGET,
    events: ['redemption.succeeded', 'redemption.rollback.succeeded'],
  } as never);
  service.organisation.users.create({
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Silva',
    owner: true,
    projects: { [service.projects.primary.id]: 'ADMIN' },
  });
  await service.scheduler.drain();
  return { webhook: webhook.id };
};

type Arranged = Awaited<ReturnType<typeof arrange>>;

/** Many writes of the engine and the platform, through the API where it has them; answers what the service answered. */
const writes = async (service: FullMockService, ids: Arranged): Promise<unknown> => {
  const { client, management, form, plain: download } = clientsOf(service);
  const state = service.projects.primary.state;
  const projectId = service.projects.primary.id;
  const answers: unknown[] = [];
  received = 0;
  const record = async (call: Promise<unknown>) => {
    const answer = await settle(call);
    answers.push(answer);
    return answer;
  };

  // Validations, one holding a session, and redemptions: single, replayed, stacked, gift, refused.
  await record(
    client.validations.validateStackable({
      redeemables: [
        { object: 'voucher', id: 'TEN' },
        { object: 'voucher', id: 'FIVE' },
      ],
      order: { amount: 8000 },
      session: { type: 'LOCK', key: 'ssn-1' },
    } as never),
  );
  await record(
    client.validations.validateStackable({
      redeemables: [{ object: 'voucher', id: 'BIG' }],
      order: { amount: 3000 },
    } as never),
  );
  const single = (await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { source_id: 'o-1', amount: 6000 },
      customer: { source_id: 'ana' },
    } as never),
  )) as { redemptions?: { id: string }[] };
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { source_id: 'o-1', amount: 6000 },
      customer: { source_id: 'ana' },
    } as never),
  );
  const stacked = (await record(
    client.redemptions.redeemStackable({
      redeemables: [
        { object: 'voucher', id: 'TEN' },
        { object: 'voucher', id: 'FIVE' },
      ],
      order: { amount: 9000 },
      customer: { source_id: 'ben' },
      session: { type: 'LOCK', key: 'ssn-1' },
    } as never),
  )) as { parent_redemption?: { id: string } };
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'GIFT', gift: { credits: 2500 } }],
      order: { amount: 4000 },
      customer: { source_id: 'cara' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'ONCE' }],
      order: { amount: 2000 },
      customer: { source_id: 'dan' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'ONCE' }],
      order: { amount: 2000 },
      customer: { source_id: 'eve' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'BIG' }],
      order: { amount: 3000 },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'BIG' }],
      order: { amount: 6000 },
      customer: { source_id: 'eve' },
    } as never),
  );

  // Rollbacks: single, stacked, at the same moment, again later, and a replay of the rolled-back order.
  const singleId = String(single.redemptions?.[0]?.id);
  const parentId = String(stacked.parent_redemption?.id);
  await record(client.redemptions.rollback(singleId, { reason: 'order cancelled' } as never));
  await record(client.redemptions.rollback(singleId, {} as never));
  await record(client.redemptions.rollback(parentId, {} as never));
  await record(client.redemptions.rollbackStackable(parentId, { reason: 'all of it' } as never));
  service.clock.advance(2000);
  await record(client.redemptions.rollbackStackable(parentId, {} as never));
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { source_id: 'o-1', amount: 6000 },
      customer: { source_id: 'ana' },
    } as never),
  );

  // Reads of the engine: lists in several orders and filters, a voucher's summary, qualifications.
  await record(client.redemptions.list({ order: 'voucher_code', limit: 50 } as never));
  await record(client.redemptions.list({ result: 'FAILURE' } as never));
  await record(client.redemptions.list({ customer: 'ana', order: '-created_at' } as never));
  await record(client.redemptions.get(parentId));
  await record(client.redemptions.getForVoucher('TEN'));
  await record(
    client.qualifications.checkEligibility({
      customer: { source_id: 'ana' },
      order: { amount: 7000 },
      scenario: 'ALL',
    } as never),
  );

  // Webhook deliveries go out (some retried), a configuration changes, another is deleted with deliveries pending.
  await service.scheduler.drain();
  await record(management.webhooks.update(projectId, ids.webhook, { events: ['redemption.succeeded'] } as never));
  const second = (await record(
    management.webhooks.create(projectId, { target_url: TARGET, events: ['redemption.failed'] } as never),
  )) as { id: string };
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'ONCE' }],
      order: { amount: 2000 },
    } as never),
  );
  await record(management.webhooks.delete(projectId, second.id));
  await service.scheduler.drain();
  answers.push(state.webhookDeliveries.list());

  // Bulk jobs: one run through, one taken back halfway by a restore.
  const bulk = (await record(
    client.POST('/v1/customers/metadata/async', {
      body: { source_ids: ['ana', 'ben', 'cara', 'dan', 'eve'], metadata: { newsletter: true } },
    }),
  )) as { data?: { async_action_id: string } };
  await service.scheduler.runDue();
  await record(client.asyncActions.get(String(bulk.data?.async_action_id)));
  await service.scheduler.drain();
  await record(client.asyncActions.get(String(bulk.data?.async_action_id)));

  // Exports: made, read, downloaded with their token, listed and deleted.
  const made = (await record(
    client.POST('/v1/exports', {
      body: { exported_object: 'voucher', parameters: { fields: ['code', 'voucher_type'], order: 'code' } } as never,
    }),
  )) as { data?: { id: string } };
  const other = (await record(client.POST('/v1/exports', { body: { exported_object: 'customer' } as never }))) as {
    data?: { id: string };
  };
  await service.scheduler.drain();
  const done = (await record(client.distributions.exports.get(String(made.data?.id)))) as {
    result?: { url?: string } | null;
  };
  answers.push(await download(String(done.result?.url)));
  await record(client.distributions.exports.delete(String(other.data?.id)));
  await record(client.distributions.exports.list());

  // OAuth tokens: issued, introspected, revoked.
  const issued = (await form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })) as {
    body: { access_token?: string };
  };
  answers.push(issued);
  answers.push(await form('/v1/oauth/introspect', { access_token: String(issued.body.access_token) }));
  answers.push(await form('/v1/oauth/token/revoke', { access_token: String(issued.body.access_token) }));
  answers.push(await form('/v1/oauth/introspect', { access_token: String(issued.body.access_token) }));

  // The bin: vouchers deleted into it, one entry deleted for good (its code is free again).
  await record(client.vouchers.delete('FIVE'));
  await record(client.vouchers.delete('ONCE'));
  const bin = (await record(client.bin.list())) as { data?: { id: string }[] };
  await record(client.bin.delete(String(bin.data?.[0]?.id)));
  await record(
    client.vouchers.create('FIVE', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 50 } } as never),
  );
  await record(client.bin.list());

  // Branding: made, changed, deleted, made again.
  const brand = (await record(
    management.brands.create(projectId, {
      brand: { name: 'Corner Bakery' },
      address: { street: 'Rua Nova 1', city: 'Porto', postal: null, country: 'Portugal' },
      contact: { email: 'hello@corner.example' },
    } as never),
  )) as { id: string };
  await record(management.brands.update(projectId, brand.id, { brand: { website_url: 'corner.example' } } as never));
  await record(management.brands.delete(projectId, brand.id));
  await record(
    management.brands.create(projectId, {
      brand: { name: 'Second' },
      address: { street: 'Main St 1', city: 'Lisbon', postal: null, country: 'Portugal' },
      contact: { email: 'a@b.example' },
    } as never),
  );

  // The organisation's users: a project made (the owner joins it), a user invited, assigned there,
  // given another role and unassigned from the first project; an address invited twice.
  const eu = (await record(
    management.projects.create({ name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'EUR' }),
  )) as { id: string };
  const invitation = {
    email: 'maya@example.com',
    first_name: 'Maya',
    last_name: 'Okafor',
    projects: { [projectId]: 'USER' },
  };
  await record(management.users.invite(invitation));
  await record(management.users.assign(eu.id, { login: 'maya@example.com', role: 'VIEWER' }));
  await record(management.users.update(eu.id, 'maya@example.com', { role: 'ADMIN' }));
  await record(management.users.unassign(projectId, 'maya@example.com'));
  await record(management.users.invite(invitation));
  await record(management.users.list(eu.id));
  await record(management.users.list(projectId));

  // Last, a bulk job and an export left running: a restore takes them back.
  const running = (await record(
    client.POST('/v1/customers/metadata/async', {
      body: { source_ids: ['ana', 'ben', 'cara', 'dan', 'eve'], metadata: { vip: true } },
    }),
  )) as { data?: { async_action_id: string } };
  const exporting = (await record(client.POST('/v1/exports', { body: { exported_object: 'customer' } as never }))) as {
    data?: { id: string };
  };
  await service.scheduler.runDue();
  await record(client.asyncActions.get(String(running.data?.async_action_id)));
  await record(client.distributions.exports.get(String(exporting.data?.id)));
  return plain(answers);
};

describe('snapshots of the engine and the platform', () => {
  test('a restore takes back every write of the engine and the platform, which then give the same answers, here and in a new service', {
    timeout: 60_000,
  }, async () => {
    await expectRoundTrips(OPTIONS, arrange, writes);
  });

  test('a snapshot taken while jobs run takes them back to where they were, and they finish the same', {
    timeout: 60_000,
  }, async () => {
    const service = fullService(createMockService(OPTIONS));
    await arrange(service);
    const { client } = clientsOf(service);
    const job = await client.POST('/v1/customers/metadata/async', {
      body: { source_ids: ['ana', 'ben', 'cara', 'dan', 'eve'], metadata: { tier: 'gold' } },
    });
    const exported = await client.POST('/v1/exports', { body: { exported_object: 'customer' } as never });
    await service.scheduler.runDue();
    const midway = service.snapshot();
    expect(() => JSON.stringify(midway)).toThrow(/background task/);
    const finish = async () => {
      await service.scheduler.drain();
      const action = await client.asyncActions.get(String(job.data?.async_action_id));
      const file = await client.distributions.exports.get(String(exported.data?.id));
      return plain({ action, file, customers: service.projects.primary.state.customers.list({ limit: 10 }) });
    };
    const first = await finish();
    expect(first).toMatchObject({ action: { status: 'DONE', progress: 100 }, file: { status: 'DONE' } });
    service.restore(midway);
    expect((await client.asyncActions.get(String(job.data?.async_action_id))).status).toBe('IN_PROGRESS');
    expect((await client.distributions.exports.get(String(exported.data?.id))).status).toBe('IN_PROGRESS');
    expect(await finish()).toEqual(first);
  });

  test('the writes do what they name: redemptions, refusals, rollbacks and background work', {
    timeout: 60_000,
  }, async () => {
    const service = fullService(createMockService(OPTIONS));
    const ids = await arrange(service);
    const answers = (await writes(service, ids)) as unknown[];
    const keys = answers.flatMap((answer) =>
      answer instanceof Object && 'key' in answer ? [(answer as { key: unknown }).key] : [],
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'quantity_exceeded',
        'multiple_requests',
        'invalid_redemption',
        'already_rolled_back',
        'duplicate_found',
      ]),
    );
    const maya = service.organisation.users.find('maya@example.com');
    expect(maya && service.organisation.users.show(maya).projects).toEqual({
      [service.projects.list()[1]?.id ?? '']: 'ADMIN',
    });
    const state = service.projects.primary.state;
    expect(state.webhookDeliveries.list().some((delivery) => delivery.attempts.length > 1)).toBe(true);
    expect(state.redemptions.list({ limit: 100 }).total).toBeGreaterThan(10);
  });
});
