/**
 * The official Voucherify SDK publishes codes and lists publications and a customer's
 * redeemables against the HTTP sandbox.
 */
import { describe, expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-publications');
const start = async (demo = false) => sandbox({ demo });

// The SDK's own types lag behind the API in places (a campaign's body, a publication's answer);
// the casts below are for those places only.

describe('the official SDK against the sandbox: publications', () => {
  test('publications.create hands out a given code and campaign codes; publications.list filters them', async () => {
    const { sdk, service } = await start();
    await sdk.vouchers.create({
      code: 'SDK-PUB-1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 500 },
    } as never);
    service.projects.primary.state.campaigns.create({
      name: 'SDK Pub',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STATIC',
      vouchers_count: 1,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    } as never);
    await service.scheduler.drain();
    await sdk.campaigns.addVoucher('SDK Pub', {}, { vouchers_count: 1 } as never);
    await service.scheduler.drain();

    const single = (await sdk.distributions.publications.create({
      voucher: 'SDK-PUB-1',
      customer: { source_id: 'sdk-ana', name: 'Ana' },
      channel: 'SDK',
      metadata: { wave: 1 },
    } as never)) as {
      id: string;
      voucher: { code: string; holder_id: string };
      customer_id: string;
    };
    expect(single).toMatchObject({
      id: expect.stringMatching(/^pub_/),
      channel: 'SDK',
      metadata: { wave: 1 },
      voucher: { code: 'SDK-PUB-1' },
    });
    expect(single.voucher.holder_id).toBe(single.customer_id);

    const many = (await sdk.distributions.publications.create({
      campaign: { name: 'SDK Pub', count: 2 },
      customer: { source_id: 'sdk-bob' },
    } as never)) as unknown as { vouchers: string[] };
    expect(many.vouchers).toHaveLength(2);
    await expect(
      sdk.distributions.publications.create({
        campaign: { name: 'SDK Pub' },
        customer: { source_id: 'sdk-carol' },
      } as never),
    ).rejects.toMatchObject({
      code: 400,
      key: 'no_voucher_suitable_for_publication',
    });
    await expect(
      sdk.distributions.publications.create({ voucher: 'SDK-PUB-1', customer: { source_id: 'sdk-bob' } } as never),
    ).rejects.toMatchObject({
      code: 400,
      key: 'voucher_already_published',
    });

    const all = await sdk.distributions.publications.list({ limit: 10 });
    expect(all.total).toBe(4);
    const failed = await sdk.distributions.publications.list({ result: 'FAILURE' } as never);
    expect((failed.publications ?? []).map((item) => (item as { failure_code?: string }).failure_code).sort()).toEqual([
      'no_voucher_suitable_for_publication',
      'voucher_already_published',
    ]);
    const byFilter = await sdk.distributions.publications.list({
      filters: {
        junction: 'and',
        campaign_name: { conditions: { $is: 'SDK Pub' } },
        result: { conditions: { $in: ['SUCCESS'] } },
      },
    } as never);
    expect(byFilter.total).toBe(1);
    const byCustomer = await sdk.distributions.publications.list({ customer: single.customer_id } as never);
    expect((byCustomer.publications ?? []).map((item) => item.id)).toEqual([single.id]);

    const wallet = await sdk.customers.listRedeemables('sdk-bob');
    expect(wallet).toMatchObject({ total: 2, has_more: false });
    expect(wallet.data.map((item) => item.redeemable?.voucher?.code).sort()).toEqual([...many.vouchers].sort());
  });

  test('the demo data shows publications and a customer wallet', async () => {
    const { sdk } = await start(true);
    const listed = await sdk.distributions.publications.list({ limit: 10 });
    expect(listed.total).toBeGreaterThanOrEqual(2);
    const [first] = listed.publications ?? [];
    const wallet = await sdk.customers.listRedeemables(first?.customer_id ?? '');
    expect(wallet.total).toBeGreaterThanOrEqual(1);
  });
});
