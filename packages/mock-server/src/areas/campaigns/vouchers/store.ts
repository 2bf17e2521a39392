import {
  type FilterPredicate,
  type ValidityCheckResult,
  compileFilter,
  compileValidityWindow,
} from '@voucherkit/domain';
import { allOf, dateRangeFilter, inheritVoucher, patchMetadata } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { ProjectSettings } from '../../../core/projects.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import { copyOrEmpty, immutable } from '../../../core/immutable.js';
import {
  type ListOrder,
  type OrderField,
  type Page,
  type SortedPageQuery,
  type TimeWindow,
  pageOf,
} from '../../../core/list.js';
import { RedeemableWindows } from '../../../core/redeemable-windows.js';
import { indexOrder } from '../../../core/sorted-index.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { BinStore } from '../../platform/bin/store.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import type { LoyaltyCardLedger } from '../loyalty-cards/ledger.js';
import type { RuleAssignments } from '../rule-assignments.js';
import { VoucherCodes } from './codes.js';
import { VoucherOrders } from './orders.js';
import { VoucherPresentation } from './presentation.js';
import { VoucherSessions } from './sessions.js';
import { simpleCampaign } from './shapes.js';
import { VoucherTransactions } from './transactions.js';
import type { Campaign, StoredVoucher, Voucher, VoucherCreateInput, VoucherUpdateInput } from './types.js';

/** What the voucher store needs of the project's campaigns; the campaign store provides it. */
export interface CampaignPort {
  /** The campaign with this id or name, if any. */
  find(ref: string): Campaign | undefined;
  /**
   * The campaign with this id or name.
   * @throws ApiError 404 when the project has no such campaign.
   */
  get(ref: string): Campaign;
  /** Counts a voucher that joined (`delta` 1) or left (`delta` -1) its campaign: `vouchers_count` and the summary. */
  countVoucher(voucher: StoredVoucher, delta: 1 | -1): void;
}

export interface VoucherStoreDependencies {
  /** The project's categories, which vouchers name by id or name. */
  readonly categories: CategoryStore;
  /** Where deleted vouchers wait, their codes still taken, until deleted for good. */
  readonly bin: BinStore;
  /** The project's event log (`voucher.created` …). */
  readonly events: EventLog;
  /** The project's campaigns, looked up when a voucher names one. */
  readonly campaigns: () => CampaignPort;
  /** The vouchers' validation rule assignments, which the rules area owns. */
  readonly rules: RuleAssignments;
  /** The points of loyalty cards, which change through the ledger only. */
  readonly loyaltyCards: () => LoyaltyCardLedger;
  /** The project's code settings, read as they are now: case sensitivity and the default charset. */
  readonly settings: Pick<ProjectSettings, 'caseSensitiveCodes' | 'codeCharset'>;
}

/** The voucher fields `PUT /v1/vouchers/{code}` may change; the others are ignored. */
const UPDATABLE = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'active',
  'additional_info',
] as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

const duplicateCode = (code: string): ApiError =>
  new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
    details: `A voucher with code ${code} already exists.`,
    resourceId: code,
    resourceType: 'voucher',
  });

/** Whether a voucher was handed to a customer already: such a code is never published again. */
const isPublished = (voucher: StoredVoucher): boolean => given(voucher.holder_id) || (voucher.publish?.count ?? 0) > 0;

/** The fields of a voucher's validity window, which a change must leave valid. */
const WINDOW_FIELDS = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'active',
] as const;

/**
 * The `publish` of stored vouchers, one for each count up to 15: a code is published once or a
 * few times, so its voucher shares the object with every voucher published as often.
 */
const PUBLISH_LISTS: readonly NonNullable<StoredVoucher['publish']>[] = Array.from({ length: 16 }, (_, count) =>
  Object.freeze({ object: 'list', count }),
);

const publishList = (count: number): NonNullable<StoredVoucher['publish']> =>
  PUBLISH_LISTS[count] ?? { object: 'list', count };

/** Which vouchers {@link VoucherStore.list} returns, as `GET /v1/vouchers` takes them. */
export interface VoucherListQuery extends SortedPageQuery<ListOrder<'created_at' | 'updated_at' | 'code'>> {
  /** Name of the category. */
  readonly category?: string | undefined;
  /** Id of the campaign. */
  readonly campaign_id?: string | undefined;
  /** Name of the campaign. */
  readonly campaign?: string | undefined;
  /** Id of the customer holding the voucher, as stored in `holder_id`. */
  readonly customer?: string | undefined;
  /** Only the voucher with this code. */
  readonly code?: string | undefined;
  /** Only the vouchers with these ids. */
  readonly ids?: readonly string[] | undefined;
  /** Only vouchers created before and/or after these instants (ISO 8601). */
  readonly created_at?: TimeWindow | undefined;
  /** Only vouchers last changed before and/or after these instants (ISO 8601). */
  readonly updated_at?: TimeWindow | undefined;
  /** Conditions on voucher fields (`filters[field][conditions][$op]=value`), read by the domain's filter engine. */
  readonly filters?: unknown;
}

/**
 * Vouchers of one project: discount vouchers, gift cards and loyalty cards, standalone or in a
 * campaign. Codes are unique in the project, including the codes of vouchers in the bin; the
 * check and the write happen in one synchronous step, so of two requests creating the same code
 * one wins and the other gets `duplicate_found`.
 *
 * A voucher is made in two steps, which {@link VoucherStore.create} takes one after the other:
 * {@link VoucherStore.prepare} makes its record and checks everything that could refuse it, and
 * {@link VoucherStore.store} stores it. What hangs on the vouchers is the store's too: the
 * cards' balance {@link VoucherStore.transactions}, the validation {@link VoucherStore.sessions}
 * that hold vouchers back, and the {@link VoucherStore.codes} of the project's settings.
 */
export class VoucherStore {
  /**
   * The vouchers by position: in creation order, `null` once removed. A voucher is found through
   * its position, by id (`#positions`, which keeps the ids of removed vouchers, whose place is
   * `null`) or by code (`#positionByCode`, where a freed code is `null`). Removing a voucher
   * deletes no key of these maps of every voucher: taking a deletion back would copy their keys.
   */
  readonly #sequence: TrackedList<StoredVoucher | null>;
  readonly #positions: TrackedMap<string, number>;
  readonly #positionByCode: TrackedMap<string, number | null>;
  /** How many vouchers the project has (not counting the bin). */
  readonly #count: Cell<number>;
  /**
   * The positions of each campaign's vouchers, in creation order (removed ones included), and how
   * many at the front are published or gone (`#publishStarts`): publishing a campaign's next free
   * codes reads on from there instead of from the start.
   */
  readonly #byCampaign: TrackedMap<string, TrackedList<number>>;
  readonly #publishStarts: TrackedMap<string, number>;
  /** Codes of vouchers in the bin: still taken until the bin entry is deleted for good. */
  readonly #binnedCodes: TrackedSet<string>;
  /** The balance transactions of the project's cards, and the manual changes of a card's balance. */
  readonly transactions: VoucherTransactions;
  /** The validation sessions that hold the vouchers back. */
  readonly sessions: VoucherSessions;
  /** The list orders' indexes over every voucher, and over each campaign's. */
  readonly #orders: VoucherOrders;
  /** The vouchers' codes as the project's settings say: their keys, the default charset, new unused codes. */
  readonly codes: VoucherCodes;
  readonly #presentation: VoucherPresentation;
  /** Compiled validity windows of vouchers and campaigns; a change replaces the object, so a stale entry is never read. */
  readonly #windows = new RedeemableWindows();

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: VoucherStoreDependencies,
  ) {
    const { tracked } = context;
    // The containers are made in this order, the transactions' and the sessions' included: an image lists them so.
    this.#sequence = tracked.list();
    this.#positions = tracked.map();
    this.#positionByCode = tracked.map();
    this.#count = tracked.cell(0);
    this.#byCampaign = tracked.map();
    this.#publishStarts = tracked.map();
    this.#binnedCodes = tracked.set();
    this.transactions = new VoucherTransactions(context, {
      cards: this,
      events: deps.events,
      loyaltyCards: deps.loyaltyCards,
    });
    this.sessions = new VoucherSessions(context, this);
    this.#orders = new VoucherOrders(tracked, this.#sequence);
    this.codes = new VoucherCodes(context, deps.settings, (key) => this.#keyTaken(key));
    this.#presentation = new VoucherPresentation(deps);
    deps.bin.onPurge('voucher', (record) => this.#binnedCodes.delete(this.codes.key(record.code)));
  }

  /** Number of vouchers in the project, not counting the bin. */
  get size(): number {
    return this.#count.value;
  }

  /** Whether a code is used in the project, by a voucher or by one in the bin (in any case, where codes are not case-sensitive). */
  isCodeTaken(code: string): boolean {
    return this.#keyTaken(this.codes.key(code));
  }

  /** Whether a code's key (`codes.key`) is used, by a voucher or by one in the bin. */
  #keyTaken(key: string): boolean {
    return (this.#positionByCode.get(key) ?? null) !== null || this.#binnedCodes.has(key);
  }

  /** The voucher with this code or id, if any (vouchers in the bin are not found); a code in any case where codes are not case-sensitive. */
  find(codeOrId: string): StoredVoucher | undefined {
    const position = this.#positionByCode.get(this.codes.key(codeOrId)) ?? this.#positions.get(codeOrId);
    return position === undefined ? undefined : (this.#sequence.items[position] ?? undefined);
  }

  /** The voucher with this id, if any: one look-up instead of two, for callers that hold an id (the nightly run over every card). */
  findById(id: string): StoredVoucher | undefined {
    const position = this.#positions.get(id);
    return position === undefined ? undefined : (this.#sequence.items[position] ?? undefined);
  }

  /**
   * The voucher with this code or id.
   * @throws ApiError 404 when the project has no such voucher.
   */
  get(codeOrId: string): StoredVoucher {
    const voucher = this.find(codeOrId);
    if (!voucher) throw ApiError.notFound('voucher', codeOrId);
    return voucher;
  }

  /** Every voucher of the project, oldest first (not the bin). */
  all(): StoredVoucher[] {
    const all: StoredVoucher[] = [];
    for (const voucher of this.#sequence.items) if (voucher !== null) all.push(voucher);
    return all;
  }

  /** Ids of the vouchers of a campaign, oldest first. */
  idsOfCampaign(campaignId: string): string[] {
    const ids: string[] = [];
    const sequence = this.#sequence.items;
    for (const position of this.#byCampaign.get(campaignId)?.items ?? []) {
      const voucher = sequence[position];
      if (voucher) ids.push(voucher.id);
    }
    return ids;
  }

  /**
   * Up to `count` vouchers of a campaign that were never published and that `suitable` accepts,
   * oldest first. Published and deleted vouchers at the front of the campaign are passed over once
   * for good, so publishing a large campaign code by code does not read it again each time.
   *
   * @param campaignId - The campaign's id.
   * @param count - How many vouchers are wanted.
   * @param suitable - Further conditions (active, not expired) on an unpublished voucher.
   * @returns The vouchers found, fewer than `count` when the campaign has no more.
   */
  publishable(campaignId: string, count: number, suitable: (voucher: StoredVoucher) => boolean): StoredVoucher[] {
    const positions = this.#byCampaign.get(campaignId)?.items;
    if (!positions) return [];
    const sequence = this.#sequence.items;
    const free = (position: number): StoredVoucher | undefined => {
      const voucher = sequence[position];
      return voucher && !isPublished(voucher) ? voucher : undefined;
    };
    const before = this.#publishStarts.get(campaignId) ?? 0;
    let start = before;
    while (start < positions.length && free(positions[start] as number) === undefined) start += 1;
    if (start !== before) this.#publishStarts.set(campaignId, start);
    const found: StoredVoucher[] = [];
    for (let index = start; index < positions.length && found.length < count; index += 1) {
      const voucher = free(positions[index] as number);
      if (voucher && suitable(voucher)) found.push(voucher);
    }
    return found;
  }

  /**
   * Hands a voucher to a customer: it becomes the holder, the publish count goes up and, when the
   * campaign limits a code's life after publishing, the expiration date is replaced. The
   * publications area calls this and records the events.
   *
   * @param codeOrId - The voucher's code or id.
   * @param holderId - The receiving customer's id.
   * @param expirationDate - The new `expiration_date`, or null to keep the voucher's.
   * @returns The voucher after publishing.
   * @throws ApiError 404 for an unknown voucher.
   */
  publish(codeOrId: string, holderId: string, expirationDate: string | null = null): StoredVoucher {
    const current = this.get(codeOrId);
    const changes: Partial<StoredVoucher> = {
      holder_id: holderId,
      publish: publishList((current.publish?.count ?? 0) + 1),
    };
    if (expirationDate !== null) changes.expiration_date = expirationDate;
    return this.replace(current, changes);
  }

  /**
   * A page of vouchers, newest first unless `order` says otherwise, narrowed by the query.
   *
   * @throws DomainError `invalid_query_params` for a malformed `filters`.
   */
  list(query: VoucherListQuery = {}): Page<StoredVoucher> {
    const tests: FilterPredicate[] = [];
    const equal = (field: keyof StoredVoucher, value: string | undefined): void => {
      if (value !== undefined) tests.push((voucher) => (voucher as StoredVoucher)[field] === value);
    };
    // A campaign narrows the list to its own indexes rather than a test on every voucher of the project.
    let scope = this.#orders.scope();
    if (query.campaign_id !== undefined || query.campaign !== undefined) {
      const named = query.campaign === undefined ? undefined : this.deps.campaigns().find(query.campaign);
      const campaignId = query.campaign_id ?? named?.id;
      const agree = query.campaign_id === undefined || query.campaign === undefined || named?.id === query.campaign_id;
      scope = agree && campaignId !== undefined ? this.#orders.scope(campaignId) : undefined;
    }
    if (scope === undefined) return pageOf([], query);
    equal('campaign', query.campaign);
    equal('category', query.category);
    equal('holder_id', query.customer);
    equal('code', query.code);
    if (query.ids !== undefined) {
      const ids = new Set(query.ids);
      tests.push((voucher) => ids.has((voucher as StoredVoucher).id));
    }
    const now = this.context.clock.now();
    const dates = {
      ...dateRangeFilter('created_at', query.created_at),
      ...dateRangeFilter('updated_at', query.updated_at),
    };
    if (Object.keys(dates).length > 0) tests.push(compileFilter(dates, { now }));
    if (query.filters !== undefined) tests.push(compileFilter(query.filters, { now }));
    const order = query.order ?? '-created_at';
    const descending = order.startsWith('-');
    const field = (descending ? order.slice(1) : order) as OrderField<typeof order>;
    const keep = allOf(...tests);
    const sequence = this.#sequence.items;
    const voucherAt = (position: number): StoredVoucher => sequence[position] as StoredVoucher;
    const kept = tests.length === 0 ? undefined : (position: number): boolean => keep(voucherAt(position));
    return pageOf(indexOrder(scope.of(field), descending, voucherAt, kept), query);
  }

  /**
   * The voucher as the API shows it: with its category objects and the validation rules assigned
   * to it directly or through its campaign.
   */
  present(voucher: StoredVoucher): Voucher & { categories: NonNullable<Voucher['categories']> } {
    return this.#presentation.present(voucher);
  }

  /** The validation rules assigned to the voucher directly or through its campaign, as `validation_rules_assignments` shows them. */
  ruleAssignments(voucher: StoredVoucher): NonNullable<Voucher['validation_rules_assignments']> {
    return this.#presentation.ruleAssignments(voucher);
  }

  /** The voucher as lists show it: with its category objects, without the rule assignments. */
  listed(
    voucher: StoredVoucher,
  ): Omit<Voucher, 'validation_rules_assignments'> & { categories: NonNullable<Voucher['categories']> } {
    return this.#presentation.listed(voucher);
  }

  /**
   * Creates a voucher ({@link VoucherStore.prepare}, then {@link VoucherStore.store}) and records
   * `voucher.created` unless `origin.silent`. The voucher joins `campaign` and inherits its
   * settings: by default the campaign that `input.campaign` or `input.campaign_id` names, else
   * none (a standalone voucher); a caller that holds the campaign passes it, or `null` for a
   * standalone voucher whatever the input names. The code is `input.code`, else one generated
   * from `input.code_config`.
   *
   * @throws ApiError 404 for an unknown campaign or category; 409 `duplicate_found` for a used
   *   code; 400 for a loyalty card whose input names no campaign, or a kind that differs from the
   *   campaign's; as {@link VoucherStore.store} for its validation rules.
   */
  create(
    input: VoucherCreateInput,
    origin: Origin = {},
    campaign: Campaign | null = this.#campaignNamedBy(input),
  ): StoredVoucher {
    const voucher = this.prepare(campaign, input);
    this.store(voucher, input.validation_rules, origin);
    this.#record('voucher.created', voucher, origin);
    return voucher;
  }

  /**
   * The campaign a new voucher's input names, if any.
   * @throws ApiError 404 for an unknown campaign; 400 for a loyalty card that names none.
   */
  #campaignNamedBy(input: VoucherCreateInput): Campaign | null {
    const ref = input.campaign_id ?? input.campaign;
    const campaign = ref === undefined ? null : this.deps.campaigns().get(ref);
    if (campaign === null && input.type === 'LOYALTY_CARD') {
      throw new ApiError(400, 'invalid_voucher', 'Invalid voucher', {
        details: 'A loyalty card needs a loyalty campaign: pass campaign or campaign_id.',
      });
    }
    return campaign;
  }

  /**
   * Makes a voucher's record in `campaign` (or standalone, with `null`) without storing it,
   * checking everything that could refuse it, so that a caller can prepare what a request makes
   * before storing any of it (a campaign its first code). {@link VoucherStore.store} stores it.
   *
   * @throws ApiError 409 `duplicate_found` for a used code; 404 for an unknown category; 400 for a
   *   kind that differs from the campaign's; DomainError `invalid_payload` for a malformed
   *   validity window, `invalid_code_config` when no unused code is left.
   */
  prepare(campaign: Campaign | null, input: VoucherCreateInput): StoredVoucher {
    if (campaign && input.type !== undefined && campaign.voucher && input.type !== campaign.voucher.type) {
      throw new ApiError(400, 'invalid_voucher', 'Invalid voucher', {
        details: `The campaign ${campaign.name} holds vouchers of type ${campaign.voucher.type}, not ${input.type}.`,
      });
    }
    const template = {
      ...(campaign?.voucher ?? {}),
      ...(given(input.type) ? { type: input.type } : {}),
      ...(given(input.discount) ? { discount: input.discount } : {}),
      ...(given(input.gift) ? { gift: input.gift } : {}),
      ...(given(input.loyalty_card) ? { loyalty_card: input.loyalty_card } : {}),
    };
    const settings = inheritVoucher(
      {
        campaign_type: campaign?.campaign_type,
        voucher: template,
        start_date: campaign?.start_date,
        expiration_date: campaign?.expiration_date,
        validity_timeframe: input.validity_timeframe ?? campaign?.validity_timeframe,
        validity_day_of_week: input.validity_day_of_week ?? campaign?.validity_day_of_week,
        validity_hours: input.validity_hours ?? campaign?.validity_hours,
        category: campaign?.category,
        category_id: campaign?.category_id,
      },
      input,
    );
    const code = settings.code ?? this.codes.generate(settings.code_config, 1)[0];
    if (code === undefined) throw new RangeError('no code generated');
    if (this.isCodeTaken(code)) throw duplicateCode(code);
    const category = this.deps.categories.resolve(settings.category, settings.category_id);
    const now = this.context.timestamp();
    const gift = settings.gift as { amount?: number; effect?: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | null } | null;
    const card = settings.loyalty_card as { points?: number } | null;
    const voucher: StoredVoucher = {
      id: this.context.ids('v'),
      code,
      campaign: campaign?.name ?? null,
      campaign_id: campaign?.id ?? null,
      category: category.category,
      category_id: category.category_id,
      type: settings.type,
      discount: (settings.discount ?? null) as NonNullable<StoredVoucher['discount']> | null,
      gift: gift
        ? { amount: gift.amount ?? 0, subtracted_amount: 0, balance: gift.amount ?? 0, effect: gift.effect ?? null }
        : null,
      loyalty_card: card ? { points: card.points ?? 0, balance: card.points ?? 0 } : null,
      start_date: settings.start_date,
      expiration_date: settings.expiration_date,
      validity_timeframe: settings.validity_timeframe,
      validity_day_of_week: settings.validity_day_of_week,
      validity_hours: settings.validity_hours,
      active: settings.active,
      additional_info: settings.additional_info,
      metadata: copyOrEmpty(settings.metadata),
      is_referral_code: settings.is_referral_code,
      created_at: now,
      updated_at: null,
      object: 'voucher',
      publish: publishList(0),
      redemption: {
        quantity: settings.redemption.quantity,
        redeemed_quantity: input.redemption?.redeemed_quantity ?? 0,
        ...(settings.type === 'GIFT_VOUCHER' ? { redeemed_amount: 0 } : {}),
        ...(settings.type === 'LOYALTY_CARD' ? { redeemed_points: 0 } : {}),
        object: 'list',
      },
      holder_id: undefined,
    };
    compileValidityWindow(voucher);
    return voucher;
  }

  /**
   * Stores a voucher made by {@link VoucherStore.prepare}, without recording an event; the code is
   * checked again, since other requests may have taken it in between.
   *
   * @throws ApiError 409 `duplicate_found` for a used code; 404 for an unknown validation rule, 400
   *   for one that does not fit the voucher (nothing is stored then).
   */
  store(voucher: StoredVoucher, validationRules?: readonly string[] | null, origin: Origin = {}): void {
    if (this.isCodeTaken(voucher.code)) throw duplicateCode(voucher.code);
    // Codes generated in bulk have no rules of their own: no campaign to look up for them.
    const owner =
      validationRules && validationRules.length > 0
        ? {
            object: 'voucher' as const,
            voucher,
            campaign: voucher.campaign_id ? this.deps.campaigns().find(voucher.campaign_id) : undefined,
          }
        : undefined;
    if (owner) this.deps.rules.check(owner, validationRules);
    this.deps.categories.ensure(voucher);
    immutable(voucher);
    const position = this.#sequence.push(voucher) - 1;
    this.#positions.set(voucher.id, position);
    this.#positionByCode.set(this.codes.key(voucher.code), position);
    this.#count.value += 1;
    this.#orders.add(position, voucher.campaign_id);
    if (voucher.campaign_id) {
      const positions = this.#byCampaign.get(voucher.campaign_id);
      if (positions === undefined)
        this.#byCampaign.set(voucher.campaign_id, this.context.tracked.innerList([position]));
      else positions.push(position);
    }
    if (owner) this.deps.rules.assign(owner, validationRules, origin);
    if (voucher.campaign_id) this.deps.campaigns().countVoucher(voucher, 1);
  }

  /**
   * Changes what `PUT /v1/vouchers/{code}` may change: dates, validity, `active`, category,
   * additional info, metadata (merged), the discount of a discount voucher and the `effect` of a
   * gift card. Other fields are ignored. Records `voucher.updated`.
   *
   * @throws ApiError 404 for an unknown voucher or category.
   */
  update(codeOrId: string, patch: VoucherUpdateInput, origin: Origin = {}): StoredVoucher {
    const current = this.get(codeOrId);
    const changes: Partial<StoredVoucher> = {};
    for (const field of UPDATABLE) {
      if (patch[field] !== undefined) Object.assign(changes, { [field]: patch[field] });
    }
    if (patch.category !== undefined || patch.category_id !== undefined) {
      Object.assign(changes, this.deps.categories.resolve(patch.category, patch.category_id));
    }
    if (patch.metadata !== undefined) changes.metadata = patchMetadata(current.metadata, patch.metadata);
    if (patch.discount !== undefined && current.type === 'DISCOUNT_VOUCHER') changes.discount = patch.discount;
    const effect: unknown = patch.gift?.['effect'];
    if (current.gift && (effect === 'APPLY_TO_ORDER' || effect === 'APPLY_TO_ITEMS'))
      changes.gift = { ...current.gift, effect };
    const updated = this.replace(current, changes);
    this.deps.categories.ensure(updated);
    this.#record('voucher.updated', updated, origin);
    return updated;
  }

  /**
   * Merges metadata into a voucher's (bulk metadata updates); records `voucher.updated` unless silent.
   * @throws ApiError 404 for an unknown voucher.
   */
  mergeMetadata(codeOrId: string, metadata: Readonly<Record<string, unknown>>, origin: Origin = {}): StoredVoucher {
    const current = this.get(codeOrId);
    const updated = this.replace(current, { metadata: { ...current.metadata, ...metadata } });
    this.#record('voucher.updated', updated, origin);
    return updated;
  }

  /**
   * Applies changes to a stored voucher (after checking its validity window) and stamps `updated_at`.
   *
   * @throws DomainError `invalid_payload` when the changed validity window is malformed.
   */
  replace(current: StoredVoucher, changes: Partial<StoredVoucher>): StoredVoucher {
    const updated: StoredVoucher = immutable({ ...current, ...changes, updated_at: this.context.timestamp() });
    // Only a change of the window's fields can make it invalid (a points change, the most common, never does).
    if (WINDOW_FIELDS.some((field) => field in changes)) compileValidityWindow(updated);
    const position = this.#positions.get(updated.id);
    // A voucher removed meanwhile stays removed.
    if (position === undefined || this.#sequence.items[position] === null) return updated;
    this.#orders.rewrite(position, updated.campaign_id, () => this.#sequence.set(position, updated));
    return updated;
  }

  /**
   * Switches a voucher on or off and records `voucher.enabled` or `voucher.disabled`.
   * @throws ApiError 404 for an unknown voucher.
   */
  setActive(codeOrId: string, active: boolean, origin: Origin = {}): StoredVoucher {
    const updated = this.replace(this.get(codeOrId), { active });
    this.#record(active ? 'voucher.enabled' : 'voucher.disabled', updated, origin);
    return updated;
  }

  /**
   * Deletes a voucher: into the bin, where its code stays taken until the bin entry is deleted
   * for good, or with `force` for good at once, freeing the code. Records `voucher.deleted`
   * unless silent.
   *
   * @throws ApiError 404 for an unknown voucher.
   */
  delete(codeOrId: string, force: boolean, origin: Origin = {}): void {
    const shown = this.present(this.get(codeOrId));
    const voucher = this.remove(codeOrId);
    if (!force) {
      this.#binnedCodes.add(this.codes.key(voucher.code));
      this.deps.bin.put({
        type: 'voucher',
        id: voucher.id,
        name: voucher.code,
        parentId: voucher.campaign_id ?? null,
        record: shown,
      });
    }
    this.#record('voucher.deleted', voucher, origin, shown);
  }

  /**
   * Removes a voucher from the project and frees its code; its sessions go with it, its transactions
   * stay in the history of its campaign.
   * @throws ApiError 404 for an unknown voucher.
   */
  remove(codeOrId: string): StoredVoucher {
    const voucher = this.get(codeOrId);
    const position = this.#positions.get(voucher.id) as number;
    // Out of the indexes while its keys still read, then out of the store.
    this.#orders.remove(position, voucher.campaign_id);
    this.#sequence.set(position, null);
    this.#positionByCode.set(this.codes.key(voucher.code), null);
    this.#count.value -= 1;
    this.deps.rules.release(voucher.id);
    this.sessions.drop(voucher.id);
    if (voucher.campaign_id) this.deps.campaigns().countVoucher(voucher, -1);
    return voucher;
  }

  /** The campaign a voucher belongs to, if any. */
  campaignOf(voucher: StoredVoucher): Campaign | undefined {
    return voucher.campaign_id ? (this.deps.campaigns().find(voucher.campaign_id) as Campaign | undefined) : undefined;
  }

  /**
   * Whether a voucher can be used at an instant (default now): its campaign must be switched on
   * and inside its validity (`campaign_not_active`), then the voucher itself
   * (`voucher_disabled`, `voucher_not_active`, `voucher_expired`, `voucher_not_active_now`), as
   * the domain's validity windows say. Validations and redemptions read this.
   *
   * @throws ApiError 404 for an unknown voucher.
   */
  checkValidity(codeOrId: string, at: number = this.context.clock.now()): ValidityCheckResult {
    const voucher = this.get(codeOrId);
    return this.#windows.check(
      voucher,
      voucher.campaign_id ? this.deps.campaigns().find(voucher.campaign_id) : undefined,
      at,
    );
  }

  #record(
    type: 'voucher.created' | 'voucher.updated' | 'voucher.enabled' | 'voucher.disabled' | 'voucher.deleted',
    voucher: StoredVoucher,
    origin: Origin,
    shown?: Voucher,
  ): void {
    if (origin.silent) return;
    const campaign = this.campaignOf(voucher);
    this.deps.events.record(type, {
      entityId: voucher.id,
      data: { voucher: shown ?? this.present(voucher), campaign: campaign ? simpleCampaign(campaign) : null },
      origin,
    });
  }
}
