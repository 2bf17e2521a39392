/**
 * The official Voucherify SDK manages promotion tiers and stacks against the HTTP sandbox, in
 * strict mode, as an app would.
 */
import { describe, expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-promotions');
const start = async (demo = false) => (await sandbox({ demo })).sdk;

// The SDK's own types lag behind the API in places (a percent discount's type, required fields of
// a tier); the casts below are for those places only.

describe('the official SDK against the sandbox', () => {
  test('promotions.tiers: create a promotion, add, list, get, update and delete tiers', async () => {
    const sdk = await start();
    const campaign = await sdk.promotions.create({
      name: 'SDK Autumn',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'Ten', action: { discount: { type: 'PERCENT', percent_off: 10 } } }] },
    } as never);
    expect(campaign).toMatchObject({ name: 'SDK Autumn', campaign_type: 'PROMOTION', promotion: { total: 1 } });

    const added = await sdk.promotions.tiers.create(campaign.id, {
      name: 'Twenty',
      banner: '20 off',
      action: { discount: { type: 'AMOUNT', amount_off: 2000 } },
    } as never);
    expect(added).toMatchObject({
      id: expect.stringMatching(/^promo_/),
      name: 'Twenty',
      hierarchy: 2,
      campaign: { id: campaign.id },
    });

    const listed = await sdk.promotions.tiers.list(campaign.id);
    expect(listed.tiers?.map((tier) => tier.name)).toEqual(['Twenty', 'Ten']);
    const all = await sdk.promotions.tiers.listAll({ is_available: true, limit: 1 } as never);
    expect(all).toMatchObject({ total: 2, has_more: true });
    expect((await sdk.promotions.tiers.get(added.id)).banner).toBe('20 off');

    const updated = await sdk.promotions.tiers.update({
      id: added.id,
      name: 'Twenty off',
      metadata: { source: 'sdk' },
    } as never);
    expect(updated).toMatchObject({ id: added.id, name: 'Twenty off', metadata: { source: 'sdk' } });

    await sdk.promotions.tiers.delete(added.id);
    await expect(sdk.promotions.tiers.get(added.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
    await expect(sdk.promotions.tiers.list('camp_0000000000000000aa')).rejects.toMatchObject({ code: 404 });
  });

  test('promotions.stack: the demo promotion has a stack; create, list, get, update and delete stacks', async () => {
    const sdk = await start(true);
    const [demo] = (await sdk.promotions.stack.list()).data ?? [];
    expect(demo).toMatchObject({
      name: 'Autumn bundle',
      object: 'promotion_stack',
      tiers: { hierarchy_mode: 'MANUAL' },
    });
    const campaignId = demo?.campaign_id ?? '';
    const tiers = (await sdk.promotions.tiers.list(campaignId)).tiers ?? [];
    expect(demo?.tiers?.ids).toHaveLength(tiers.length);
    const ids = tiers.map((tier) => tier.id ?? '');

    const created = await sdk.promotions.stack.createInCampaign(campaignId, {
      name: 'SDK stack',
      tiers: { ids, hierarchy_mode: 'MANUAL' },
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^stack_/),
      name: 'SDK stack',
      campaign_id: campaignId,
      tiers: { ids },
    });
    const stackId = created.id ?? '';
    expect((await sdk.promotions.stack.listInCampaign(campaignId)).total).toBe(2);
    expect((await sdk.promotions.stack.get(campaignId, stackId)).name).toBe('SDK stack');

    const reversed = [...ids].reverse();
    const updated = await sdk.promotions.stack.update(campaignId, stackId, {
      name: 'SDK stack 2',
      tiers: { ids: reversed, hierarchy_mode: 'MANUAL' },
    });
    expect(updated).toMatchObject({ name: 'SDK stack 2', tiers: { ids: reversed }, updated_at: expect.any(String) });
    await expect(
      sdk.promotions.stack.createInCampaign(campaignId, {
        name: 'Bad',
        tiers: { ids: ['promo_0000000000000000aa'], hierarchy_mode: 'MANUAL' },
      }),
    ).rejects.toMatchObject({
      code: 404,
      key: 'not_found',
    });

    await sdk.promotions.stack.delete(campaignId, stackId);
    await expect(sdk.promotions.stack.get(campaignId, stackId)).rejects.toMatchObject({ code: 404 });
    expect((await sdk.promotions.stack.list()).total).toBe(1);
  });
});
