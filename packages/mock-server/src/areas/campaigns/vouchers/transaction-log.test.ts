import { derivedId } from '@voucherkit/domain/internals';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StateHistory } from '../../../core/history/state-history.js';
import { TrackedState } from '../../../core/history/tracked-state.js';
import { type TransactionEntry, TransactionLog } from './transaction-log.js';
import type { VoucherTransaction } from './types.js';

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

/** Changes as the ledger and the gift cards record them: of points or of an amount, and sometimes with other details. */
const entry = (voucherId: fc.Arbitrary<string>): fc.Arbitrary<TransactionEntry> =>
  fc
    .record({
      voucher_id: voucherId,
      campaign_id: nullable(fc.constantFrom('camp_1', 'camp_2')),
      gift: fc.boolean(),
      source: nullable(fc.constantFrom('API', 'Automation')),
      operation_type: fc.constantFrom('MANUAL' as const, 'AUTOMATIC' as const),
      created_at: fc
        .integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 })
        .map((ms) => new Date(ms).toISOString()),
      change: fc.integer({ min: -1000, max: 1000 }).filter((change) => change !== 0),
      total: fc.nat(),
      balance: fc.nat(),
      source_id: optional(nullable(fc.string())),
      reason: optional(nullable(fc.string())),
      related_transaction_id: optional(nullable(fc.uuid())),
      details: optional(
        fc.dictionary(fc.constantFrom('order', 'redemption', 'earning_rule'), fc.record({ id: fc.string() })),
      ),
    })
    .map(({ gift, ...fields }) => ({
      ...fields,
      type: gift
        ? fields.change > 0
          ? 'CREDITS_ADDITION'
          : 'CREDITS_REMOVAL'
        : fields.change > 0
          ? 'POINTS_ADDITION'
          : 'POINTS_REMOVAL',
    }));

/** The transaction the service shows for the `serial`-th change of its card. */
const transactionOf = (recorded: TransactionEntry, serial: number): VoucherTransaction => {
  const gift = recorded.type.startsWith('CREDITS_');
  const related_object = { id: recorded.voucher_id, type: 'voucher' };
  return {
    id: derivedId('vtx', recorded.voucher_id, serial),
    source_id: recorded.source_id ?? null,
    voucher_id: recorded.voucher_id,
    campaign_id: recorded.campaign_id,
    source: recorded.source,
    reason: recorded.reason ?? null,
    related_transaction_id: recorded.related_transaction_id ?? null,
    created_at: recorded.created_at,
    type: recorded.type,
    details: {
      ...recorded.details,
      balance: gift
        ? {
            type: 'gift_voucher',
            total: recorded.total,
            balance: recorded.balance,
            object: 'balance',
            amount: recorded.change,
            operation_type: recorded.operation_type,
            related_object,
          }
        : {
            type: 'loyalty_card',
            total: recorded.total,
            balance: recorded.balance,
            object: 'balance',
            points: recorded.change,
            operation_type: recorded.operation_type,
            related_object,
          },
    },
  } as VoucherTransaction;
};

const byTime = (list: readonly VoucherTransaction[]) =>
  [...list].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));

describe('TransactionLog', () => {
  it('shows every change as the transaction the service sends: by card, by campaign and in all, oldest first, each card numbering its own', () => {
    fc.assert(
      fc.property(fc.array(entry(fc.constantFrom('v_1', 'v_2', 'v_3')), { maxLength: 30 }), (entries) => {
        const log = new TransactionLog(new TrackedState(new StateHistory()));
        const counts = new Map<string, number>();
        const expected = entries.map((recorded) => {
          const serial = counts.get(recorded.voucher_id) ?? 0;
          counts.set(recorded.voucher_id, serial + 1);
          const transaction = transactionOf(recorded, serial);
          expect(log.show(log.record(recorded))).toEqual(transaction);
          return transaction;
        });
        expect(log.of('v_1')).toEqual(expected.filter((one) => one.voucher_id === 'v_1'));
        expect(log.latest('v_2')).toEqual(expected.findLast((one) => one.voucher_id === 'v_2'));
        expect(log.latest('v_9')).toBeUndefined();
        expect(log.ofCampaign('camp_1')).toEqual(byTime(expected.filter((one) => one.campaign_id === 'camp_1')));
        expect(log.all()).toEqual(byTime(expected));
        expect(new Set(expected.map(({ id }) => id)).size).toBe(expected.length);
      }),
    );
  });
});
