import { spendBuckets } from '@voucherkit/domain/internals';
import type { Page } from '../../../core/list.js';
import { ApiError } from '../../../http/api-error.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { PointsChange, PointsExpiry, LoyaltyCardLedger } from '../../campaigns/loyalty-cards/ledger.js';
import { simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { VoucherListQuery, VoucherStore } from '../../campaigns/vouchers/store.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import { loyaltyCampaign } from './shapes.js';

/** A change of a member's points as `POST …/members/{memberId}/balance` takes it. */
export interface MemberBalanceChange {
  /** Points to add, or to remove when negative. */
  readonly points: number;
  /** How added points expire; `PROGRAM_RULES` by default. */
  readonly expiration_type?: 'PROGRAM_RULES' | 'CUSTOM_DATE' | 'NON_EXPIRING' | undefined;
  /** Their last day (`YYYY-MM-DD`), with `CUSTOM_DATE`. */
  readonly expiration_date?: string | undefined;
  /** Why, as the transaction records it. */
  readonly reason?: string | undefined;
  /** Your own id of the change. */
  readonly source_id?: string | undefined;
}

/**
 * The stores through which the programmes reach a member's card: the programme, the card, its
 * points.
 */
export interface MemberCardStores {
  /** The loyalty programmes. */
  readonly loyalties: LoyaltyStore;
  /** The cards. */
  readonly vouchers: VoucherStore;
  /** The cards' points. */
  readonly loyaltyCards: LoyaltyCardLedger;
}

/**
 * The project's loyalty programmes as the `/v1/loyalties` operations see them: loyalty campaigns
 * (kept by the campaign store), their members (loyalty cards, kept by the voucher store) and the
 * points of the cards (kept by the loyalty card ledger). It owns no data of its own yet; earning
 * rules, tiers and rewards join it as they land.
 */
export class LoyaltyStore {
  constructor(
    private readonly deps: {
      readonly campaigns: CampaignStore;
      readonly categories: CategoryStore;
      readonly vouchers: VoucherStore;
      readonly customers: CustomerStore;
      readonly loyaltyCards: LoyaltyCardLedger;
    },
  ) {}

  /**
   * A loyalty campaign by id or name.
   * @throws ApiError 404 when the project has no such loyalty campaign.
   */
  programme(ref: string): Campaign {
    const campaign = this.findProgramme(ref);
    if (!campaign) throw ApiError.notFound('campaign', ref);
    return campaign;
  }

  /** The loyalty campaign with this id or name, if the project has it. */
  findProgramme(ref: string): Campaign | undefined {
    const campaign = this.deps.campaigns.find(ref);
    return campaign?.campaign_type === 'LOYALTY_PROGRAM' ? campaign : undefined;
  }

  /** A loyalty campaign as the loyalty operations answer it, with its category. */
  present(campaign: Campaign): Resource<'LoyaltyCampaign'> {
    const { categories } = this.deps;
    const category =
      campaign.category_id && categories.has(campaign.category_id) ? [categories.get(campaign.category_id)] : [];
    return loyaltyCampaign(this.deps.campaigns.present(campaign), category);
  }

  /**
   * A loyalty card by code or id, in the given programme when one is named.
   * @throws ApiError 404 for an unknown card, a voucher that is not a loyalty card, or a card of another programme.
   */
  member(code: string, programmeRef?: string): StoredVoucher {
    const programme = programmeRef === undefined ? undefined : this.programme(programmeRef);
    const card = this.deps.vouchers.find(code);
    if (!card || card.type !== 'LOYALTY_CARD' || (programme && card.campaign_id !== programme.id))
      throw ApiError.notFound('voucher', code);
    return card;
  }

  /** The cards of a programme, as `GET /v1/loyalties/{campaignId}/members` pages them; `customer` is an id or a `source_id`. */
  members(programmeRef: string, query: Omit<VoucherListQuery, 'campaign_id' | 'campaign'>): Page<StoredVoucher> {
    const programme = this.programme(programmeRef);
    const holder =
      query.customer === undefined ? undefined : (this.deps.customers.find(query.customer)?.id ?? query.customer);
    return this.deps.vouchers.list({
      ...query,
      campaign_id: programme.id,
      ...(holder === undefined ? {} : { customer: holder }),
    });
  }

  /**
   * Adds points to a member's card or removes them: additions expire by the programme's rules, on
   * a date of the caller's, or never; removals take the soonest-expiring points first.
   *
   * @throws ApiError 404 for an unknown card; 400 `not_published` for a card without a holder,
   *   `invalid_expiration_date` for a date in the past, `invalid_payload` for `CUSTOM_DATE` without a
   *   date; DomainError `invalid_amount`, `loyalty_card_points_exceeded`.
   */
  changeBalance(
    programmeRef: string | undefined,
    code: string,
    change: MemberBalanceChange,
    origin: Origin = {},
  ): PointsChange {
    const card = this.member(code, programmeRef);
    const fields = { source: 'API', source_id: change.source_id ?? null, reason: change.reason ?? null };
    if (change.points < 0)
      return this.deps.loyaltyCards.debit(
        card.id,
        { ...fields, points: -change.points, type: 'POINTS_REMOVAL' },
        origin,
      );
    return this.deps.loyaltyCards.credit(
      card.id,
      { ...fields, points: change.points, type: 'POINTS_ADDITION', expiry: expiryOf(change) },
      origin,
    );
  }

  /**
   * Moves points to a member's card from other cards, of any programme, all or none: each source
   * gives spendable points only (pending and expired points stay), soonest-expiring first, in a
   * `POINTS_TRANSFER_OUT` transaction; the target receives them in a `POINTS_TRANSFER_IN` one,
   * expiring by its own programme's rules from today.
   *
   * @returns The target card after the transfers.
   * @throws ApiError 404 for an unknown card; 400 `invalid_payload` for an empty list, a card
   *   giving to itself or points that are not positive, `not_published` for a card without a
   *   holder; DomainError `loyalty_card_points_exceeded` when a card gives more than it has.
   */
  transfer(
    programmeRef: string,
    code: string,
    transfers: readonly PointsTransfer[],
    origin: Origin = {},
  ): StoredVoucher {
    const target = this.member(code, programmeRef);
    if (transfers.length === 0) throw ApiError.invalidPayload('The transfer names no card to take points from.');
    const { loyaltyCards } = this.deps;
    // Every source is checked before any point moves: the sums a card gives against its balance.
    const giving = new Map<string, number>();
    for (const [index, transfer] of transfers.entries()) {
      const source = this.member(transfer.code);
      if (source.id === target.id)
        throw ApiError.invalidPayload(`Property [${index}].code names the card that receives the points.`);
      if (!Number.isInteger(transfer.points) || transfer.points <= 0)
        throw ApiError.invalidPayload(`Property [${index}].points should be a positive integer`);
      giving.set(source.id, (giving.get(source.id) ?? 0) + transfer.points);
    }
    // The domain's spending refuses what a card cannot give, with the service's error; nothing is written here.
    for (const [sourceId, points] of giving)
      spendBuckets(loyaltyCards.buckets(sourceId), points, this.deps.vouchers.get(sourceId).code);
    for (const transfer of transfers) {
      const fields = { source: 'API', source_id: transfer.source_id ?? null, reason: transfer.reason ?? null };
      const source = this.member(transfer.code);
      const out = loyaltyCards.debit(
        source.id,
        {
          ...fields,
          points: transfer.points,
          type: 'POINTS_TRANSFER_OUT',
          details: { destination_voucher: simpleVoucher(target) },
        },
        origin,
      );
      loyaltyCards.credit(
        target.id,
        {
          ...fields,
          points: transfer.points,
          type: 'POINTS_TRANSFER_IN',
          expiry: { type: 'PROGRAM_RULES' },
          related_transaction_id: out.transaction.id,
          details: { source_voucher: simpleVoucher(source) },
        },
        origin,
      );
    }
    return this.deps.vouchers.get(target.id);
  }
}

/** Points to move from one card to another (`POST …/members/{memberId}/transfers`). */
export interface PointsTransfer {
  /** The card that gives the points. */
  readonly code: string;
  /** How many, at most its spendable balance. */
  readonly points: number;
  /** Why, kept on both transactions. */
  readonly reason?: string | undefined;
  /** Your own id of the transfer, kept on both transactions. */
  readonly source_id?: string | undefined;
}

const expiryOf = (change: MemberBalanceChange): PointsExpiry => {
  switch (change.expiration_type ?? 'PROGRAM_RULES') {
    case 'NON_EXPIRING':
      return { type: 'NON_EXPIRING' };
    case 'CUSTOM_DATE':
      if (change.expiration_date === undefined)
        throw ApiError.invalidPayload('Property .expiration_date is required with expiration_type CUSTOM_DATE');
      return { type: 'CUSTOM_DATE', date: change.expiration_date };
    default:
      return { type: 'PROGRAM_RULES' };
  }
};
