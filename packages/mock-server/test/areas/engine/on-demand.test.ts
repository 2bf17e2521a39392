/**
 * The engine loads with the first operation that runs it (decision 0083): the registry knows its
 * operations without loading it, and code that runs it directly is told to load it first.
 */
import { createClient } from '@voucherkit/client';
import { describe, expect, test, vi } from 'vitest';
import { ENGINE_OPERATIONS } from '../../../src/areas/engine/operations.js';
import { loadEngineHandlers } from '../../../src/areas/engine/on-demand.js';

const ORIGIN = { requestId: 'v-0000000000000000aa', channel: { channel_id: 'test', channel_type: 'API' as const } };

describe('the engine on demand', () => {
  test('is not loaded before an operation runs it; running it directly says to load it', async () => {
    // Test files share their modules here: a fresh copy of the mock's has never loaded the engine.
    vi.resetModules();
    const { createMockService, fullService } = await import('../../../src/service.js');
    const { engine, loadEngine } = await import('../../../src/areas/engine/load.js');
    expect(() => engine()).toThrow('await loadEngine() before running it directly');

    const service = fullService(createMockService({ seed: 'engine-on-demand' }));
    const { state, keys } = service.projects.primary;
    state.vouchers.create({ code: 'TEN', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1000 } });
    const redeem = () => state.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'TEN' }] } as never, ORIGIN);
    expect(redeem).toThrow('await loadEngine()');
    // Reading the records needs no engine, nor does spreading the state (its qualification store
    // is the engine's, and not enumerable).
    expect(state.redemptions.list().items).toEqual([]);
    expect(Object.keys({ ...state })).not.toContain('qualifications');

    const answer = await service.handle(
      new Request(`${service.baseUrl}/v1/validations`, {
        method: 'POST',
        headers: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken, 'content-type': 'application/json' },
        body: JSON.stringify({ redeemables: [{ object: 'voucher', id: 'TEN' }], order: { amount: 5000 } }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { valid: boolean }).valid).toBe(true);
    expect(engine()).toBe(await loadEngine());
    expect(redeem().redemptions).toHaveLength(1);
  });

  test('a reward paid with points loads it when it is the first operation to run it', async () => {
    vi.resetModules();
    const { createMockService } = await import('../../../src/service.js');
    const { engine } = await import('../../../src/areas/engine/load.js');
    const service = createMockService({ seed: 'engine-on-demand-reward', scheduler: 'manual' });
    const { appId, appToken } = service.projects.primary.keys;
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: { type: 'server', appId, appToken },
      fetch: (request) => service.handle(request),
      retry: false,
    });
    const programme = await client.loyalties.create({
      name: 'Members Club',
      type: 'AUTO_UPDATE',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    await service.scheduler.drain();
    const card = await client.loyalties.createMember(programme.id, { customer: { source_id: 'ana' } } as never);
    await client.loyalties.addOrRemoveCardBalance(String(card.code), { points: 250 } as never);
    const reward = await client.rewards.create({
      name: '$20 for 100 points',
      parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
    } as never);
    await client.rewards.createAssignment(reward.id, { campaign: programme.id } as never);
    expect(() => engine()).toThrow('await loadEngine()');

    const paid = await client.loyalties.redeemReward(String(card.code), {
      reward: { id: reward.id, points: 200 },
      order: { amount: 4500 },
    } as never);
    expect(paid).toMatchObject({ result: 'SUCCESS', order: { total_applied_discount_amount: 4000 } });
  });

  test('lists the operations of the handlers it loads, no more and no fewer', async () => {
    const handlers = await loadEngineHandlers();
    expect([...ENGINE_OPERATIONS].sort()).toEqual(Object.keys(handlers).sort());
  });
});
