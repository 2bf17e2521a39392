import { compileFilter } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import { type CursorQuery, type Page, cursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import { type Holding, holdingFields, holdingId } from '../../campaigns/publications/holdings.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import type { Customer, CustomerReference, CustomerStore } from '../../customers/customers/store.js';

/** A customer attached to a referral code, as the holders list shows it. */
export type ReferralHolder = Resource<'RedeemableHolder'>;

/** Which holders a list returns: order, cursor, limit and filters on holder fields. */
export interface ReferralHolderQuery extends CursorQuery {
  /** By holder id, oldest first (`id`, the default) or newest first (`-id`). */
  readonly order?: 'id' | '-id' | undefined;
  /** Conditions on `id`, `created_at`, `holder_role` and `customer_id`. */
  readonly filters?: unknown;
}

/** What holders need: the codes, who holds them, the customers, their campaigns and the event log. */
export interface ReferralHolderDependencies {
  /** The referral codes. */
  readonly vouchers: VoucherStore;
  /** Who holds which code, in which role. */
  readonly publications: PublicationStore;
  /** The referees, created or updated from a request. */
  readonly customers: CustomerStore;
  /** The codes' campaigns. */
  readonly campaigns: CampaignStore;
  /** Where holder assignments are announced. */
  readonly events: EventLog;
}

/**
 * The holders of the project's referral codes: the referrer, whom the code was published to, and
 * the referees, attached by the holders API or by a conversion (`rh_…`). Attaching and removing
 * records `customer.holder.assignment.created` and `.deleted`.
 */
export class ReferralHolders {
  constructor(
    private readonly context: ServiceContext,
    private readonly deps: ReferralHolderDependencies,
  ) {}

  /**
   * A page of a referral code's holders, oldest first unless `order` is `-id`.
   *
   * @param code - The code or its voucher id.
   * @param campaignRef - The campaign the path names, which the code must belong to.
   * @throws ApiError 404 for an unknown code or campaign, or a code of another campaign; 400 for a
   *   code that is not a referral code, malformed filters or an unknown cursor.
   */
  list(
    code: string,
    campaignRef?: string,
    query: ReferralHolderQuery = {},
  ): Page<ReferralHolder> & { readonly moreStartingAfter: string } {
    const { voucher, campaign } = this.#referralCode(code, campaignRef);
    const keep = compileFilter(query.filters as never, {
      now: this.context.clock.now(),
      source: { in: 'query', parameter: 'filters' },
    });
    const holdings = this.deps.publications.holdersOf(voucher.id);
    const records = holdings.map((holding) => this.#shown(holding, voucher, campaign)).filter((record) => keep(record));
    if (query.order === '-id') records.reverse();
    const rank = new Map(
      holdings.map((holding, index) => [holdingId(holding), query.order === '-id' ? -index : index]),
    );
    return cursorPageOf(records, query, (id) => rank.get(id));
  }

  /**
   * Attaches customers to a referral code as its referees: each is created or updated from the
   * body, then attached. All are attached or none.
   *
   * @throws ApiError 404 for an unknown code or campaign, or a customer named by an unknown id;
   *   400 `not_published` for a code no referrer holds yet, or for a code that is not a referral
   *   code; 409 `holder_assignement_duplication` (the service's spelling) for a customer who holds
   *   the code already, or named twice.
   */
  add(
    code: string,
    campaignRef: string | undefined,
    input: Resource<'ReferralHoldersCreateRequest'>,
    origin: Origin = {},
  ): Resource<'ReferralHoldersCreateResponse'> {
    const { voucher, campaign } = this.#referralCode(code, campaignRef);
    if (!voucher.holder_id)
      throw new ApiError(400, 'not_published', 'Voucher not published', {
        details: `The referral code ${voucher.code} has no referrer yet: publish it first.`,
      });
    const references = input.holders.map((holder) => holder as CustomerReference);
    // Everything is checked before anything is written: all are attached, or none.
    const seen = new Set<string>();
    for (const reference of references) {
      const known = this.deps.customers.lookup(reference);
      if (typeof reference === 'object' && reference.id !== undefined && reference.id !== null && !known)
        throw ApiError.notFound('customer', reference.id);
      const key = known?.id ?? (typeof reference === 'object' ? (reference.source_id ?? '') : reference);
      if ((known && this.deps.publications.holds(known.id, voucher.id)) || seen.has(key)) {
        throw new ApiError(409, 'holder_assignement_duplication', 'Holder assignment duplication', {
          details: `The customer ${key} holds the referral code ${voucher.code} already.`,
        });
      }
      seen.add(key);
    }
    const holders = references.map((reference) => {
      const { customer } = this.deps.customers.resolve(reference, origin);
      return this.attach(voucher, customer, origin) as Holding;
    });
    return { holders: holders.map((holding) => this.#shown(holding, voucher, campaign)) };
  }

  /**
   * Makes a customer a referee of a code, unless they hold it already; a conversion attaches its
   * referee this way.
   *
   * @returns The new holding, or `undefined` when the customer held the code already.
   */
  attach(voucher: StoredVoucher, customer: Customer, origin: Origin = {}): Holding | undefined {
    const holding = this.deps.publications.hold(customer.id, voucher, 'REFEREE');
    if (holding) this.#announce('customer.holder.assignment.created', holding, voucher, customer, origin);
    return holding;
  }

  /**
   * Detaches a referee from a referral code.
   *
   * @throws ApiError 404 for an unknown code, campaign or holder of the code; 400 for the referrer,
   *   who stays as long as the code is theirs.
   */
  remove(code: string, campaignRef: string | undefined, holderId: string, origin: Origin = {}): void {
    const { voucher } = this.#referralCode(code, campaignRef);
    const holding = this.deps.publications.holdersOf(voucher.id).find((held) => held.id === holderId);
    if (!holding) throw ApiError.notFound('redeemable_holder', holderId);
    if (holding.role !== 'REFEREE')
      throw ApiError.invalidPayload(
        `The holder ${holderId} is the referrer of ${voucher.code}: only referees can be removed.`,
      );
    this.deps.publications.release(holding);
    const customer = this.deps.customers.find(holding.customerId);
    if (customer) this.#announce('customer.holder.assignment.deleted', holding, voucher, customer, origin);
  }

  #referralCode(code: string, campaignRef: string | undefined): { voucher: StoredVoucher; campaign: Campaign } {
    const campaign = campaignRef === undefined ? undefined : this.deps.campaigns.get(campaignRef);
    const voucher = this.deps.vouchers.get(code);
    if (campaign && voucher.campaign_id !== campaign.id) throw ApiError.notFound('voucher', code);
    const own = campaign ?? (voucher.campaign_id ? this.deps.campaigns.find(voucher.campaign_id) : undefined);
    if (voucher.is_referral_code !== true || !own)
      throw ApiError.invalidPayload(
        `The code ${voucher.code} is not a referral code: holders are kept for the codes of referral programmes.`,
      );
    return { voucher, campaign: own };
  }

  #shown(holding: Holding, voucher: StoredVoucher, campaign: Campaign): ReferralHolder {
    return {
      ...holdingFields(holding, voucher),
      campaign_id: campaign.id,
      campaign_type: 'REFERRAL_PROGRAM',
      object: 'redeemable_holder',
    };
  }

  #announce(
    type: 'customer.holder.assignment.created' | 'customer.holder.assignment.deleted',
    holding: Holding,
    voucher: StoredVoucher,
    customer: Customer,
    origin: Origin,
  ): void {
    const campaign = voucher.campaign_id ? this.deps.campaigns.find(voucher.campaign_id) : undefined;
    if (!campaign) return;
    const { metadata: _metadata, ...shown } = this.#shown(holding, voucher, campaign);
    const holder: Resource<'SimpleRedeemableHolder'> = {
      ...shown,
      redeemable_object: 'voucher',
      campaign_id: campaign.id,
      campaign_type: 'REFERRAL_PROGRAM',
      publication_id: null,
    };
    this.deps.events.record(type, {
      entityId: customer.id,
      // Holder assignments keep the API as their source, whoever attached the holder (a conversion too).
      origin: { requestId: origin.requestId },
      data: {
        holder,
        voucher: simpleVoucher(voucher),
        campaign: simpleCampaign(campaign),
        customer: simpleCustomer(customer),
      },
    });
  }
}
