import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByOrder } from '../../src/core/list.js';
import { createMockService, fullService } from '../../src/service.js';

const ORIGIN = { requestId: 'v-000000000000000000', channel: { channel_id: 'test', channel_type: 'API' as const } };

type Step =
  | { readonly kind: 'publish'; readonly campaign: 0 | 1; readonly customer: number }
  | { readonly kind: 'redeem'; readonly code: number; readonly customer: number }
  | { readonly kind: 'rollback'; readonly redemption: number }
  | { readonly kind: 'delete'; readonly code: number; readonly force: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('publish' as const),
    campaign: fc.constantFrom(0 as const, 1 as const),
    customer: fc.nat(5),
  }),
  fc.record({ kind: fc.constant('redeem' as const), code: fc.nat(20), customer: fc.nat(5) }),
  fc.record({ kind: fc.constant('rollback' as const), redemption: fc.nat(20) }),
  fc.record({ kind: fc.constant('delete' as const), code: fc.nat(20), force: fc.boolean() }),
);

/** The value a list item shows for an order field. */
const keyOf = (item: Record<string, unknown>, field: string): string | null => {
  if (field === 'voucher_code')
    return ((item['voucher'] as { code?: string } | null | undefined)?.code ?? null) as string | null;
  if (field === 'created_at') return (item['created_at'] ?? item['date'] ?? null) as string | null;
  return (item[field] ?? null) as string | null;
};

const bothWays = (fields: readonly string[]) => fields.flatMap((field) => [field, `-${field}`]);

describe('list orders read from their indexes', () => {
  it('page the redemptions, publications and vouchers as a full sort of the list does, after random publications, redemptions, rollbacks and deletions', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), (steps, limit) => {
        const service = fullService(
          createMockService({
            seed: 'list-orders',
            scheduler: 'manual',
            clock: { frozenAt: '2026-03-10T12:00:00.000Z' },
          }),
        );
        const { state } = service.projects.primary;
        const campaigns = ['Alpha', 'Beta'].map((name) =>
          state.campaigns.create({
            name,
            campaign_type: 'DISCOUNT_COUPONS',
            type: 'AUTO_UPDATE',
            voucher: {
              type: 'DISCOUNT_VOUCHER',
              discount: { type: 'AMOUNT', amount_off: 100 },
              code_config: { pattern: `${name}-####` },
            },
          } as never),
        );
        const codes: string[] = [];
        const redemptions: string[] = [];
        // An early list builds the indexes, so the steps after it are added to built indexes.
        for (const order of bothWays(['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at']))
          state.redemptions.list({ order } as never);
        for (const order of bothWays(['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at', 'channel']))
          state.publications.list({ order } as never);
        for (const order of bothWays(['created_at', 'updated_at', 'code'])) state.vouchers.list({ order } as never);
        for (const one of steps) {
          // Each step at its own moment: created_at order is then creation order, the reference the other orders are checked against.
          service.clock.advance(1_000);
          try {
            if (one.kind === 'publish') {
              const answer = state.publications.publish(
                {
                  campaign: { name: campaigns[one.campaign]?.id },
                  customer: { source_id: `c-${one.customer}` },
                  channel: one.customer % 2 === 0 ? 'API' : 'Email',
                } as never,
                {},
              ) as { voucher?: { code: string } };
              if (answer.voucher) codes.push(answer.voucher.code);
            } else if (one.kind === 'redeem' && codes.length > 0) {
              const result = state.redemptions.redeem(
                {
                  redeemables: [{ object: 'voucher', id: codes[one.code % codes.length] as string }],
                  customer: { source_id: `c-${one.customer}` },
                  order: { amount: 10_000 },
                } as never,
                ORIGIN,
              );
              redemptions.push(...(result.redemptions ?? []).map((redemption) => redemption.id));
            } else if (one.kind === 'delete' && codes.length > 0) {
              state.vouchers.delete(codes[one.code % codes.length] as string, one.force);
            } else if (one.kind === 'rollback' && redemptions.length > 0) {
              state.redemptions.rollback(redemptions[one.redemption % redemptions.length] as string, {}, false, ORIGIN);
            }
          } catch {
            // A refused step (a rollback of a rollback, a held code) changes nothing the lists show but its failure record.
          }
          // Lists read between the steps, so what they keep must follow the next change.
          state.vouchers.list({ order: one.kind === 'rollback' ? 'code' : '-updated_at' } as never);
        }
        type List = (query: object) => { readonly items: readonly unknown[] };
        const all = (list: List) => list({ order: 'created_at', limit: 100_000 }).items as Record<string, unknown>[];
        const checks: { readonly list: List; readonly fields: readonly string[] }[] = [
          {
            list: (query) => state.redemptions.list(query as never),
            fields: ['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at'],
          },
          {
            list: (query) => state.publications.list(query as never),
            fields: ['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at', 'channel'],
          },
          {
            list: (query) => state.publications.list({ ...query, campaign: 'Beta' } as never),
            fields: ['id', 'voucher_code', 'created_at', 'channel'],
          },
          {
            list: (query) => state.publications.list({ ...query, campaign: campaigns[0]?.id } as never),
            fields: ['id', 'tracking_id', 'customer_id'],
          },
          {
            list: (query) =>
              state.publications.list({ ...query, customer: state.customers.find('c-1')?.id ?? 'none' } as never),
            fields: ['id', 'voucher_code', 'created_at'],
          },
          { list: (query) => state.vouchers.list(query as never), fields: ['created_at', 'updated_at', 'code'] },
          {
            list: (query) => state.vouchers.list({ ...query, campaign: 'Beta' } as never),
            fields: ['created_at', 'updated_at', 'code'],
          },
        ];
        // Enough steps redeem something, so the lists change after they were first read.
        if (steps.filter((one) => one.kind === 'redeem').length > 10 && codes.length > 0)
          expect(redemptions.length).toBeGreaterThan(0);
        // The vouchers listed are the vouchers as they are now, not as a list read earlier saw them.
        const vouchers = all((query) => state.vouchers.list(query as never));
        expect(vouchers).toEqual(vouchers.map((voucher) => state.vouchers.get(voucher['code'] as string)));
        for (const { list, fields } of checks) {
          const items = all(list);
          for (const order of bothWays(fields)) {
            const field = order.replace('-', '');
            const sorted = sortByOrder(
              items.map((item) => ({ item, [field]: keyOf(item, field) })),
              order as never,
            ).map(({ item }) => item);
            for (const page of [1, 2, 3])
              expect(list({ order, page, limit }).items).toEqual(sorted.slice((page - 1) * limit, page * limit));
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
