/**
 * Every method of the official JavaScript SDK (`@voucherify/sdk` 2.9), server-side and
 * client-side, called once against the HTTP sandbox (strict mode) on state that gives it something
 * to act on. An existing checkout runs unchanged only if no call meets an endpoint the mock lacks
 * (404 "no endpoint", 405) or one it describes without serving (501); here every call must
 * succeed. The calls are listed by the SDK's own method paths, and the test first checks that the
 * list names every method the SDK has, so an SDK upgrade that adds one fails until it is called.
 * A method that reaches two endpoints by its arguments (a member with or without its campaign,
 * a client-side validation with or without a code) is called once for each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VoucherifyClientSide, type VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, expect, test } from 'vitest';
import type { MockService } from '../../src/service.js';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-every-method');

type Server = ReturnType<typeof VoucherifyServerSide>;
type Client = ReturnType<typeof VoucherifyClientSide>;
/** Ids the calls make and the later calls use, by name. */
type Made = Record<string, string>;
/** One call of an SDK method; what it answers is kept under its path. */
type Call = (sdk: Server, client: Client, made: Made, answers: Record<string, unknown>) => Promise<unknown>;

const directory = mkdtempSync(join(tmpdir(), 'voucherkit-sdk-every-method-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const csv = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

/** `validations.promotions`: the SDK's `promotions`, under a member its types keep private. */
const viaValidations = (sdk: Server): Server['promotions'] =>
  (sdk.validations as unknown as { promotions: Server['promotions'] }).promotions;

/** A value of an earlier answer, as an id for a later call. */
const pick = (value: unknown, ...path: (string | number)[]): string => {
  let at: unknown = value;
  for (const key of path) at = (at as Record<string | number, unknown> | undefined)?.[key];
  if (typeof at !== 'string') throw new Error(`no string at ${path.join('.')}`);
  return at;
};

const order = {
  amount: 10_000,
  items: [
    { source_id: 'em-mug', quantity: 2, price: 2500 },
    { source_id: 'em-lamp', quantity: 1, price: 5000 },
  ],
};
const percent = (percent_off: number) => ({ type: 'PERCENT', percent_off, effect: 'APPLY_TO_ORDER' }) as const;

/**
 * The calls, in the order they run: what makes things first, then what reads and changes them,
 * then what deletes them. Methods that are one function under two paths (`validations.promotions`
 * is `promotions`) are listed under both.
 */
const CALLS: [string, Call][] = [
  // Catalogue and customers.
  [
    'server.categories.create',
    (sdk, _c, made) =>
      sdk.categories.create({ name: 'EM category', hierarchy: 1 }).then((category) => (made['category'] = category.id)),
  ],
  [
    'server.products.create',
    (sdk, _c, made) =>
      sdk.products
        .create({ source_id: 'em-mug', name: 'Mug', price: 2500 } as never)
        .then((product) => (made['product'] = product.id)),
  ],
  [
    'server.products.createSku',
    (sdk, _c, made) =>
      sdk.products
        .createSku(made['product'] ?? '', { source_id: 'em-mug-red', sku: 'Red mug', price: 2600 } as never)
        .then((sku) => (made['sku'] = sku.id)),
  ],
  [
    'server.products.importCSV',
    (sdk) => sdk.products.importCSV(csv('products.csv', 'name,source_id,price\nLamp,em-lamp,5000\n')),
  ],
  [
    'server.products.importSkusCSV',
    (sdk) =>
      sdk.products.importSkusCSV(csv('skus.csv', 'product_id,sku,source_id,price\nem-mug,Blue mug,em-mug-blue,2600\n')),
  ],
  [
    'server.productCollections.create',
    (sdk, _c, made) =>
      sdk.productCollections
        .create({
          type: 'STATIC',
          name: 'EM collection',
          products: [{ id: made['product'] ?? '', object: 'product' }],
        } as never)
        .then((collection) => (made['collection'] = collection.id)),
  ],
  [
    'server.customers.create',
    (sdk, _c, made) =>
      sdk.customers
        .create({ source_id: 'em-ana', name: 'Ana', email: 'ana@example.com' })
        .then((customer) => (made['customer'] = pick(customer, 'id'))),
  ],
  [
    'server.customers.importCSV',
    (sdk) => sdk.customers.importCSV(csv('customers.csv', 'source_id,name\nem-ben,Ben\n')),
  ],
  [
    'server.segments.create',
    (sdk, _c, made) =>
      sdk.segments
        .create({ name: 'EM segment', type: 'static', customers: ['em-ana'] } as never)
        .then((segment) => (made['segment'] = segment.id)),
  ],
  [
    'server.orders.create',
    (sdk, _c, made) =>
      sdk.orders
        .create({ source_id: 'em-order-1', customer: { source_id: 'em-ana' }, ...order } as never)
        .then((created) => (made['order'] = created.id ?? '')),
  ],
  [
    'server.validationRules.create',
    (sdk, _c, made) =>
      sdk.validationRules
        .create({
          name: 'EM over 10',
          rules: { 1: { name: 'order.amount', conditions: { $more_than: [1000] } }, logic: '1' },
        } as never)
        .then((rule) => (made['rule'] = rule.id)),
  ],
  // Campaigns and vouchers.
  [
    'server.campaigns.create',
    (sdk, _c, made) =>
      sdk.campaigns
        .create({
          name: 'EM Summer',
          campaign_type: 'DISCOUNT_COUPONS',
          type: 'AUTO_UPDATE',
          vouchers_count: 2,
          voucher: { type: 'DISCOUNT_VOUCHER', discount: percent(10) },
        } as never)
        .then((campaign) => (made['campaign'] = campaign.id)),
  ],
  ['server.campaigns.addVoucher', (sdk, _c, made) => sdk.campaigns.addVoucher(made['campaign'] ?? '', {})],
  [
    'server.campaigns.addCertainVoucher',
    (sdk, _c, made) => sdk.campaigns.addCertainVoucher(made['campaign'] ?? '', 'EM-CHOSEN', {}),
  ],
  [
    'server.campaigns.importVouchers',
    (sdk, _c, made) => sdk.campaigns.importVouchers(made['campaign'] ?? '', [{ code: 'EM-IMPORTED-1' }] as never),
  ],
  [
    'server.campaigns.importVouchersCSV',
    (sdk, _c, made) =>
      sdk.campaigns.importVouchersCSV(made['campaign'] ?? '', csv('campaign-codes.csv', 'code\nEM-CSV-1\n')),
  ],
  [
    'server.vouchers.create',
    (sdk) => sdk.vouchers.create({ code: 'EM-TEN', type: 'DISCOUNT_VOUCHER', discount: percent(10) } as never),
  ],
  [
    'server.vouchers.import',
    (sdk) => sdk.vouchers.import([{ code: 'EM-IMP', type: 'DISCOUNT_VOUCHER', discount: percent(5) }] as never),
  ],
  [
    'server.vouchers.importCSV',
    (sdk) =>
      sdk.vouchers.importCSV(
        csv('vouchers.csv', 'Code,Voucher Type,Discount Type,Value\nEM-CSV-2,DISCOUNT_VOUCHER,PERCENT,5\n'),
      ),
  ],
  [
    'server.campaigns.create (gift cards)',
    (sdk) =>
      sdk.campaigns.create({
        name: 'EM Gift',
        campaign_type: 'GIFT_VOUCHERS',
        type: 'STATIC',
        voucher: { type: 'GIFT_VOUCHER', gift: { amount: 10_000 } },
      } as never),
  ],
  [
    'server.campaigns.addCertainVoucher (gift card)',
    (sdk) => sdk.campaigns.addCertainVoucher('EM Gift', 'EM-GIFT', {}),
  ],
  ['server.vouchers.balance.create', (sdk) => sdk.vouchers.balance.create('EM-GIFT', { amount: 500 })],
  [
    'server.validationRules.createAssignment',
    (sdk, _c, made) =>
      sdk.validationRules
        .createAssignment(made['rule'] ?? '', { related_object_type: 'voucher', related_object_id: 'EM-TEN' } as never)
        .then((assignment) => (made['ruleAssignment'] = assignment.id)),
  ],
  // Promotions.
  [
    'server.promotions.create',
    (sdk, _c, made) =>
      sdk.promotions
        .create({
          name: 'EM Promotion',
          campaign_type: 'PROMOTION',
          promotion: { tiers: [{ name: 'EM tier', action: { discount: percent(5) } }] },
        } as never)
        .then((campaign) => {
          made['promotion'] = campaign.id;
          made['tier'] = pick(campaign, 'promotion', 'tiers', 0, 'id');
        }),
  ],
  [
    'server.validations.promotions.create',
    (sdk) =>
      viaValidations(sdk).create({
        name: 'EM Promotion 2',
        campaign_type: 'PROMOTION',
        promotion: { tiers: [] },
      } as never),
  ],
  [
    'server.promotions.tiers.create',
    (sdk, _c, made) =>
      sdk.promotions.tiers
        .create(made['promotion'] ?? '', { name: 'EM tier 2', action: { discount: percent(7) } } as never)
        .then((tier) => (made['tier2'] = tier.id)),
  ],
  [
    'server.validations.promotions.tiers.create',
    (sdk, _c, made) =>
      viaValidations(sdk)
        .tiers.create(made['promotion'] ?? '', { name: 'EM tier 3', action: { discount: percent(8) } } as never)
        .then((tier) => (made['tier3'] = tier.id)),
  ],
  [
    'server.promotions.stack.createInCampaign',
    (sdk, _c, made) =>
      sdk.promotions.stack
        .createInCampaign(made['promotion'] ?? '', {
          name: 'EM stack',
          tiers: { ids: [made['tier'] ?? '', made['tier2'] ?? ''], hierarchy_mode: 'MANUAL' },
        } as never)
        .then((stack) => (made['stack'] = stack.id)),
  ],
  [
    'server.validations.promotions.stack.createInCampaign',
    (sdk, _c, made) =>
      viaValidations(sdk)
        .stack.createInCampaign(made['promotion'] ?? '', {
          name: 'EM stack 2',
          tiers: { ids: [made['tier'] ?? '', made['tier3'] ?? ''], hierarchy_mode: 'MANUAL' },
        } as never)
        .then((stack) => (made['stack2'] = stack.id)),
  ],
  // Loyalty.
  [
    'server.loyalties.create',
    (sdk, _c, made) =>
      sdk.loyalties
        .create({ name: 'EM Club', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } } as never)
        .then((club) => (made['club'] = club.id)),
  ],
  [
    'server.loyalties.createMember',
    (sdk, _c, made) =>
      sdk.loyalties
        .createMember(made['club'] ?? '', { customer: 'em-ana' } as never)
        .then((card) => (made['card'] = card.code)),
  ],
  [
    'server.loyalties.createMember (a second member)',
    (sdk, _c, made) =>
      sdk.loyalties
        .createMember(made['club'] ?? '', { customer: { source_id: 'em-cy' } } as never)
        .then((card) => (made['card2'] = card.code)),
  ],
  [
    'server.loyalties.addPoints',
    (sdk, _c, made) => sdk.loyalties.addPoints(made['club'] ?? '', made['card'] ?? '', { points: 500 }),
  ],
  [
    'server.loyalties.addOrRemoveCardBalance',
    (sdk, _c, made) => sdk.loyalties.addOrRemoveCardBalance(made['card2'] ?? '', { points: 50 }),
  ],
  [
    'server.loyalties.addOrRemoveCardBalance (in the campaign)',
    (sdk, _c, made) => sdk.loyalties.addOrRemoveCardBalance(made['card2'] ?? '', { points: 5 }, made['club'] ?? ''),
  ],
  [
    'server.loyalties.createTiers',
    (sdk, _c, made) =>
      sdk.loyalties
        .createTiers(made['club'] ?? '', [{ name: 'EM Silver', points: { from: 0, to: 10_000 } }] as never)
        .then((tiers) => (made['loyaltyTier'] = pick(tiers, 0, 'id'))),
  ],
  [
    'server.loyalties.createEarningRule',
    (sdk, _c, made) =>
      sdk.loyalties
        .createEarningRule(made['club'] ?? '', [
          { event: 'order.paid', loyalty: { type: 'FIXED', points: 5 }, validity_timeframe: undefined } as never,
        ])
        .then((rules) => (made['earningRule'] = pick(rules, 0, 'id'))),
  ],
  [
    'server.rewards.create',
    (sdk, _c, made) =>
      sdk.rewards
        .create({ name: 'EM Mug', parameters: { product: { id: made['product'] ?? '' } }, stock: 10 } as never)
        .then((reward) => (made['reward'] = reward.id)),
  ],
  [
    'server.rewards.create (a second reward)',
    (sdk, _c, made) =>
      sdk.rewards
        .create({ name: 'EM Lamp', parameters: { product: { id: made['product'] ?? '' } } } as never)
        .then((reward) => (made['reward2'] = reward.id)),
  ],
  [
    'server.loyalties.createRewardAssignments',
    (sdk, _c, made) =>
      sdk.loyalties
        .createRewardAssignments(made['club'] ?? '', [
          { reward: made['reward'] ?? '', parameters: { loyalty: { points: 100 } } },
        ] as never)
        .then((assignments) => (made['clubAssignment'] = pick(assignments, 0, 'id'))),
  ],
  [
    'server.rewards.createAssignment',
    (sdk, _c, made) =>
      sdk.rewards
        .createAssignment(made['reward2'] ?? '', {
          campaign: made['club'] ?? '',
          parameters: { loyalty: { points: 10 } },
        } as never)
        .then((assignment) => (made['rewardAssignment'] = assignment.id)),
  ],
  // Validations, redemptions and qualifications.
  ['server.validations.validateVoucher', (sdk) => sdk.validations.validateVoucher('EM-TEN', { order })],
  ['server.validations.validate', (sdk) => sdk.validations.validate('EM-TEN', { order } as never)],
  [
    'server.validations.validateStackable',
    (sdk, _c, made) =>
      sdk.validations
        .validateStackable({
          redeemables: [{ object: 'voucher', id: 'EM-TEN' }],
          order,
          session: { type: 'LOCK' },
        } as never)
        .then((answer) => (made['session'] = pick(answer, 'session', 'key'))),
  ],
  [
    'server.vouchers.releaseValidationSession',
    (sdk, _c, made) => sdk.vouchers.releaseValidationSession('EM-TEN', made['session'] ?? ''),
  ],
  ['server.promotions.validate', (sdk) => sdk.promotions.validate({ order } as never)],
  ['server.validations.promotions.validate', (sdk) => viaValidations(sdk).validate({ order } as never)],
  [
    'server.validationRules.validate',
    (sdk, _c, made) => sdk.validationRules.validate(made['rule'] ?? '', { order } as never),
  ],
  [
    'server.qualifications.checkEligibility',
    (sdk) => sdk.qualifications.checkEligibility({ customer: { source_id: 'em-ana' }, order } as never),
  ],
  [
    'server.vouchers.qualifications.examine',
    (sdk) => sdk.vouchers.qualifications.examine({ customer: { source_id: 'em-ana' }, order } as never),
  ],
  [
    'server.campaigns.qualifications.examine',
    (sdk) => sdk.campaigns.qualifications.examine({ customer: { source_id: 'em-ana' }, order } as never),
  ],
  [
    'server.redemptions.redeem',
    (sdk, _c, made) =>
      sdk.redemptions
        .redeem('EM-TEN', { customer: { source_id: 'em-ana' }, order } as never)
        .then((redemption) => (made['redemption'] = redemption.id)),
  ],
  [
    'server.redemptions.redeemStackable',
    (sdk, _c, made) =>
      sdk.redemptions
        .redeemStackable({
          redeemables: [
            { object: 'voucher', id: 'EM-CHOSEN' },
            { object: 'voucher', id: 'EM-IMP' },
          ],
          customer: { source_id: 'em-ana' },
          order,
        } as never)
        .then((answer) => (made['parentRedemption'] = pick(answer, 'parent_redemption', 'id'))),
  ],
  [
    'server.promotions.tiers.redeem',
    (sdk, _c, made) =>
      sdk.promotions.tiers.redeem(made['tier'] ?? '', { customer: { source_id: 'em-ana' }, order } as never),
  ],
  [
    'server.validations.promotions.tiers.redeem',
    (sdk, _c, made) => viaValidations(sdk).tiers.redeem(made['tier2'] ?? '', { order } as never),
  ],
  [
    'server.loyalties.redeemReward',
    (sdk, _c, made) =>
      sdk.loyalties.redeemReward(made['club'] ?? '', made['card'] ?? '', {
        reward: { id: made['reward'] ?? '' },
      } as never),
  ],
  [
    'server.loyalties.transferPoints',
    (sdk, _c, made) =>
      sdk.loyalties.transferPoints(made['club'] ?? '', made['card'] ?? '', [
        { code: made['card2'] ?? '', points: 10 },
      ] as never),
  ],
  [
    'server.distributions.publications.create',
    (sdk) =>
      sdk.distributions.publications.create({
        campaign: { name: 'EM Summer' },
        customer: { source_id: 'em-ana' },
      } as never),
  ],
  [
    'server.events.create',
    (sdk) => sdk.events.create('em_signed_up', { event: 'em_signed_up', customer: { source_id: 'em-ana' } } as never),
  ],
  [
    'server.distributions.exports.create',
    (sdk, _c, made) =>
      sdk.distributions.exports
        .create({ exported_object: 'customer', parameters: { fields: ['source_id'] } } as never)
        .then((job) => (made['export'] = job.id)),
  ],
  [
    'server.loyalties.exportCardTransactions',
    (sdk, _c, made) => sdk.loyalties.exportCardTransactions(made['card'] ?? '', made['club'] ?? '', {}),
  ],
  [
    'server.loyalties.exportCardTransactions (without the campaign)',
    (sdk, _c, made) => sdk.loyalties.exportCardTransactions(made['card'] ?? '', null as never, {}),
  ],
  ['server.vouchers.exportTransactions', (sdk) => sdk.vouchers.exportTransactions('EM-GIFT', {} as never)],
  // Reads.
  [
    'server.asyncActions.list',
    (sdk, _c, made) =>
      sdk.asyncActions.list({}).then((list) => (made['asyncAction'] = pick(list, 'async_actions', 0, 'id'))),
  ],
  ['server.asyncActions.get', (sdk, _c, made) => sdk.asyncActions.get(made['asyncAction'] ?? '')],
  ['server.categories.list', (sdk) => sdk.categories.list()],
  ['server.categories.get', (sdk, _c, made) => sdk.categories.get(made['category'] ?? '')],
  ['server.products.get', (sdk, _c, made) => sdk.products.get(made['product'] ?? '')],
  ['server.products.list', (sdk) => sdk.products.list()],
  ['server.products.getSku', (sdk, _c, made) => sdk.products.getSku(made['sku'] ?? '')],
  ['server.products.listSkus', (sdk, _c, made) => sdk.products.listSkus(made['product'] ?? '')],
  ['server.productCollections.list', (sdk) => sdk.productCollections.list()],
  ['server.productCollections.get', (sdk, _c, made) => sdk.productCollections.get(made['collection'] ?? '')],
  [
    'server.productCollections.listProducts',
    (sdk, _c, made) => sdk.productCollections.listProducts(made['collection'] ?? ''),
  ],
  ['server.customers.get', (sdk, _c, made) => sdk.customers.get(made['customer'] ?? '')],
  ['server.customers.list', (sdk) => sdk.customers.list({})],
  [
    'server.customers.scroll',
    async (sdk) => {
      const seen: unknown[] = [];
      // The SDK types its generator as one that is sent customers back; for-await sends nothing.
      const scroll = sdk.customers.scroll({}) as AsyncIterable<unknown>;
      for await (const customer of scroll) seen.push(customer);
      return seen;
    },
  ],
  ['server.customers.listActivity', (sdk, _c, made) => sdk.customers.listActivity(made['customer'] ?? '', {})],
  ['server.customers.listActivities', (sdk, _c, made) => sdk.customers.listActivities(made['customer'] ?? '', {})],
  ['server.customers.listRedeemables', (sdk, _c, made) => sdk.customers.listRedeemables(made['customer'] ?? '', {})],
  ['server.segments.get', (sdk, _c, made) => sdk.segments.get(made['segment'] ?? '')],
  ['server.segments.list', (sdk, _c, made) => sdk.segments.list(made['customer'] ?? '')],
  ['server.consents.list', (sdk) => sdk.consents.list()],
  ['server.orders.get', (sdk, _c, made) => sdk.orders.get(made['order'] ?? '')],
  ['server.orders.list', (sdk) => sdk.orders.list()],
  ['server.validationRules.get', (sdk, _c, made) => sdk.validationRules.get(made['rule'] ?? '')],
  ['server.validationRules.list', (sdk) => sdk.validationRules.list()],
  ['server.validationRules.listRulesAssignments', (sdk) => sdk.validationRules.listRulesAssignments()],
  [
    'server.validationRules.listAssignments',
    (sdk, _c, made) => sdk.validationRules.listAssignments(made['rule'] ?? ''),
  ],
  ['server.campaigns.get', (sdk, _c, made) => sdk.campaigns.get(made['campaign'] ?? '')],
  ['server.campaigns.list', (sdk) => sdk.campaigns.list()],
  ['server.vouchers.get', (sdk) => sdk.vouchers.get('EM-TEN')],
  ['server.vouchers.list', (sdk) => sdk.vouchers.list()],
  ['server.vouchers.listTransactions', (sdk) => sdk.vouchers.listTransactions('EM-GIFT', {})],
  ['server.promotions.tiers.listAll', (sdk) => sdk.promotions.tiers.listAll()],
  ['server.validations.promotions.tiers.listAll', (sdk) => viaValidations(sdk).tiers.listAll()],
  ['server.promotions.tiers.list', (sdk, _c, made) => sdk.promotions.tiers.list(made['promotion'] ?? '')],
  [
    'server.validations.promotions.tiers.list',
    (sdk, _c, made) => viaValidations(sdk).tiers.list(made['promotion'] ?? ''),
  ],
  ['server.promotions.tiers.get', (sdk, _c, made) => sdk.promotions.tiers.get(made['tier'] ?? '')],
  ['server.validations.promotions.tiers.get', (sdk, _c, made) => viaValidations(sdk).tiers.get(made['tier'] ?? '')],
  ['server.promotions.stack.list', (sdk) => sdk.promotions.stack.list()],
  ['server.validations.promotions.stack.list', (sdk) => viaValidations(sdk).stack.list()],
  [
    'server.promotions.stack.listInCampaign',
    (sdk, _c, made) => sdk.promotions.stack.listInCampaign(made['promotion'] ?? ''),
  ],
  [
    'server.validations.promotions.stack.listInCampaign',
    (sdk, _c, made) => viaValidations(sdk).stack.listInCampaign(made['promotion'] ?? ''),
  ],
  [
    'server.promotions.stack.get',
    (sdk, _c, made) => sdk.promotions.stack.get(made['promotion'] ?? '', made['stack'] ?? ''),
  ],
  [
    'server.validations.promotions.stack.get',
    (sdk, _c, made) => viaValidations(sdk).stack.get(made['promotion'] ?? '', made['stack'] ?? ''),
  ],
  ['server.redemptions.get', (sdk, _c, made) => sdk.redemptions.get(made['redemption'] ?? '')],
  ['server.redemptions.list', (sdk) => sdk.redemptions.list()],
  ['server.redemptions.getForVoucher', (sdk) => sdk.redemptions.getForVoucher('EM-TEN')],
  ['server.distributions.publications.list', (sdk) => sdk.distributions.publications.list()],
  ['server.distributions.exports.list', (sdk) => sdk.distributions.exports.list()],
  ['server.distributions.exports.get', (sdk, _c, made) => sdk.distributions.exports.get(made['export'] ?? '')],
  ['server.metadataSchemas.list', (sdk) => sdk.metadataSchemas.list()],
  ['server.metadataSchemas.get', (sdk) => sdk.metadataSchemas.get('product')],
  ['server.rewards.list', (sdk) => sdk.rewards.list()],
  ['server.rewards.get', (sdk, _c, made) => sdk.rewards.get(made['reward'] ?? '')],
  ['server.rewards.listAssignments', (sdk, _c, made) => sdk.rewards.listAssignments(made['reward2'] ?? '')],
  [
    'server.rewards.getAssignment',
    (sdk, _c, made) => sdk.rewards.getAssignment(made['reward2'] ?? '', made['rewardAssignment'] ?? ''),
  ],
  ['server.loyalties.list', (sdk) => sdk.loyalties.list()],
  ['server.loyalties.get', (sdk, _c, made) => sdk.loyalties.get(made['club'] ?? '')],
  ['server.loyalties.listMembers', (sdk, _c, made) => sdk.loyalties.listMembers(made['club'] ?? '', {})],
  ['server.loyalties.getMember', (sdk, _c, made) => sdk.loyalties.getMember(made['club'] ?? '', made['card'] ?? '')],
  [
    'server.loyalties.listMemberActivity',
    (sdk, _c, made) => sdk.loyalties.listMemberActivity(made['club'] ?? '', made['card'] ?? '', {}),
  ],
  [
    'server.loyalties.getMemberActivities',
    (sdk, _c, made) => sdk.loyalties.getMemberActivities(made['club'] ?? '', made['card'] ?? ''),
  ],
  [
    'server.loyalties.getMember (without the campaign)',
    (sdk, _c, made) => sdk.loyalties.getMember(null as never, made['card'] ?? ''),
  ],
  [
    'server.loyalties.listMemberActivity (without the campaign)',
    (sdk, _c, made) => sdk.loyalties.listMemberActivity(null as never, made['card'] ?? '', {}),
  ],
  [
    'server.loyalties.getMemberActivities (without the campaign)',
    (sdk, _c, made) => sdk.loyalties.getMemberActivities(null as never, made['card'] ?? ''),
  ],
  [
    'server.loyalties.listCardTransactions (without the campaign)',
    (sdk, _c, made) => sdk.loyalties.listCardTransactions(made['card'] ?? '', null as never, {}),
  ],
  ['server.loyalties.listMemberRewards', (sdk, _c, made) => sdk.loyalties.listMemberRewards(made['card'] ?? '', {})],
  [
    'server.loyalties.getPointsExpiration',
    (sdk, _c, made) => sdk.loyalties.getPointsExpiration(made['club'] ?? '', made['card'] ?? '', {}),
  ],
  [
    'server.loyalties.listCardTransactions',
    (sdk, _c, made) => sdk.loyalties.listCardTransactions(made['card'] ?? '', made['club'] ?? '', {}),
  ],
  [
    'server.loyalties.listRewardAssignments',
    (sdk, _c, made) => sdk.loyalties.listRewardAssignments(made['club'] ?? ''),
  ],
  [
    'server.loyalties.getRewardAssignment',
    (sdk, _c, made) => sdk.loyalties.getRewardAssignment(made['club'] ?? '', made['clubAssignment'] ?? ''),
  ],
  [
    'server.loyalties.getRewardDetails',
    (sdk, _c, made) => sdk.loyalties.getRewardDetails(made['club'] ?? '', made['clubAssignment'] ?? ''),
  ],
  ['server.loyalties.listEarningRules', (sdk, _c, made) => sdk.loyalties.listEarningRules(made['club'] ?? '')],
  [
    'server.loyalties.getEarningRule',
    (sdk, _c, made) => sdk.loyalties.getEarningRule(made['club'] ?? '', made['earningRule'] ?? ''),
  ],
  ['server.loyalties.listTiers', (sdk, _c, made) => sdk.loyalties.listTiers(made['club'] ?? '', {})],
  ['server.loyalties.getTier', (sdk, _c, made) => sdk.loyalties.getTier(made['club'] ?? '', made['loyaltyTier'] ?? '')],
  [
    'server.loyalties.listLoyaltyTierRewards',
    (sdk, _c, made) => sdk.loyalties.listLoyaltyTierRewards(made['club'] ?? '', made['loyaltyTier'] ?? ''),
  ],
  [
    'server.loyalties.listLoyaltyTierEarningRules',
    (sdk, _c, made) => sdk.loyalties.listLoyaltyTierEarningRules(made['club'] ?? '', made['loyaltyTier'] ?? '', {}),
  ],
  [
    'server.loyalties.listMemberLoyaltyTiers',
    (sdk, _c, made) => sdk.loyalties.listMemberLoyaltyTiers(made['card'] ?? ''),
  ],
  // Changes.
  [
    'server.categories.update',
    (sdk, _c, made) => sdk.categories.update(made['category'] ?? '', { name: 'EM category renamed', hierarchy: 2 }),
  ],
  [
    'server.products.update',
    (sdk, _c, made) => sdk.products.update({ id: made['product'] ?? '', name: 'Big mug' } as never),
  ],
  [
    'server.products.updateSku',
    (sdk, _c, made) =>
      sdk.products.updateSku(made['product'] ?? '', { id: made['sku'] ?? '', sku: 'Dark red mug' } as never),
  ],
  [
    'server.products.bulkUpdate',
    (sdk) => sdk.products.bulkUpdate([{ source_id: 'em-lamp', name: 'Desk lamp' }] as never),
  ],
  [
    'server.products.bulkUpdateMetadata',
    (sdk) => sdk.products.bulkUpdateMetadata({ source_ids: ['em-lamp'], metadata: { room: 'study' } } as never),
  ],
  [
    'server.customers.update',
    (sdk, _c, made) => sdk.customers.update({ id: made['customer'] ?? '', name: 'Ana Silva' } as never),
  ],
  [
    'server.customers.updateInBulk',
    (sdk) => sdk.customers.updateInBulk([{ source_id: 'em-ben', name: 'Ben Costa' }] as never),
  ],
  [
    'server.customers.updateMetadataInBulk',
    (sdk) => sdk.customers.updateMetadataInBulk({ source_ids: ['em-ben'], metadata: { vip: true } } as never),
  ],
  [
    'server.customers.updateConsents',
    (sdk, _c, made) => sdk.customers.updateConsents(made['customer'] ?? '', { unsubscribed: true } as never),
  ],
  ['server.orders.update', (sdk, _c, made) => sdk.orders.update({ id: made['order'] ?? '', status: 'PAID' } as never)],
  ['server.orders.import', (sdk) => sdk.orders.import([{ source_id: 'em-order-2', amount: 2000 }] as never)],
  [
    'server.validationRules.update',
    (sdk, _c, made) => sdk.validationRules.update({ id: made['rule'] ?? '', name: 'EM over 10.00' } as never),
  ],
  [
    'server.campaigns.update',
    (sdk, _c, made) => sdk.campaigns.update(made['campaign'] ?? '', { description: 'Ten percent off' } as never),
  ],
  ['server.campaigns.disable', (sdk, _c, made) => sdk.campaigns.disable(made['campaign'] ?? '')],
  ['server.campaigns.enable', (sdk, _c, made) => sdk.campaigns.enable(made['campaign'] ?? '')],
  ['server.vouchers.update', (sdk) => sdk.vouchers.update({ code: 'EM-TEN', metadata: { shelf: 'a' } } as never)],
  ['server.vouchers.disable', (sdk) => sdk.vouchers.disable('EM-TEN')],
  ['server.vouchers.enable', (sdk) => sdk.vouchers.enable('EM-TEN')],
  [
    'server.vouchers.bulkUpdate',
    (sdk) => sdk.vouchers.bulkUpdate([{ code: 'EM-TEN', metadata: { shelf: 'b' } }] as never),
  ],
  [
    'server.vouchers.bulkUpdateMetadata',
    (sdk) => sdk.vouchers.bulkUpdateMetadata({ codes: ['EM-TEN'], metadata: { shelf: 'c' } } as never),
  ],
  [
    'server.promotions.tiers.update',
    (sdk, _c, made) => sdk.promotions.tiers.update({ id: made['tier'] ?? '', name: 'EM tier renamed' } as never),
  ],
  [
    'server.validations.promotions.tiers.update',
    (sdk, _c, made) => viaValidations(sdk).tiers.update({ id: made['tier'] ?? '', banner: 'Five off' } as never),
  ],
  [
    'server.promotions.stack.update',
    (sdk, _c, made) =>
      sdk.promotions.stack.update(made['promotion'] ?? '', made['stack'] ?? '', { name: 'EM stack renamed' } as never),
  ],
  [
    'server.validations.promotions.stack.update',
    (sdk, _c, made) =>
      viaValidations(sdk).stack.update(made['promotion'] ?? '', made['stack'] ?? '', {
        name: 'EM stack again',
      } as never),
  ],
  [
    'server.rewards.update',
    (sdk, _c, made) => sdk.rewards.update({ id: made['reward'] ?? '', name: 'EM big mug' } as never),
  ],
  [
    'server.rewards.updateAssignment',
    (sdk, _c, made) =>
      sdk.rewards.updateAssignment(made['reward2'] ?? '', {
        id: made['rewardAssignment'] ?? '',
        parameters: { loyalty: { points: 20 } },
      } as never),
  ],
  [
    'server.loyalties.update',
    (sdk, _c, made) => sdk.loyalties.update({ id: made['club'] ?? '', description: 'Points for every order' } as never),
  ],
  [
    'server.loyalties.updateRewardAssignment',
    (sdk, _c, made) =>
      sdk.loyalties.updateRewardAssignment(made['club'] ?? '', {
        id: made['clubAssignment'] ?? '',
        parameters: { loyalty: { points: 120 } },
      } as never),
  ],
  [
    'server.loyalties.updateEarningRule',
    (sdk, _c, made) =>
      sdk.loyalties.updateEarningRule(made['club'] ?? '', {
        id: made['earningRule'] ?? '',
        loyalty: { type: 'FIXED', points: 6 },
      } as never),
  ],
  [
    'server.loyalties.disableEarningRule',
    (sdk, _c, made) => sdk.loyalties.disableEarningRule(made['club'] ?? '', made['earningRule'] ?? ''),
  ],
  [
    'server.loyalties.enableEarningRule',
    (sdk, _c, made) => sdk.loyalties.enableEarningRule(made['club'] ?? '', made['earningRule'] ?? ''),
  ],
  [
    'server.redemptions.rollback',
    (sdk, _c, made) => sdk.redemptions.rollback(made['redemption'] ?? '', { reason: 'returned' } as never),
  ],
  [
    'server.redemptions.rollbackStackable',
    (sdk, _c, made) => sdk.redemptions.rollbackStackable(made['parentRedemption'] ?? '', {} as never),
  ],
  // Deletions.
  [
    'server.validationRules.deleteAssignment',
    (sdk, _c, made) => sdk.validationRules.deleteAssignment(made['rule'] ?? '', made['ruleAssignment'] ?? ''),
  ],
  ['server.validationRules.delete', (sdk, _c, made) => sdk.validationRules.delete(made['rule'] ?? '')],
  [
    'server.loyalties.deleteRewardAssignment',
    (sdk, _c, made) => sdk.loyalties.deleteRewardAssignment(made['club'] ?? '', made['clubAssignment'] ?? ''),
  ],
  [
    'server.rewards.deleteAssignment',
    (sdk, _c, made) => sdk.rewards.deleteAssignment(made['reward2'] ?? '', made['rewardAssignment'] ?? ''),
  ],
  ['server.rewards.delete', (sdk, _c, made) => sdk.rewards.delete(made['reward2'] ?? '')],
  [
    'server.loyalties.deleteEarningRule',
    (sdk, _c, made) => sdk.loyalties.deleteEarningRule(made['club'] ?? '', made['earningRule'] ?? ''),
  ],
  ['server.loyalties.delete', (sdk, _c, made) => sdk.loyalties.delete(made['club'] ?? '', { force: true })],
  [
    'server.promotions.stack.delete',
    (sdk, _c, made) => sdk.promotions.stack.delete(made['promotion'] ?? '', made['stack'] ?? ''),
  ],
  [
    'server.validations.promotions.stack.delete',
    (sdk, _c, made) => viaValidations(sdk).stack.delete(made['promotion'] ?? '', made['stack2'] ?? ''),
  ],
  ['server.promotions.tiers.delete', (sdk, _c, made) => sdk.promotions.tiers.delete(made['tier2'] ?? '')],
  [
    'server.validations.promotions.tiers.delete',
    (sdk, _c, made) => viaValidations(sdk).tiers.delete(made['tier3'] ?? ''),
  ],
  ['server.vouchers.delete', (sdk) => sdk.vouchers.delete('EM-CSV-2', { force: true })],
  ['server.campaigns.delete', (sdk) => sdk.campaigns.delete('EM Gift', { force: true })],
  ['server.distributions.exports.delete', (sdk, _c, made) => sdk.distributions.exports.delete(made['export'] ?? '')],
  ['server.segments.delete', (sdk, _c, made) => sdk.segments.delete(made['segment'] ?? '')],
  ['server.productCollections.delete', (sdk, _c, made) => sdk.productCollections.delete(made['collection'] ?? '')],
  [
    'server.products.deleteSku',
    (sdk, _c, made) => sdk.products.deleteSku(made['product'] ?? '', made['sku'] ?? '', { force: true }),
  ],
  ['server.products.delete', (sdk) => sdk.products.delete('em-lamp', { force: true })],
  ['server.categories.delete', (sdk, _c, made) => sdk.categories.delete(made['category'] ?? '')],
  ['server.customers.delete', (sdk) => sdk.customers.delete('em-ben')],
  ['server.customers.deletePermanently', (sdk) => sdk.customers.deletePermanently('em-cy')],
  // What needs no request.
  [
    'server.apiLimitsHandler.getLastResponseHeadersFromController',
    async (sdk) =>
      (
        sdk.apiLimitsHandler as unknown as { getLastResponseHeadersFromController: () => unknown }
      ).getLastResponseHeadersFromController(),
  ],
  ['server.apiLimitsHandler.areLimitsAvailable', async (sdk) => sdk.apiLimitsHandler.areLimitsAvailable()],
  ['server.apiLimitsHandler.getRateLimit', async (sdk) => sdk.apiLimitsHandler.getRateLimit()],
  ['server.apiLimitsHandler.getRateLimitRemaining', async (sdk) => sdk.apiLimitsHandler.getRateLimitRemaining()],
  ['server.apiLimitsHandler.getRetryAfter', async (sdk) => sdk.apiLimitsHandler.getRetryAfter()],
  // The client-side SDK, with the project's client keys, from a shop's origin.
  ['client.setIdentity', async (_s, client) => client.setIdentity('em-dee')],
  ['client.createCustomer', (_s, client) => client.createCustomer({ source_id: 'em-dee', name: 'Dee' } as never, true)],
  ['client.listVouchers', (_s, client) => client.listVouchers({})],
  ['client.validate', (_s, client) => client.validate({ code: 'EM-CHOSEN', amount: 10_000 } as never)],
  ['client.validate (without a code: the promotions)', (_s, client) => client.validate({ amount: 10_000 } as never)],
  [
    'client.validateStackable',
    (_s, client) => client.validateStackable({ redeemables: [{ object: 'voucher', id: 'EM-CHOSEN' }], order } as never),
  ],
  ['client.qualifications', (_s, client) => client.qualifications({ order } as never)],
  ['client.publish', (_s, client) => client.publish('EM Summer', { customer: { source_id: 'em-dee' } } as never)],
  ['client.redeem', (_s, client) => client.redeem('EM-TEN', { order } as never)],
  [
    'client.redeemStackable',
    (_s, client) =>
      client.redeemStackable({
        redeemables: [{ object: 'voucher', id: 'EM-CHOSEN' }],
        customer: { source_id: 'em-dee' },
        order,
      } as never),
  ],
  [
    'client.track',
    (_s, client) =>
      client.track(
        'em_signed_up',
        { source_id: 'em-dee' } as never,
        undefined as never,
        undefined as never,
        undefined as never,
      ),
  ],
  ['client.listConsents', (_s, client) => client.listConsents()],
  ['client.updateConsents', (_s, client) => client.updateConsents('em-dee', { unsubscribed: true } as never)],
];

/** Every method path of an SDK instance: `vouchers.get`, `validations.promotions.tiers.list` … */
const methodsOf = (root: object, prefix: string): string[] => {
  const found: string[] = [];
  const walk = (value: object, path: string, depth: number): void => {
    const prototype = Object.getPrototypeOf(value) as object | null;
    const names = new Set([
      ...Object.getOwnPropertyNames(value),
      ...(prototype && prototype !== Object.prototype ? Object.getOwnPropertyNames(prototype) : []),
    ]);
    for (const name of names) {
      if (name === 'constructor' || name === 'client' || name === 'requestController') continue;
      const member = (value as Record<string, unknown>)[name];
      if (typeof member === 'function') found.push(`${path}${name}`);
      else if (member !== null && typeof member === 'object' && !Array.isArray(member) && depth < 3)
        walk(member, `${path}${name}.`, depth + 1);
    }
  };
  walk(root, prefix, 0);
  return found;
};

/** The method path a call entry exercises: its name without the note in brackets. */
const methodOf = (entry: string): string => entry.replace(/ \(.*\)$/, '');

const arrange = (service: MockService): void => {
  const { id } = service.projects.primary;
  service.projects.configure(id, {
    client_redeem_enabled: true,
    client_publish_enabled: true,
    client_list_vouchers_enabled: true,
    client_create_customer_enabled: true,
    client_loyalty_events_enabled: true,
  } as never);
  service.projects.primary.state.metadataSchemas.create('product', {
    properties: { room: { type: 'string', optional: true } },
  } as never);
};

test('every method of @voucherify/sdk 2.9 is served: no 404, 405 or 501, and every call succeeds', async () => {
  const { sdk, url, service } = await sandbox({ arrange });
  const { clientAppId, clientToken } = service.projects.primary.keys;
  const client = VoucherifyClientSide({
    clientApplicationId: clientAppId,
    clientSecretKey: clientToken,
    apiUrl: url,
    origin: 'https://shop.example',
  });

  const listed = new Set(CALLS.map(([entry]) => methodOf(entry)));
  const methods = [...methodsOf(sdk, 'server.'), ...methodsOf(client, 'client.')];
  expect(methods.filter((method) => !listed.has(method))).toEqual([]);
  expect([...listed].filter((method) => !methods.includes(method))).toEqual([]);

  const made: Made = {};
  const answers: Record<string, unknown> = {};
  const failures: string[] = [];
  for (const [entry, call] of CALLS) {
    try {
      answers[entry] = await call(sdk, client, made, answers);
    } catch (error) {
      const { code, key, details, message } = error as {
        code?: number;
        key?: string;
        details?: string;
        message?: string;
      };
      failures.push(`${entry}: ${code ?? 'no status'} ${key ?? ''} ${details ?? message ?? ''}`.trim());
    }
    // Bulk jobs and exports finish before the calls that read what they made.
    await service.scheduler.drain();
  }
  expect(failures).toEqual([]);
});
