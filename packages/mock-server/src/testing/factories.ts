import type { Resource } from '../core/resource.js';
import { type MockService, fullService } from '../service.js';
import type { ProjectState } from '../areas/state.js';
import type { ProductInput, Product, Sku, SkuInput } from '../areas/catalog/products/store.js';
import type { Customer, CustomerUpsert } from '../areas/customers/customers/store.js';
import type { Order, OrderInput } from '../areas/customers/orders/store.js';
import type { PromotionTier, PromotionTierCreateInput } from '../areas/campaigns/promotions/store.js';
import type { CampaignCreateInput } from '../areas/campaigns/campaigns/store.js';
import type { Campaign, Voucher, VoucherCreateInput } from '../areas/campaigns/vouchers/types.js';
import type { AssignmentInput, ValidationRule, ValidationRuleInput } from '../areas/rules/validation-rules/store.js';
import { addMember } from '../areas/programmes/loyalties/add-member.js';
import {
  DEFAULT_DISCOUNT,
  DEFAULT_GIFT_AMOUNT,
  DEFAULT_RULES,
  customerDefaults,
  discountCampaignDefaults,
  discountCode,
  giftCampaignDefaults,
  giftCode,
  loyaltyProgrammeDefaults,
  orderDefaults,
  productDefaults,
  promotionDefaults,
  referralProgrammeDefaults,
  skuDefaults,
  tierDefaults,
  validationRuleName,
} from './defaults.js';
import { createSequences } from './sequences.js';

/**
 * Options of {@link createFactories}.
 *
 * @example
 * ```ts
 * const us = service.projects.create({ name: 'US shop' });
 * const options: FactoryOptions = { project: us.id };
 * ```
 */
export interface FactoryOptions {
  /** Id of the project (`proj_…`) the builders write to; default the primary project. */
  readonly project?: string;
}

/**
 * Builders of the records tests need most, bound to one project of a mock service. Each takes
 * fields that replace its defaults (typed as the API's request) and returns the record as the API
 * shows it. The defaults are valid requests, named and coded from a counter of each builder
 * (`Customer 1`, `customer-1@example.com`, `DISCOUNT-1` …); ids come from the stores, so the same
 * seed gives the same ids. The builders write through the stores the API's operations use:
 * events, indexes, campaign counts and rule assignments are as after the requests.
 *
 * @example
 * ```ts
 * const make = createFactories(service);
 * const customer = make.customer({ name: 'Ana' });
 * const voucher = make.voucher({ discount: { type: 'AMOUNT', amount_off: 500 } });
 * ```
 */
export interface Factories {
  /**
   * A discount voucher, as `POST /v1/vouchers` makes it: standalone, coded `DISCOUNT-1` …, 10 %
   * off; in a campaign (`campaign` or `campaign_id`), with the campaign's discount and a code
   * from the campaign's code settings, unless `discount` or `code` is given.
   *
   * @example
   * ```ts
   * make.voucher({ code: 'TEN', redemption: { quantity: 1 } });
   * ```
   */
  voucher(overrides?: Partial<Resource<'VoucherCreateDiscountWithSpecificCode'>>): Voucher;
  /**
   * A gift card, as `POST /v1/vouchers` makes it: standalone, coded `GIFT-1` …, with 100.00 of
   * credit; in a campaign, with the campaign's credit unless `gift` is given.
   *
   * @example
   * ```ts
   * make.giftCard({ gift: { amount: 2500 } });
   * ```
   */
  giftCard(overrides?: Partial<Resource<'VoucherCreateGiftWithSpecificCode'>>): Voucher;
  /**
   * A member's loyalty card, as `POST /v1/loyalties/{campaignId}/members` makes it, with `points`
   * added as `POST …/members/{memberId}/balance` adds them. The programme is `campaign` (id or
   * name), else a new one; the member is `customer`, else a new one.
   *
   * @example
   * ```ts
   * const card = make.loyaltyCard({ points: 500 });
   * card.loyalty_card?.balance; // 500
   * ```
   */
  loyaltyCard(
    overrides?: Partial<Omit<Resource<'LoyaltyMemberCreateRequest'>, 'campaign'>> & {
      readonly campaign?: string;
      readonly points?: number;
    },
  ): Voucher;
  /**
   * A discount campaign (`Discount campaign 1` …) whose codes, 10 % off, are made on demand (by a
   * publication, or {@link Factories.voucher} with `campaign`). `vouchers_count` above 1 makes them
   * in a bulk job: drain the scheduler.
   *
   * @example
   * ```ts
   * const summer = make.discountCampaign({ name: 'Summer', vouchers_count: 1 });
   * ```
   */
  discountCampaign(overrides?: Partial<Resource<'CampaignCreateDiscountCouponsCampaign'>>): Campaign;
  /**
   * A gift card campaign (`Gift campaign 1` …) whose cards, of 100.00, are made on demand.
   *
   * @example
   * ```ts
   * const cards = make.giftCampaign({ voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } });
   * ```
   */
  giftCampaign(overrides?: Partial<Resource<'CampaignCreateGiftCampaign'>>): Campaign;
  /**
   * A loyalty programme (`Loyalty programme 1` …) whose cards, starting at 0 points, are made as
   * customers join.
   *
   * @example
   * ```ts
   * const club = make.loyaltyProgramme({ name: 'Club' });
   * make.loyaltyCard({ campaign: club.id, points: 100 });
   * ```
   */
  loyaltyProgramme(overrides?: Partial<Resource<'CampaignCreateLoyaltyCampaign'>>): Campaign;
  /**
   * A promotion (`Promotion 1` …) with one tier of 10 % off every order, unless `promotion.tiers`
   * says otherwise; its tiers are in `promotion.tiers`.
   *
   * @example
   * ```ts
   * const [tier] = make.promotion().promotion?.tiers ?? [];
   * ```
   */
  promotion(overrides?: Partial<Resource<'CampaignCreatePromotionCampaign'>>): Campaign;
  /**
   * A referral programme (`Referral programme 1` …) whose referral codes, 10 % off for the
   * referee, are made on demand and convert on redemption.
   *
   * @example
   * ```ts
   * const friends = make.referralProgramme();
   * ```
   */
  referralProgramme(overrides?: Partial<Resource<'CampaignCreateReferralCampaign'>>): Campaign;
  /**
   * A promotion tier (`Tier 1` …) of 10 % off every order, added to the promotion `campaign` (id
   * or name) as `POST /v1/promotions/{campaignId}/tiers` adds it, else to a new promotion.
   *
   * @example
   * ```ts
   * const tier = make.promotionTier({ campaign: promotion.id, banner: '5 % off', action: { discount: { type: 'PERCENT', percent_off: 5 } } });
   * ```
   */
  promotionTier(overrides?: Partial<PromotionTierCreateInput> & { readonly campaign?: string }): PromotionTier;
  /**
   * A customer, as `POST /v1/customers` makes it: `customer-1`, `Customer 1`,
   * `customer-1@example.com` …
   *
   * @example
   * ```ts
   * const ana = make.customer({ name: 'Ana', metadata: { vip: true } });
   * ```
   */
  customer(overrides?: CustomerUpsert): Customer;
  /**
   * A product, as `POST /v1/products` makes it: `product-1`, `Product 1` …, priced 10.00.
   *
   * @example
   * ```ts
   * const mug = make.product({ name: 'Mug', price: 1500 });
   * ```
   */
  product(overrides?: ProductInput): Product;
  /**
   * A SKU, as `POST /v1/products/{productId}/skus` makes it: `sku-1`, `SKU 1` …, priced 10.00, of
   * `product` (id or `source_id`), else of a new product.
   *
   * @example
   * ```ts
   * const blue = make.sku({ product: mug.id, sku: 'Blue mug' });
   * ```
   */
  sku(overrides?: SkuInput & { readonly product?: string }): Sku;
  /**
   * An order, as `POST /v1/orders` makes it: `order-1` …, of 100.00, without a customer unless
   * `customer` names one (an unknown one is created).
   *
   * @example
   * ```ts
   * const order = make.order({ status: 'PAID', customer: { id: ana.id } });
   * ```
   */
  order(overrides?: OrderInput): Order;
  /**
   * A validation rule (`Validation rule 1` …), as `POST /v1/validation-rules` makes it, met by
   * every order with an amount unless `rules`, `applicable_to` or `bundle_rules` is given; with
   * `assignTo`, assigned as `POST /v1/validation-rules/{id}/assignments` assigns it.
   *
   * @example
   * ```ts
   * const rule = make.validationRule(
   *   { rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } },
   *   { related_object_type: 'voucher', related_object_id: voucher.id },
   * );
   * ```
   */
  validationRule(overrides?: ValidationRuleInput, assignTo?: AssignmentInput): ValidationRule;
}

/**
 * Creates {@link Factories} bound to a project of `service`: the primary one unless
 * `options.project` names another. The project is looked up at each call, so the builders keep
 * working after `service.reset()` (and number from 1 again).
 *
 * @param service - A service made by `createMockService`.
 * @param options - Which project to write to.
 * @returns The builders.
 * @throws Error, from a builder, when `options.project` names no project; the stores' errors
 *   (ApiError, DomainError) for overrides the service refuses.
 * @example
 * ```ts
 * const service = createMockService({ seed: 7 });
 * const make = createFactories(service);
 * const voucher = make.voucher(); // DISCOUNT-1, 10 % off
 * const customer = make.customer(); // customer-1, Customer 1
 * ```
 */
export const createFactories = (service: MockService, options: FactoryOptions = {}): Factories => {
  const full = fullService(service);
  const sequences = createSequences();
  const stateOf = (): ProjectState => {
    // Read at each call: `reset()` replaces the projects.
    const { projects } = full;
    const project = options.project === undefined ? projects.primary : projects.get(options.project);
    if (project === undefined) throw new Error(`The mock service has no project ${options.project ?? ''}`);
    return project.state;
  };
  const { next } = sequences;
  /** Creates a campaign of the next free default name, as `POST /v1/campaigns` does. */
  const campaign = <Input extends CampaignCreateInput & { readonly name: string }>(
    kind: string,
    defaults: (n: number) => Input,
    overrides: Partial<Input>,
  ): Campaign => {
    const state = stateOf();
    const n = next(state, kind, (k) => state.campaigns.find(defaults(k).name) !== undefined);
    return state.campaigns.create({ ...defaults(n), ...overrides });
  };
  /**
   * Creates a voucher as `POST /v1/vouchers` does: in a campaign (which gives the value and the
   * code), or standalone with the default value and the next free default code.
   */
  const voucher = (
    kind: string,
    code: (n: number) => string,
    standalone: VoucherCreateInput,
    overrides: VoucherCreateInput,
  ): Voucher => {
    const state = stateOf();
    const { vouchers } = state;
    const inCampaign = overrides.campaign !== undefined || overrides.campaign_id !== undefined;
    const defaults = inCampaign
      ? {}
      : {
          ...standalone,
          ...(overrides.code === undefined
            ? { code: code(next(state, kind, (k) => vouchers.isCodeTaken(code(k)))) }
            : {}),
        };
    return vouchers.present(vouchers.create({ ...defaults, ...overrides }));
  };

  const factories: Factories = {
    voucher: (overrides = {}) =>
      voucher('voucher', discountCode, { discount: DEFAULT_DISCOUNT }, { type: 'DISCOUNT_VOUCHER', ...overrides }),
    giftCard: (overrides = {}) =>
      voucher('giftCard', giftCode, { gift: { amount: DEFAULT_GIFT_AMOUNT } }, { type: 'GIFT_VOUCHER', ...overrides }),
    loyaltyCard: ({ campaign: programme, points, ...request } = {}) => {
      const programmeId = programme ?? factories.loyaltyProgramme().id;
      const customer = request.customer ?? { id: factories.customer().id };
      const state = stateOf();
      const card = addMember(state, programmeId, { ...request, customer });
      if (points !== undefined && points !== 0) state.loyalties.changeBalance(programmeId, card.code, { points });
      return state.vouchers.present(state.vouchers.get(card.id));
    },
    discountCampaign: (overrides = {}) => campaign('discountCampaign', discountCampaignDefaults, overrides),
    giftCampaign: (overrides = {}) => campaign('giftCampaign', giftCampaignDefaults, overrides),
    loyaltyProgramme: (overrides = {}) => campaign('loyaltyProgramme', loyaltyProgrammeDefaults, overrides),
    promotion: (overrides = {}) => {
      const tiers = overrides.promotion === undefined ? [tierDefaults(next(stateOf(), 'promotionTier'))] : [];
      return campaign('promotion', (n) => promotionDefaults(n, tiers), overrides);
    },
    referralProgramme: (overrides = {}) => campaign('referralProgramme', referralProgrammeDefaults, overrides),
    promotionTier: ({ campaign: promotion, ...overrides } = {}) => {
      const promotionId = promotion ?? factories.promotion({ promotion: { tiers: [] } }).id;
      const state = stateOf();
      return state.promotions.create(promotionId, { ...tierDefaults(next(state, 'promotionTier')), ...overrides });
    },
    customer: (overrides = {}) => {
      const state = stateOf();
      const n = next(state, 'customer', (k) => state.customers.find(customerDefaults(k).source_id) !== undefined);
      return state.customers.upsert({ ...customerDefaults(n), ...overrides }).customer;
    },
    product: (overrides = {}) => {
      const state = stateOf();
      const n = next(state, 'product', (k) => state.products.find(productDefaults(k).source_id) !== undefined);
      return state.products.upsert({ ...productDefaults(n), ...overrides }).product;
    },
    sku: ({ product, ...overrides } = {}) => {
      const productId = product ?? factories.product().id;
      const state = stateOf();
      const n = next(state, 'sku', (k) => state.products.findSku(skuDefaults(k).source_id) !== undefined);
      return state.products.upsertSku(productId, { ...skuDefaults(n), ...overrides }).sku;
    },
    order: (overrides = {}) => {
      const state = stateOf();
      const n = next(state, 'order', (k) => state.orders.find(orderDefaults(k).source_id) !== undefined);
      return state.orders.upsert({ ...orderDefaults(n), ...overrides }).order;
    },
    validationRule: (overrides = {}, assignTo) => {
      const state = stateOf();
      const { validationRules } = state;
      // A rule needs something to judge: the default conditions, unless the overrides bring their own.
      const judges =
        overrides.rules !== undefined || overrides.applicable_to !== undefined || overrides.bundle_rules !== undefined;
      const rule = validationRules.create({
        name: validationRuleName(next(state, 'validationRule')),
        ...(judges ? {} : { rules: DEFAULT_RULES }),
        ...overrides,
      });
      if (assignTo === undefined) return rule;
      validationRules.assign(rule.id, assignTo);
      return validationRules.get(rule.id);
    },
  };
  return factories;
};
