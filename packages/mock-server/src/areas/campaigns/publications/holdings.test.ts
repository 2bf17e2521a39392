import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StateHistory } from '../../../core/history/state-history.js';
import { TrackedState } from '../../../core/history/tracked-state.js';
import { Holdings } from './holdings.js';

describe('Holdings', () => {
  it('agrees with a list of every holding, for customers with few and with many', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('cust_1', 'cust_2'), fc.integer({ min: 0, max: 40 })), { maxLength: 120 }),
        (adds) => {
          const holdings = new Holdings(new TrackedState(new StateHistory()));
          const all: { customerId: string; voucherId: string }[] = [];
          adds.forEach(([customerId, voucher], index) => {
            const voucherId = `v_${voucher}`;
            const held = all.some((one) => one.customerId === customerId && one.voucherId === voucherId);
            expect(holdings.has(customerId, voucherId)).toBe(held);
            if (!held) {
              holdings.add({
                id: `rh_${index}`,
                created_at: '2026-01-01T00:00:00.000Z',
                customerId,
                voucherId,
                role: 'OWNER',
              });
              all.push({ customerId, voucherId });
            }
          });
          for (const customerId of ['cust_1', 'cust_2']) {
            expect(holdings.of(customerId).map((holding) => holding.voucherId)).toEqual(
              all.filter((one) => one.customerId === customerId).map((one) => one.voucherId),
            );
          }
        },
      ),
    );
  });

  it("ends one holding of a customer, whatever the others, owners' holdings all keeping the id 0", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.constantFrom('cust_1', 'cust_2'), fc.integer({ min: 0, max: 24 })), {
          maxLength: 120,
        }),
        (steps) => {
          const holdings = new Holdings(new TrackedState(new StateHistory()));
          let all: { customerId: string; voucherId: string }[] = [];
          for (const [adding, customerId, voucher] of steps) {
            const voucherId = `v_${voucher}`;
            const held = holdings.has(customerId, voucherId);
            const holding = {
              id: 0 as const,
              created_at: '2026-01-01T00:00:00.000Z',
              customerId,
              voucherId,
              role: 'OWNER' as const,
            };
            if (adding && !held) {
              holdings.add(holding);
              all.push({ customerId, voucherId });
            } else if (!adding && held) {
              holdings.remove(holding);
              all = all.filter((one) => one.customerId !== customerId || one.voucherId !== voucherId);
            }
          }
          for (const customerId of ['cust_1', 'cust_2']) {
            expect(holdings.of(customerId).map((holding) => holding.voucherId)).toEqual(
              all.filter((one) => one.customerId === customerId).map((one) => one.voucherId),
            );
          }
        },
      ),
    );
  });
});
