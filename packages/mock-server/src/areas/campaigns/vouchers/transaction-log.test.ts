import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StateHistory } from '../../../core/history/state-history.js';
import { TrackedState } from '../../../core/history/tracked-state.js';
import { TransactionLog } from './transaction-log.js';
import type { VoucherTransaction } from './types.js';

const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

/** Transactions as the ledger and the gift cards record them: a balance of points or of an amount, and sometimes other details. */
const transaction = (voucherId: fc.Arbitrary<string>): fc.Arbitrary<VoucherTransaction> =>
  fc
    .record({
      id: fc.uuid(),
      source_id: nullable(fc.string()),
      voucher_id: voucherId,
      campaign_id: nullable(fc.constantFrom('camp_1', 'camp_2')),
      source: nullable(fc.constantFrom('API', 'Automation')),
      reason: nullable(fc.string()),
      related_transaction_id: nullable(fc.uuid()),
      created_at: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map((ms) => new Date(ms).toISOString()),
      gift: fc.boolean(),
      change: fc.integer({ min: -1000, max: 1000 }),
      total: fc.nat(),
      balance: fc.nat(),
      operation_type: fc.constantFrom('MANUAL' as const, 'AUTOMATIC' as const),
      others: fc.option(fc.dictionary(fc.constantFrom('order', 'redemption', 'earning_rule'), fc.record({ id: fc.string() })), { nil: undefined }),
    })
    .map(({ gift, change, total, balance, operation_type, others, voucher_id, ...fields }) => ({
      ...fields,
      voucher_id,
      type: gift ? (change > 0 ? 'CREDITS_ADDITION' : 'CREDITS_REMOVAL') : change > 0 ? 'POINTS_ADDITION' : 'POINTS_REMOVAL',
      details: {
        ...others,
        balance: gift
          ? { type: 'gift_voucher', total, balance, object: 'balance', amount: change, operation_type, related_object: { id: voucher_id, type: 'voucher' } }
          : { points: change, total, balance, type: 'loyalty_card', object: 'balance', related_object: { type: 'voucher', id: voucher_id }, operation_type },
      },
    }) as VoucherTransaction);

describe('TransactionLog', () => {
  it('shows every transaction as it was recorded: by card, by campaign and in all, oldest first', () => {
    fc.assert(
      fc.property(fc.array(transaction(fc.constantFrom('v_1', 'v_2', 'v_3')), { maxLength: 30 }), (recorded) => {
        const log = new TransactionLog(new TrackedState(new StateHistory()));
        for (const one of recorded) log.append(one);
        const byTime = (list: readonly VoucherTransaction[]) => [...list].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
        expect(log.of('v_1')).toEqual(recorded.filter((one) => one.voucher_id === 'v_1'));
        expect(log.latest('v_2')).toEqual(recorded.findLast((one) => one.voucher_id === 'v_2'));
        expect(log.ofCampaign('camp_1')).toEqual(byTime(recorded.filter((one) => one.campaign_id === 'camp_1')));
        expect(log.all()).toEqual(byTime(recorded));
      }),
    );
  });

  it('makes each card\'s ids from its number, shows them as made, and numbers on after a given id', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(transaction(fc.constantFrom('v_1', 'v_2')), fc.boolean()), { maxLength: 30 }), (steps) => {
        const log = new TransactionLog(new TrackedState(new StateHistory()));
        const recorded: VoucherTransaction[] = [];
        for (const [one, derived] of steps) {
          const made = { ...one, id: derived ? log.nextId(one.voucher_id) : one.id };
          log.append(made);
          recorded.push(made);
        }
        for (const card of ['v_1', 'v_2']) expect(log.of(card).map(({ id }) => id)).toEqual(recorded.filter((one) => one.voucher_id === card).map(({ id }) => id));
        const derivedIds = recorded.map(({ id }) => id).filter((id) => id.startsWith('vtx_'));
        expect(new Set(derivedIds).size).toBe(derivedIds.length);
      }),
    );
  });
});
