/**
 * `POST /v1/validation-rules/{validationRuleId}/validation`: one rule judged on its own on a
 * customer and an order by the engine that judges the rules of redeemables; nothing is stored.
 */
import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const rules = () => mock.serverClient().validationRules;

const OVER_50 = { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' };

describe('POST /v1/validation-rules/{validationRuleId}/validation', () => {
  test('says whether the order rule holds; with a product rule, which lines it covers, with the catalogue ids', async () => {
    const { product: mug } = state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1500 });
    const rule = state().validationRules.create({
      name: 'Orders over 50, mugs',
      error: { message: 'Spend more than 50.' },
      rules: OVER_50,
      applicable_to: { included: [{ object: 'product', id: mug.id }] },
    } as never);
    const order = (amount: number) => ({
      order: {
        items: [
          { product_id: mug.id, quantity: 2, price: 1500 },
          { source_id: 'lamp', quantity: 1, price: amount - 3000 },
        ],
      },
    });

    const holds = await rules().validate(rule.id, order(6000));
    expect(holds).toEqual({
      valid: true,
      rule_id: rule.id,
      applicable_to: {
        object: 'list',
        data_ref: 'data',
        total: 1,
        data: [expect.objectContaining({ object: 'product', id: mug.id, source_id: 'mug', order_item_indices: [0] })],
      },
    });
    expect(holds).not.toHaveProperty('error');

    const fails = await rules().validate(rule.id, order(4000));
    expect(fails).toEqual({
      valid: false,
      rule_id: rule.id,
      applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      error: { code: 400, key: 'order_rules_violated', message: 'Spend more than 50.' },
    });
    expect(state().orders.list().total).toBe(0);
    expect(state().redemptions.list().total).toBe(0);
  });

  test('judges the customer as stored (metadata, segments) or as the request describes them; counts never bind', async () => {
    const vip = state().validationRules.create({
      name: 'VIP',
      rules: { 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['VIP'] } }, logic: '1' },
    } as never);
    state().customers.upsert({ source_id: 'ana', metadata: { tier: 'VIP' } }, { silent: true });
    expect(await rules().validate(vip.id, { customer: { source_id: 'ana' } })).toMatchObject({ valid: true });
    expect(await rules().validate(vip.id, { customer: { source_id: 'ben', metadata: { tier: 'VIP' } } })).toMatchObject(
      { valid: true },
    );
    expect(await rules().validate(vip.id, { customer: { source_id: 'cho' } })).toMatchObject({
      valid: false,
      error: { key: 'redemption_rules_violated' },
    });
    expect(state().customers.find('ben')).toBeUndefined();
    const fans = state().segments.create({
      name: 'Fans',
      type: 'static',
      customers: [state().customers.get('ana').id],
    });
    const inFans = state().validationRules.create({
      name: 'Fans only',
      rules: { 1: { name: 'customer.segment', conditions: { $is: [fans.id] } }, logic: '1' },
    } as never);
    expect(await rules().validate(inFans.id, { customer: { source_id: 'ana' } })).toMatchObject({ valid: true });
    expect(await rules().validate(inFans.id, { customer: { source_id: 'cho' } })).toMatchObject({
      valid: false,
      error: { key: 'customer_rules_violated' },
    });
    const once = state().validationRules.create({
      name: 'Once',
      rules: { 1: { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } }, logic: '1' },
    } as never);
    expect(await rules().validate(once.id, { customer: { source_id: 'ana' } })).toMatchObject({ valid: true });
    // Without a body there is no customer for a rule about one, and an empty order.
    expect(await rules().validate(once.id)).toMatchObject({ valid: false, rule_id: once.id });
    const over50 = state().validationRules.create({ name: 'Over 50', rules: OVER_50 } as never);
    expect(await rules().validate(over50.id)).toMatchObject({ valid: false, error: { key: 'order_rules_violated' } });
  });

  test('errors: an unknown rule 404, an unknown customer id 404, a malformed order 400, wrong keys 401', async () => {
    const rule = state().validationRules.create({ name: 'Over 50', rules: OVER_50 } as never);
    await expect(rules().validate('val_0000000000000000ff', {})).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'validation_rule',
    });
    await expect(rules().validate(rule.id, { customer: { id: 'cust_0000000000000000ff' } })).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
    });
    await expect(rules().validate(rule.id, { order: { amount: 'lots' } } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    const wrong = await mock.raw(`/v1/validation-rules/${rule.id}/validation`, {
      method: 'POST',
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
  });
});
