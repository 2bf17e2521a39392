import { createSeededRandom } from '@voucherkit/domain';
import { createIdFactory } from '@voucherkit/domain/internals';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { createClock } from './clock.js';
import type { ServiceContext } from './context.js';
import { StateHistory } from './history/state-history.js';
import { TrackedState } from './history/tracked-state.js';
import { type EventData, EventLog, type ServiceEvent } from './event-log.js';
import { createScheduler } from './scheduler.js';

const setup = (eventRetention?: number) => {
  const clock = createClock({ frozenAt: '2026-01-01T00:00:00Z' });
  const random = createSeededRandom(1);
  const context: ServiceContext = {
    clock,
    scheduler: createScheduler(clock, 'manual'),
    random,
    ids: createIdFactory(random),
    timestamp: () => clock.date().toISOString(),
    settings: { tokenTtlSeconds: 900, bulkJobs: { portionSize: 100, portionIntervalMs: 10 }, eventRetention },
    tracked: new TrackedState(new StateHistory()),
  };
  return { clock, log: new EventLog(context) };
};

// Payloads as the spec types them; these tests look only at the ids in them.
const customer = (id: string) => ({ customer: { id, object: 'customer' } }) as EventData<'customer.updated'>;
const campaign = (id: string) => ({ campaign: { id, name: 'Summer' } }) as EventData<'campaign.deleted'>;
const redemption = (id: string) => ({ redemption: { id } }) as EventData<'redemption.succeeded'>;

describe('EventLog', () => {
  test('keeps the newest events up to its retention, and still tells subscribers of every one', () => {
    const { log } = setup(100);
    const told: string[] = [];
    log.subscribe((event) => told.push(event.entity_id));
    for (let index = 0; index < 1_000; index += 1)
      log.record('customer.updated', { entityId: `cust_${index}`, data: customer(`cust_${index}`) });
    const kept = log.list().map((event) => event.entity_id);
    expect(kept).toEqual(Array.from({ length: 100 }, (_, index) => `cust_${900 + index}`));
    expect(log.list({ entityId: 'cust_899' })).toEqual([]);
    expect(told).toHaveLength(1_000);
  });

  test('records events with a family id, the time, the entity, the request and the source', () => {
    const { clock, log } = setup();
    const updated = log.record('customer.updated', {
      entityId: 'cust_1',
      data: customer('cust_1'),
      origin: { requestId: 'v-0123456789abcdef01' },
    });
    clock.advance(1_000);
    const deleted = log.record('campaign.deleted', {
      entityId: 'camp_1',
      data: campaign('camp_1'),
      origin: { source: { channel: 'INTERNAL' } },
    });
    const redeemed = log.record('redemption.succeeded', { entityId: 'r_1', data: redemption('r_1') });
    const paid = log.record('customer.order.paid', {
      entityId: 'cust_1',
      data: {} as EventData<'customer.order.paid'>,
    });
    expect(updated).toEqual({
      id: expect.stringMatching(/^evcus_[0-9a-f]{18}$/),
      type: 'customer.updated',
      created_at: '2026-01-01T00:00:00.000Z',
      entity_id: 'cust_1',
      group_id: 'v-0123456789abcdef01',
      event_source: { channel: 'API' },
      data: { customer: { id: 'cust_1', object: 'customer' } },
    });
    expect(deleted).toMatchObject({
      id: expect.stringMatching(/^evcam_/),
      created_at: '2026-01-01T00:00:01.000Z',
      event_source: { channel: 'INTERNAL' },
    });
    expect(deleted.group_id).toBe(deleted.id);
    expect(redeemed.id).toMatch(/^evred_/);
    expect(paid.id).toMatch(/^evcus_/);
  });

  test('lists oldest first, by type, entity and request, typed by the type asked for', () => {
    const { log } = setup();
    log.record('customer.updated', { entityId: 'cust_1', data: customer('cust_1'), origin: { requestId: 'v-1' } });
    log.record('campaign.deleted', { entityId: 'camp_1', data: campaign('camp_1'), origin: { requestId: 'v-1' } });
    log.record('customer.updated', { entityId: 'cust_2', data: customer('cust_2'), origin: { requestId: 'v-2' } });
    const updates = log.list({ type: 'customer.updated' });
    expectTypeOf(updates).toEqualTypeOf<ServiceEvent<'customer.updated'>[]>();
    expect(updates.map((event) => event.data.customer.id)).toEqual(['cust_1', 'cust_2']);
    expect(log.list({ entityId: 'camp_1' }).map((event) => event.type)).toEqual(['campaign.deleted']);
    expect(log.list({ groupId: 'v-1' }).map((event) => event.entity_id)).toEqual(['cust_1', 'camp_1']);
    expect(log.list()).toHaveLength(3);
    const [any] = log.list();
    if (any?.type === 'campaign.deleted') expectTypeOf(any.data).toEqualTypeOf<EventData<'campaign.deleted'>>();
  });

  test('freezes the payload, so the event keeps it as it was, and tells subscribers of each new event until they stop', () => {
    const { log } = setup();
    const data = customer('cust_1');
    const heard: string[] = [];
    const stop = log.subscribe((event) => heard.push(event.type));
    log.record('customer.updated', { entityId: 'cust_1', data });
    expect(() => {
      data.customer.id = 'changed later';
    }).toThrow(TypeError);
    stop();
    log.record('customer.deleted', { entityId: 'cust_1', data: customer('cust_1') });
    expect(heard).toEqual(['customer.updated']);
    expect(log.list({ type: 'customer.updated' })[0]?.data.customer.id).toBe('cust_1');
  });

  test('makes a payload given as a function and its arguments when it is first read, once, and shows it as a field like any other', () => {
    const { log } = setup();
    let made = 0;
    const later = log.record('customer.updated', {
      entityId: 'cust_2',
      make: (id: string) => {
        made += 1;
        return customer(id);
      },
      args: 'cust_2',
    });
    const now = log.record('customer.updated', { entityId: 'cust_1', data: customer('cust_1') });
    expect(made).toBe(0);
    // The same fields, in the same order, as an event whose payload was made when it was recorded.
    expect(Object.keys(later)).toEqual(Object.keys(now));
    expect(JSON.parse(JSON.stringify(later))).toEqual({
      ...now,
      id: later.id,
      group_id: later.id,
      entity_id: 'cust_2',
      data: { customer: { id: 'cust_2', object: 'customer' } },
    });
    expect(made).toBe(1);
    expect({ ...later }.data).toBe(later.data);
    expect(log.list({ type: 'customer.updated', entityId: 'cust_2' })[0]?.data.customer.id).toBe('cust_2');
    expect(made).toBe(1);
    // Frozen as it is made, as a payload given as a value is when recorded.
    expect(Object.isFrozen(later.data.customer)).toBe(true);
  });

  test('a payload made when first read is the one a subscriber, a later reader and an activity list all see', () => {
    const { log } = setup();
    const heard: unknown[] = [];
    log.subscribe((event) => heard.push(event.data));
    const event = log.record('customer.updated', { entityId: 'cust_1', make: customer, args: 'cust_1' });
    expect(heard).toEqual([event.data]);
    expect(heard[0]).toBe(event.data);
    expect(log.about(['cust_1'])).toEqual([event]);
  });

  test('a subscription with a filter hears only the matching events, typed by the name asked for', () => {
    const { log } = setup();
    const codes: string[] = [];
    const fromRequest: string[] = [];
    log.subscribe(
      (event) => {
        expectTypeOf(event).toEqualTypeOf<ServiceEvent<'customer.updated'>>();
        codes.push(event.data.customer.id ?? '');
      },
      { type: 'customer.updated' },
    );
    log.subscribe((event) => fromRequest.push(event.type), { groupId: 'v-1' });
    log.record('customer.updated', { entityId: 'cust_1', data: customer('cust_1'), origin: { requestId: 'v-1' } });
    log.record('campaign.deleted', { entityId: 'camp_1', data: campaign('camp_1'), origin: { requestId: 'v-1' } });
    log.record('customer.updated', { entityId: 'cust_2', data: customer('cust_2') });
    expect(codes).toEqual(['cust_1', 'cust_2']);
    expect(fromRequest).toEqual(['customer.updated', 'campaign.deleted']);
  });

  test('finds the kept events that name an object as a scan of the log does, through trims', () => {
    const ids = ['cust_1', 'cust_2', 'v_1', 'v_2'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            entity: fc.constantFrom(...ids),
            customer: fc.option(fc.constantFrom(...ids), { nil: undefined }),
            voucher: fc.option(fc.constantFrom(...ids), { nil: undefined }),
          }),
          { maxLength: 300 },
        ),
        fc.integer({ min: 0, max: 40 }),
        fc.subarray(ids, { minLength: 1 }),
        (recorded, retention, subjects) => {
          const { log } = setup(retention);
          for (const one of recorded) {
            const data = {
              ...(one.customer ? { customer: { id: one.customer } } : {}),
              ...(one.voucher ? { voucher: { id: one.voucher } } : {}),
            };
            log.record('voucher.updated', { entityId: one.entity, data: data as never });
          }
          const names = (event: ServiceEvent): boolean => {
            const data = event.data as { customer?: { id: string }; voucher?: { id: string } };
            return subjects.some(
              (subject) => event.entity_id === subject || data.customer?.id === subject || data.voucher?.id === subject,
            );
          };
          expect(log.about(subjects)).toEqual(log.list().filter(names));
        },
      ),
    );
  });
});
