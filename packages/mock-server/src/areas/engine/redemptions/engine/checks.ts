import {
  type ApplicableItemsInput,
  type ApplicableToEntryInput,
  type ApplicableToOptions,
  type BundleResult,
  type FormulaContext,
  type OrderAmounts,
  type ValidationRuleContext,
  discountItemsFromRules,
} from '@voucherkit/domain';
import { ApiError } from '../../../../http/api-error.js';
import type { Customer, CustomerReference } from '../../../customers/customers/store.js';
import type { EnginePorts, EngineStores, RuleTarget } from '../ports.js';
import { type OrderFrame, lineMetadataOf } from './order-frame.js';
import type { CountTarget, RedemptionCounts } from './counts.js';
import { formulaContextOf } from './formulas.js';
import { formulaLimitsOf } from './limit-formulas.js';
import type { FoundRedeemable } from './redeemables.js';
import type { RequestedRedeemable, StackedRequest } from './request.js';

/** A customer that a request describes and the project does not store: its `source_id`, if any, and its metadata. */
interface UnsavedCustomer {
  readonly source_id: string | null;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/**
 * The unsaved customer of a request whose `customer` matches no stored one: what the object
 * says of it (a plain string names an id or `source_id` only).
 *
 * @param reference - The request's `customer`.
 * @param stored - The stored customer it names, if any.
 * @returns The unsaved customer, or undefined when the customer is stored or none is given.
 */
export const unsavedCustomerOf = (
  reference: CustomerReference | undefined,
  stored: Customer | undefined,
): UnsavedCustomer | undefined => {
  if (reference === undefined || stored !== undefined) return undefined;
  if (typeof reference === 'string')
    return reference.startsWith('cust_') ? undefined : { source_id: reference, metadata: {} };
  if (reference.id !== undefined) return undefined;
  return { source_id: reference.source_id ?? null, metadata: reference.metadata ?? {} };
};

/** What the checks of one redeemable read besides the redeemable. */
export interface CheckContext {
  readonly state: EngineStores;
  readonly ports: EnginePorts;
  /** The instant of the request, epoch milliseconds. */
  readonly now: number;
  /** The request's customer as stored, if known. */
  readonly customer: Customer | undefined;
  /** Whether the request names a customer at all. */
  readonly customerGiven: boolean;
  /**
   * The customer a request describes that is not stored (a new `source_id`, or only a name, an
   * email or metadata): a redemption creates it, a validation reads it unsaved. Rules read its
   * metadata, and per-customer rules count from zero.
   */
  readonly unsavedCustomer?: UnsavedCustomer | undefined;
  /** The session the request holds or ends: its own hold does not count against the voucher. */
  readonly sessionKey: string | undefined;
  /** The request's metadata (redemption rules read it). */
  readonly metadata: StackedRequest['metadata'];
  /** The request's order as the answer shows it (its metadata and lines'), for formulas and rules; none when unknown. */
  readonly orderFrame?: OrderFrame | undefined;
  /** The project's IANA time zone, in which rules and formulas read dates; UTC when absent. */
  readonly timeZone?: string | undefined;
  /**
   * How many successful redemptions a redeemable, a customer and (given its id) a campaign have,
   * for the rules, and (given `unitsOf`) the units earlier discounts reached, for product budgets.
   */
  readonly counts: (
    redeemableId: string,
    customerId: string | undefined,
    campaignId?: string,
    unitsOf?: CountTarget['unitsOf'],
  ) => RedemptionCounts;
}

/** A failure of one redeemable with the service's key, pointing at the redeemable. */
const redeemableError = (
  ref: RequestedRedeemable,
  status: number,
  key: string,
  message: string,
  details: string = ref.id,
  ruleMessage?: string,
): ApiError =>
  new ApiError(status, key, message, {
    details,
    redeemable: { type: ref.object, id: ref.id },
    ...(ruleMessage === undefined ? {} : { ruleMessage }),
  });

/** Credits other sessions hold on a gift card, and redemptions other sessions hold on a voucher. */
export const heldByOthers = (
  found: FoundRedeemable & { object: 'voucher' },
  context: CheckContext,
): { readonly count: number; readonly credits: number } => {
  const others = context.state.vouchers.sessions
    .of(found.voucher.id)
    .filter((session) => session.key !== context.sessionKey);
  return { count: others.length, credits: others.reduce((sum, session) => sum + (session.credits ?? 0), 0) };
};

const voucherChecks = (
  found: FoundRedeemable & { object: 'voucher' },
  ref: RequestedRedeemable,
  context: CheckContext,
): ApiError | undefined => {
  const { voucher } = found;
  const validity = context.state.vouchers.checkValidity(voucher.id, context.now);
  if (!validity.active) return redeemableError(ref, 400, validity.key, validity.message);
  if (voucher.type === 'LOYALTY_CARD') {
    if (!context.customerGiven) return redeemableError(ref, 400, 'missing_customer', 'Missing customer');
    const reward = 'reward' in ref ? ref.reward : undefined;
    if (reward?.id === undefined) return redeemableError(ref, 400, 'missing_reward', 'Missing reward');
    const loyalty = context.ports.loyaltyReward(voucher, reward.id);
    if (loyalty === undefined) {
      return new ApiError(404, 'not_found', 'Resource not found', {
        details: `Cannot find reward with id ${reward.id} in the campaign of ${voucher.code}`,
        resourceId: reward.id,
        resourceType: 'reward',
        redeemable: { type: ref.object, id: ref.id },
      });
    }
    // Other rewards are bought with POST /v1/loyalties/members/{memberId}/redemption (decision 0039).
    if (loyalty.coin === undefined) {
      return redeemableError(
        ref,
        400,
        'invalid_reward',
        'Invalid reward',
        `The reward ${reward.id} is not a pay with points reward; redeem it through the loyalty member's redemption.`,
      );
    }
    return undefined;
  }
  // A referral code is for the customers its referrer invites, not for the referrer.
  if (voucher.is_referral_code === true && voucher.holder_id && voucher.holder_id === context.customer?.id) {
    return redeemableError(
      ref,
      400,
      'referrer_not_permitted_to_redeem',
      'Referrer not permitted to redeem',
      `The code ${voucher.code} is referred by this customer, who cannot redeem it.`,
    );
  }
  const quantity = voucher.redemption?.quantity;
  if (quantity !== null && quantity !== undefined) {
    const used = (voucher.redemption?.redeemed_quantity ?? 0) + heldByOthers(found, context).count;
    if (used >= quantity) return redeemableError(ref, 400, 'quantity_exceeded', 'quantity exceeded');
  }
  return undefined;
};

const tierChecks = (
  found: FoundRedeemable & { object: 'promotion_tier' },
  ref: RequestedRedeemable,
  context: CheckContext,
): ApiError | undefined => {
  const validity = context.state.promotions.checkValidity({ object: 'promotion_tier', id: found.tier.id }, context.now);
  return validity.active ? undefined : redeemableError(ref, 400, validity.key, validity.message);
};

/**
 * The checks of a redeemable that do not depend on the order: lifecycle (campaign, dates,
 * timeframes, `active`), limits (quantity, with the redemptions other sessions hold) and what
 * a card needs.
 *
 * @returns The failure to report, or `undefined` when the redeemable passes.
 */
export const checkRedeemable = (
  found: FoundRedeemable,
  ref: RequestedRedeemable,
  context: CheckContext,
): ApiError | undefined =>
  found.object === 'voucher' ? voucherChecks(found, ref, context) : tierChecks(found, ref, context);

/** The customer a code is published to, for `publication.redeemable_by_linked_customer`; none for a tier or an unpublished code. */
const holderOf = (found: FoundRedeemable, context: CheckContext): ValidationRuleContext['publication'] => {
  const holderId = found.object === 'voucher' ? found.voucher.holder_id : undefined;
  if (holderId === undefined || holderId === null) return null;
  return { customer_id: holderId, customer_source_id: context.state.customers.find(holderId)?.source_id ?? null };
};

/** The ids of the products and SKUs in each collection, read once per request (collections are looked up only when a rule names them). */
const membersByRequest = new WeakMap<CheckContext, Map<string, ReadonlySet<string>>>();

const membersOf = (context: CheckContext, collectionId: string): ReadonlySet<string> => {
  let cache = membersByRequest.get(context);
  if (cache === undefined) {
    cache = new Map();
    membersByRequest.set(context, cache);
  }
  let members = cache.get(collectionId);
  if (members === undefined) {
    try {
      members = new Set(context.state.productCollections.members(collectionId).map((member) => member.id));
    } catch (error) {
      // A rule may name a collection deleted since: it has no members.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      members = new Set();
    }
    cache.set(collectionId, members);
  }
  return members;
};

/** The collections, among those the rules name, that a line's product or SKU belongs to (a SKU belongs where its product does). */
const collectionsOfLine = (
  context: CheckContext,
  named: readonly string[],
  item: OrderAmounts['items'][number],
): string[] =>
  named.filter((id) => {
    const members = membersOf(context, id);
    return (
      (item.sku_id !== undefined && item.sku_id !== null && members.has(item.sku_id)) ||
      (item.product_id !== undefined && item.product_id !== null && members.has(item.product_id))
    );
  });

/** What {@link withCatalogueIds} reads of an entry of `applicable_to`. */
type CatalogueEntry = Pick<ApplicableToEntryInput, 'object' | 'id' | 'source_id'>;

/**
 * An entry of `applicable_to` (as a rule gives it, or as a result lists it) with the catalogue's
 * ids, as the service lists it: a product's `source_id`; a SKU's `source_id`, `product_id` and
 * `product_source_id`.
 *
 * @param entry - The entry.
 * @param context - What the checks read (the products).
 * @returns The entry with the ids the catalogue knows.
 */
export const withCatalogueIds = <Entry extends CatalogueEntry>(entry: Entry, context: CheckContext): Entry => {
  if (entry.object === 'products_collection' || entry.source_id !== undefined) return entry;
  const { products } = context.state;
  if (entry.object === 'product') {
    const sourceId = products.find(entry.id)?.source_id;
    return typeof sourceId === 'string' ? { ...entry, source_id: sourceId } : entry;
  }
  const sku = products.findSku(entry.id);
  if (sku === undefined) return entry;
  const productSourceId = typeof sku.product_id === 'string' ? products.find(sku.product_id)?.source_id : undefined;
  return {
    ...entry,
    ...(typeof sku.source_id === 'string' ? { source_id: sku.source_id } : {}),
    ...(typeof sku.product_id === 'string' ? { product_id: sku.product_id } : {}),
    ...(typeof productSourceId === 'string' ? { product_source_id: productSourceId } : {}),
  };
};

const withCatalogue = (items: ApplicableItemsInput, context: CheckContext): ApplicableItemsInput => ({
  ...items,
  included: items.included.map((entry) => withCatalogueIds(entry, context)),
  excluded: (items.excluded ?? []).map((entry) => withCatalogueIds(entry, context)),
});

/**
 * What judging a redeemable's validation rules gave: the failure to report, or, on a pass, the
 * lines and units its discount may reach (`undefined`: every line, as without product rules) and
 * the bundle of the first passing rule set that has one.
 */
export type RulesVerdict =
  | { readonly valid: false; readonly error: ApiError }
  | {
      readonly valid: true;
      readonly applicable_to: ApplicableItemsInput | undefined;
      readonly bundle: BundleResult | undefined;
    };

const EVERY_LINE: RulesVerdict = { valid: true, applicable_to: undefined, bundle: undefined };

/** How the discount judged uses bundles: whether the rules' unit limits scale with them (per-unit amounts and new prices) or its amounts do. */
export interface RulesOptions {
  /** `true` when the discount's unit limits multiply by the bundles (`APPLY_TO_ITEMS_BY_QUANTITY`, `FIXED`); else its amounts do and unit limits stay. */
  readonly unitsScaleWithBundles: boolean;
}

/**
 * What a rule context holds of the redeemable being judged: the holder of a published code, the
 * gift credits asked for, the redemption counts, its campaign's counters, and the collections the
 * rules name (whose membership each order line is given).
 */
export type RuleContextParts = Pick<ValidationRuleContext, 'publication' | 'campaign'> & {
  readonly gift: NonNullable<ValidationRuleContext['redemption']>['gift'];
  readonly counts: NonNullable<ValidationRuleContext['redemption']>['counts'];
  readonly collections: readonly string[];
};

/**
 * The context validation rules are judged in: the customer with the segments they belong to now
 * (or the request's unsaved one), the order as given (its lines with their metadata and the named
 * collections they belong to), the redemption's metadata and counts, and the redeemable's parts.
 *
 * @param order - The order at this step of the stack.
 * @param context - What the checks read.
 * @param parts - What the context holds of the redeemable.
 * @returns The rule context.
 */
export const ruleContextOf = (
  order: OrderAmounts,
  context: CheckContext,
  parts: RuleContextParts,
): ValidationRuleContext => {
  const { customer } = context;
  return {
    now: context.now,
    ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    customer: customer
      ? {
          id: customer.id,
          source_id: customer.source_id ?? null,
          metadata: customer.metadata ?? {},
          segment_ids: context.state.segments.segmentsOf(customer).map((segment) => segment.id),
        }
      : context.unsavedCustomer === undefined
        ? null
        : { source_id: context.unsavedCustomer.source_id, metadata: context.unsavedCustomer.metadata, segment_ids: [] },
    publication: parts.publication,
    order: {
      // What is left to pay after the earlier redeemables: the cart as this step sees it.
      amount: order.total_amount,
      initial_amount: order.initial_amount,
      ...(context.orderFrame === undefined ? {} : { metadata: context.orderFrame.metadata }),
      items: order.items.map((item, index) => {
        const { metadata, productMetadata } = lineMetadataOf(context.orderFrame, index);
        return {
          product_id: item.product_id ?? null,
          sku_id: item.sku_id ?? null,
          quantity: item.quantity,
          price: item.price,
          amount: item.amount,
          metadata,
          ...(productMetadata === undefined ? {} : { product: { metadata: productMetadata } }),
          ...(parts.collections.length === 0
            ? {}
            : { collection_ids: collectionsOfLine(context, parts.collections, item) }),
        };
      }),
    },
    redemption: { metadata: context.metadata ?? {}, gift: parts.gift, counts: parts.counts },
    campaign: parts.campaign,
  };
};

/**
 * The validation rules of a redeemable on the order as the earlier redeemables left it, through
 * the rules port: the customer with the segments they belong to now, the order at this step of
 * the stack with the collections of its lines that the rules name, the redemption's counts and
 * its campaign's, the units earlier redemptions discounted (when an entry sets a product budget),
 * and the holder of a published code.
 *
 * @returns The failure (`customer_rules_violated`, `order_rules_violated`,
 *   `redemption_rules_violated` …), or on a pass the lines the discount may reach: those of the
 *   first rule set that names products, SKUs or collections (decision 0032), else every line.
 */
export const checkRules = (
  found: FoundRedeemable,
  ref: RequestedRedeemable,
  order: OrderAmounts,
  context: CheckContext,
  options: RulesOptions = { unitsScaleWithBundles: true },
): RulesVerdict => {
  const id = found.object === 'voucher' ? found.voucher.id : found.tier.id;
  const target: RuleTarget = { object: found.object, id, campaign_id: found.campaign?.id ?? null };
  // A loyalty card paying with points meets the rules of the reward's assignment as well as its own.
  const payment =
    found.object === 'voucher' && 'reward' in ref && ref.reward?.id !== undefined
      ? context.ports.loyaltyReward(found.voucher, ref.reward.id)?.rules
      : undefined;
  const ruleSets =
    payment === undefined || payment.length === 0
      ? context.ports.rulesFor(target)
      : [...context.ports.rulesFor(target), ...payment];
  if (ruleSets.length === 0) return EVERY_LINE;
  const { customer } = context;
  const named = [...new Set(ruleSets.flatMap((ruleSet) => ruleSet.inputs?.collections ?? []))];
  // Product budgets read the units earlier redemptions discounted: the campaign's for its codes, a tier's or a standalone code's own.
  const budgeted = ruleSets.some((ruleSet) => ruleSet.inputs?.budgets === true);
  const unitsOf = budgeted
    ? found.object === 'voucher' && found.campaign !== undefined
      ? 'campaign'
      : 'redeemable'
    : undefined;
  const counts = context.counts(id, customer?.id, found.campaign?.id, unitsOf);
  const budgets: ApplicableToOptions = {
    ...(counts.discountedUnits === undefined
      ? {}
      : {
          budget: found.object === 'promotion_tier' ? 'promotion_tier' : 'campaign',
          discountedUnits: counts.discountedUnits,
        }),
    // Bundles multiply either the discount's amounts or the units it reaches, never both (decision 0035).
    ...(options.unitsScaleWithBundles ? {} : { unitLimitMultiplier: 1 }),
  };
  let formulaContext: FormulaContext | undefined;
  const ruleContext = ruleContextOf(order, context, {
    publication: holderOf(found, context),
    gift: 'gift' in ref ? { credits: ref.gift?.credits ?? null } : null,
    counts: { incentive: counts.incentive, customer: counts.customer },
    campaign: counts.campaign ?? null,
    collections: named,
  });
  let applicable: ApplicableItemsInput | undefined;
  let bundle: BundleResult | undefined;
  for (const { evaluate, limitFormulas } of ruleSets) {
    if (limitFormulas !== undefined) formulaContext ??= formulaContextOf(found, order, context);
    const result = evaluate(
      ruleContext,
      limitFormulas === undefined || formulaContext === undefined
        ? budgets
        : { ...budgets, formulaLimits: formulaLimitsOf(limitFormulas, formulaContext) },
    );
    if (!result.valid) {
      return {
        valid: false,
        error: redeemableError(
          ref,
          400,
          result.failure.key,
          result.failure.message,
          ref.id,
          result.failure.error?.message,
        ),
      };
    }
    applicable ??= discountItemsFromRules(result.applicable);
    bundle ??= result.bundle;
  }
  if (applicable === undefined && bundle === undefined) return EVERY_LINE;
  return {
    valid: true,
    applicable_to: applicable === undefined ? undefined : withCatalogue(applicable, context),
    bundle,
  };
};
