/**
 * The official Voucherify SDK manages validation rules and their assignments against the HTTP
 * sandbox.
 */
import { describe, expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-validation-rules');
const start = async (demo = false) => (await sandbox({ demo })).sdk;

// The SDK's own types describe an older rule shape (and no context_type); the casts are for those places only.

describe('the official SDK against the sandbox: validation rules', () => {
  test('create, get, update, assign, list assignments, unassign and delete', async () => {
    const sdk = await start();
    const rule = await sdk.validationRules.create({
      name: 'SDK over 50',
      error: { message: 'Spend more than 50' },
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] }, rules: {} }, logic: '1' },
    } as never);
    expect(rule).toMatchObject({
      id: expect.stringMatching(/^val_/),
      name: 'SDK over 50',
      type: 'expression',
      context_type: 'global',
      object: 'validation_rules',
    });
    // Without assignments the service leaves the count out.
    expect(await sdk.validationRules.get(rule.id)).not.toHaveProperty('assignments_count');

    const updated = await sdk.validationRules.update({
      id: rule.id,
      name: 'SDK over 60',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [6000] } }, logic: '1' },
    } as never);
    expect(updated).toMatchObject({
      id: rule.id,
      name: 'SDK over 60',
      rules: { 1: { conditions: { $more_than: [6000] } } },
    });
    await expect(
      sdk.validationRules.create({
        name: 'Broken',
        rules: { 1: { name: 'order.colour', conditions: { $is: ['red'] } }, logic: '1' },
      } as never),
    ).rejects.toMatchObject({
      code: 400,
      key: 'invalid_validation_rules',
    });

    const campaign = await sdk.campaigns.create({
      name: 'SDK Rules',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    } as never);
    const assignment = await sdk.validationRules.createAssignment(rule.id, {
      related_object_type: 'campaign',
      related_object_id: campaign.id,
    } as never);
    expect(assignment).toMatchObject({
      id: expect.stringMatching(/^asgm_/),
      rule_id: rule.id,
      related_object_id: campaign.id,
      related_object_type: 'campaign',
    });
    await expect(
      sdk.validationRules.createAssignment(rule.id, {
        related_object_type: 'campaign',
        related_object_id: campaign.id,
      } as never),
    ).rejects.toMatchObject({
      code: 409,
      key: 'duplicate_found',
    });

    const listed = await sdk.validationRules.listAssignments(rule.id);
    expect(listed).toMatchObject({ object: 'list', total: 1, data: [{ id: assignment.id }] });
    const everywhere = await sdk.validationRules.listRulesAssignments({ related_object_id: campaign.id });
    expect(everywhere.data.map((item) => item.rule_id)).toEqual([rule.id]);
    expect((await sdk.campaigns.get(campaign.id)).validation_rules_assignments).toMatchObject({
      total: 1,
      data: [{ rule_id: rule.id }],
    });

    await sdk.validationRules.deleteAssignment(rule.id, assignment.id);
    expect((await sdk.validationRules.listAssignments(rule.id)).total).toBe(0);
    await sdk.validationRules.delete(rule.id);
    await expect(sdk.validationRules.get(rule.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
  });

  test('the demo data has a rule assigned to the Summer Sale', async () => {
    const sdk = await start(true);
    const { data } = await sdk.validationRules.list();
    expect(data.map((rule) => rule.name).sort()).toEqual(['Mug and lamp', 'Orders over 50, two mugs at most']);
    const summerRule = data.find((rule) => rule.name === 'Orders over 50, two mugs at most');
    const summer = await sdk.campaigns.get('Summer Sale');
    expect(summer.validation_rules_assignments).toMatchObject({
      total: 1,
      data: [{ rule_id: summerRule?.id, related_object_type: 'campaign' }],
    });
  });
});
