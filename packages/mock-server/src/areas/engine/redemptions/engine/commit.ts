import type { ServiceContext } from '../../../../core/context.js';
import type { EngineStores } from '../ports.js';
import type { Resource } from '../../../../core/resource.js';
import { ApiError } from '../../../../http/api-error.js';
import type { Customer, CustomerReference } from '../../../customers/customers/store.js';
import type { OrderCalculation, OrderChange } from '../../../customers/orders/store.js';
import { type AnswerOptions, presentOrder, presentOutcome } from './answer.js';
import type { AppliedRedeemable, EngineApplication } from './apply.js';
import { discountedUnitsOf, tierAmounts } from './counts.js';
import type { StoredVoucher } from '../../../campaigns/vouchers/types.js';
import {
  type KeptRedemption,
  type RedemptionChannel,
  type RedemptionEntry,
  recordCustomer,
  recordMetadata,
  redemptionChanges,
  shownRecord,
} from './records.js';
import type { StackedRequest } from './request.js';
import { type RedemptionEventSubjects, redemptionEventData } from './event-data.js';
import { EMPTY_LIST } from '../../../../core/immutable.js';
import { simpleCampaign } from '../../../campaigns/vouchers/shapes.js';
import type { Origin } from '../../../../core/origin.js';

/** The answer of `POST /v1/redemptions`. */
export type RedemptionResult = Resource<'RedemptionResult'>;

/** What committing (or failing) a redemption reads. */
export interface CommitInput {
  readonly request: StackedRequest;
  readonly application: EngineApplication;
  readonly options: AnswerOptions;
  /**
   * The amounts and lines of the order the redemption creates, as the checks priced them from the
   * same lines and amounts; `undefined` when it updates a stored order, or creates none.
   */
  readonly newOrder?: OrderCalculation | undefined;
  /** The request: its id for the events and the answer's errors, its channel for the records. */
  readonly origin: Origin<'requestId' | 'channel'>;
  /** The session the request ends, if it names one. */
  readonly sessionKey: string | undefined;
  readonly context: ServiceContext;
  readonly state: EngineStores;
}

/**
 * What a committed redemption produced: the records to store. Its events are recorded once they
 * are stored ({@link announceRedemption}); its answer is made apart ({@link redemptionResult}), by
 * the operations that answer with it.
 */
interface Committed {
  /** The parent's id, or the single redemption's. */
  readonly head: string;
  /** Ids of the children of a parent. */
  readonly children: readonly string[];
  /** The records, the parent first when there is one. */
  readonly entries: readonly RedemptionEntry[];
  /** The final order as the records show it, before the stored order's `redemptions` are on it. */
  readonly finalOrder: Resource<'OrderCalculated'>;
}

/** A record as a redemption answer shows it: the voucher presented, or left out where there is none. */
const asRedemption = (record: KeptRedemption, state: EngineStores): Resource<'Redemption'> => {
  const { voucher, ...rest } = shownRecord(record, state.vouchers);
  return voucher === null ? rest : { ...rest, voucher };
};

const campaignOf = (applied: AppliedRedeemable): RedemptionEntry['campaign'] =>
  applied.found.campaign ? { id: applied.found.campaign.id, name: applied.found.campaign.name } : undefined;

/**
 * Spends what one applicable redeemable uses: a redemption of the voucher and a card's credits
 * (ending the request's session on it), or a redemption in the promotion tier's summary.
 */
const spend = (applied: AppliedRedeemable, input: CommitInput, recordId: string): StoredVoucher | undefined => {
  const { found, step } = applied;
  if (found.object !== 'voucher') {
    input.state.promotions.countRedemption(found.tier.id, tierAmounts(step.order));
    return undefined;
  }
  const { vouchers } = input.state;
  if (step.kind === 'pay_with_points' && step.loyalty_card.points > 0) {
    // The points go first: the card's redemption count is written on the card the ledger left.
    input.state.loyaltyCards.debit(
      found.voucher.id,
      {
        points: step.loyalty_card.points,
        type: 'POINTS_REDEMPTION',
        source: null,
        details: { redemption: { id: recordId } },
        operation_type: 'MANUAL',
      },
      input.origin,
    );
  }
  const current = vouchers.get(found.voucher.id);
  const credits = step.kind === 'gift' ? step.gift.credits : 0;
  const next = vouchers.replace(current, redemptionChanges(current, 1, credits));
  if (
    input.sessionKey !== undefined &&
    vouchers.sessions.of(next.id).some((session) => session.key === input.sessionKey)
  ) {
    vouchers.sessions.release(next.id, input.sessionKey);
  }
  return next;
};

/** The customer of a redemption: resolved (created or updated) from the request. */
const resolveCustomer = (input: CommitInput): Customer | undefined =>
  input.request.customer === undefined
    ? undefined
    : input.state.customers.resolve(input.request.customer as CustomerReference, input.origin).customer;

/**
 * The order of a redemption: created or updated from the request, `PAID` unless it says
 * otherwise. Its events wait until the discounts are on it.
 */
const upsertOrder = (input: CommitInput, customer: Customer | undefined): OrderChange | undefined => {
  const sent = input.request.order;
  if (sent === undefined) return undefined;
  return input.state.orders.upsert(
    // The service gives the orders that redemptions make `metadata: {}` when the request sends none.
    {
      ...sent,
      status: sent.status ?? 'PAID',
      metadata: sent.metadata ?? {},
      ...(customer ? { customer: { id: customer.id } } : {}),
    } as Parameters<EngineStores['orders']['upsert']>[0],
    input.origin,
    // The customer is resolved and the order priced already: neither is done again.
    { announce: false, customer, calculated: input.newOrder },
  );
};

/** Records a redemption's event; its payload is made when it is first read. */
const recordEvent = (
  input: CommitInput,
  type: 'redemption.succeeded' | 'redemption.failed',
  record: KeptRedemption,
  campaign: RedemptionEntry['campaign'],
): void => {
  const shown = campaign ? input.state.campaigns.find(campaign.id) : undefined;
  input.state.events.record<typeof type, RedemptionEventSubjects>(type, {
    entityId: record.id,
    origin: input.origin,
    make: redemptionEventData,
    args: { record, campaign: shown ? simpleCampaign(shown) : null },
  });
};

/** What every record of one redemption request shares. */
interface RecordCommon {
  readonly date: string;
  readonly customerId: string | null;
  readonly trackingId: string | null;
  readonly metadata: KeptRedemption['metadata'];
  readonly channel: RedemptionChannel;
  readonly customer: KeptRedemption['customer'];
  /** `{ session }` when the request ends a session, else empty. */
  readonly session: Pick<KeptRedemption, 'session'>;
}

/** What one record of a redemption request has of its own. */
type RecordOwn = Pick<KeptRedemption, 'id' | 'order' | 'related_object_type' | 'related_object_id' | 'voucher'> & {
  readonly amount: number;
  readonly redemption: string | null;
};

/**
 * A successful redemption record. The fields every record has come first and by name, the
 * optional ones last: V8 then keeps them all inside the object instead of in a second array
 * (about 100 bytes per stored record).
 */
const succeeded = (common: RecordCommon, own: RecordOwn, optional: Partial<KeptRedemption> = {}): KeptRedemption => ({
  id: own.id,
  object: 'redemption',
  date: common.date,
  customer_id: common.customerId,
  tracking_id: common.trackingId,
  metadata: common.metadata,
  channel: common.channel,
  customer: common.customer,
  amount: own.amount,
  redemption: own.redemption,
  result: 'SUCCESS',
  status: 'SUCCEEDED',
  order: own.order,
  related_object_type: own.related_object_type,
  related_object_id: own.related_object_id,
  voucher: own.voucher,
  ...common.session,
  ...optional,
});

/**
 * Writes a redemption that may go through: the customer and the order (upserted), each
 * applicable voucher (one more redemption, credits spent, the request's session ended), a
 * record per redeemable (children under a parent when there are several, else one), and the
 * order's amounts and `redemptions` entry. Synchronous.
 */
export const commitRedemption = (input: CommitInput): Committed => {
  const { context, application, options } = input;
  const customer = resolveCustomer(input);
  const orderChange = upsertOrder(input, customer);
  const order = orderChange?.order;
  const date = context.timestamp();
  const frame = {
    ...options.frame,
    ...(order
      ? { id: order.id, created_at: order.created_at, status: order.status, customer_id: order.customer_id }
      : {}),
  };
  const common: RecordCommon = {
    date,
    customerId: customer?.id ?? null,
    trackingId: customer?.source_id ?? null,
    metadata: recordMetadata(input.request.metadata),
    channel: input.origin.channel,
    customer: recordCustomer(customer),
    session: input.sessionKey === undefined ? {} : { session: { key: input.sessionKey } },
  };
  const stacked = application.applicable.length > 1;
  const head = context.ids('r');
  // A single redemption's order is the final order: one presented copy serves its record, the stored order's lines and the answer.
  const finalOrder = presentOrder(application.finalOrder, frame);
  const entries: RedemptionEntry[] = [];
  const children: string[] = [];
  for (const outcome of application.applicable) {
    const id = stacked ? context.ids('r') : head;
    const voucher = spend(outcome.result, input, id);
    const { found, step } = outcome.result;
    const credits = step.kind === 'gift' ? step.gift.credits : 0;
    const points = step.kind === 'pay_with_points' ? step.loyalty_card.points : 0;
    const record = succeeded(
      common,
      {
        id,
        amount: credits > 0 ? credits : points > 0 ? points : step.order.total_applied_discount_amount,
        redemption: stacked ? head : null,
        order: stacked ? presentOrder(step.order, frame) : finalOrder,
        related_object_type: found.object,
        related_object_id: found.object === 'voucher' ? found.voucher.id : found.tier.id,
        voucher: voucher ?? null,
      },
      {
        ...(found.object === 'promotion_tier' ? { promotion_tier: found.tier } : {}),
        ...(credits > 0 ? { gift: { amount: credits } } : {}),
        ...(step.kind === 'pay_with_points' ? { loyalty_card: { points } } : {}),
      },
    );
    if (stacked) children.push(id);
    const discountedUnits = discountedUnitsOf(step);
    entries.push({
      record,
      voucherId: voucher?.id,
      campaign: campaignOf(outcome.result),
      credits,
      points,
      children: EMPTY_LIST,
      ...(discountedUnits ? { discountedUnits } : {}),
    });
  }
  if (stacked) {
    entries.unshift({
      record: succeeded(common, {
        id: head,
        amount: application.finalOrder.total_applied_discount_amount,
        redemption: null,
        order: finalOrder,
        related_object_type: 'redemption',
        related_object_id: head,
        voucher: null,
      }),
      voucherId: undefined,
      campaign: undefined,
      credits: 0,
      children,
    });
  }
  if (order) {
    const { items: _items, ...amounts } = application.finalOrder;
    const stored = input.state.orders.recordRedemption(
      order.id,
      { ...amounts, items: finalOrder.items },
      {
        [head]: {
          date,
          related_object_type: stacked ? 'redemption' : (entries[0]?.record.related_object_type ?? 'voucher'),
          related_object_id: stacked ? head : (entries[0]?.record.related_object_id ?? head),
          ...(stacked ? { stacked: children } : {}),
        },
      },
    );
    for (const entry of entries)
      if (entry.record.order) entry.record.order = { ...entry.record.order, redemptions: stored.redemptions ?? {} };
    if (orderChange) input.state.orders.announce({ ...orderChange, order: stored }, input.origin);
  }
  return { head, children, entries, finalOrder };
};

/**
 * Records `redemption.succeeded` for each redemption of a committed request (not for a parent),
 * once the store holds them: what reacts to a redemption (referral conversions) reads it there,
 * and reads the payload only when it acts on it.
 */
export const announceRedemption = (input: CommitInput, committed: Committed): void => {
  const stacked = committed.children.length > 0;
  for (const entry of committed.entries)
    if (!stacked || entry.record.id !== committed.head)
      recordEvent(input, 'redemption.succeeded', entry.record as KeptRedemption, entry.campaign);
};

/**
 * The answer of `POST /v1/redemptions` to a committed redemption: its redemptions (and their
 * parent) as the API shows them, the order and the redeemables left out. It writes nothing.
 */
export const redemptionResult = (input: CommitInput, committed: Committed): RedemptionResult => {
  const { application, options } = input;
  const { entries, head } = committed;
  const stacked = application.applicable.length > 1;
  const present = (outcome: (typeof application.outcomes)[number]) =>
    presentOutcome(outcome, options, input.origin.requestId);
  const redemptionsShown = entries
    .filter((entry) => !stacked || entry.record.id !== head)
    .map((entry) => asRedemption(entry.record as KeptRedemption, input.state));
  return {
    redemptions: redemptionsShown,
    ...(stacked ? { parent_redemption: asRedemption(entries[0]?.record as KeptRedemption, input.state) } : {}),
    // The head record's order: the final order with the stored order's `redemptions`.
    order: entries[0]?.record.order ?? committed.finalOrder,
    inapplicable_redeemables: application.inapplicable.map(
      (outcome) => present(outcome) as Resource<'ValidationRedeemableInapplicable'>,
    ),
    skipped_redeemables: application.skipped.map(
      (outcome) => present(outcome) as Resource<'ValidationRedeemableSkipped'>,
    ),
  };
};

/**
 * A redemption that may not go through: the `rf_…` record that keeps it, the error to answer
 * (the first inapplicable redeemable's, else the first skipped one's) pointing at the record, and
 * a `redemption.failed` event. Nothing else changes.
 */
export const failRedemption = (
  input: CommitInput,
): {
  record: KeptRedemption;
  error: ApiError;
  voucherId: string | undefined;
  campaign: RedemptionEntry['campaign'];
} => {
  const { context, application, state } = input;
  const customerRef = input.request.customer as CustomerReference | undefined;
  const customer = customerRef === undefined ? undefined : state.customers.lookup(customerRef);
  const [inapplicable] = application.inapplicable;
  const [skipped] = application.skipped;
  const first = inapplicable ?? skipped ?? application.outcomes[0];
  const ref = first?.redeemable.ref ?? { object: 'voucher' as const, id: '' };
  const found = first && 'object' in first.redeemable.found ? first.redeemable.found : undefined;
  const cause = inapplicable
    ? inapplicable.error
    : new ApiError(
        400,
        skipped?.details.key ?? 'invalid_redeemables',
        skipped?.details.message ?? 'Invalid redeemables',
        { redeemable: { type: ref.object, id: ref.id } },
      );
  const id = context.ids('rf');
  const record: KeptRedemption = {
    id,
    object: 'redemption',
    date: context.timestamp(),
    customer_id: customer?.id ?? null,
    tracking_id: customer?.source_id ?? null,
    metadata: recordMetadata(input.request.metadata),
    redemption: null,
    result: 'FAILURE',
    status: 'FAILED',
    failure_code: cause.key,
    failure_message: cause.message,
    order: null,
    channel: input.origin.channel,
    customer: recordCustomer(customer),
    related_object_type: ref.object === 'promotion_tier' ? 'promotion_tier' : 'voucher',
    related_object_id:
      found?.object === 'voucher' ? found.voucher.id : found?.object === 'promotion_tier' ? found.tier.id : ref.id,
    voucher: found?.object === 'voucher' ? state.vouchers.get(found.voucher.id) : null,
  };
  const campaign = found?.campaign ? { id: found.campaign.id, name: found.campaign.name } : undefined;
  recordEvent(input, 'redemption.failed', record, campaign);
  const error = new ApiError(400, cause.key, cause.message, {
    ...cause.extras,
    resourceId: id,
    resourceType: 'redemption',
    redeemable: { type: ref.object, id: ref.id },
  });
  return { record, error, voucherId: found?.object === 'voucher' ? found.voucher.id : undefined, campaign };
};
