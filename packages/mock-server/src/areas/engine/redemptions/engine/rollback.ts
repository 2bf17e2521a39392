import type { ServiceContext } from '../../../../core/context.js';
import type { EngineStores } from '../ports.js';
import type { Resource } from '../../../../core/resource.js';
import type { ApiError } from '../../../../http/api-error.js';
import { tierAmounts } from './counts.js';
import type { StoredVoucher } from '../../../campaigns/vouchers/types.js';
import {
  type KeptRedemption,
  type KeptRollback,
  type RedemptionEntry,
  type RedemptionRollbackRecord,
  recordMetadata,
  redemptionChanges,
  shownRecord,
} from './records.js';
import { rollbackEventData } from './event-data.js';
import { stackingRulesInForce } from './request.js';
import { EMPTY_LIST } from '../../../../core/immutable.js';
import type { Origin } from '../../../../core/origin.js';

/** The body and query of a rollback request. */
export type RollbackInput = Resource<'RedemptionRollbackCreateRequest'>;

/**
 * The answer of `POST /v1/redemptions/{parentRedemptionId}/rollbacks`; the single form answers
 * its one rollback.
 */
export type RollbacksResult = Resource<'RedemptionRollbacksResult'> & { rollbacks: RedemptionRollbackRecord[] };

const baseOf = (
  entry: RedemptionEntry,
  input: RollbackInput,
  origin: Origin<'requestId' | 'channel'>,
  context: ServiceContext,
) => {
  const record = entry.record as KeptRedemption;
  return {
    object: 'redemption_rollback' as const,
    date: context.timestamp(),
    customer_id: record.customer_id,
    tracking_id: input.tracking_id ?? record.tracking_id,
    metadata: recordMetadata(input.metadata),
    redemption: record.id,
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    channel: {
      channel_id: origin.channel.channel_id,
      channel_type: origin.channel.channel_type === 'USER' ? ('USER' as const) : ('API' as const),
    },
    customer: record.customer,
    related_object_type: record.related_object_type,
    related_object_id: record.related_object_id,
    voucher: record.voucher,
  };
};

/**
 * Gives back what a redemption used: its voucher's redemption, a gift card's credits or a loyalty
 * card's points (a `POINTS_REFUND` transaction), or its count in a promotion tier's summary.
 */
const restore = (
  entry: RedemptionEntry,
  state: EngineStores,
  rollbackId: string,
  origin: Origin,
): StoredVoucher | null => {
  const { record } = entry;
  if (
    record.related_object_type === 'promotion_tier' &&
    state.promotions.findTier(record.related_object_id) !== undefined
  ) {
    state.promotions.countRedemption(record.related_object_id, tierAmounts(record.order ?? {}), -1);
  }
  if (entry.voucherId === undefined) return null;
  const { vouchers } = state;
  if ((entry.points ?? 0) > 0 && vouchers.find(entry.voucherId)?.holder_id) {
    state.loyaltyCards.credit(
      entry.voucherId,
      {
        points: entry.points ?? 0,
        type: 'POINTS_REFUND',
        expiry: { type: 'PROGRAM_RULES' },
        source: null,
        details: { redemption: { id: record.id }, rollback: { id: rollbackId } },
      },
      origin,
    );
  }
  const current = vouchers.find(entry.voucherId);
  if (!current) return null;
  return vouchers.replace(current, redemptionChanges(current, -1, entry.credits));
};

/** Building and committing rollbacks. */
export const rollbackEntry = {
  /** The `rrf_…` record of a refused rollback. */
  refused(
    entry: RedemptionEntry,
    error: ApiError,
    input: RollbackInput,
    origin: Origin<'requestId' | 'channel'>,
    context: ServiceContext,
  ): KeptRollback {
    return {
      id: context.ids('rrf'),
      ...baseOf(entry, input, origin, context),
      result: 'FAILURE',
      status: 'FAILED',
      failure_code: error.key,
      failure_message: error.message,
      order: null,
    };
  },

  /**
   * Rolls back a redemption and, for a parent, each child: gives back quantities and credits,
   * marks the redemptions `ROLLED_BACK` (through `replace`, which stores each rolled-back record
   * before its event is recorded), cancels the order under `WITH_ORDER`, records `rr_…` records and
   * `redemption.rollback.succeeded` events. Synchronous.
   */
  commit(
    head: RedemptionEntry,
    targets: readonly RedemptionEntry[],
    input: RollbackInput,
    origin: Origin<'requestId' | 'channel'>,
    context: ServiceContext,
    state: EngineStores,
    replace: (entry: RedemptionEntry, record: KeptRedemption) => void,
  ): { entries: RedemptionEntry[]; result: RollbacksResult } {
    const headRecord = head.record as KeptRedemption;
    const stacked = targets[0] !== head;
    const mode = stackingRulesInForce(state.stackingRules.list()[0]).redeemables_rollback_order_mode;
    const orderId = headRecord.order?.id;
    const order =
      orderId === undefined || !state.orders.find(orderId)
        ? null
        : mode === 'WITH_ORDER'
          ? state.orders.update(orderId, { status: 'CANCELED' }, origin).order
          : state.orders.get(orderId);
    const entries: RedemptionEntry[] = [];
    const headId = context.ids('rr');
    const rollbacks: KeptRollback[] = [];
    for (const target of targets) {
      const record = target.record as KeptRedemption;
      const rollbackId = stacked ? context.ids('rr') : headId;
      const voucher = restore(target, state, rollbackId, origin);
      const rollback: KeptRollback = {
        id: rollbackId,
        ...baseOf(target, input, origin, context),
        amount: -(record.amount ?? 0),
        result: 'SUCCESS',
        status: 'SUCCEEDED',
        order: record.order
          ? { ...record.order, ...(order ? { status: order.status } : {}), items: record.order.items ?? [] }
          : null,
        voucher: voucher ?? record.voucher,
        ...(target.credits > 0 ? { gift: { amount: -target.credits } } : {}),
        ...((target.points ?? 0) > 0 ? { loyalty_card: { points: -(target.points ?? 0) } } : {}),
      };
      const rolledBack: KeptRedemption = {
        ...record,
        status: 'ROLLED_BACK',
        related_redemptions: {
          rollbacks: [{ id: rollback.id, date: rollback.date, rollback_order_mode: mode }],
          redemptions: record.related_redemptions?.redemptions ?? [],
        },
      };
      replace(target, rolledBack);
      rollbacks.push(rollback);
      entries.push({
        record: rollback,
        voucherId: target.voucherId,
        campaign: target.campaign,
        credits: 0,
        children: EMPTY_LIST,
      });
      state.events.record('redemption.rollback.succeeded', {
        entityId: rollback.id,
        origin,
        data: rollbackEventData(rolledBack, rollback),
      });
    }
    let parent: KeptRollback | undefined;
    if (stacked) {
      parent = {
        id: headId,
        ...baseOf(head, input, origin, context),
        amount: -(headRecord.amount ?? 0),
        result: 'SUCCESS',
        status: 'SUCCEEDED',
        order: headRecord.order
          ? { ...headRecord.order, ...(order ? { status: order.status } : {}), items: headRecord.order.items ?? [] }
          : null,
      };
      replace(head, {
        ...headRecord,
        status: 'ROLLED_BACK',
        related_redemptions: {
          rollbacks: [{ id: headId, date: parent.date, rollback_order_mode: mode }],
          redemptions: [],
        },
      });
      entries.unshift({ record: parent, voucherId: undefined, campaign: undefined, credits: 0, children: EMPTY_LIST });
    }
    if (order) {
      const existing = (order.redemptions ?? {})[headRecord.id] ?? {
        date: headRecord.date,
        related_object_type: headRecord.related_object_type,
        related_object_id: headRecord.related_object_id,
      };
      state.orders.recordRedemption(order.id, undefined, {
        [headRecord.id]: {
          ...existing,
          rollback_id: headId,
          rollback_date: context.timestamp(),
          ...(stacked ? { rollback_stacked: rollbacks.map((rollback) => rollback.id) } : {}),
        },
      });
    }
    const finalOrder = order ? state.orders.get(order.id) : undefined;
    return {
      entries,
      result: {
        rollbacks: rollbacks.map((rollback) => shownRecord(rollback, state.vouchers)),
        ...(parent ? { parent_rollback: shownRecord(parent, state.vouchers) } : {}),
        ...(finalOrder ? { order: finalOrder as RollbacksResult['order'] } : {}),
      } as RollbacksResult,
    };
  },
};
