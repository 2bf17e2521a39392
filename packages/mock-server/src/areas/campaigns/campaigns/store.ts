import {
  DEFAULT_CODE_LENGTH,
  type CodeConfigInput,
  type FilterPredicate,
  compileValidityWindow,
} from '@voucherkit/domain';
import {
  allOf,
  campaignUpdateForVoucher,
  parseIsoDuration,
  patchMetadata,
  voucherTypeOf,
} from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { Resource } from '../../../core/resource.js';
import { type EventLog, INTERNAL_SOURCE } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import { type ListOrder, type Page, type SortedPageQuery, pageOf } from '../../../core/list.js';
import { creationOrder } from '../../../core/sorted-page.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { AsyncAction, AsyncActionStore } from '../../platform/async-actions/store.js';
import { type BulkJob, type JobTally, importSummary, itemSummary } from '../../platform/async-actions/job.js';
import type { BinStore } from '../../platform/bin/store.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import type { PromotionStore } from '../promotions/store.js';
import type { RuleAssignments } from '../rule-assignments.js';
import { campaignFilter } from './filter.js';
import { CampaignDayCounts, campaignSummary, movedBy } from './summary.js';
import { simpleCampaign } from '../vouchers/shapes.js';
import type { ImportRow } from '../vouchers/jobs.js';
import type { CampaignPort, VoucherStore } from '../vouchers/store.js';
import type {
  AnyVariant,
  Campaign,
  CampaignVoucherInput,
  StoredVoucher,
  VoucherCreateInput,
} from '../vouchers/types.js';

/** The fields of a new campaign of any type (`POST /v1/campaigns`). */
export type CampaignCreateInput = AnyVariant<Resource<'CampaignCreateRequest'>>;

/** The changes of `PUT /v1/campaigns/{campaignId}`, whatever the campaign's type. */
export type CampaignUpdateInput = AnyVariant<Resource<'CampaignUpdateRequest'>>;

type CampaignType = Campaign['campaign_type'];
type CampaignVoucher = NonNullable<Campaign['voucher']>;
type CreationStatus = Campaign['creation_status'];

/** Campaign types whose codes a standalone (generic) campaign may hold. */
const STANDALONE_TYPES: ReadonlySet<CampaignType> = new Set<CampaignType>(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']);

/** Fields `PUT /v1/campaigns/{campaignId}` copies as sent; the others are handled one by one or ignored. */
const COPIED_ON_UPDATE = [
  'description',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'activity_duration_after_publishing',
  'auto_join',
  'referral_program',
  'loyalty_tiers_expiration',
] as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * The `type` of a campaign created without one, as the service records it: `STATIC` for
 * promotions and loyalty programmes (whose cards are made as members join, whatever the type),
 * `AUTO_UPDATE` for the campaigns whose codes are handed out.
 */
const defaultCampaignType = (campaignType: CampaignType): Campaign['type'] =>
  campaignType === 'PROMOTION' || campaignType === 'LOYALTY_PROGRAM' ? 'STATIC' : 'AUTO_UPDATE';

const campaignTypeOf = (input: CampaignCreateInput): CampaignType => {
  if (given(input.campaign_type)) return input.campaign_type;
  if (given(input.promotion)) return 'PROMOTION';
  switch (input.voucher?.type) {
    case 'GIFT_VOUCHER':
      return 'GIFT_VOUCHERS';
    case 'LOYALTY_CARD':
      return 'LOYALTY_PROGRAM';
    default:
      return input.voucher && 'is_referral_code' in input.voucher && input.voucher.is_referral_code
        ? 'REFERRAL_PROGRAM'
        : 'DISCOUNT_COUPONS';
  }
};

/**
 * The code settings a campaign stores: `pattern` always written out (one `#` per random
 * character), `length` the number of random characters, and the charset in full: `defaultCharset`,
 * the project's, when the configuration names none.
 */
const storedCodeConfig = (
  config: CodeConfigInput | null | undefined,
  defaultCharset: string,
): CampaignVoucher['code_config'] & CodeConfigInput => {
  const pattern =
    given(config?.pattern) && config.pattern !== ''
      ? config.pattern
      : '#'.repeat(config?.length ?? DEFAULT_CODE_LENGTH);
  return {
    length: [...pattern].filter((character) => character === '#').length,
    charset: config?.charset ?? defaultCharset,
    pattern,
    ...(given(config?.prefix) ? { prefix: config.prefix } : {}),
    ...(given(config?.postfix) ? { postfix: config.postfix } : {}),
  };
};

export interface CampaignStoreDependencies {
  /** The project's vouchers, which campaigns create, rewrite and delete. */
  readonly vouchers: VoucherStore;
  /** The project's categories. */
  readonly categories: CategoryStore;
  /** The project's promotion tiers and stacks: the tiers of a `PROMOTION` campaign live there. */
  readonly promotions: PromotionStore;
  /** Runs code generation, campaign-wide voucher updates and deletions. */
  readonly asyncActions: AsyncActionStore;
  /** Where deleted campaigns wait, their names still taken. */
  readonly bin: BinStore;
  /** The project's event log (`campaign.created` …). */
  readonly events: EventLog;
  /** The campaigns' validation rule assignments, which the rules area owns. */
  readonly rules: RuleAssignments;
}

/** Which campaigns {@link CampaignStore.list} returns, as `GET /v1/campaigns` takes them. */
export interface CampaignListQuery extends SortedPageQuery<ListOrder<'created_at' | 'updated_at'>> {
  /** Only campaigns of this type. */
  readonly campaign_type?: CampaignType | undefined;
  /** Only campaigns whose `creation_status` is this. */
  readonly campaign_status?: CreationStatus | undefined;
  /** Only referral campaigns (`true`) or only the others (`false`). */
  readonly is_referral_code?: boolean | undefined;
  /** Conditions on campaign fields, as `GET /v1/campaigns` documents them (`filters[campaigns][conditions][$in]=…`). */
  readonly filters?: unknown;
}

/** The days a campaign summary counts, as `YYYY-MM-DD` (both ends included); open when left out. */
export interface SummaryRange {
  /** First day counted. */
  readonly start_date?: string | undefined;
  /** Last day counted. */
  readonly end_date?: string | undefined;
}

/**
 * Campaigns of one project: discount coupons, gift cards, referral programs, loyalty programs
 * and promotions (with tiers). Names are unique in the project, including the names of campaigns
 * in the bin; operations take the id or the name. A campaign of more than one code is generated
 * by a bulk job: `IN_PROGRESS` until every code exists, then `DONE`, or `FAILED` when its code
 * settings cannot yield that many unused codes.
 */
export class CampaignStore implements CampaignPort {
  readonly #byId: TrackedMap<string, Campaign>;
  readonly #idByName: TrackedMap<string, string>;
  readonly #binnedNames: TrackedSet<string>;
  readonly #dayCounts: CampaignDayCounts;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: CampaignStoreDependencies,
  ) {
    this.#byId = context.tracked.map();
    this.#idByName = context.tracked.map();
    this.#binnedNames = context.tracked.set();
    this.#dayCounts = new CampaignDayCounts(context);
    deps.bin.onPurge('campaign', (record) => this.#binnedNames.delete(record.name));
  }

  /** The campaign with this id or name, if any (campaigns in the bin are not found). */
  find(ref: string): Campaign | undefined {
    return this.#byId.get(this.#idByName.get(ref) ?? ref);
  }

  /**
   * The campaign with this id or name.
   * @throws ApiError 404 when the project has no such campaign.
   */
  get(ref: string): Campaign {
    const campaign = this.find(ref);
    if (!campaign) throw ApiError.notFound('campaign', ref);
    return campaign;
  }

  /** Counts a voucher that joined (`delta` 1) or left (`delta` -1) a campaign; the voucher store calls it. */
  countVoucher(voucher: StoredVoucher, delta: 1 | -1): void {
    const campaign = voucher.campaign_id ? this.#byId.get(voucher.campaign_id) : undefined;
    if (!campaign) return;
    // The campaign record is replaced, not changed: a restore puts the one it replaced back.
    this.#byId.set(campaign.id, { ...campaign, vouchers_count: (campaign.vouchers_count ?? 0) + delta });
    this.#dayCounts.count(campaign.id, voucher, delta);
  }

  /**
   * The campaign as the API answers it: with the validation rules assigned to it, and a
   * `PROMOTION` campaign with its tiers (`promotion`), read from the stores that own them.
   */
  present(campaign: Campaign): Campaign {
    const validation_rules_assignments = this.deps.rules.details(campaign.id);
    if (campaign.campaign_type !== 'PROMOTION') return { ...campaign, validation_rules_assignments };
    return { ...campaign, validation_rules_assignments, promotion: this.deps.promotions.tierList(campaign.id) };
  }

  /** The campaign as lists show it (`CampaignBase`): without its tiers, rule assignments and referral flag. */
  listed(campaign: Campaign): Resource<'CampaignBase'> {
    const { promotion: _tiers, validation_rules_assignments: _rules, is_referral_code: _referral, ...base } = campaign;
    return base;
  }

  /**
   * A page of campaigns, newest first unless `order` says otherwise.
   *
   * @throws DomainError `invalid_query_params` for a malformed filter.
   */
  list(query: CampaignListQuery = {}): Page<Campaign> {
    const tests: FilterPredicate[] = [];
    const { campaign_type: campaignType, campaign_status: status, is_referral_code: referral } = query;
    if (campaignType !== undefined) tests.push((campaign) => (campaign as Campaign).campaign_type === campaignType);
    if (status !== undefined) tests.push((campaign) => (campaign as Campaign).creation_status === status);
    if (referral !== undefined)
      tests.push((campaign) => ((campaign as Campaign).is_referral_code ?? false) === referral);
    if (query.filters !== undefined) tests.push(campaignFilter(query.filters, this.context.clock.now()));
    const keep = allOf(...tests);
    const matching = [...this.#byId.values()].filter((campaign) => keep(campaign));
    // Campaigns are stored in creation order.
    return pageOf(creationOrder(matching, query.order ?? '-created_at'), query);
  }

  /**
   * Creates a campaign and its codes: none for a promotion (it has tiers), one at once (a
   * standalone campaign's generic code, or `vouchers_count: 1`), more in a bulk job
   * (`CAMPAIGN.VOUCHERS_GENERATE`) while the campaign is `IN_PROGRESS`. Records `campaign.created`.
   *
   * @throws ApiError 400 for a missing name or a standalone campaign of a type that cannot be one;
   *   404 for an unknown category or validation rule; 409 `duplicate_found` for a used name or
   *   standalone code; DomainError `invalid_payload` for a malformed validity window or duration,
   *   or a validation rule that does not fit the campaign or its tiers.
   */
  create(input: CampaignCreateInput, origin: Origin = {}): Campaign {
    const count = this.#requestedCodes(input);
    const campaign = this.#build(input, count > 1 ? 'IN_PROGRESS' : 'DONE');
    // The one code of a synchronous campaign and the rules to assign are checked before the campaign is stored, so a refusal stores nothing.
    const voucher = count === 1 ? this.deps.vouchers.prepare(campaign, this.#standaloneCode(input)) : undefined;
    // Likewise the tiers of a promotion: a bad tier stores neither the campaign nor any tier.
    const tiers =
      campaign.campaign_type === 'PROMOTION'
        ? this.deps.promotions.prepare(campaign, input.promotion?.tiers ?? [])
        : undefined;
    const { rules } = this.deps;
    rules.check({ object: 'campaign', campaign }, input.validation_rules);
    this.#byId.set(campaign.id, campaign);
    this.#idByName.set(campaign.name, campaign.id);
    this.deps.categories.ensure(campaign);
    rules.assign({ object: 'campaign', campaign }, input.validation_rules, origin);
    if (voucher) this.deps.vouchers.store(voucher);
    tiers?.store();
    // Read again: storing the voucher replaced the record with one that counts it.
    this.#record('campaign.created', this.get(campaign.id), origin);
    tiers?.record(origin);
    if (count > 1) this.#generate(campaign.id, count, {}, origin);
    return this.present(this.get(campaign.id));
  }

  /**
   * Adds vouchers to a campaign. One (`count` 1) is created at once and returned, with a chosen
   * `code` or one generated from the request's or the campaign's code settings; more are
   * generated by a bulk job whose action is returned. They inherit the campaign's settings; `input`
   * overrides some.
   *
   * @throws ApiError 404 for an unknown campaign or category; 409 `duplicate_found` for a used code;
   *   400 for a promotion, or a `code` with more than one voucher; DomainError `invalid_code_config`
   *   when no unused code is left.
   */
  addVouchers(
    ref: string,
    input: CampaignVoucherInput,
    count: number,
    origin: Origin = {},
  ): StoredVoucher | AsyncAction {
    const campaign = this.get(ref);
    if (campaign.campaign_type === 'PROMOTION') {
      throw new ApiError(400, 'invalid_campaign', 'Invalid campaign', {
        details: `The campaign ${campaign.name} is a PROMOTION; it has tiers, not codes.`,
      });
    }
    if (count === 1) return this.deps.vouchers.create(input, origin, campaign);
    if (given(input.code))
      throw ApiError.invalidPayload('Property .code can be sent only when one voucher is added (vouchers_count 1).');
    if (campaign.creation_status === 'IN_PROGRESS') throw this.#notReady(campaign);
    return this.#generate(campaign.id, count, input, origin);
  }

  /**
   * Changes the fields a campaign of its type may change; other fields are ignored. `metadata`
   * is merged and `unset_metadata_fields` removes keys. The change is then applied, by a bulk job
   * (`CAMPAIGN.VOUCHERS_UPDATE`), to the campaign's vouchers that were neither published nor
   * redeemed; meanwhile `vouchers_generation_status` is `MODIFYING`. Records `campaign.updated`.
   *
   * @throws ApiError 404 for an unknown campaign or category; 400 `invalid_campaign` while the
   *   campaign's codes are being generated; DomainError `invalid_payload` for a malformed validity
   *   window or duration.
   */
  update(ref: string, patch: CampaignUpdateInput, origin: Origin = {}): Campaign {
    const current = this.get(ref);
    if (current.creation_status === 'IN_PROGRESS' || current.vouchers_generation_status === 'IN_PROGRESS')
      throw this.#notReady(current);
    const updated: Campaign = { ...current };
    for (const field of COPIED_ON_UPDATE) {
      if (patch[field] !== undefined) Object.assign(updated, { [field]: patch[field] });
    }
    if (given(patch.activity_duration_after_publishing))
      parseIsoDuration(patch.activity_duration_after_publishing, '.activity_duration_after_publishing');
    if (patch.category !== undefined || patch.category_id !== undefined)
      Object.assign(updated, this.deps.categories.resolve(patch.category, patch.category_id));
    if (patch.metadata !== undefined || given(patch.unset_metadata_fields)) {
      updated.metadata = patchMetadata(current.metadata, patch.metadata, patch.unset_metadata_fields ?? []);
    }
    if (patch.join_once !== undefined && current.campaign_type !== 'LOYALTY_PROGRAM' && current.type !== 'STANDALONE')
      updated.join_once = patch.join_once;
    if (given(patch.type) && current.type !== 'STANDALONE') updated.type = patch.type;
    const voucher = current.voucher;
    if (voucher) {
      const template: CampaignVoucher = { ...voucher };
      if (given(patch.discount) && voucher.type === 'DISCOUNT_VOUCHER') template.discount = patch.discount;
      if (given(patch.gift) && voucher.type === 'GIFT_VOUCHER') template.gift = patch.gift;
      if (given(patch.loyalty_card) && voucher.type === 'LOYALTY_CARD') {
        template.loyalty_card = { ...voucher.loyalty_card, ...patch.loyalty_card } as NonNullable<
          CampaignVoucher['loyalty_card']
        >;
      }
      updated.voucher = template;
    }
    updated.updated_at = this.context.timestamp();
    compileValidityWindow(updated);
    const change = voucherChangeOf(patch, current, updated);
    if (Object.keys(change).length > 0 && (current.vouchers_count ?? 0) > 0)
      updated.vouchers_generation_status = 'MODIFYING';
    this.#byId.set(updated.id, updated);
    this.#idByName.set(updated.name, updated.id);
    this.deps.categories.ensure(updated);
    this.#record('campaign.updated', updated, origin);
    if (updated.vouchers_generation_status === 'MODIFYING') this.#rewrite(updated.id, change, origin);
    return this.present(updated);
  }

  /**
   * Switches a campaign on or off and records `campaign.enabled` or `campaign.disabled`.
   * @throws ApiError 404 for an unknown campaign.
   */
  setActive(ref: string, active: boolean, origin: Origin = {}): Campaign {
    const campaign: Campaign = { ...this.get(ref), active, updated_at: this.context.timestamp() };
    this.#byId.set(campaign.id, campaign);
    this.#record(active ? 'campaign.enabled' : 'campaign.disabled', campaign, origin);
    return this.present(campaign);
  }

  /**
   * Deletes a campaign at once: into the bin, where its name stays taken, or with `force` for
   * good. A promotion's tiers and stacks are deleted with it (the bin keeps the campaign as it was,
   * tiers included). Its vouchers follow it (into the bin, or for good) in a bulk job
   * (`CAMPAIGN.VOUCHERS_DELETE`), whose action is returned. Records `campaign.deleted`.
   *
   * @throws ApiError 404 for an unknown campaign.
   */
  delete(ref: string, force: boolean, origin: Origin = {}): AsyncAction {
    const campaign = this.get(ref);
    const voucherIds = this.deps.vouchers.idsOfCampaign(campaign.id);
    const shown = this.present(campaign);
    this.deps.promotions.removeCampaign(campaign.id);
    this.#byId.delete(campaign.id);
    this.#idByName.delete(campaign.name);
    this.#dayCounts.forget(campaign.id);
    // Assignments to the campaign go with it (the promotion store releases its tiers'); its vouchers' own go as the job deletes them.
    this.deps.rules.release(campaign.id);
    if (!force) {
      this.#binnedNames.add(campaign.name);
      this.deps.bin.put({ type: 'campaign', id: campaign.id, name: campaign.name, record: shown });
    }
    if (!origin.silent) {
      this.deps.events.record('campaign.deleted', {
        entityId: campaign.id,
        data: { campaign: shown, deleted_at: this.context.timestamp() },
        origin,
      });
    }
    const { vouchers } = this.deps;
    const job: BulkJob<string> = {
      items: voucherIds,
      process: (id) => {
        if (vouchers.find(id)) vouchers.delete(id, force, { silent: true });
      },
      summarize: importSummary('voucher', 'deleted'),
    };
    return this.deps.asyncActions.start('CAMPAIGN.VOUCHERS_DELETE', job, origin);
  }

  /**
   * Imports vouchers with given codes into a campaign, one item at a time in a bulk job: an
   * item that fails (a used code, an unknown category) is reported by its row and nothing of it
   * is stored.
   *
   * @param ref - Id or name of the campaign.
   * @param type - The async action's type (`CAMPAIGN.VOUCHERS_IMPORT` or `CAMPAIGN.VOUCHERS_IMPORT_CSV`).
   * @param items - The vouchers, or a function that reads them when the job starts (a CSV file).
   * @param origin - The starting request.
   * @throws ApiError 404 for an unknown campaign; 400 for a promotion.
   */
  importVouchers(ref: string, type: string, items: BulkJob<ImportRow>['items'], origin: Origin = {}): AsyncAction {
    const { id, campaign_type: campaignType, name } = this.get(ref);
    if (campaignType === 'PROMOTION')
      throw new ApiError(400, 'invalid_campaign', 'Invalid campaign', {
        details: `The campaign ${name} is a PROMOTION; it has tiers, not codes.`,
      });
    const job: BulkJob<ImportRow> = {
      items,
      process: (row) => {
        this.deps.vouchers.create(row.input(), { ...origin, silent: true }, this.get(id));
      },
      identify: (row) => row.key,
      summarize: importSummary('voucher'),
    };
    return this.deps.asyncActions.start(type, job, origin);
  }

  /**
   * Statistics of a campaign: codes created and deleted, credits or points put on and taken off
   * its cards, and (zero until redemptions, validations and publications exist) their counters.
   *
   * @throws ApiError 404 for an unknown campaign.
   */
  summary(ref: string, range: SummaryRange = {}): Resource<'CampaignSummary'> {
    const campaign = this.get(ref);
    const inRange = (day: string): boolean =>
      (range.start_date === undefined || day >= range.start_date) &&
      (range.end_date === undefined || day <= range.end_date);
    return campaignSummary(
      this.listed(campaign),
      campaign.campaign_type,
      this.#dayCounts.totals(campaign.id, inRange),
      movedBy(this.deps.vouchers.transactions.ofCampaign(campaign.id), inRange),
    );
  }

  /** Builds a campaign from a creation request without storing it. */
  #build(input: CampaignCreateInput, creationStatus: CreationStatus): Campaign {
    const name = input.name;
    if (!given(name) || name.trim() === '') throw ApiError.invalidPayload('Property .name is required');
    if (this.#idByName.has(name) || this.#binnedNames.has(name)) {
      throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
        details: `A campaign named "${name}" already exists.`,
        resourceId: name,
        resourceType: 'campaign',
      });
    }
    const campaignType = campaignTypeOf(input);
    const type = input.type ?? defaultCampaignType(campaignType);
    if (type === 'STANDALONE' && !STANDALONE_TYPES.has(campaignType)) {
      throw ApiError.invalidPayload(
        `A ${campaignType} campaign cannot be STANDALONE; only discount and gift card campaigns can.`,
      );
    }
    if (given(input.activity_duration_after_publishing))
      parseIsoDuration(input.activity_duration_after_publishing, '.activity_duration_after_publishing');
    const category = this.deps.categories.resolve(input.category, input.category_id);
    const id = this.context.ids('camp');
    const now = this.context.timestamp();
    const campaign: Campaign = {
      id,
      name,
      ...(given(input.description) ? { description: input.description } : {}),
      campaign_type: campaignType,
      type,
      ...(campaignType === 'PROMOTION' ? {} : { voucher: this.#template(campaignType, input) }),
      auto_join: input.auto_join ?? false,
      join_once: campaignType === 'LOYALTY_PROGRAM' ? true : type === 'STANDALONE' ? false : (input.join_once ?? false),
      // Promotions have no vouchers: the service leaves their metadata to the campaign's own schema.
      use_voucher_metadata_schema: input.use_voucher_metadata_schema ?? campaignType !== 'PROMOTION',
      start_date: input.start_date ?? null,
      expiration_date: input.expiration_date ?? null,
      validity_timeframe: input.validity_timeframe ?? null,
      validity_day_of_week: input.validity_day_of_week ?? null,
      validity_hours: input.validity_hours ?? null,
      activity_duration_after_publishing: input.activity_duration_after_publishing ?? null,
      ...(campaignType === 'PROMOTION' ? {} : { vouchers_count: 0 }),
      active: input.active ?? true,
      metadata: { ...input.metadata },
      created_at: now,
      updated_at: null,
      category: category.category,
      category_id: category.category_id,
      creation_status: creationStatus,
      vouchers_generation_status: creationStatus,
      protected: false,
      object: 'campaign',
      is_referral_code: campaignType === 'REFERRAL_PROGRAM',
      ...(given(input.referral_program) ? { referral_program: input.referral_program } : {}),
      ...(campaignType === 'LOYALTY_PROGRAM' && given(input.loyalty_tiers_expiration)
        ? {
            loyalty_tiers_expiration: input.loyalty_tiers_expiration as NonNullable<
              Campaign['loyalty_tiers_expiration']
            >,
          }
        : {}),
    };
    compileValidityWindow(campaign);
    return campaign;
  }

  /** How many codes a new campaign asks for: `vouchers_count`, or the one generic code of a standalone campaign; promotions have none. */
  #requestedCodes(input: CampaignCreateInput): number {
    if (campaignTypeOf(input) === 'PROMOTION') return 0;
    if (input.type === 'STANDALONE') return 1;
    return input.vouchers_count ?? 0;
  }

  /** The code a standalone campaign's generic voucher gets, when the request names one. */
  #standaloneCode(input: CampaignCreateInput): VoucherCreateInput {
    const voucher = input.voucher;
    return voucher && 'code' in voucher && given(voucher.code) ? { code: voucher.code } : {};
  }

  #notReady(campaign: Campaign): ApiError {
    return new ApiError(400, 'invalid_campaign', 'Invalid campaign', {
      details: `The codes of campaign ${campaign.name} are still being generated; try again once its creation_status is DONE.`,
    });
  }

  #setStatus(campaignId: string, status: CreationStatus, both: boolean): void {
    const campaign = this.#byId.get(campaignId);
    if (!campaign) return;
    this.#byId.set(campaignId, {
      ...campaign,
      ...(both ? { creation_status: status } : {}),
      vouchers_generation_status: status,
    });
  }

  /** Starts the job that generates `count` codes for a campaign, moving its status along. */
  #generate(campaignId: string, count: number, input: CampaignVoucherInput, origin: Origin): AsyncAction {
    const { vouchers } = this.deps;
    const campaign = this.get(campaignId);
    const creating = campaign.creation_status === 'IN_PROGRESS';
    const config = input.code_config ?? campaign.voucher?.code_config ?? {};
    const { code_config: _ignored, ...settings } = input;
    this.#setStatus(campaignId, 'IN_PROGRESS', creating);
    // Tracked: a restore to a moment the job was running takes its end back, and the job ends again.
    const finished = this.context.tracked.innerCell(false);
    const finish = (status: 'DONE' | 'FAILED', generated: number): void => {
      if (finished.value) return;
      finished.value = true;
      this.#setStatus(campaignId, status, creating);
      const current = this.find(campaignId);
      if (status === 'DONE' && current && !origin.silent) {
        this.deps.events.record('campaign.vouchers.generation.completed', {
          entityId: campaignId,
          data: { campaign: simpleCampaign(current), count: generated, completed_at: this.context.timestamp() },
          // The mock's job ends the generation, for the request that started it.
          origin: { ...origin, source: INTERNAL_SOURCE },
        });
      }
    };
    const create = (code: string): void => {
      vouchers.create({ ...settings, code }, { silent: true }, this.get(campaignId));
    };
    const job: BulkJob<string> = {
      items: () => {
        try {
          return vouchers.codes.generate(config, count);
        } catch (error) {
          finish('FAILED', 0);
          throw error;
        }
      },
      process: (code) => {
        try {
          create(code);
        } catch (error) {
          // Another request took the code after the job drew it: draw another.
          if (!(error instanceof ApiError && error.key === 'duplicate_found')) throw error;
          const [fresh] = vouchers.codes.generate(config, 1);
          if (fresh !== undefined) create(fresh);
        }
      },
      identify: (code) => ({ code }),
      summarize: (tally: JobTally) => {
        if (tally.total > 0 && tally.processed === tally.total) finish('DONE', tally.done);
        return importSummary('voucher', 'generated')(tally);
      },
    };
    return this.deps.asyncActions.start('CAMPAIGN.VOUCHERS_GENERATE', job, origin);
  }

  /** Starts the job that applies a campaign change to its unpublished, unredeemed vouchers. */
  #rewrite(campaignId: string, change: VoucherChange, origin: Origin): void {
    const { vouchers } = this.deps;
    const job: BulkJob<string> = {
      items: vouchers.idsOfCampaign(campaignId),
      process: (id) => {
        const voucher = vouchers.find(id);
        if (voucher) this.#rewriteVoucher(voucher, change);
      },
      summarize: (tally: JobTally) => {
        if (tally.processed === tally.total) this.#setStatus(campaignId, 'DONE', false);
        return itemSummary(tally);
      },
    };
    this.deps.asyncActions.start('CAMPAIGN.VOUCHERS_UPDATE', job, origin);
  }

  /** Applies a campaign change to one of its vouchers, if the domain says the voucher takes it (neither published nor redeemed). */
  #rewriteVoucher(voucher: StoredVoucher, change: VoucherChange): void {
    const patch = campaignUpdateForVoucher(voucher, change);
    if (patch === null || Object.keys(patch).length === 0) return;
    const changes: Partial<StoredVoucher> = {};
    for (const [field, value] of Object.entries(patch)) {
      if (field === 'gift') {
        const gift = value as CampaignVoucher['gift'];
        if (voucher.gift && gift) {
          const subtracted = voucher.gift.subtracted_amount ?? 0;
          changes.gift = {
            ...voucher.gift,
            amount: gift.amount,
            balance: gift.amount - subtracted,
            effect: gift.effect ?? voucher.gift.effect ?? null,
          };
        }
      } else if (field === 'discount') {
        if (voucher.type === 'DISCOUNT_VOUCHER') changes.discount = value as NonNullable<StoredVoucher['discount']>;
      } else {
        Object.assign(changes, { [field]: value });
      }
    }
    this.deps.vouchers.replace(voucher, changes);
  }

  #record(
    type: 'campaign.created' | 'campaign.updated' | 'campaign.enabled' | 'campaign.disabled',
    campaign: Campaign,
    origin: Origin,
  ): void {
    if (origin.silent) return;
    const shown = this.present(campaign);
    const data =
      type === 'campaign.created' ? { campaign: shown, created_at: this.context.timestamp() } : { campaign: shown };
    this.deps.events.record(type, { entityId: campaign.id, data, origin });
  }

  #template(campaignType: CampaignType, input: CampaignCreateInput): CampaignVoucher {
    const voucher = (input.voucher ?? {}) as AnyVariant<NonNullable<CampaignCreateInput['voucher']>>;
    const type = voucherTypeOf({ campaign_type: campaignType, voucher: { type: voucher.type ?? null } });
    return {
      type,
      ...(type === 'DISCOUNT_VOUCHER' && given(voucher.discount) ? { discount: voucher.discount } : {}),
      ...(type === 'GIFT_VOUCHER' ? { gift: voucher.gift ?? { amount: 0 } } : {}),
      ...(type === 'LOYALTY_CARD' ? { loyalty_card: voucher.loyalty_card ?? { points: 0 } } : {}),
      redemption: { quantity: voucher.redemption?.quantity ?? null },
      code_config: storedCodeConfig(voucher.code_config, this.deps.vouchers.codes.charset()),
      is_referral_code: campaignType === 'REFERRAL_PROGRAM',
    };
  }
}

const voucherChangeOf = (patch: CampaignUpdateInput, before: Campaign, after: Campaign): VoucherChange => {
  const change: VoucherChange = {};
  for (const field of [
    'start_date',
    'expiration_date',
    'validity_timeframe',
    'validity_day_of_week',
    'validity_hours',
  ] as const) {
    if (patch[field] !== undefined) Object.assign(change, { [field]: patch[field] });
  }
  if (patch.category !== undefined || patch.category_id !== undefined)
    Object.assign(change, { category: after.category, category_id: after.category_id });
  if (after.voucher?.discount !== before.voucher?.discount) change.discount = after.voucher?.discount;
  if (after.voucher?.gift !== before.voucher?.gift) change.gift = after.voucher?.gift;
  return change;
};

/**
 * What a campaign change does to each of its unpublished, unredeemed vouchers: the fields named
 * by the domain's `CAMPAIGN_UPDATE_VOUCHER_FIELDS`.
 */
export type VoucherChange = Partial<
  Pick<
    StoredVoucher,
    | 'start_date'
    | 'expiration_date'
    | 'validity_timeframe'
    | 'validity_day_of_week'
    | 'validity_hours'
    | 'category'
    | 'category_id'
  > & {
    discount: CampaignVoucher['discount'];
    gift: CampaignVoucher['gift'];
  }
>;
