/**
 * Every error response the spec documents for an implemented operation is produced by the mock,
 * in strict mode, with one of the keys the spec's examples give for that status. The list of
 * cases is derived from the spec, so a new operation or a new documented status fails here until
 * it has a scenario: generic ones cover what every operation shares (auth, scopes, rate limits,
 * maintenance, unknown ids, malformed input), the table below what only one operation can do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { implementedOperations } from '../../src/areas/registry.js';
import { documentedErrors } from '../../src/generated/documented-errors.js';
import { OAUTH_SCOPES } from '../../src/generated/routes.js';
import { type OperationId, loadOperations } from '../../src/index.js';

const { operations } = await loadOperations();
import type { MockService } from '../../src/index.js';
import { MAX_BODY_BYTES } from '../../src/http/limits.js';
import { useMockService } from '../support/setup.js';

const mock = useMockService();

// ---------------------------------------------------------------------------------------------
// What the spec says

interface SpecOperation {
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
}
type Bundle = {
  paths: Record<string, Record<string, SpecOperation>>;
  components: Record<string, Record<string, unknown>>;
};

const bundle = JSON.parse(
  readFileSync(new URL('../../../../spec/generated/openapi.json', import.meta.url), 'utf8'),
) as Bundle;

const resolve = (value: unknown): unknown => {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (ref === undefined) return value;
  const [, , section, name] = ref.split('/');
  return resolve(bundle.components[section ?? '']?.[name ?? '']);
};

const specOf = (id: OperationId): SpecOperation => {
  const { path, method } = operations[id];
  const operation = bundle.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${id} is not in the bundle`);
  return operation;
};

/** The `key`s of the examples the spec gives for a status (generated from it); empty when it gives none. */
const documentedKeys = (id: OperationId, status: string): readonly string[] => documentedErrors[id][status] ?? [];

const PERCENT_VOUCHER = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } as const;

const csvUpload = (text: string): FormData => {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'vouchers.csv');
  return form;
};

/** Valid bodies of operations whose spec gives no request example. */
const VALID_BODIES: Partial<Record<OperationId, unknown>> = {
  generateRandomCode: PERCENT_VOUCHER,
  createVoucher: PERCENT_VOUCHER,
  updateVoucher: { active: false },
  updateVoucherBalance: { amount: 100 },
  exportVoucherTransactions: {},
  importVouchers: [{ ...PERCENT_VOUCHER, code: 'IMPORTED-1' }],
  updateVouchersInBulk: [{ code: 'IMPORTED-1', metadata: { batch: 1 } }],
  updateVouchersMetadataInBulk: { codes: ['IMPORTED-1'], metadata: { batch: 1 } },
  createCampaign: { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS', voucher: PERCENT_VOUCHER },
  updateCampaign: { description: 'Longer summer' },
  addVouchersToCampaign: {},
  addVoucherWithSpecificCodeToCampaign: {},
  importVouchersToCampaign: [{ code: 'IMPORTED-1' }],
  exportCampaignTransactions: {},
  createValidationRule: {
    name: 'Over 50',
    rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
  },
  updateValidationRule: { name: 'Over 60' },
  createValidationRuleAssignment: { related_object_type: 'campaign', related_object_id: 'camp_0000000000000000ff' },
  createPublication: { voucher: 'NO-SUCH-CODE', customer: { source_id: 'ana' } },
  validateStackedDiscounts: { redeemables: [{ object: 'voucher', id: 'UNKNOWN-CODE' }] },
  validateStackedDiscountsClientSide: { redeemables: [{ object: 'voucher', id: 'UNKNOWN-CODE' }] },
  redeemStackedDiscounts: { redeemables: [{ object: 'voucher', id: 'UNKNOWN-CODE' }] },
  redeemStackedDiscountsClientSide: { redeemables: [{ object: 'voucher', id: 'UNKNOWN-CODE' }] },
  rollbackRedemption: {},
  rollbackStackedRedemptions: {},
  validatePromotionTier: {},
  redeemPromotionTier: {},
  redeemVoucherClientSide: {},
  checkEligibility: { order: { amount: 1000 } },
  checkEligibilityClientSide: { order: { amount: 1000 } },
  createLoyaltyProgram: { name: 'Members', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } },
  updateLoyaltyProgram: { description: 'Points for every order' },
  addMember: { customer: { source_id: 'ana' } },
  updateLoyaltyCardBalance: { points: 100 },
  updateLoyaltyCardBalanceInCampaign: { points: 100 },
  createEarningRule: [{ event: 'order.paid', loyalty: { type: 'FIXED', points: 10 } }],
  updateEarningRule: { active: false },
  adjustMemberPendingPoints: { points: 10 },
  createLoyaltyTiers: [{ name: 'Silver', points: { from: 100 } }],
  transferPoints: [{ code: 'LC-1', points: 10 }],
  exportLoyaltyCampaignTransactions: {},
  exportLoyaltyCardTransactions: {},
  exportLoyaltyCardTransactionsInCampaign: {},
  createPointsExpirationExport: {},
  createReward: { name: 'Pay with points', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } } },
  updateReward: { name: 'Renamed' },
  createRewardAssignment: { campaign: 'camp_1', parameters: { loyalty: { points: 100 } } },
  updateRewardAssignment: { parameters: { loyalty: { points: 120 } } },
  updateLoyaltyRewardAssignment: { parameters: { loyalty: { points: 120 } } },
  createLoyaltyRewardAssignment: [{ reward: 'rew_1', parameters: { loyalty: { points: 100 } } }],
  redeemReward: { reward: { id: 'rew_1' } },
  redeemRewardInCampaign: { reward: { id: 'rew_1' } },
  createManagementMetadataSchema: {
    related_object: 'customer',
    properties: { vip: { type: 'boolean', optional: true, array: false } },
  },
  updateManagementMetadataSchema: { properties: { vip: { type: 'boolean', optional: true, array: false } } },
  createCustomEventSchema: {
    name: 'review_left',
    schema: { properties: { stars: { type: 'number', optional: false } } },
  },
  updateCustomEventSchema: { schema: { properties: { stars: { type: 'number', optional: true } } } },
  createBrand: {
    brand: { name: 'Corner Bakery' },
    address: { street: 'Rua Nova 1', city: 'Porto', postal: null, country: 'Portugal' },
    contact: { email: 'hello@corner.example' },
  },
  updateBrand: { brand: { name: 'Corner Café' } },
  createProject: { name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'EUR' },
  updateProject: { name: 'EU store' },
  createWebhook: { target_url: 'https://shop.example.com/hooks', events: ['redemption.succeeded'] },
  addReferralCodeHolders: { holders: [{ source_id: 'ben' }] },
  addReferralCodeHoldersInCampaign: { holders: [{ source_id: 'ben' }] },
  updateWebhook: { events: ['redemption.failed'] },
  createCampaignTemplate: { name: 'Spring set-up', campaign_id: 'camp_0000000000000000ff' },
  updateCampaignTemplate: { name: 'Spring set-up 2027' },
  createCampaignFromTemplate: { name: 'From a template' },
  addTierFromTemplate: { name: 'From a template', campaign_id: 'camp_0000000000000000ff' },
  managementCopyCampaignTemplate: { name: 'Spring in production', destination_project_id: 'proj_0000000000000000ff' },
  examineVouchersQualification: { order: { amount: 1000 } },
  examineCampaignsQualification: { order: { amount: 1000 } },
  validateValidationRule: { order: { amount: 1000 } },
  createPublicationClientSide: { customer: { source_id: 'ana' } },
  createCustomerClientSide: { source_id: 'ana' },
};

/** Bodies built per request (a FormData cannot be sent twice). */
const FRESH_BODIES: Partial<Record<OperationId, () => unknown>> = {
  importVouchersUsingCsv: () => csvUpload('code,discount_type,value\nIMPORTED-1,PERCENT,10\n'),
  importVouchersToCampaignUsingCsv: () => csvUpload('code\nIMPORTED-1\n'),
};

/** The first example of the request body, which is a valid request by the spec's own lint, else a valid body of ours. */
const exampleBody = (id: OperationId): unknown => {
  const content = specOf(id).requestBody?.content ?? {};
  const first = Object.values(Object.values(content)[0]?.examples ?? {})[0];
  return first === undefined
    ? (FRESH_BODIES[id]?.() ?? VALID_BODIES[id])
    : (resolve(first) as { value: unknown }).value;
};

// ---------------------------------------------------------------------------------------------
// Building requests for any operation

interface RequestSpec {
  /** Values of path parameters; `projectId` defaults to the primary project, the rest to an unknown id. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON or form body; `null` sends none; default the spec's example. */
  body?: unknown;
  /** Credentials: the operation's own keys (default), none, or a bearer token. */
  auth?: 'keys' | 'none' | { bearer: string };
  /** The raw body to send instead of the encoded `body`. */
  payload?: string;
  /** The content type to declare instead of the operation's own. */
  contentType?: string;
}

type Operation = (typeof operations)[OperationId];

const UNKNOWN_ID = 'unknown_0000000000';

const keyHeaders = (service: MockService, operation: Operation): Record<string, string> => {
  const management = operation.security.some((requirement) => 'X-Management-Id' in requirement);
  if (management)
    return {
      'X-Management-Id': service.management.managementId,
      'X-Management-Token': service.management.managementToken,
    };
  const { appId, appToken, clientAppId, clientToken } = service.projects.primary.keys;
  const client = operation.security.some((requirement) => 'X-Client-Application-Id' in requirement);
  if (client) return { 'X-Client-Application-Id': clientAppId, 'X-Client-Token': clientToken };
  return { 'X-App-Id': appId, 'X-App-Token': appToken };
};

const send = (id: OperationId, spec: RequestSpec = {}): Promise<Response> => {
  const service = mock.service;
  const operation = operations[id];
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(spec.params?.[name] ?? (name === 'projectId' ? service.projects.primary.id : UNKNOWN_ID)),
  );
  const query = new URLSearchParams(spec.query).toString();
  const headers: Record<string, string> =
    spec.auth === 'none'
      ? {}
      : typeof spec.auth === 'object'
        ? { authorization: `Bearer ${spec.auth.bearer}` }
        : keyHeaders(service, operation);
  const body = spec.body === undefined ? exampleBody(id) : spec.body;
  let payload: string | FormData | undefined;
  if (operation.body && body instanceof FormData && spec.payload === undefined && spec.contentType === undefined) {
    // fetch writes the multipart content type itself, with the boundary.
    payload = body;
  } else if (operation.body && body !== null && body !== undefined) {
    headers['content-type'] = spec.contentType ?? operation.body.contentType;
    payload =
      spec.payload ??
      (operation.body.contentType === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(body as Record<string, string>).toString()
        : JSON.stringify(body instanceof FormData ? {} : body));
  }
  return mock.raw(`${path}${query ? `?${query}` : ''}`, {
    method: operation.method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
};

/** A query parameter of the operation that a non-numeric, non-boolean word breaks. */
const typedQueryParameter = (id: OperationId): string | undefined => {
  const shape = (operations[id].query as unknown as { shape: Record<string, unknown> }).shape;
  return Object.keys(shape).find((name) => {
    const probe = (operations[id].query as unknown as { safeParse(value: unknown): { success: boolean } }).safeParse({
      [name]: 'not-a-value',
    });
    return !probe.success;
  });
};

// ---------------------------------------------------------------------------------------------
// Scenarios

type Scenario = (id: OperationId) => Promise<Response>;

const accepts = (id: OperationId, scheme: string): boolean =>
  operations[id].security.some((requirement) => scheme in requirement);
const pathParameters = (id: OperationId): string[] =>
  [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

/** Scenarios every operation can be put through, or undefined where the operation cannot. */
const generic: Record<string, (id: OperationId) => Scenario | undefined> = {
  '400': (id) => {
    if (operations[id].body)
      return () =>
        send(id, { body: operations[id].body?.contentType === 'application/json' ? [] : { unexpected: 'x' } });
    const name = typedQueryParameter(id);
    if (name !== undefined) return () => send(id, { query: { [name]: 'not-a-value' } });
    // A path id longer than any the service issues is refused as bad input.
    const [parameter] = pathParameters(id);
    return parameter === undefined ? undefined : () => send(id, { params: { [parameter]: 'x'.repeat(256) } });
  },
  '401': () => (id) => send(id, { auth: 'none' }),
  '403': (id) => {
    if (!accepts(id, 'OAuth2')) return undefined;
    const accepted = new Set(
      operations[id].security.flatMap(
        (requirement) => (requirement as Record<string, readonly string[]>)['OAuth2'] ?? [],
      ),
    );
    const other = OAUTH_SCOPES.find((scope) => !accepted.has(scope) && scope !== 'api' && scope !== 'client_api');
    if (other === undefined) return undefined;
    return async () => {
      const project = mock.service.projects.primary;
      const token = project.state.oauth.issue(project.keys.appId, other);
      return send(id, { auth: { bearer: token.access_token } });
    };
  },
  // The management API is a feature of some plans only; an organisation without it gets 402.
  '402': () => (id) => {
    mock.service.failures.inject({ status: 402, operationId: id });
    return send(id);
  },
  '404': (id) => {
    const ids = pathParameters(id);
    if (ids.some((name) => name !== 'projectId')) return () => send(id);
    return ids.includes('projectId') ? () => send(id, { params: { projectId: UNKNOWN_ID } }) : undefined;
  },
  '413': (id) => (operations[id].body ? () => send(id, { payload: ' '.repeat(MAX_BODY_BYTES + 1) }) : undefined),
  '415': (id) => (operations[id].body ? () => send(id, { contentType: 'text/plain' }) : undefined),
  '429': () => (id) => {
    mock.service.failures.inject({ status: 429, operationId: id, retryAfter: 1 });
    return send(id);
  },
  '500': () => (id) => {
    mock.service.failures.inject({ status: 500, operationId: id });
    return send(id);
  },
};

const state = () => mock.service.projects.primary.state;

/** A referral code of a referrer with Ben as its referee already, as the holder paths name it. */
const referralCodeWithReferee = (): Record<string, string> => {
  const campaign = state().campaigns.create({
    name: 'Friends',
    campaign_type: 'REFERRAL_PROGRAM',
    type: 'AUTO_UPDATE',
    voucher: PERCENT_VOUCHER,
  } as never);
  const voucher = state().publications.publishOne(
    { campaign: { name: campaign.id }, customer: { source_id: 'ana' } },
    {},
  );
  state().referralHolders.add(voucher.code, undefined, { holders: [{ source_id: 'ben' }] });
  return { campaignId: campaign.id, memberId: voucher.code };
};

const UNKNOWN_CUSTOMER = 'cust_0000000000000000ff';
const UNKNOWN_ORDER = 'ord_0000000000000000ff';

/** A stack with a promotion stack among other redeemables, which no request may send. */
const stackWithOthers = {
  '400': (id: OperationId) =>
    send(id, {
      body: {
        redeemables: [
          { object: 'promotion_stack', id: 'stack_1' },
          { object: 'voucher', id: 'A' },
        ],
      },
    }),
};

/** A redemption of a fresh voucher, stacked with a second one when `stacked`. */
const redeemed = (stacked: boolean): string => {
  state().vouchers.create({ ...PERCENT_VOUCHER, code: 'R-1' });
  state().vouchers.create({ ...PERCENT_VOUCHER, code: 'R-2' });
  const origin = { requestId: 'v-000000000000000000', channel: { channel_id: 'test', channel_type: 'API' as const } };
  const result = state().redemptions.redeem(
    {
      redeemables: [{ object: 'voucher', id: 'R-1' }, ...(stacked ? [{ object: 'voucher' as const, id: 'R-2' }] : [])],
    },
    origin,
  );
  return result.parent_redemption?.id ?? result.redemptions?.[0]?.id ?? '';
};

/** A redemption rolled back long enough ago that another rollback is `already_rolled_back`. */
const rolledBack = (id: OperationId): Promise<Response> => {
  const redemptionId = redeemed(false);
  state().redemptions.rollback(redemptionId, {}, true, {
    requestId: 'v-000000000000000001',
    channel: { channel_id: 'test', channel_type: 'API' },
  });
  mock.service.clock.advance(60_000);
  return send(id, { params: { redemptionId, parentRedemptionId: redemptionId } });
};

/** A loyalty programme that offers a pay-with-points reward. */
const assignedReward = () => {
  const programme = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
  const reward = state().rewards.create({ parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } } } as never);
  state().rewards.assign(reward.id, programme.id, {});
  return { programme, reward };
};

/** Size and media type refusals of a file upload, which has no example body to start from. */
const upload: Record<string, Scenario> = {
  '413': (id) => send(id, { body: {}, payload: ' '.repeat(MAX_BODY_BYTES + 1) }),
  '415': (id) => send(id, { body: {}, payload: 'code\nA\n', contentType: 'text/csv' }),
};
/** A bulk update whose entry lacks the `source_id` that names it (an empty list is valid). */
const bulkWithoutSourceId = { '400': (id: OperationId) => send(id, { body: [{ name: 'No source id' }] }) };

/** What only some operations can run into, with the setup that gets them there. */
const specific: Partial<Record<OperationId, Record<string, Scenario>>> = {
  checkEligibility: {
    '404': (id) => send(id, { body: { customer: { id: 'cust_0000000000000000ff' }, order: { amount: 1000 } } }),
  },
  checkEligibilityClientSide: {
    '404': (id) => send(id, { body: { customer: { id: 'cust_0000000000000000ff' }, order: { amount: 1000 } } }),
  },
  examineVouchersQualification: { '404': (id) => send(id, { body: { customer: { id: 'cust_0000000000000000ff' } } }) },
  examineCampaignsQualification: { '404': (id) => send(id, { body: { order: { id: 'ord_0000000000000000ff' } } }) },
  createPublicationClientSide: {
    '404': (id) => {
      mock.service.projects.configure(mock.service.projects.primary.id, { client_publish_enabled: true });
      return send(id, { query: { campaign: 'No such campaign' } });
    },
  },
  createCategory: {
    '409': (id) => {
      state().categories.create({ name: 'Summer', hierarchy: 1 });
      return send(id, { body: { name: 'Summer', hierarchy: 2 } });
    },
  },
  updateCategory: {
    '409': (id) => {
      state().categories.create({ name: 'Summer', hierarchy: 1 });
      const winter = state().categories.create({ name: 'Winter', hierarchy: 1 });
      return send(id, { params: { categoryId: winter.id }, body: { name: 'Summer', hierarchy: 1 } });
    },
  },
  deleteCategory: {
    '409': (id) => {
      const category = state().categories.create({ name: 'Summer', hierarchy: 1 });
      state().stackingRules.create({ exclusive_categories: [category.id] }, () => true);
      return send(id, { params: { categoryId: category.id } });
    },
  },
  createLoyaltyProgram: {
    '409': (id) => {
      state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
      return send(id, { body: { name: 'Members' } });
    },
  },
  createEarningRule: {
    '400': (id) => {
      const programme = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
      return send(id, { params: { campaignId: programme.id }, body: [{ event: 'order.paid' }] });
    },
  },
  createLoyaltyTiers: {
    '400': (id) => {
      const programme = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
      return send(id, { params: { campaignId: programme.id }, body: [{ name: 'Odd', points: { from: 10, to: 5 } }] });
    },
  },
  transferPoints: {
    '400': (id) => {
      const programme = state().campaigns.create({
        name: 'Members',
        campaign_type: 'LOYALTY_PROGRAM',
        vouchers_count: 1,
      } as never);
      const [cardId] = state().vouchers.idsOfCampaign(programme.id);
      const card = state().vouchers.publish(
        String(cardId),
        state().customers.resolve({ source_id: 'ana' }).customer.id,
      );
      return send(id, { params: { campaignId: programme.id, memberId: card.code }, body: [] });
    },
  },
  createReward: { '404': (id) => send(id, { body: { parameters: { campaign: { id: 'camp_0000000000000000ff' } } } }) },
  createRewardAssignment: {
    '409': (id) => {
      const { programme, reward } = assignedReward();
      return send(id, {
        params: { rewardId: reward.id },
        body: { campaign: programme.id, parameters: { loyalty: { points: 5 } } },
      });
    },
  },
  createLoyaltyRewardAssignment: {
    '400': (id) => {
      const programme = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
      return send(id, { params: { campaignId: programme.id }, body: [] });
    },
    '409': (id) => {
      const { programme, reward } = assignedReward();
      return send(id, {
        params: { campaignId: programme.id },
        body: [{ reward: reward.id, parameters: { loyalty: { points: 5 } } }],
      });
    },
  },
  checkLoyaltyQualifications: {
    '400': (id) => {
      const programme = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
      return send(id, { params: { campaignId: programme.id } });
    },
  },
  createMetadataSchema: {
    '409': (id) => {
      state().metadataSchemas.create('customer', { properties: {} });
      return send(id, { params: { metadataSchemaId: 'customer' } });
    },
  },
  importVouchers: {
    '400': (id) => send(id, { body: { code: 'NOT-A-LIST' } }),
  },
  importVouchersToCampaign: {
    '400': (id) => send(id, { body: { code: 'NOT-A-LIST' } }),
  },
  updateVouchersInBulk: {
    '400': (id) => send(id, { body: { code: 'NOT-A-LIST' } }),
  },
  createCampaign: {
    '404': (id) => send(id, { body: { name: 'Summer', category_id: 'cat_0000000000000000ab' } }),
    '409': (id) => {
      state().campaigns.create({ name: 'Summer' });
      return send(id, { body: { name: 'Summer' } });
    },
  },
  addVouchersToCampaign: {
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      state().vouchers.create({ ...PERCENT_VOUCHER, code: 'TAKEN' });
      return send(id, { params: { campaignId: campaign.id }, body: { code: 'TAKEN' } });
    },
  },
  generateRandomCode: {
    '404': (id) => send(id, { body: { ...PERCENT_VOUCHER, campaign: 'No such campaign' } }),
    '409': (id) => {
      state().vouchers.create({ ...PERCENT_VOUCHER, code: 'TAKEN' });
      return send(id, { body: { ...PERCENT_VOUCHER, code: 'TAKEN' } });
    },
  },
  createVoucher: {
    '404': (id) =>
      send(id, { params: { code: 'NEW-CODE' }, body: { ...PERCENT_VOUCHER, category_id: 'cat_0000000000000000ab' } }),
    '409': (id) => {
      state().vouchers.create({ ...PERCENT_VOUCHER, code: 'TAKEN' });
      return send(id, { params: { code: 'TAKEN' } });
    },
  },
  addVoucherWithSpecificCodeToCampaign: {
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      state().vouchers.create({ ...PERCENT_VOUCHER, code: 'TAKEN' });
      return send(id, { params: { campaignId: campaign.id, code: 'TAKEN' } });
    },
  },
  createCustomer: {
    '404': (id) => send(id, { body: { id: 'cust_0000000000000000ff', name: 'Ana' } }),
  },
  trackCustomEvent: {
    '404': (id) => send(id, { body: { event: 'signed_up', customer: { id: 'cust_0000000000000000ff' } } }),
  },
  trackCustomEventClientSide: {
    '404': (id) => send(id, { body: { event: 'signed_up', customer: { id: 'cust_0000000000000000ff' } } }),
  },
  importOrders: {
    // An empty list is a valid import; a line of the wrong type is not.
    '400': (id) => send(id, { body: [{ source_id: 'o-1', status: 'SHIPPED' }] }),
  },
  importCustomersUsingCsv: upload,
  importProductsUsingCsv: upload,
  importSkusUsingCsv: upload,
  updateCustomersInBulk: bulkWithoutSourceId,
  updateProductsInBulk: bulkWithoutSourceId,
  createProduct: {
    '404': (id) => send(id, { body: { id: 'prod_0000000000000000ff', name: 'Mug' } }),
  },
  createOrder: {
    '404': (id) => send(id, { body: { source_id: 'o-404', customer: { id: 'cust_0000000000000000ff' } } }),
  },
  createProductCollection: {
    '409': (id) => {
      state().productCollections.create({ type: 'STATIC', name: 'Over 50', products: [] });
      return send(id);
    },
  },
  updateProductCollection: {
    '409': (id) => {
      state().productCollections.create({ type: 'STATIC', name: 'Premium', products: [] });
      const other = state().productCollections.create({ type: 'STATIC', name: 'Basic', products: [] });
      return send(id, { params: { productCollectionId: other.id } });
    },
  },
  listCustomerSegments: {
    // An unknown source_id answers the segments such a customer would join; an unknown id is 404.
    '404': (id) => send(id, { params: { customerId: 'cust_0000000000000000ff' } }),
  },
  createPublication: {
    '404': (id) => send(id, { body: { voucher: 'NO-SUCH-CODE', customer: { source_id: 'ana' } } }),
  },
  createPublicationByGet: {
    '404': (id) => send(id, { query: { voucher: 'NO-SUCH-CODE', 'customer[source_id]': 'ana' } }),
  },
  redeemStackedDiscounts: stackWithOthers,
  redeemStackedDiscountsClientSide: {
    '400': (id) => {
      mock.service.projects.configure(mock.service.projects.primary.id, { client_redeem_enabled: true });
      return stackWithOthers['400'](id);
    },
  },
  // The legacy forms (decision 0059): an unknown customer or order id is 404; an unknown code or tier is the engine's answer.
  validateVoucher: { '404': (id) => send(id, { body: { customer: { id: UNKNOWN_CUSTOMER } } }) },
  validatePromotions: { '404': (id) => send(id, { body: { customer: { id: UNKNOWN_CUSTOMER } } }) },
  redeemVoucher: { '404': (id) => send(id, { body: { order: { id: UNKNOWN_ORDER } } }) },
  redeemPromotionTier: { '404': (id) => send(id, { body: { order: { id: UNKNOWN_ORDER } } }) },
  redeemVoucherClientSide: {
    '404': (id) => {
      mock.service.projects.configure(mock.service.projects.primary.id, { client_redeem_enabled: true });
      return send(id, { query: { code: 'ANY' }, body: { order: { id: UNKNOWN_ORDER } } });
    },
    '413': (id) => send(id, { query: { code: 'ANY' }, payload: ' '.repeat(MAX_BODY_BYTES + 1) }),
    '415': (id) => send(id, { query: { code: 'ANY' }, contentType: 'text/plain' }),
  },
  rollbackRedemption: {
    // A stacked redemption is rolled back through its parent, all at once.
    '400': (id) => send(id, { params: { redemptionId: redeemed(true) } }),
  },
  rollbackStackedRedemptions: { '400': rolledBack },
  createStackingRules: {
    '409': (id) => {
      state().stackingRules.create({}, () => true);
      return send(id, { body: {} });
    },
  },
  createManagementMetadataSchema: {
    '409': (id) => {
      state().metadataSchemas.create('customer', { properties: {} });
      return send(id);
    },
  },
  createCustomEventSchema: {
    '409': (id) => {
      state().customEventSchemas.create({ name: 'review_left', schema: { properties: {} } });
      return send(id);
    },
  },
  addReferralCodeHolders: { '409': (id) => send(id, { params: referralCodeWithReferee() }) },
  addReferralCodeHoldersInCampaign: { '409': (id) => send(id, { params: referralCodeWithReferee() }) },
  createBrand: {
    '409': (id) => {
      state().brands.create(VALID_BODIES.createBrand as never);
      return send(id);
    },
  },
  createValidationRuleAssignment: {
    '409': (id) => {
      const rule = state().validationRules.create({
        name: 'Over 50',
        rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
      });
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      const body = { related_object_type: 'campaign', related_object_id: campaign.id } as const;
      state().validationRules.assign(rule.id, body);
      return send(id, { params: { validationRuleId: rule.id }, body });
    },
  },
  createCampaignTemplate: {
    '404': (id) => send(id),
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      state().campaignTemplates.create({ name: 'Spring set-up', campaign_id: campaign.id });
      return send(id, { body: { name: 'Spring set-up', campaign_id: campaign.id } });
    },
  },
  updateCampaignTemplate: {
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      state().campaignTemplates.create({ name: 'Spring set-up 2027', campaign_id: campaign.id });
      const template = state().campaignTemplates.create({ name: 'Spring set-up', campaign_id: campaign.id });
      return send(id, { params: { campaignTemplateId: template.id } });
    },
  },
  createCampaignFromTemplate: {
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'From a template',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      const template = state().campaignTemplates.create({ name: 'Spring set-up', campaign_id: campaign.id });
      return send(id, { params: { campaignTemplateId: template.id } });
    },
  },
  createProject: {
    '404': (id) =>
      send(id, {
        body: { ...(VALID_BODIES.createProject as object), users: [{ login: 'nobody@example.com', role: 'USER' }] },
      }),
  },
  // The example invites to a project the mock does not have.
  inviteUser: {
    '404': (id) => send(id),
    '409': (id) => {
      mock.service.organisation.users.create({
        email: 'tomas@example.com',
        first_name: 'Tomas',
        last_name: 'Lindqvist',
      });
      return send(id, {
        body: {
          email: 'tomas@example.com',
          first_name: 'Tomas',
          last_name: 'Lindqvist',
          projects: { [mock.service.projects.primary.id]: 'USER' },
        },
      });
    },
  },
  unassignUser: {
    '400': (id) => {
      const user = mock.service.organisation.users.create({
        email: 'tomas@example.com',
        first_name: 'Tomas',
        last_name: 'Lindqvist',
      });
      return send(id, { params: { userId: user.id } });
    },
  },
  managementCopyCampaignTemplate: {
    '409': (id) => {
      const campaign = state().campaigns.create({
        name: 'Summer',
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: PERCENT_VOUCHER,
      });
      const template = state().campaignTemplates.create({ name: 'Spring in production', campaign_id: campaign.id });
      const { id: primaryId } = mock.service.projects.primary;
      return send(id, {
        params: { campaignTemplateId: template.id },
        body: { name: 'Spring in production', destination_project_id: primaryId },
      });
    },
  },
};

// ---------------------------------------------------------------------------------------------

const cases = implementedOperations.flatMap((id) =>
  Object.keys(operations[id].responses)
    .filter((status) => !status.startsWith('2'))
    .map((status) => ({ id, status, scenario: specific[id]?.[status] ?? generic[status]?.(id) })),
);

describe('documented error responses of implemented operations', () => {
  test('every documented status has a scenario', () => {
    expect(cases.filter((entry) => entry.scenario === undefined).map(({ id, status }) => `${id} ${status}`)).toEqual(
      [],
    );
  });

  test.each(cases.filter((entry) => entry.scenario !== undefined))(
    '$id answers $status',
    async ({ id, status, scenario }) => {
      const response = await scenario?.(id);
      const body = (await response?.json()) as { code?: number; key?: string; request_id?: string };
      expect({ status: response?.status, code: body.code }).toEqual({ status: Number(status), code: Number(status) });
      expect(body.request_id).toMatch(/^v-[0-9a-f]{18}$/);
      const keys = documentedKeys(id, status);
      if (keys.length > 0) expect(keys).toContain(body.key);
    },
  );
});
