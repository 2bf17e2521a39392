import { type FilterPredicate, compileFilter, type OrderInput as DomainOrderInput } from '@voucherkit/domain';
import { addIsoDuration, allOf, dateRangeFilter } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { ProjectSettings } from '../../../core/projects.js';
import { type ListOrder, type Page, type SortedPageQuery, type TimeWindow, pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { SortedIndexes, indexOrder } from '../../../core/sorted-index.js';
import { ApiError } from '../../../http/api-error.js';
import { fromDomainError } from '../../../http/domain-errors.js';
import type { Customer, CustomerReference } from '../../customers/customers/store.js';
import type { OrderItemRequest } from '../../customers/orders/items.js';
import type { OrderCalculation } from '../../customers/orders/store.js';
import { listPath } from '../../campaigns/vouchers/shapes.js';
import { engine } from '../load.js';
import type { AloneJudge } from './engine/alone.js';
import type { AnswerOptions, OrderFrame } from './engine/answer.js';
import type { EngineApplication } from './engine/apply.js';
import type { CheckContext } from './engine/checks.js';
import type { CommitInput, RedemptionResult } from './engine/commit.js';
import {
  type KeptRecord,
  type KeptRedemption,
  type RedemptionEntry,
  type RedemptionRecord,
  type RedemptionRollbackRecord,
  shownRecord,
} from './engine/records.js';
import type { RequestedRedeemable, StackedRequest } from './engine/request.js';
import type { RollbackInput, RollbacksResult } from './engine/rollback.js';
import type { RuleJudgement } from './engine/rule-alone.js';
import { RedemptionTally } from './engine/tally.js';
import type { EngineLoyaltyReward, EnginePorts, EngineRuleSet, EngineStores } from './ports.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import { EMPTY_LIST } from '../../../core/immutable.js';
import type { Origin } from '../../../core/origin.js';

/** The answer of `POST /v1/validations`. */
export type ValidationResult = Resource<'ValidationResult'>;

/** The query of `GET /v1/redemptions`. */
export interface RedemptionListQuery
  extends SortedPageQuery<ListOrder<'created_at' | 'id' | 'voucher_code' | 'tracking_id' | 'customer_id'>> {
  /** `SUCCESS` or `FAILURE`. */
  readonly result?: string | undefined;
  /** Name of the campaign. */
  readonly campaign?: string | undefined;
  /** The customer's id or `source_id`. */
  readonly customer?: string | undefined;
  /** Creation window. */
  readonly created_at?: TimeWindow | undefined;
  /** Conditions on the fields of `RedemptionListFilters`. */
  readonly filters?: unknown;
}

/**
 * Two rollbacks of one redemption within this many milliseconds count as the same moment: the
 * later one is refused with `multiple_requests` rather than `already_rolled_back`.
 */
const ROLLBACK_MOMENT_MS = 1000;

/**
 * How far back a redemption can be rolled back, as an ISO 8601 duration of calendar months
 * (UTC); an older one is refused with `invalid_redemption` (decision 0032).
 */
const ROLLBACK_WINDOW = 'P3M';

/** The fields `GET /v1/redemptions` sorts on. */
type RedemptionOrderField = 'created_at' | 'id' | 'voucher_code' | 'tracking_id' | 'customer_id';

/** A record's sort key in a list order: the field its filter view shows. */
const sortKey = (entry: RedemptionEntry, field: RedemptionOrderField): string | null => {
  const { record } = entry;
  switch (field) {
    case 'created_at':
      return record.date;
    case 'id':
      return record.id;
    case 'voucher_code':
      return record.voucher?.code ?? null;
    case 'tracking_id':
      return record.tracking_id ?? null;
    case 'customer_id':
      return record.customer_id ?? null;
  }
};

/** The filterable view of a record (`RedemptionListFilters` and the sort keys). */
const filterView = (entry: RedemptionEntry, parentOf: (id: string) => string | null): Record<string, unknown> => {
  const { record } = entry;
  return {
    id: record.id,
    created_at: record.date,
    voucher_code: record.voucher?.code ?? null,
    related_object_id: record.related_object_id,
    related_object_parent_id: entry.campaign?.id ?? null,
    parent_redemption_id: parentOf(record.id),
    failure_code: record.failure_code ?? null,
    result: record.result,
    object: record.object,
    customer_id: record.customer_id,
    campaign_name: entry.campaign?.name ?? null,
    user_login: null,
    tracking_id: record.tracking_id,
  };
};

/**
 * A record as a redemption export reads it: the record as kept (its voucher a stored version),
 * its campaign, and the fields its filters read.
 */
export interface RedemptionExportRow {
  /** The redemption, failed redemption or rollback. */
  readonly record: KeptRecord;
  /** The campaign of what it redeemed. */
  readonly campaign: RedemptionEntry['campaign'];
  /** What the export's filters and order read. */
  readonly view: Record<string, unknown>;
}

/**
 * Validations, redemptions and rollbacks of one project: the engine that answers "may this
 * customer use these codes on this order, and what does it cost now?". The rules are the
 * domain's; this store reads the request, finds the redeemables, checks and applies them, and
 * commits what a redemption did (vouchers, gift balances, sessions, order, customer, records,
 * events) in one synchronous step, so parallel requests never both pass a check that only one
 * may pass. The records and their reads are here; the engine's logic loads with the first
 * operation that runs it (`engine()`, decision 0083), so code that validates, redeems or rolls
 * back directly awaits `loadEngine()` first.
 */
export class RedemptionStore {
  readonly #entries: TrackedMap<string, RedemptionEntry>;
  /** The ids of the records in the order they were stored: a record's position is its place here. */
  readonly #sequence: TrackedList<string>;
  /** Child redemption id → its parent's. */
  readonly #parents: TrackedMap<string, string>;
  /** What identifies a retry (see `#retryKey`) → the id of the redemption that answered it. */
  readonly #retries: TrackedMap<string, string>;
  /** What the rules count, kept in step with the records (a scan of every record per request before); counted again after an image is loaded. */
  readonly #tally: RedemptionTally;
  /** The list orders' indexes over `#sequence` (the sort keys of a record never change); built again after an image is loaded. */
  readonly #orders: SortedIndexes<RedemptionOrderField>;
  /** Ports plugged in by `connect`: when the project is wired, or later by a test (a restore takes those back); functions, so not in the image. */
  readonly #plugged: Cell<Partial<EnginePorts>>;
  // not state: the project's own ports, built once from its stores on first use.
  #defaults: EnginePorts | undefined;

  constructor(
    private readonly context: ServiceContext,
    private readonly state: () => EngineStores,
    private readonly settings: ProjectSettings = {},
  ) {
    const { tracked } = context;
    this.#entries = tracked.map();
    this.#sequence = tracked.list();
    this.#parents = tracked.map();
    this.#retries = tracked.map();
    this.#plugged = tracked.innerCell<Partial<EnginePorts>>({});
    this.#tally = new RedemptionTally(tracked);
    this.#orders = new SortedIndexes<RedemptionOrderField>(
      (field, position) => sortKey(this.#entryAt(position), field),
      tracked,
    );
    tracked.afterLoad(() => {
      this.#sequence.items.forEach((id, position) => {
        this.#tally.add(this.#entries.get(id) as RedemptionEntry);
        this.#orders.add(position);
      });
    });
  }

  /** The ports in use: those plugged in, else the project's (built on first use, once the project's stores exist). */
  get #ports(): EnginePorts {
    this.#defaults ??= engine().projectPorts(this.state());
    return { ...this.#defaults, ...this.#plugged.value };
  }

  /**
   * Replaces ports of the engine: validation rules, promotion tiers and stacks, as their areas
   * provide them.
   */
  connect(ports: Partial<EnginePorts>): void {
    this.#plugged.value = { ...this.#plugged.value, ...ports };
  }

  /**
   * The pay-with-points reward a loyalty card's campaign offers under this id, as the engine reads
   * it through its port (its assignment, rate and rules); `undefined` when the campaign does not
   * offer it.
   */
  loyaltyReward(card: StoredVoucher, rewardId: string): EngineLoyaltyReward | undefined {
    return this.#ports.loyaltyReward(card, rewardId);
  }

  /**
   * Validates the redeemables of a request on its order without redeeming them; with
   * `session.type: LOCK` and a valid answer, holds one redemption (and the credits) of each
   * applicable voucher for the session's lifetime.
   *
   * @throws ApiError 400 `invalid_payload`, `duplicated_redeemables`, `invalid_redeemables`,
   *   `invalid_order`, `invalid_amount`; 404 for an order id or customer id that names nothing.
   */
  validate(request: StackedRequest, origin: Origin<'requestId' | 'channel'>): ValidationResult {
    const { readSession, presentOutcome, presentOrder, appliedStackingRules } = engine();
    const prepared = this.#prepare(request, false);
    const { application, options, check } = prepared;
    const session = readSession(request.session, () => this.context.ids('ssn'));
    if (session && application.valid) {
      const expiresAt = this.context.clock.now() + session.ttlMs;
      for (const { result } of application.applicable) {
        if (result.found.object !== 'voucher') continue;
        // A session holds a gift card's credits or a loyalty card's points, as it holds a redemption.
        const credits =
          result.step.kind === 'gift'
            ? result.step.gift.credits
            : result.step.kind === 'pay_with_points'
              ? result.step.loyalty_card.points
              : undefined;
        this.state().vouchers.sessions.hold(result.found.voucher.id, { key: session.key, expiresAt, credits });
      }
    }
    return {
      id: this.context.ids('valid'),
      valid: application.valid,
      redeemables: application.outcomes.map((outcome) => presentOutcome(outcome, options, origin.requestId)),
      skipped_redeemables: application.skipped.map(
        (outcome) => presentOutcome(outcome, options, origin.requestId) as Resource<'ValidationRedeemableSkipped'>,
      ),
      inapplicable_redeemables: application.inapplicable.map(
        (outcome) => presentOutcome(outcome, options, origin.requestId) as Resource<'ValidationRedeemableInapplicable'>,
      ),
      // The service shows the discounted order of a valid validation only.
      ...(application.valid ? { order: presentOrder(application.finalOrder, options.frame) } : {}),
      tracking_id: check.customer?.source_id ?? this.context.ids('track'),
      ...(session && application.valid
        ? { session: { key: session.key, type: 'LOCK' as const, ttl: session.ttl, ttl_unit: session.ttl_unit } }
        : {}),
      stacking_rules: appliedStackingRules(options.rules),
    };
  }

  /**
   * Redeems the redeemables of a request: checks them as a validation does, then, when they may
   * be redeemed, writes everything at once. A request that retries an earlier successful one
   * (same session key, or same order and redeemables) gets the earlier answer again.
   *
   * @throws ApiError 400 with the failing redeemable's key (`quantity_exceeded`,
   *   `voucher_expired` …), `resource_id` naming the stored `rf_…` record, and
   *   `redeemable_type`/`redeemable_id`; the request errors of {@link RedemptionStore.validate}.
   */
  redeem(request: StackedRequest, origin: Origin<'requestId' | 'channel'>): RedemptionResult {
    return this.#redeem(request, origin, true).result as RedemptionResult;
  }

  /**
   * Redeems as {@link RedemptionStore.redeem} does, without making the answer of `POST
   * /v1/redemptions`: for the operations that answer with the stored redemption instead (the
   * older single-code redemptions, a reward paid with points).
   *
   * @returns The id of the first redemption the answer would list (the earlier one for a retry).
   * @throws ApiError as {@link RedemptionStore.redeem} does.
   */
  redeemFirst(request: StackedRequest, origin: Origin<'requestId' | 'channel'>): string {
    return this.#redeem(request, origin, false).first;
  }

  /** Redeems; the answer is made when `answered` asks for it, or when a retry may replay it. */
  #redeem(
    request: StackedRequest,
    origin: Origin<'requestId' | 'channel'>,
    answered: boolean,
  ): { readonly first: string; readonly result: RedemptionResult | undefined } {
    const { failRedemption, commitRedemption, announceRedemption, redemptionResult } = engine();
    const retryKey = this.#retryKey(request);
    const earlier = retryKey === undefined ? undefined : this.#retries.get(retryKey);
    const replay = earlier === undefined ? undefined : this.#entries.get(earlier);
    if (replay?.result && replay.record.status !== 'ROLLED_BACK')
      return { first: replay.result.redemptions?.[0]?.id ?? '', result: replay.result };
    const prepared = this.#prepare(request, true);
    const input: CommitInput = {
      request,
      application: prepared.application,
      options: prepared.options,
      newOrder: prepared.newOrder,
      origin,
      sessionKey: request.session?.key,
      context: this.context,
      state: this.state(),
    };
    if (!prepared.application.canRedeem) {
      const failed = failRedemption(input);
      this.#add({
        record: failed.record,
        voucherId: failed.voucherId,
        campaign: failed.campaign,
        credits: 0,
        children: EMPTY_LIST,
      });
      throw failed.error;
    }
    const committed = commitRedemption(input);
    for (const entry of committed.entries) this.#add(entry);
    for (const child of committed.children) this.#parents.set(child, committed.head);
    announceRedemption(input, committed);
    const first = committed.children[0] ?? committed.head;
    if (retryKey === undefined) return { first, result: answered ? redemptionResult(input, committed) : undefined };
    // Only a request that can be retried keeps its answer: the rest would hold a copy of everything they showed.
    const result = redemptionResult(input, committed);
    const head = this.#entries.get(committed.head);
    if (head) this.#entries.set(head.record.id, { ...head, result });
    this.#retries.set(retryKey, committed.head);
    return { first, result };
  }

  /**
   * Stores a redemption made outside validations: a loyalty reward bought with a card's points
   * (`POST /v1/loyalties/members/{memberId}/redemption`). It is listed, read and rolled back as
   * any other; a rollback refunds the points.
   *
   * @param record - The `r_…` record, or the `rf_…` record of a refused one.
   * @param spent - The card and its campaign, and the points it paid.
   */
  addExternal(
    record: RedemptionRecord,
    spent: { readonly voucherId: string; readonly campaign: RedemptionEntry['campaign']; readonly points: number },
  ): void {
    const kept: KeptRedemption = {
      ...record,
      voucher: record.voucher === null ? null : this.state().vouchers.get(record.voucher.id),
    };
    this.#add({
      record: kept,
      voucherId: spent.voucherId,
      campaign: spent.campaign,
      credits: 0,
      points: spent.points,
      children: EMPTY_LIST,
    });
  }

  /**
   * Names the loyalty reward a redemption paid with (`reward`) on its record, as a member's reward
   * redemption shows it.
   * @throws ApiError 404 for an unknown redemption.
   */
  describeReward(id: string, reward: NonNullable<RedemptionRecord['reward']>): RedemptionRecord {
    const entry = this.#entries.get(id);
    if (!entry || entry.record.object !== 'redemption') throw ApiError.notFound('redemption', id);
    const record = { ...entry.record, reward } as KeptRedemption;
    this.#entries.set(id, { ...entry, record });
    return this.#shown(record);
  }

  /**
   * Rolls back a redemption: a single one (`POST /v1/redemptions/{id}/rollback`, `stacked`
   * false) or a parent and all its children, or a single one (`…/rollbacks`, `stacked` true).
   *
   * @throws ApiError 404 for an unknown redemption; 400 `invalid_redemption` (a parent through
   *   the single form, a failed redemption, one older than 3 months), `invalid_redemption_parent` (a child),
   *   `multiple_requests` (another rollback of it at the same moment), `already_rolled_back`;
   *   each refusal is stored as an `rrf_…` record and recorded as `redemption.rollback.failed`.
   */
  rollback(
    id: string,
    input: RollbackInput,
    stacked: boolean,
    origin: Origin<'requestId' | 'channel'>,
  ): RollbacksResult {
    const { rollbackEntry, rollbackEventData } = engine();
    const entry = this.#entries.get(id);
    if (!entry || entry.record.object !== 'redemption') throw ApiError.notFound('redemption', id);
    const failure = this.#rollbackRefusal(entry, stacked);
    if (failure) {
      const refused = rollbackEntry.refused(entry, failure, input, origin, this.context);
      this.#add({
        record: refused,
        voucherId: entry.voucherId,
        campaign: entry.campaign,
        credits: 0,
        children: EMPTY_LIST,
      });
      failure.extras.resourceId = refused.id;
      failure.extras.resourceType = 'redemption_rollback';
      this.state().events.record('redemption.rollback.failed', {
        entityId: refused.id,
        origin,
        data: rollbackEventData(entry.record as KeptRedemption, refused),
      });
      throw failure;
    }
    const now = this.context.clock.now();
    const targets =
      entry.children.length > 0 ? entry.children.map((child) => this.#entries.get(child) as RedemptionEntry) : [entry];
    // The counts forget the redemptions before their records say ROLLED_BACK.
    for (const target of new Set([entry, ...targets])) this.#tally.remove(target);
    const done = rollbackEntry.commit(entry, targets, input, origin, this.context, this.state(), (target, record) => {
      const current = this.#entries.get(target.record.id) ?? target;
      this.#entries.set(record.id, { ...current, record });
    });
    for (const target of new Set([entry, ...targets])) {
      const current = this.#entries.get(target.record.id) ?? target;
      this.#entries.set(current.record.id, { ...current, rolledBackAt: now });
    }
    for (const created of done.entries) this.#add(created);
    return done.result;
  }

  /**
   * What a stored redemption redeemed, read without presenting it: the voucher's id (none for a
   * promotion tier or a parent) and the customer's.
   *
   * @param id - The redemption's id.
   * @returns The ids, or `undefined` when the store holds no such record.
   */
  redeemed(id: string): { readonly voucherId: string | undefined; readonly customerId: string | null } | undefined {
    const entry = this.#entries.get(id);
    return entry && { voucherId: entry.voucherId, customerId: entry.record.customer_id };
  }

  /** A redemption, failed redemption or rollback by id, if there is one. */
  find(id: string): RedemptionRecord | RedemptionRollbackRecord | undefined {
    const entry = this.#entries.get(id);
    return entry && this.#shown(entry.record);
  }

  /**
   * A redemption, failed redemption or rollback by id.
   * @throws ApiError 404.
   */
  get(id: string): RedemptionRecord | RedemptionRollbackRecord {
    const entry = this.#entries.get(id);
    if (!entry) throw ApiError.notFound('redemption', id);
    return this.#shown(entry.record);
  }

  /**
   * Redemptions, failed redemptions and rollbacks, filtered, sorted and paged as
   * `GET /v1/redemptions` documents.
   */
  list(query: RedemptionListQuery = {}): Page<RedemptionRecord | RedemptionRollbackRecord> {
    const tests: FilterPredicate[] = [];
    const now = this.context.clock.now();
    if (query.result !== undefined) tests.push((view) => (view as { result: string }).result === query.result);
    if (query.campaign !== undefined)
      tests.push((view) => (view as { campaign_name: string | null }).campaign_name === query.campaign);
    if (query.customer !== undefined) {
      const customer = this.state().customers.find(query.customer);
      const id = customer?.id ?? query.customer;
      tests.push((view) => (view as { customer_id: string | null }).customer_id === id);
    }
    const dates = dateRangeFilter('created_at', query.created_at);
    if (Object.keys(dates).length > 0) tests.push(compileFilter(dates, { now }));
    if (query.filters !== undefined) tests.push(compileFilter(query.filters, { now }));
    const passes = allOf(...tests);
    const keep =
      tests.length === 0
        ? undefined
        : (position: number): boolean => passes(filterView(this.#entryAt(position), this.#parentOf));
    const order = query.order ?? '-created_at';
    const descending = order.startsWith('-');
    const field = (descending ? order.slice(1) : order) as RedemptionOrderField;
    return pageOf(
      indexOrder(this.#orders.of(field), descending, (position) => this.#shown(this.#entryAt(position).record), keep),
      query,
    );
  }

  /**
   * Every redemption, failed redemption and rollback, oldest first, with the record that export
   * filters read: the list's filter fields, and `campaign` (its name), `customer` (id), `voucher`
   * (code), `related_object` (the type redeemed), `status` and `metadata`. The exports area
   * builds the file from them (`redemptionExportSource`); records are not presented.
   */
  exportRows(): RedemptionExportRow[] {
    return this.#sequence.items.map((id) => {
      const entry = this.#entries.get(id) as RedemptionEntry;
      const { record } = entry;
      const view = {
        ...filterView(entry, this.#parentOf),
        campaign: entry.campaign?.name ?? null,
        customer: record.customer_id,
        voucher: record.voucher?.code ?? null,
        related_object: record.related_object_type,
        status: record.status,
        metadata: record.metadata,
      };
      return { record, campaign: entry.campaign, view };
    });
  }

  /** The parent redemption of a child, by the child's id; `null` for any other record. */
  readonly #parentOf = (id: string): string | null => this.#parents.get(id) ?? null;

  /** A kept record as the API shows it (its voucher version presented). */
  #shown(record: KeptRedemption): RedemptionRecord;
  #shown(record: KeptRecord): RedemptionRecord | RedemptionRollbackRecord;
  #shown(record: KeptRecord): RedemptionRecord | RedemptionRollbackRecord {
    return shownRecord(record, this.state().vouchers);
  }

  #entryAt(position: number): RedemptionEntry {
    return this.#entries.get(this.#sequence.items[position] as string) as RedemptionEntry;
  }

  /**
   * The redemption summary of a voucher and every record that names it, newest first
   * (`GET /v1/vouchers/{code}/redemption`).
   * @throws ApiError 404 for an unknown voucher.
   */
  ofVoucher(code: string): Resource<'VoucherRedemptionSummary'> {
    const voucher = this.state().vouchers.get(code);
    const entries = this.#sequence.items
      .map((id) => this.#entries.get(id) as RedemptionEntry)
      .filter((entry) => entry.voucherId === voucher.id)
      .reverse()
      .map((entry) => this.#shown(entry.record));
    return {
      quantity: voucher.redemption?.quantity ?? null,
      redeemed_quantity: voucher.redemption?.redeemed_quantity ?? 0,
      object: 'list',
      url: listPath(voucher.code, 'redemptions'),
      data_ref: 'redemption_entries',
      total: entries.length,
      redemption_entries: entries,
    };
  }

  /**
   * Reads the customer and order of a request once (as a validation does) and returns the
   * engine's judge of redeemables on that order: each call checks and applies the redeemables it
   * is given together, with `rulesFor` as the rules port, and writes nothing. Qualifications judge
   * each redeemable alone this way.
   *
   * @throws ApiError 404 for a customer id (`cust_…`) or order id that names nothing; 400
   *   `invalid_order`, `invalid_amount` for an order whose numbers are wrong.
   */
  judgeAlone(
    request: Pick<StackedRequest, 'customer' | 'order' | 'metadata'>,
    rulesFor: EnginePorts['rulesFor'],
  ): AloneJudge {
    const { aloneJudge, stackingRulesInForce } = engine();
    const customerRef = request.customer as CustomerReference | undefined;
    const customer = this.#customer(customerRef, false);
    const { frame, input } = this.#order(request, customer?.id ?? null);
    const check = this.#checkContext(customerRef, customer, {
      metadata: request.metadata,
      orderFrame: frame,
      ports: { ...this.#ports, rulesFor },
    });
    return aloneJudge(input, frame, stackingRulesInForce(this.state().stackingRules.list()[0]), check);
  }

  /**
   * Judges one validation rule on its own on a request's customer and order (`POST
   * /v1/validation-rules/{validationRuleId}/validation`), as the engine judges a redeemable's rules;
   * nothing is written.
   *
   * @param request - The customer, the order and the redemption's metadata.
   * @param ruleSet - The compiled rule.
   * @returns Whether the rule holds, with the lines it covers or the failure.
   * @throws ApiError 404 for a customer or order id that names nothing; the order errors of a validation.
   */
  judgeRule(request: Pick<StackedRequest, 'customer' | 'order' | 'metadata'>, ruleSet: EngineRuleSet): RuleJudgement {
    const { judgeRuleAlone } = engine();
    const customerRef = request.customer as CustomerReference | undefined;
    const customer = this.#customer(customerRef, false);
    const { frame, input } = this.#order(request, customer?.id ?? null);
    return judgeRuleAlone(
      ruleSet,
      input,
      this.#checkContext(customerRef, customer, { metadata: request.metadata, orderFrame: frame }),
    );
  }

  /** What the checks of a request read: the project, the engine's ports, the customer, the session and the redemption counts. */
  #checkContext(
    customerRef: CustomerReference | undefined,
    customer: Customer | undefined,
    request: {
      readonly metadata: StackedRequest['metadata'];
      readonly orderFrame?: OrderFrame | undefined;
      readonly sessionKey?: string | undefined;
      readonly ports?: EnginePorts | undefined;
    },
  ): CheckContext {
    const { unsavedCustomerOf } = engine();
    return {
      state: this.state(),
      ports: request.ports ?? this.#ports,
      now: this.context.clock.now(),
      customer,
      customerGiven: customerRef !== undefined,
      unsavedCustomer: unsavedCustomerOf(customerRef, customer),
      sessionKey: request.sessionKey,
      metadata: request.metadata,
      orderFrame: request.orderFrame,
      timeZone: this.settings.timezone,
      counts: (id, customerId, campaignId, unitsOf) =>
        this.#tally.count(
          { redeemableId: id, customerId, campaignId, unitsOf },
          this.context.clock.now(),
          this.settings.timezone,
        ),
    };
  }

  #add(entry: RedemptionEntry): void {
    this.#entries.set(entry.record.id, entry);
    this.#tally.add(entry);
    this.#sequence.push(entry.record.id);
    this.#orders.add(this.#sequence.length - 1);
  }

  /** What identifies a retry: the session key, else the order and the redeemables. */
  #retryKey(request: StackedRequest): string | undefined {
    if (request.session?.key !== undefined) return `session\u0000${request.session.key}`;
    const orderRef = request.order?.id ?? request.order?.source_id ?? undefined;
    if (orderRef === undefined || orderRef === null) return undefined;
    const refs = request.redeemables.map((ref) => `${ref.object}:${ref.id}`).join(',');
    return `order\u0000${orderRef}\u0000${refs}`;
  }

  #rollbackRefusal(entry: RedemptionEntry, stacked: boolean): ApiError | undefined {
    const { record } = entry;
    if (record.result === 'FAILURE')
      return new ApiError(400, 'invalid_redemption', 'Invalid redemption', {
        details: `Redemption ${record.id} failed; there is nothing to roll back.`,
      });
    if (this.#parents.has(record.id)) {
      return new ApiError(400, 'invalid_redemption_parent', 'Invalid redemption parent', {
        details: `Redemption ${record.id} is part of the stacked redemption ${this.#parents.get(record.id) ?? ''}; roll back the parent with POST /v1/redemptions/{parentRedemptionId}/rollbacks.`,
      });
    }
    if (!stacked && entry.children.length > 0) {
      return new ApiError(400, 'invalid_redemption', 'Invalid redemption', {
        details: `Redemption ${record.id} is a stacked redemption; roll it back with POST /v1/redemptions/{parentRedemptionId}/rollbacks.`,
      });
    }
    if (
      entry.rolledBackAt === undefined &&
      addIsoDuration(Date.parse(record.date), ROLLBACK_WINDOW) < this.context.clock.now()
    ) {
      return new ApiError(400, 'invalid_redemption', 'Invalid redemption', {
        details: `Redemption ${record.id} is older than 3 months and can no longer be rolled back.`,
      });
    }
    if (entry.rolledBackAt !== undefined) {
      return this.context.clock.now() - entry.rolledBackAt < ROLLBACK_MOMENT_MS
        ? new ApiError(400, 'multiple_requests', 'Multiple requests', {
            details: `Redemption ${record.id} is being rolled back by another request.`,
          })
        : new ApiError(400, 'already_rolled_back', 'Already rolled back', {
            details: `Redemption ${record.id} has been rolled back already.`,
          });
    }
    return undefined;
  }

  /** Reads a request, finds and checks its redeemables and applies them; writes nothing. */
  #prepare(
    request: StackedRequest,
    redeeming: boolean,
  ): {
    application: EngineApplication;
    options: AnswerOptions;
    check: CheckContext;
    newOrder: OrderCalculation | undefined;
  } {
    const { stackingRulesInForce, checkStackedRedeemables, StackedRedeemablesError, applyStack } = engine();
    const state = this.state();
    const rules = stackingRulesInForce(state.stackingRules.list()[0]);
    const refs = this.#expand(request.redeemables);
    try {
      checkStackedRedeemables(refs, rules);
    } catch (error) {
      if (error instanceof StackedRedeemablesError) {
        const failed = fromDomainError(error);
        if (error.redeemable)
          failed.extras.redeemable = { type: error.redeemable.object as 'voucher', id: error.redeemable.id };
        throw failed;
      }
      throw fromDomainError(error as Parameters<typeof fromDomainError>[0]);
    }
    const customerRef = request.customer as CustomerReference | undefined;
    const customer = this.#customer(customerRef, redeeming);
    const { frame, input, calculation } = this.#order(request, customer?.id ?? null);
    const check = this.#checkContext(customerRef, customer, {
      metadata: request.metadata,
      orderFrame: frame,
      sessionKey: request.session?.key,
    });
    const application = applyStack(refs, input, rules, check);
    const expandRedeemable = request.options?.expand?.includes('redeemable') ?? false;
    // An order the request sends but the project does not hold is created from the very lines and
    // amounts priced here, unless it sends a discount amount (or null amounts), which are priced
    // here as absent, or lines that write to the catalogue (`override`), which pricing it again
    // writes again.
    const sent = request.order;
    const pricedAsCreated =
      frame.id === undefined &&
      sent !== undefined &&
      sent.discount_amount === undefined &&
      sent.amount !== null &&
      sent.initial_amount !== null &&
      (sent.items ?? []).every((item) => item.product?.override !== true && item.sku?.override !== true);
    return {
      application,
      options: { rules, frame, expandRedeemable },
      check,
      newOrder: pricedAsCreated ? calculation : undefined,
    };
  }

  /** The request's customer as stored; a validation naming an unknown `cust_…` id is refused. */
  #customer(customerRef: CustomerReference | undefined, redeeming: boolean): Customer | undefined {
    const customer = customerRef === undefined ? undefined : this.state().customers.lookup(customerRef);
    if (customerRef !== undefined && customer === undefined && !redeeming) {
      const id = typeof customerRef === 'string' ? customerRef : customerRef.id;
      if (id !== undefined && id.startsWith('cust_')) throw ApiError.notFound('customer', id);
    }
    return customer;
  }

  /** A promotion stack becomes its tiers (an unknown stack stays, to be reported as not found); a voucher gets its id as its `key`. */
  #expand(redeemables: readonly RequestedRedeemable[]): (RequestedRedeemable & { readonly key?: string })[] {
    const [first] = redeemables;
    if (redeemables.length !== 1 || first?.object !== 'promotion_stack') {
      // A voucher is one redeemable however it is named: by code (in any case, where codes are not case-sensitive) or by id.
      const { vouchers } = this.state();
      return redeemables.map((redeemable) =>
        redeemable.object === 'voucher'
          ? { ...redeemable, key: vouchers.find(redeemable.id)?.id ?? redeemable.id }
          : redeemable,
      );
    }
    const tiers = this.#ports.promotionStackTiers(first.id);
    return tiers === undefined ? [first] : tiers.map((id) => ({ object: 'promotion_tier' as const, id }));
  }

  /** The order of a request: its lines priced from the catalogue, or a stored order's lines. */
  #order(
    request: Pick<StackedRequest, 'order'>,
    customerId: string | null,
  ): { frame: OrderFrame; input: DomainOrderInput; calculation: OrderCalculation } {
    const { orders } = this.state();
    const sent = request.order;
    const stored =
      sent?.id !== undefined ? orders.get(sent.id) : sent?.source_id ? orders.find(sent.source_id) : undefined;
    const items: readonly OrderItemRequest[] = sent?.items ?? stored?.items ?? [];
    const calculation = (() => {
      try {
        return orders.calculate({
          items,
          amount: sent?.amount ?? (sent?.items === undefined ? stored?.amount : undefined),
          initial_amount: sent?.initial_amount ?? undefined,
        });
      } catch (error) {
        throw fromDomainError(error as Parameters<typeof fromDomainError>[0]);
      }
    })();
    const frame: OrderFrame = {
      ...(stored ? { id: stored.id, created_at: stored.created_at } : {}),
      source_id: sent?.source_id ?? stored?.source_id ?? null,
      status: sent?.status ?? stored?.status ?? 'CREATED',
      metadata: { ...stored?.metadata, ...sent?.metadata },
      customer_id: customerId ?? stored?.customer_id ?? null,
      referrer_id: stored?.referrer_id ?? null,
      lines: calculation.items,
    };
    const input: DomainOrderInput = {
      amount: calculation.amount,
      initial_amount: calculation.initial_amount,
      items: calculation.items.map((item) => ({
        product_id: item.product_id,
        sku_id: item.sku_id,
        quantity: item.quantity,
        price: item.price,
        amount: item.amount,
      })),
    };
    return { frame, input, calculation };
  }
}
