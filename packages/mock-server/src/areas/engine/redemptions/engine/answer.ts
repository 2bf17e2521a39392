import {
  type BundleResult,
  type OrderAmounts,
  type StackingOutcome,
  type StackingRulesSettings,
} from '@voucherkit/domain';
import { categoryStackingRulesType } from '@voucherkit/domain/internals';
import type { Resource } from '../../../../core/resource.js';
import type { ApiError } from '../../../../http/api-error.js';
import { errorBody } from '../../../../http/respond.js';
import type { AppliedRedeemable, EngineRedeemable } from './apply.js';
import type { FoundRedeemable } from './redeemables.js';
import type { OrderFrame } from './order-frame.js';
import { copyOrEmpty } from '../../../../core/immutable.js';
import { withoutUnknownAmounts } from '../../../customers/orders/unpriced-line.js';

export type { OrderFrame } from './order-frame.js';

type OrderCalculated = Resource<'OrderCalculated'> & { items: Resource<'OrderCalculatedItem'>[] };
type Applicable = Resource<'ValidationRedeemableApplicable'>;
type Inapplicable = Resource<'ValidationRedeemableInapplicable'>;
type Skipped = Resource<'ValidationRedeemableSkipped'>;

/**
 * An order with the domain's amounts, framed by the request's order. Its fields are set one after
 * the other, each optional one only when it has a value: the same fields in the same order as a
 * literal with a spread for each optional field, which V8 builds field by field in its runtime,
 * about ten times slower.
 */
export const presentOrder = (amounts: OrderAmounts, frame: OrderFrame): OrderCalculated => {
  const order: Partial<OrderCalculated> = {};
  if (frame.id !== undefined) order.id = frame.id;
  order.source_id = frame.source_id;
  if (frame.status !== undefined) order.status = frame.status;
  order.amount = amounts.amount;
  order.initial_amount = amounts.initial_amount;
  order.discount_amount = amounts.discount_amount;
  order.items_discount_amount = amounts.items_discount_amount;
  order.total_discount_amount = amounts.total_discount_amount;
  order.total_amount = amounts.total_amount;
  order.applied_discount_amount = amounts.applied_discount_amount;
  order.items_applied_discount_amount = amounts.items_applied_discount_amount;
  order.total_applied_discount_amount = amounts.total_applied_discount_amount;
  order.items = amounts.items.map((item, index) =>
    withoutUnknownAmounts(
      {
        ...(frame.lines[index] ?? {
          object: 'order_item' as const,
          ...(item.product_id === undefined ? {} : { product_id: item.product_id, related_object: 'product' as const }),
          ...(item.sku_id === undefined ? {} : { sku_id: item.sku_id, related_object: 'sku' as const }),
        }),
        quantity: item.quantity,
        initial_quantity: item.initial_quantity,
        discount_quantity: item.discount_quantity,
        applied_discount_quantity: item.applied_discount_quantity,
        applied_quantity: item.applied_quantity,
        applied_quantity_amount: item.applied_quantity_amount,
        amount: item.amount,
        initial_amount: item.initial_amount,
        discount_amount: item.discount_amount,
        applied_discount_amount: item.applied_discount_amount,
        subtotal_amount: item.subtotal_amount,
        ...(item.price === null ? {} : { price: item.price }),
      },
      item,
    ),
  );
  order.metadata = copyOrEmpty(frame.metadata);
  order.object = 'order';
  if (frame.created_at !== undefined) order.created_at = frame.created_at;
  order.customer_id = frame.customer_id;
  order.referrer_id = frame.referrer_id;
  if (frame.customer_id !== null) order.customer = { id: frame.customer_id, object: 'customer' };
  if (frame.referrer_id !== null) order.referrer = { id: frame.referrer_id, object: 'customer' };
  return order as OrderCalculated;
};

/** The categories of a redeemable with their stacking type, as answers show them. */
export const presentCategories = (
  found: FoundRedeemable,
  rules: StackingRulesSettings,
): Resource<'CategoryWithStackingRulesType'>[] =>
  found.categories.map((category) => {
    const type = categoryStackingRulesType(category.id, rules);
    return { ...category, ...(type === undefined ? {} : { stacking_rules_type: type }) };
  });

/** Whether the answer names the redeemable's campaign and name (`options.expand` holds `redeemable`). */
const describe = (
  found: FoundRedeemable,
  expand: boolean,
): Pick<Applicable, 'campaign_name' | 'campaign_id' | 'name'> => {
  if (!expand) return {};
  const name = found.object === 'voucher' ? found.voucher.code : found.tier.name;
  return {
    ...(found.campaign ? { campaign_name: found.campaign.name, campaign_id: found.campaign.id } : {}),
    ...(name === undefined ? {} : { name }),
  };
};

const metadataOf = (found: FoundRedeemable): Record<string, unknown> => ({
  ...(found.object === 'voucher' ? found.voucher.metadata : found.tier.metadata),
});

const emptyList = (): Applicable['applicable_to'] => ({ object: 'list', data_ref: 'data', data: [], total: 0 });

/** A bundle as answers show it (`result.bundle`): complete bundles, their limit, the lines that make them up and, short of one, what is missing. */
export const presentBundle = (bundle: BundleResult): Resource<'Bundle'> =>
  ({
    quantity: bundle.quantity,
    limit: bundle.limit,
    identified: bundle.identified.map((item) => ({ ...item })),
    ...(bundle.missing === undefined ? {} : { missing: bundle.missing.map((item) => ({ ...item })) }),
  }) as Resource<'Bundle'>;

/** The `result` of an applicable redeemable: its discount with the bundle its rules found, or the credits of a gift card. */
export const redeemableResult = (applied: AppliedRedeemable): Applicable['result'] => {
  const { step, bundle } = applied;
  if (step.kind === 'gift') return { gift: { balance: step.gift.balance, credits: step.gift.credits } };
  if (step.kind === 'pay_with_points') return { loyalty_card: { points: step.loyalty_card.points } };
  // The service says of every discount it applied whether a formula computed it.
  const discount =
    step.discount === undefined || step.discount === null
      ? step.discount
      : { ...step.discount, is_dynamic: step.discount.is_dynamic ?? false };
  return {
    discount: discount as Extract<Applicable['result'], { discount: unknown }>['discount'],
    ...(bundle === undefined ? {} : { bundle: presentBundle(bundle) }),
  };
};

/** Options of the answer's shape. */
export interface AnswerOptions {
  readonly rules: StackingRulesSettings;
  readonly frame: OrderFrame;
  /** `options.expand` holds `redeemable`. */
  readonly expandRedeemable: boolean;
}

type Outcome = StackingOutcome<EngineRedeemable, unknown, AppliedRedeemable, ApiError>;

/** The error of an inapplicable redeemable, as the service nests it. */
const redeemableErrorBody = (error: ApiError, requestId: string): Resource<'RedeemableError'> =>
  errorBody(error, requestId) as Resource<'RedeemableError'>;

/** One redeemable of a validation or redemption answer, by its outcome; an inapplicable one's error names the request. */
export const presentOutcome = (
  outcome: Outcome,
  options: AnswerOptions,
  requestId: string,
): Applicable | Inapplicable | Skipped => {
  const { ref } = outcome.redeemable;
  const object = ref.object === 'promotion_tier' ? 'promotion_tier' : 'voucher';
  const found = 'object' in outcome.redeemable.found ? outcome.redeemable.found : undefined;
  const about = found
    ? {
        metadata: metadataOf(found),
        categories: presentCategories(found, options.rules),
        ...describe(found, options.expandRedeemable),
      }
    : {};
  if (outcome.status === 'APPLICABLE') {
    const { step } = outcome.result;
    return {
      status: 'APPLICABLE',
      id: ref.id,
      object,
      order: presentOrder(step.order, options.frame),
      applicable_to: step.kind === 'discount' ? (step.applicable_to as Applicable['applicable_to']) : emptyList(),
      inapplicable_to: step.kind === 'discount' ? (step.inapplicable_to as Applicable['inapplicable_to']) : emptyList(),
      result: redeemableResult(outcome.result),
      metadata: {},
      ...about,
    };
  }
  if (outcome.status === 'INAPPLICABLE') {
    return {
      status: 'INAPPLICABLE',
      id: ref.id,
      object,
      result: {
        error: redeemableErrorBody(outcome.error, requestId),
        details: { key: outcome.error.key, message: outcome.error.message },
      },
      ...about,
    };
  }
  return { status: 'SKIPPED', id: ref.id, object, result: { details: outcome.details }, ...about };
};
