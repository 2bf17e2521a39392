import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { T0, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const client = () => mock.serverClient();

const OVER_50 = { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' };
const PERCENT_VOUCHER = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } as const;

const createRule = async (body: Record<string, unknown>) => {
  const created = await client().POST('/v1/validation-rules', { body: { name: 'Rule', ...body } });
  if (!created.data) throw new Error(`rule not created: ${JSON.stringify(created.error)}`);
  return created.data;
};

const rulePath = (validationRuleId: string) => ({ params: { path: { validationRuleId } } });

const assign = (
  validationRuleId: string,
  body: {
    related_object_type?:
      | 'voucher'
      | 'campaign'
      | 'promotion_tier'
      | 'earning_rule'
      | 'reward_assignment'
      | 'distribution';
    related_object_id?: string;
  },
  force?: boolean,
) =>
  client().POST('/v1/validation-rules/{validationRuleId}/assignments', {
    params: { path: { validationRuleId }, query: force === undefined ? {} : { force } },
    body: body as never,
  });

const discountCampaign = (name = 'Summer') =>
  state().campaigns.create({ name, campaign_type: 'DISCOUNT_COUPONS', voucher: PERCENT_VOUCHER });

describe('validation rules: create, read, change, delete', () => {
  test('a new rule gets an id and the defaults, as the service answers it; it reads back the same', async () => {
    const rule = await createRule({ name: 'Over 50', rules: OVER_50, error: { message: 'Spend more than 50' } });
    expect(rule).toEqual({
      id: expect.stringMatching(/^val_[0-9a-f]{18}$/),
      name: 'Over 50',
      rules: OVER_50,
      error: { message: 'Spend more than 50' },
      // A rule that does not limit products has `applicable_to: null`; no assignments, no count.
      applicable_to: null,
      type: 'expression',
      context_type: 'global',
      created_at: T0,
      object: 'validation_rules',
    });
    expect((await client().GET('/v1/validation-rules/{validationRuleId}', rulePath(rule.id))).data).toEqual(rule);
  });

  test('one numbered rule without logic gets logic "1", several get them joined with and', async () => {
    const one = await createRule({
      name: 'One',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] }, rules: {} } },
    });
    expect(one.rules).toEqual({
      1: { name: 'order.amount', conditions: { $more_than: [5000] }, rules: {} },
      logic: '1',
    });
    const two = await createRule({
      name: 'Two',
      rules: {
        2: { name: 'order.items.count', conditions: { $more_than: [1] } },
        1: { name: 'order.amount', conditions: { $more_than: [5000] } },
      },
    });
    expect(two.rules?.logic).toBe('1 and 2');
  });

  test('a rule that only limits products is basic, with empty rules and the defaults of each entry', async () => {
    const rule = await createRule({
      applicable_to: { included: [{ object: 'product', id: 'prod_1', quantity_limit: 2 }] },
    });
    expect(rule).toMatchObject({ type: 'basic', rules: {}, applicable_to: { included_all: false } });
    // The service fills each entry's defaults; an empty list is left out.
    expect(rule.applicable_to?.included).toEqual([
      {
        object: 'product',
        id: 'prod_1',
        quantity_limit: 2,
        effect: 'APPLY_TO_EVERY',
        strict: false,
        repeat: 1,
        skip_initially: 0,
        target: 'ITEM',
      },
    ]);
    expect(rule.applicable_to).not.toHaveProperty('excluded');
  });

  test('an update changes what is sent and keeps the rest, type and context included', async () => {
    const rule = await createRule({
      name: 'Over 50',
      rules: OVER_50,
      type: 'advanced',
      context_type: 'campaign.discount_coupons',
    });
    mock.service.clock.advance(1000);
    const updated = await client().PUT('/v1/validation-rules/{validationRuleId}', {
      ...rulePath(rule.id),
      body: { rules: { 1: { name: 'order.amount', conditions: { $more_than: [6000] } }, logic: '1' } },
    });
    expect(updated.data).toMatchObject({
      id: rule.id,
      name: 'Over 50',
      type: 'advanced',
      context_type: 'campaign.discount_coupons',
      rules: { 1: { conditions: { $more_than: [6000] } } },
      created_at: T0,
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(state().validationRules.get(rule.id).rules).toMatchObject({ 1: { conditions: { $more_than: [6000] } } });
  });

  test('delete answers 204; the rule is gone, with its assignments', async () => {
    const rule = await createRule({ rules: OVER_50 });
    const campaign = discountCampaign();
    expect(
      (await assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id })).response.status,
    ).toBe(200);
    const deleted = await client().DELETE('/v1/validation-rules/{validationRuleId}', rulePath(rule.id));
    expect(deleted.response.status).toBe(204);
    const gone = await client().GET('/v1/validation-rules/{validationRuleId}', rulePath(rule.id));
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ key: 'not_found', resource_type: 'validation_rule', resource_id: rule.id });
    expect((await client().GET('/v1/validation-rules-assignments')).data?.total).toBe(0);
    const shown = await client().GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId: campaign.id } } });
    expect(shown.data?.validation_rules_assignments).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0 });
  });

  test('unknown ids: get, update and delete answer 404', async () => {
    const id = 'val_0000000000000000ff';
    expect((await client().GET('/v1/validation-rules/{validationRuleId}', rulePath(id))).response.status).toBe(404);
    expect(
      (await client().PUT('/v1/validation-rules/{validationRuleId}', { ...rulePath(id), body: { name: 'x' } })).response
        .status,
    ).toBe(404);
    expect((await client().DELETE('/v1/validation-rules/{validationRuleId}', rulePath(id))).response.status).toBe(404);
  });
});

// What the spec's schema already refuses is `invalid_payload`, as for any request; what only the
// rules engine knows (names, operators per rule, logic, properties, limits) is `invalid_validation_rules`.
describe('invalid rule sets answer 400 naming the problem', () => {
  test.each([
    [
      'an unknown rule name',
      { 1: { name: 'order.colour', conditions: { $is: ['red'] } }, logic: '1' },
      'invalid_validation_rules',
      "Rule 'order.colour' is not a known rule (.rules.1)",
    ],
    [
      'a condition value that is not an array',
      { 1: { name: 'order.amount', conditions: { $more_than: 5000 } }, logic: '1' },
      'invalid_payload',
      'Property .rules.1.conditions.$more_than should be array',
    ],
    [
      'an operator the rule does not take',
      { 1: { name: 'order.amount', conditions: { $starts_with: ['1'] } }, logic: '1' },
      'invalid_validation_rules',
      "is not an operator of rule 'order.amount'",
    ],
    [
      'an operand of the wrong kind',
      { 1: { name: 'order.amount', conditions: { $more_than: ['lots'] } }, logic: '1' },
      'invalid_validation_rules',
      '$more_than should be a number',
    ],
    [
      'a logic naming a missing rule',
      { 1: { name: 'order.amount', conditions: { $more_than: [1] } }, logic: '1 and 2' },
      'invalid_validation_rules',
      "Logic '1 and 2' names rule 2, which is not defined (.rules.logic)",
    ],
    [
      'a metadata rule without property',
      { 1: { name: 'order.metadata', conditions: { $is: ['x'] } }, logic: '1' },
      'invalid_validation_rules',
      "Rule 'order.metadata' must have a 'property' (.rules.1)",
    ],
  ])('%s', async (_, rules, key, problem) => {
    const created = await client().POST('/v1/validation-rules', { body: { name: 'Bad', rules: rules as never } });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject({ code: 400, key, details: expect.stringContaining(problem) });
    expect(state().validationRules.list().total).toBe(0);
  });

  test('bad applicable_to, on create and on update', async () => {
    const body = {
      name: 'Bad',
      applicable_to: { included: [{ object: 'product', id: 'prod_1', quantity_limit: -1 }] },
    };
    const created = await client().POST('/v1/validation-rules', { body: body as never });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject({
      key: 'invalid_validation_rules',
      details: expect.stringContaining('.applicable_to.included[0].quantity_limit'),
    });
    const rule = await createRule({ rules: OVER_50 });
    const updated = await client().PUT('/v1/validation-rules/{validationRuleId}', {
      ...rulePath(rule.id),
      body: { rules: { logic: '3' } },
    });
    expect(updated.error).toMatchObject({
      code: 400,
      key: 'invalid_validation_rules',
      details: expect.stringContaining('names rule 3'),
    });
    expect(state().validationRules.get(rule.id).rules).toEqual(OVER_50);
  });

  test('a rule without a name is refused', async () => {
    const created = await client().POST('/v1/validation-rules', { body: { rules: OVER_50 } as never });
    expect(created.response.status).toBe(400);
    expect(created.error?.key).toBe('invalid_payload');
  });
});

describe('the reference documents these rules as examples, and they are accepted', () => {
  type Paths = Record<string, Record<string, { requestBody?: Example; responses: Record<string, Example> }>>;
  type Example = { content: { 'application/json': { examples: Record<string, { value: Record<string, unknown> }> } } };
  const reference = JSON.parse(
    readFileSync(new URL('../../../../../../spec/reference/voucherify-openapi.json', import.meta.url), 'utf8'),
  ) as { paths: Paths };
  const example = (path: string, method: string, where: 'request' | 'response'): Record<string, unknown> => {
    const operation = reference.paths[path]?.[method];
    const body = where === 'request' ? operation?.requestBody : operation?.responses['200'];
    const value = body?.content['application/json'].examples['Example']?.value;
    if (value === undefined) throw new Error(`no example for ${method} ${path}`);
    return value;
  };
  const listed = (example('/v1/validation-rules', 'get', 'response')['data'] as Record<string, unknown>[]).map(
    (rule) => [`listed: ${String(rule['name'])}`, rule] as const,
  );
  // The create answer's example is a schema placeholder (rule names "string", a logic naming rules it
  // lacks), not a rule; the templates' answers name rules by id only.
  const cases = [
    ...listed,
    ['create request', example('/v1/validation-rules', 'post', 'request')],
    ['get answer', example('/v1/validation-rules/{validationRuleId}', 'get', 'response')],
    ['update request', example('/v1/validation-rules/{validationRuleId}', 'put', 'request')],
    ['update answer', example('/v1/validation-rules/{validationRuleId}', 'put', 'response')],
  ] as const;

  test.each(cases)('%s', async (_, body) => {
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      assignments_count: _count,
      object: _object,
      ...fields
    } = body;
    const created = await client().POST('/v1/validation-rules', { body: fields as never });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({ name: fields['name'], rules: fields['rules'] });
  });
});

describe('listing validation rules', () => {
  test('pages, orders by name or date, and narrows by creation date', async () => {
    for (const name of ['Charlie', 'Alpha', 'Bravo']) {
      await createRule({ name, rules: OVER_50 });
      mock.service.clock.advance(60_000);
    }
    const names = async (query: Record<string, unknown>) =>
      ((await client().GET('/v1/validation-rules', { params: { query } })).data?.data ?? []).map((rule) => rule.name);
    expect(await names({})).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(await names({ order: 'created_at' })).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await names({ order: 'name' })).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names({ order: '-name', limit: 2, page: 2 })).toEqual(['Alpha']);
    expect(await names({ start_date: '2026-01-01T00:01:00.000Z', end_date: '2026-01-01T00:01:00.000Z' })).toEqual([
      'Alpha',
    ]);
    const page = await client().GET('/v1/validation-rules', { params: { query: { limit: 1 } } });
    expect(page.data).toMatchObject({ object: 'list', data_ref: 'data', total: 3 });
    const bad = await client().GET('/v1/validation-rules', { params: { query: { order: 'colour' as never } } });
    expect(bad.response.status).toBe(400);
  });
});

describe('assigning validation rules', () => {
  test('to a voucher by code, a campaign by name, and a promotion tier; lists filter by object and rule', async () => {
    const rule = await createRule({ rules: OVER_50 });
    const other = await createRule({ name: 'Other', rules: OVER_50 });
    const campaign = discountCampaign();
    const voucher = state().vouchers.create({ ...PERCENT_VOUCHER, code: 'SOLO' });
    const promotion = state().campaigns.create({
      name: 'Autumn',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'Ten off', action: { discount: { type: 'AMOUNT', amount_off: 1000 } } }] },
    });
    const tierId = promotion.promotion?.tiers?.[0]?.id ?? '';

    const toVoucher = await assign(rule.id, { related_object_id: 'SOLO' });
    expect(toVoucher.data).toEqual({
      id: expect.stringMatching(/^asgm_[0-9a-f]{18}$/),
      rule_id: rule.id,
      related_object_id: voucher.id,
      related_object_type: 'voucher',
      created_at: T0,
      object: 'validation_rules_assignment',
    });
    expect(
      (await assign(rule.id, { related_object_type: 'campaign', related_object_id: 'Summer' })).data?.related_object_id,
    ).toBe(campaign.id);
    expect(
      (await assign(rule.id, { related_object_type: 'promotion_tier', related_object_id: tierId })).data
        ?.related_object_type,
    ).toBe('promotion_tier');
    expect(
      (await assign(other.id, { related_object_type: 'campaign', related_object_id: campaign.id })).response.status,
    ).toBe(200);

    const all = await client().GET('/v1/validation-rules-assignments', { params: { query: { order: 'created_at' } } });
    expect(all.data?.data.map((assignment) => assignment.related_object_type)).toEqual([
      'voucher',
      'campaign',
      'promotion_tier',
      'campaign',
    ]);
    const ofCampaign = await client().GET('/v1/validation-rules-assignments', {
      params: { query: { related_object_id: campaign.id } },
    });
    expect(ofCampaign.data?.data.map((assignment) => assignment.rule_id)).toEqual([other.id, rule.id]);
    const narrowed = await client().GET('/v1/validation-rules-assignments', {
      params: { query: { related_object_id: campaign.id, rule: other.id } },
    });
    expect(narrowed.data?.total).toBe(1);
    const ofRule = await client().GET('/v1/validation-rules/{validationRuleId}/assignments', {
      params: { path: { validationRuleId: rule.id }, query: { limit: 2 } },
    });
    expect(ofRule.data).toMatchObject({ object: 'list', data_ref: 'data', total: 3 });
    expect(ofRule.data?.data.map((assignment) => assignment.related_object_type)).toEqual([
      'promotion_tier',
      'campaign',
    ]);
    expect(
      (await client().GET('/v1/validation-rules/{validationRuleId}', rulePath(rule.id))).data?.assignments_count,
    ).toBe(3);
    const badOrder = await client().GET('/v1/validation-rules-assignments', { params: { query: { order: 'rule' } } });
    expect(badOrder.error).toMatchObject({ code: 400, key: 'invalid_query_params' });
  });

  test("an unknown rule's assignments are an empty list, as the service answers", async () => {
    const listed = await client().GET(
      '/v1/validation-rules/{validationRuleId}/assignments',
      rulePath('val_0000000000000000ff'),
    );
    expect(listed.data).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0 });
  });

  test('an unknown rule or object is a 404; earning rules, rewards and distributions do not exist yet', async () => {
    const rule = await createRule({ rules: OVER_50 });
    const unknownRule = await assign('val_0000000000000000ff', {
      related_object_type: 'campaign',
      related_object_id: discountCampaign().id,
    });
    expect(unknownRule.error).toMatchObject({ code: 404, key: 'not_found', resource_type: 'validation_rule' });
    for (const type of [
      'voucher',
      'campaign',
      'promotion_tier',
      'earning_rule',
      'reward_assignment',
      'distribution',
    ] as const) {
      const unknown = await assign(rule.id, { related_object_type: type, related_object_id: 'x_0000000000000000ff' });
      expect(unknown.error).toMatchObject({
        code: 404,
        key: 'not_found',
        resource_type: type,
        resource_id: 'x_0000000000000000ff',
      });
    }
    const missing = await assign(rule.id, { related_object_type: 'campaign' });
    expect(missing.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('related_object_id'),
    });
    expect(state().validationRules.listAssignments().total).toBe(0);
  });

  test('a rule assigned twice to one object is 409; force=true replaces the assignment', async () => {
    const rule = await createRule({ rules: OVER_50 });
    const campaign = discountCampaign();
    const first = await assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id });
    const again = await assign(rule.id, { related_object_type: 'campaign', related_object_id: 'Summer' });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({
      key: 'duplicate_found',
      resource_id: first.data?.id,
      details: expect.stringContaining('force=true'),
    });
    const forced = await assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id }, true);
    expect(forced.data?.id).not.toBe(first.data?.id);
    expect(
      state()
        .validationRules.assignmentsOf(campaign.id)
        .map((assignment) => assignment.id),
    ).toEqual([forced.data?.id]);
  });

  test('a rule written for another context, or limiting products for what discounts nothing, is refused', async () => {
    const earning = await createRule({ rules: OVER_50, context_type: 'earning_rule.order.paid' });
    const gifts = await createRule({ rules: OVER_50, context_type: 'campaign.gift_vouchers' });
    const promotion = await createRule({ rules: OVER_50, context_type: 'campaign.promotion.discount.apply_to_order' });
    const products = await createRule({ applicable_to: { included: [{ object: 'product', id: 'prod_1' }] } });
    const campaign = discountCampaign();
    const wrongKind = await assign(earning.id, { related_object_type: 'campaign', related_object_id: campaign.id });
    expect(wrongKind.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('earning_rule.order.paid'),
    });
    const wrongCampaign = await assign(gifts.id, { related_object_type: 'campaign', related_object_id: campaign.id });
    expect(wrongCampaign.error).toMatchObject({
      code: 400,
      details: expect.stringContaining('campaign.discount_coupons'),
    });
    const wrongVoucher = await assign(promotion.id, {
      related_object_id: state().vouchers.create({ ...PERCENT_VOUCHER, code: 'SOLO' }).id,
    });
    expect(wrongVoucher.response.status).toBe(400);
    // Checked before the object is looked up, so it shows even though earning rules do not exist yet.
    const nothingToLimit = await assign(products.id, {
      related_object_type: 'earning_rule',
      related_object_id: 'ern_0000000000000000ff',
    });
    expect(nothingToLimit.error).toMatchObject({ code: 400, details: expect.stringContaining('applicable_to') });
    expect(
      (await assign(products.id, { related_object_type: 'campaign', related_object_id: campaign.id })).response.status,
    ).toBe(200);
    const ofGiftCards = state().campaigns.create({
      name: 'Gift Cards',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    expect(
      (await assign(gifts.id, { related_object_type: 'campaign', related_object_id: ofGiftCards.id })).response.status,
    ).toBe(200);
  });

  test('unassigning answers 204; an unknown assignment, or one of another rule, is 404', async () => {
    const rule = await createRule({ rules: OVER_50 });
    const other = await createRule({ name: 'Other', rules: OVER_50 });
    const assignment =
      (await assign(rule.id, { related_object_type: 'campaign', related_object_id: discountCampaign().id })).data?.id ??
      '';
    const path = (validationRuleId: string, assignmentId: string) => ({
      params: { path: { validationRuleId, assignmentId } },
    });
    const wrongRule = await client().DELETE(
      '/v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
      path(other.id, assignment),
    );
    expect(wrongRule.error).toMatchObject({ code: 404, resource_type: 'validation_rules_assignment' });
    const unknownRule = await client().DELETE(
      '/v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
      path('val_0000000000000000ff', assignment),
    );
    expect(unknownRule.error).toMatchObject({ code: 404, resource_type: 'validation_rule' });
    const deleted = await client().DELETE(
      '/v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
      path(rule.id, assignment),
    );
    expect(deleted.response.status).toBe(204);
    expect(
      (
        await client().DELETE(
          '/v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
          path(rule.id, assignment),
        )
      ).response.status,
    ).toBe(404);
    expect(state().validationRules.get(rule.id).assignments_count).toBe(0);
  });
});

describe('vouchers and campaigns read their assignments from the validation rules', () => {
  test("a voucher shows its campaign's rules, then its own, with what the rule can check for it", async () => {
    const campaignRule = await createRule({ rules: OVER_50 });
    const partly = await createRule({
      name: 'Partly',
      rules: {
        1: { name: 'custom_event.metadata', property: 'channel', conditions: { $is: ['web'] } },
        2: { name: 'order.amount', conditions: { $more_than: [1] } },
        logic: '1 or 2',
      },
    });
    const campaign = await client().POST('/v1/campaigns', {
      body: {
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
        validation_rules: [campaignRule.id],
      } as never,
    });
    expect(campaign.data?.validation_rules_assignments?.data).toEqual([
      expect.objectContaining({ rule_id: campaignRule.id, validation_status: 'VALID', validation_omitted_rules: [] }),
    ]);
    const voucher = await client().POST('/v1/vouchers', {
      body: { ...PERCENT_VOUCHER, campaign_id: campaign.data?.id, validation_rules: [partly.id] } as never,
    });
    expect(voucher.data?.validation_rules_assignments).toMatchObject({
      total: 2,
      data: [
        { rule_id: campaignRule.id, related_object_type: 'campaign' },
        {
          rule_id: partly.id,
          related_object_type: 'voucher',
          related_object_id: voucher.data?.id,
          validation_status: 'PARTIALLY_VALID',
          validation_omitted_rules: ['1'],
        },
      ],
    });
  });

  test('unknown rule ids in a voucher or campaign request are a 404 and store nothing', async () => {
    const voucher = await client().POST('/v1/vouchers', {
      body: { ...PERCENT_VOUCHER, code: 'NOPE', validation_rules: ['val_0000000000000000ff'] } as never,
    });
    expect(voucher.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'validation_rule',
      resource_id: 'val_0000000000000000ff',
    });
    expect(state().vouchers.find('NOPE')).toBeUndefined();
    const campaign = await client().POST('/v1/campaigns', {
      body: {
        name: 'Nope',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
        vouchers_count: 1,
        validation_rules: ['val_0000000000000000ff'],
      } as never,
    });
    expect(campaign.error).toMatchObject({ code: 404, resource_type: 'validation_rule' });
    expect(state().campaigns.find('Nope')).toBeUndefined();
    expect(state().vouchers.size).toBe(0);
    const tier = await client().POST('/v1/campaigns', {
      body: {
        name: 'Nope',
        campaign_type: 'PROMOTION',
        promotion: { tiers: [{ name: 'T', validation_rules: ['val_0000000000000000ff'] }] },
      } as never,
    });
    expect(tier.error).toMatchObject({ code: 404, resource_type: 'validation_rule' });
    expect(state().campaigns.find('Nope')).toBeUndefined();
  });

  test("deleting a voucher or a campaign deletes their assignments, the campaign's tiers' and vouchers' too", async () => {
    const rule = await createRule({ rules: OVER_50 });
    const solo = state().vouchers.create({ ...PERCENT_VOUCHER, code: 'SOLO', validation_rules: [rule.id] });
    const campaign = state().campaigns.create({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: PERCENT_VOUCHER,
      validation_rules: [rule.id],
    });
    const inCampaign = state().vouchers.create({ campaign_id: campaign.id, code: 'IN-1', validation_rules: [rule.id] });
    const promotion = state().campaigns.create({
      name: 'Autumn',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'T', validation_rules: [rule.id] }] },
    });
    expect(state().validationRules.get(rule.id).assignments_count).toBe(4);
    await client().DELETE('/v1/vouchers/{code}', { params: { path: { code: 'SOLO' } } });
    expect(state().validationRules.assignmentsOf(solo.id)).toEqual([]);
    await client().DELETE('/v1/campaigns/{campaignId}', {
      params: { path: { campaignId: campaign.id }, query: { force: true } },
    });
    await client().DELETE('/v1/campaigns/{campaignId}', { params: { path: { campaignId: promotion.id } } });
    await mock.service.scheduler.drain();
    expect(state().vouchers.find(inCampaign.id)).toBeUndefined();
    expect(state().validationRules.get(rule.id).assignments_count).toBe(0);
  });
});

describe('events', () => {
  test('rule and assignment changes are recorded, with the request as group and the object in short form', async () => {
    const rule = await createRule({ name: 'Over 50', rules: OVER_50 });
    const campaign = discountCampaign();
    const assignment = (await assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id }))
      .data;
    await client().PUT('/v1/validation-rules/{validationRuleId}', { ...rulePath(rule.id), body: { name: 'Over 60' } });
    await client().DELETE('/v1/validation-rules/{validationRuleId}', rulePath(rule.id));
    const events = state()
      .events.list()
      .filter((event) => event.type.startsWith('business_validation_rule.'));
    expect(events.map((event) => event.type)).toEqual([
      'business_validation_rule.created',
      'business_validation_rule.assignment.created',
      'business_validation_rule.updated',
      'business_validation_rule.assignment.deleted',
      'business_validation_rule.deleted',
    ]);
    const [created] = state().events.list({ type: 'business_validation_rule.assignment.created' });
    expect(created?.data).toMatchObject({
      rule: { id: rule.id },
      assignment: { id: assignment?.id },
      campaign: { id: campaign.id, name: 'Summer' },
      voucher: null,
      promotion_tier: null,
    });
    expect(created?.group_id).toMatch(/^v-/);
    const [deleted] = state().events.list({ type: 'business_validation_rule.deleted' });
    expect(deleted?.data).toMatchObject({ rule: { id: rule.id, name: 'Over 60', assignments_count: 1 } });
  });
});

describe('the port of the validation engine', () => {
  test("rulesFor gives a redeemable's rules compiled, campaign's first; an update gives a new version", () => {
    const { validationRules, vouchers, campaigns } = state();
    const campaignRule = validationRules.create({ name: 'Over 50', rules: OVER_50 });
    const voucherRule = validationRules.create({
      name: 'Few units',
      rules: { 1: { name: 'order.items.count', conditions: { $less_than_or_equal: [3] } }, logic: '1' },
    });
    const campaign = campaigns.create({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: PERCENT_VOUCHER,
      validation_rules: [campaignRule.id],
    });
    const voucher = vouchers.create({ campaign_id: campaign.id, code: 'IN-1', validation_rules: [voucherRule.id] });
    const rules = validationRules.rulesFor({ object: 'voucher', id: voucher.id, campaign_id: campaign.id });
    expect(rules.map((rule) => [rule.rule.id, rule.assignment.related_object_type, rule.version])).toEqual([
      [campaignRule.id, 'campaign', 1],
      [voucherRule.id, 'voucher', 1],
    ]);
    const order = { amount: 4000, items: [{ quantity: 2, price: 2000, amount: 4000 }] };
    expect(rules[0]?.evaluate({ now: Date.parse(T0), order })).toMatchObject({
      valid: false,
      failure: { key: 'order_rules_violated' },
    });
    expect(rules[1]?.evaluate({ now: Date.parse(T0), order }).valid).toBe(true);
    // The compiled form is kept until the rule changes.
    expect(validationRules.rulesFor({ object: 'voucher', id: voucher.id, campaign_id: campaign.id })[0]?.evaluate).toBe(
      rules[0]?.evaluate,
    );
    validationRules.update(campaignRule.id, {
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [3000] } }, logic: '1' },
    });
    const [changed] = validationRules.rulesFor({ object: 'voucher', id: voucher.id, campaign_id: campaign.id });
    expect(changed?.version).toBe(2);
    expect(changed?.evaluate({ now: Date.parse(T0), order }).valid).toBe(true);
    expect(validationRules.rulesFor({ object: 'promotion_tier', id: 'promo_0000000000000000ff' })).toEqual([]);
  });
});
