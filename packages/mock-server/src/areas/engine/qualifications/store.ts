import {
  type BundleResult,
  type FilterPredicate,
  type ValidationRuleSetDefinition,
  type ValidationRulesEvaluator,
  compileFilter,
  compileValidationRules,
  isDomainError,
} from '@voucherkit/domain';
import {
  type QualificationScenario,
  type QualificationScenarioPolicy,
  qualificationRuleOptions,
  qualificationScenarioPolicy,
  ruleSetRequiresProducts,
} from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import { pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { fromDomainError } from '../../../http/domain-errors.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import type { PromotionStore } from '../../campaigns/promotions/store.js';
import type { AloneJudge, AloneVerdict } from '../redemptions/engine/alone.js';
import { presentBundle } from '../redemptions/engine/answer.js';
import { appliedStackingRules } from '../redemptions/engine/request.js';
import type { RequestedRedeemable, StackedRequest } from '../redemptions/engine/request.js';
import { type EnginePorts, engineRuleSet } from '../redemptions/ports.js';
import type { ValidationRuleStore } from '../../rules/validation-rules/store.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';

/** The body of `POST /v1/qualifications` and `POST /client/v1/qualifications`. */
export type QualificationRequest = Resource<'QualificationRequest'>;

/** The answer of `POST /v1/qualifications`. */
export type QualificationResult = Resource<'QualificationResult'>;

/** One qualifying redeemable of an answer. */
export type QualificationRedeemable = Resource<'QualificationRedeemable'>;

/** The project's stores a qualification reads. */
export interface QualificationStores {
  /** Codes: the customer's wallet and the generic codes. */
  readonly vouchers: VoucherStore;
  /** Campaigns that publish codes, listed as `campaign`. */
  readonly campaigns: CampaignStore;
  /** Who holds which code, in which role (owner, referrer, referee). */
  readonly publications: PublicationStore;
  /** Promotion tiers and stacks. */
  readonly promotions: PromotionStore;
  /** Validation rules, compiled here with the scenario's options. */
  readonly validationRules: ValidationRuleStore;
  /** The engine that judges each redeemable alone (the redemption store's `judgeAlone`). */
  readonly redemptions: {
    judgeAlone(
      request: Pick<StackedRequest, 'customer' | 'order' | 'metadata'>,
      rulesFor: EnginePorts['rulesFor'],
    ): AloneJudge;
  };
}

/**
 * Which redeemables a qualification looks at, within its scenario's candidates: `POST
 * /v1/qualifications` takes every code, tier and discount campaign; the older operations that
 * existing clients call take only generic codes (`POST /v1/vouchers/qualification`) or only
 * campaigns (`POST /v1/campaigns/qualification`).
 */
export interface QualificationScope {
  /**
   * The codes: every code the scenario takes (the customer's and the generic ones), only those
   * outside bulk campaigns (standalone codes and codes of generic campaigns), or none.
   */
  readonly codes: 'scenario' | 'generic' | 'none';
  /** Whether promotion tiers are candidates. */
  readonly tiers: boolean;
  /** The types of the campaigns listed as `campaign`, each judged on a code it could still publish; generic campaigns never are. */
  readonly campaignTypes: readonly NonNullable<Campaign['campaign_type']>[];
}

/**
 * A redeemable that qualifies, as the older qualification operations present it: what it is and
 * the order lines its discount covers and excludes.
 */
export interface QualifyingRedeemable {
  /** Kind of redeemable. */
  readonly object: 'campaign' | 'voucher' | 'promotion_tier' | 'promotion_stack';
  /** A campaign's id, a code, a tier's or a stack's id. */
  readonly id: string;
  /** The lines its discount may reduce. */
  readonly applicable_to: Resource<'ApplicableToResultList'>;
  /** The lines its discount must not reduce. */
  readonly inapplicable_to: Resource<'ApplicableToResultList'>;
}

/** What `POST /v1/qualifications` looks at. */
const EVERY_KIND: QualificationScope = { codes: 'scenario', tiers: true, campaignTypes: ['DISCOUNT_COUPONS'] };

/** Largest page a request may ask for. */
const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 5;
const ALL_ITEMS = { limit: Number.MAX_SAFE_INTEGER };
const FILTER_FIELDS = [
  'category_id',
  'campaign_id',
  'campaign_type',
  'resource_id',
  'resource_type',
  'voucher_type',
  'code',
  'holder_role',
];

/** A redeemable that may qualify, before the engine judges it. */
interface Candidate {
  readonly object: 'campaign' | 'voucher' | 'promotion_tier' | 'promotion_stack';
  /** The id the answer shows: a campaign id, a code, a tier or stack id. */
  readonly id: string;
  readonly created_at: string;
  /** What the engine is asked to apply: the code, the tier, a campaign's unpublished code, a stack's tiers. */
  readonly refs: readonly RequestedRedeemable[];
  readonly campaign: Campaign | undefined;
  readonly metadata?: Readonly<Record<string, unknown>> | null | undefined;
  readonly name?: string | undefined;
  readonly banner?: string | undefined;
  /** Whose validation rule assignments the answer shows; none for a stack. */
  readonly assignmentsOf?: string | undefined;
  /** What `options.filters` reads. */
  readonly view: Readonly<Record<string, unknown>>;
}

/** What the rules of one judged redeemable said, for bundles and the product scenarios. */
interface RuleFindings {
  bundle: BundleResult | undefined;
  /** Its discount reaches lines of the order that its rules name (`applicable_to`). */
  discountsProducts: boolean;
  /** Its rules require products of the order (item rules, a bundle with some of its parts). */
  requiresProducts: boolean;
}

/** A qualifying candidate with what the engine said. */
interface Qualified {
  readonly candidate: Candidate;
  readonly verdict: AloneVerdict;
  readonly findings: RuleFindings;
  readonly deal: number;
}

const compareNewestFirst = (a: Qualified, b: Qualified): number =>
  a.candidate.created_at < b.candidate.created_at ? 1 : a.candidate.created_at > b.candidate.created_at ? -1 : 0;

const SORTS: Readonly<Record<'DEFAULT' | 'BEST_DEAL' | 'LEAST_DEAL', (a: Qualified, b: Qualified) => number>> = {
  DEFAULT: compareNewestFirst,
  BEST_DEAL: (a, b) => b.deal - a.deal || compareNewestFirst(a, b),
  LEAST_DEAL: (a, b) => a.deal - b.deal || compareNewestFirst(a, b),
};

/** Whether a qualifying redeemable does with the order's products what the scenario asks. */
const reachesProducts = (policy: QualificationScenarioPolicy, findings: RuleFindings): boolean => {
  if (policy.products === 'any') return true;
  if (policy.products === 'discount') return findings.discountsProducts;
  return findings.discountsProducts || findings.requiresProducts;
};

/**
 * Qualifications of one project: which campaigns, codes, promotion tiers and stacks a customer
 * and an order qualify for, each judged alone by the validation engine (its checks, validation
 * rules and discounts), with the scenario's rules: campaign budgets and redemption limits are not
 * judged, bundles must be complete only under `ALL`, `CUSTOMER_WALLET` and `PROMOTION_STACKS`.
 * Nothing is written and nothing is cached: every request reads the project as it is.
 */
export class QualificationStore {
  /** Rule sets compiled with each scenario's options, kept with the version of the rule (a new version is a new definition). Not state: a cache keyed by immutable definitions. */
  readonly #compiled = new WeakMap<ValidationRuleSetDefinition, Map<QualificationScenario, ValidationRulesEvaluator>>();
  /** Whether a rule set requires products of the order, worked out once per rule version. Not state: a cache keyed by immutable definitions. */
  readonly #requiresProducts = new WeakMap<ValidationRuleSetDefinition, boolean>();

  constructor(
    private readonly context: ServiceContext,
    private readonly state: () => QualificationStores,
  ) {}

  /**
   * The redeemables that qualify, one page of them: candidates of the scenario narrowed by
   * `options.filters`, each judged alone on the order, sorted by `options.sorting_rule` and paged
   * from `options.starting_after`.
   *
   * @throws ApiError 400 `invalid_payload` for a page over 50 or a malformed filter; 404 for a
   *   customer id (`cust_…`) or order id that names nothing; the order errors of a validation.
   */
  check(request: QualificationRequest): QualificationResult {
    const options = request.options ?? {};
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new ApiError(400, 'invalid_payload', 'Invalid payload', {
        details: `Property .options.limit should be an integer from 1 to ${MAX_LIMIT} (actual value is ${String(limit)})`,
      });
    }
    const { qualified, judge } = this.#qualify(request, EVERY_KIND, this.#filter(options.filters));
    qualified.sort(SORTS[options.sorting_rule ?? 'DEFAULT']);
    const rest = this.#after(qualified, options.starting_after ?? undefined);
    const { items: page, hasMore } = pageOf(rest, { limit });
    const last = page[page.length - 1];
    const expand = new Set(options.expand ?? []);
    return {
      redeemables: {
        object: 'list',
        data_ref: 'data',
        data: page.map((item) => this.#present(item, expand)),
        total: page.length,
        has_more: hasMore,
        ...(hasMore && last ? { more_starting_after: last.candidate.created_at } : {}),
      } as QualificationResult['redeemables'],
      tracking_id: this.#trackingId(request, judge),
      order: judge.initialOrder,
      stacking_rules: appliedStackingRules(judge.rules),
    };
  }

  /**
   * Every redeemable of `scope` that qualifies, judged as {@link QualificationStore.check} judges
   * them, in no particular order and not paged: what the older qualification operations present in
   * their own shape.
   *
   * @param request - The customer, the order and the scenario (`ALL` or `AUDIENCE_ONLY` for them).
   * @param scope - Which redeemables to look at.
   * @returns The qualifying redeemables and the request's tracking id.
   * @throws As {@link QualificationStore.check}: 404 for a customer or order id that names nothing, the order errors of a validation.
   */
  qualifying(
    request: QualificationRequest,
    scope: QualificationScope,
  ): { readonly items: QualifyingRedeemable[]; readonly trackingId: string } {
    const { qualified, judge } = this.#qualify(request, scope, () => true);
    const items = qualified.map(({ candidate, verdict }) => {
      const [single] = verdict.parts;
      return {
        object: candidate.object,
        id: candidate.id,
        applicable_to: single?.applicable_to ?? EMPTY,
        inapplicable_to: single?.inapplicable_to ?? EMPTY,
      };
    });
    return { items, trackingId: this.#trackingId(request, judge) };
  }

  /** The candidates of the scenario and the scope that `keep` keeps, each judged alone; those that qualify, in candidate order. */
  #qualify(
    request: QualificationRequest,
    scope: QualificationScope,
    keep: FilterPredicate,
  ): { qualified: Qualified[]; judge: AloneJudge } {
    const policy = qualificationScenarioPolicy(request.scenario ?? 'ALL');
    const findings = new Map<string, RuleFindings>();
    const judge = this.state().redemptions.judgeAlone(request, this.#rulesPort(policy, findings));
    const qualified: Qualified[] = [];
    for (const candidate of this.#candidates(policy, scope, judge)) {
      if (!keep(candidate.view)) continue;
      findings.clear();
      const verdict = judge.judge(candidate.refs);
      if (!verdict) continue;
      const found = this.#merge(verdict, findings);
      if (!reachesProducts(policy, found)) continue;
      qualified.push({ candidate, verdict, findings: found, deal: verdict.order.total_applied_discount_amount ?? 0 });
    }
    return { qualified, judge };
  }

  /** The request's tracking id: as sent, the customer's `source_id`, or a new one. */
  #trackingId(request: QualificationRequest, judge: AloneJudge): string {
    return (
      request.tracking_id ?? judge.customer?.source_id ?? sentSourceId(request.customer) ?? this.context.ids('track')
    );
  }

  /** The page's start: after the last item created at the cursor, else from the first created before it. */
  #after(sorted: readonly Qualified[], cursor: string | undefined): readonly Qualified[] {
    if (cursor === undefined) return sorted;
    const at = Date.parse(cursor);
    let lastAt = -1;
    sorted.forEach((item, index) => {
      if (Date.parse(item.candidate.created_at) === at) lastAt = index;
    });
    if (lastAt >= 0) return sorted.slice(lastAt + 1);
    return sorted.filter((item) => Date.parse(item.candidate.created_at) < at);
  }

  #filter(filters: unknown): FilterPredicate {
    try {
      return compileFilter(filters, {
        source: { in: 'body', property: '.options.filters' },
        fields: FILTER_FIELDS,
        now: this.context.clock.now(),
      });
    } catch (error) {
      if (isDomainError(error)) throw fromDomainError(error);
      throw error;
    }
  }

  /** The rules port of a qualification: the rules assigned to a redeemable, compiled with the scenario's options, noting what they found. */
  #rulesPort(policy: QualificationScenarioPolicy, findings: Map<string, RuleFindings>): EnginePorts['rulesFor'] {
    const options = qualificationRuleOptions(policy);
    return (target) =>
      this.state()
        .validationRules.rulesFor(target)
        .map((rule) => {
          const { definition } = rule;
          let compiled = this.#compiled.get(definition);
          if (!compiled) this.#compiled.set(definition, (compiled = new Map()));
          let evaluate = compiled.get(policy.scenario);
          if (!evaluate) compiled.set(policy.scenario, (evaluate = compileValidationRules(definition, options)));
          const judged = evaluate;
          let requires = this.#requiresProducts.get(definition);
          if (requires === undefined)
            this.#requiresProducts.set(definition, (requires = ruleSetRequiresProducts(definition)));
          const requiresProducts = requires;
          return engineRuleSet(rule, (ruleContext, applicableTo) => {
            const result = judged(ruleContext, applicableTo);
            if (result.valid) {
              const noted = findings.get(target.id) ?? {
                bundle: undefined,
                discountsProducts: false,
                requiresProducts: false,
              };
              findings.set(target.id, {
                bundle: result.bundle ?? noted.bundle,
                discountsProducts:
                  noted.discountsProducts || result.applicable.covered.some((line) => line.entry !== undefined),
                requiresProducts:
                  noted.requiresProducts ||
                  (requiresProducts && (result.bundle === undefined || result.bundle.identified.length > 0)),
              });
            }
            return result;
          });
        });
  }

  /** What the rules of the candidate's redeemables found, together. */
  #merge(verdict: AloneVerdict, findings: ReadonlyMap<string, RuleFindings>): RuleFindings {
    const merged: RuleFindings = { bundle: undefined, discountsProducts: false, requiresProducts: false };
    for (const part of verdict.parts) {
      const found = findings.get(part.storedId);
      merged.bundle ??= found?.bundle;
      merged.discountsProducts ||= (found?.discountsProducts ?? false) || part.applicable_to.data.length > 0;
      merged.requiresProducts ||= found?.requiresProducts ?? false;
    }
    return merged;
  }

  /** The candidates of the scenario within the scope, in no particular order. */
  *#candidates(
    policy: QualificationScenarioPolicy,
    scope: QualificationScope,
    judge: AloneJudge,
  ): Generator<Candidate> {
    const { vouchers, campaigns, promotions, publications } = this.state();
    const customerId = judge.customer?.id;
    // The customer's role for each code they hold: owner, referrer of a referral code, or referee.
    const roles = customerId === undefined ? new Map<string, string>() : publications.rolesOf(customerId);
    if (policy.candidates === 'stacks') {
      for (const stack of promotions.stacks.list(ALL_ITEMS).items) {
        const found = promotions.findStack(stack.id);
        if (!found || found.tiers.length === 0) continue;
        yield {
          object: 'promotion_stack',
          id: stack.id,
          created_at: stack.created_at,
          refs: found.tiers.map((tier) => ({ object: 'promotion_tier' as const, id: tier.id })),
          campaign: found.campaign,
          name: stack.name,
          view: this.#view(
            'promotion_stack',
            stack.id,
            found.campaign,
            stack.category_id === undefined || stack.category_id === null ? [] : [stack.category_id],
          ),
        };
      }
      return;
    }
    for (const voucher of scope.codes === 'none' ? [] : vouchers.all()) {
      const role =
        roles.get(voucher.id) ?? (customerId !== undefined && voucher.holder_id === customerId ? 'OWNER' : undefined);
      if (role === undefined && (policy.candidates === 'wallet' || !this.#generic(voucher))) continue;
      const campaign = voucher.campaign_id ? campaigns.find(voucher.campaign_id) : undefined;
      if (scope.codes === 'generic' && campaign !== undefined && campaign.type !== 'STANDALONE') continue;
      yield {
        object: 'voucher',
        id: voucher.code,
        created_at: voucher.created_at ?? '',
        refs: [{ object: 'voucher', id: voucher.code }],
        campaign,
        metadata: voucher.metadata,
        assignmentsOf: voucher.id,
        view: {
          ...this.#view('voucher', voucher.code, campaign, [voucher.category_id]),
          voucher_type: voucher.type,
          code: voucher.code,
          holder_role: role ?? null,
        },
      };
    }
    if (policy.candidates === 'wallet') return;
    for (const tier of scope.tiers ? promotions.list(ALL_ITEMS).items : []) {
      const campaign = campaigns.find(tier.campaign_id ?? '');
      yield {
        object: 'promotion_tier',
        id: tier.id,
        created_at: tier.created_at ?? '',
        refs: [{ object: 'promotion_tier', id: tier.id }],
        campaign,
        metadata: tier.metadata,
        name: tier.name,
        banner: tier.banner ?? undefined,
        assignmentsOf: tier.id,
        view: this.#view('promotion_tier', tier.id, campaign, [tier.category_id]),
      };
    }
    for (const campaign of scope.campaignTypes.flatMap(
      (type) => campaigns.list({ ...ALL_ITEMS, campaign_type: type }).items,
    )) {
      if (campaign.type === 'STANDALONE') continue;
      // The campaign is judged on a code it could still publish: its oldest unpublished active one.
      const [code] = vouchers.publishable(campaign.id, 1, (voucher) => voucher.active !== false);
      if (!code) continue;
      yield {
        object: 'campaign',
        id: campaign.id,
        created_at: campaign.created_at,
        refs: [{ object: 'voucher', id: code.code }],
        campaign: undefined,
        metadata: campaign.metadata,
        name: campaign.name,
        assignmentsOf: campaign.id,
        view: {
          ...this.#view('campaign', campaign.id, campaign, [campaign.category_id]),
          voucher_type: campaign.voucher?.type ?? null,
        },
      };
    }
  }

  /** A code anyone may use: a standalone discount code, or a generic campaign's code, not published to anyone. */
  #generic(voucher: StoredVoucher): boolean {
    if (voucher.holder_id !== undefined && voucher.holder_id !== null) return false;
    if (!voucher.campaign_id) return voucher.type === 'DISCOUNT_VOUCHER';
    return this.state().campaigns.find(voucher.campaign_id)?.type === 'STANDALONE';
  }

  #view(
    type: Candidate['object'],
    id: string,
    campaign: Campaign | undefined,
    categories: readonly (string | null | undefined)[],
  ): Record<string, unknown> {
    return {
      resource_type: type,
      resource_id: id,
      campaign_id: campaign?.id ?? null,
      campaign_type: campaign?.campaign_type ?? null,
      category_id: categories.filter((category): category is string => typeof category === 'string'),
      voucher_type: null,
      code: null,
      holder_role: null,
    };
  }

  /** One item of the answer. */
  #present({ candidate, verdict, findings }: Qualified, expand: ReadonlySet<string>): QualificationRedeemable {
    const [first] = verdict.parts;
    const single = verdict.parts.length === 1 && candidate.object !== 'promotion_stack' ? first : undefined;
    const result = single ? single.result : ({} as Resource<'RedeemableResult'>);
    const base = {
      id: candidate.id,
      object: candidate.object,
      created_at: candidate.created_at,
      result: findings.bundle === undefined ? result : { ...result, bundle: presentBundle(findings.bundle) },
      order: verdict.order,
      applicable_to: single?.applicable_to ?? EMPTY,
      inapplicable_to: single?.inapplicable_to ?? EMPTY,
      metadata: { ...candidate.metadata },
      ...(expand.has('category') ? { categories: single?.categories ?? [] } : {}),
      ...(expand.has('redeemable') && candidate.name !== undefined ? { name: candidate.name } : {}),
      ...(expand.has('redeemable') && candidate.banner !== undefined ? { banner: candidate.banner } : {}),
      ...(candidate.object !== 'campaign' && candidate.campaign
        ? { campaign_id: candidate.campaign.id, campaign_name: candidate.campaign.name }
        : {}),
      validation_rules_assignments: this.#assignments(candidate.assignmentsOf),
    };
    if (candidate.object !== 'promotion_stack') return base as QualificationRedeemable;
    return {
      ...base,
      redeemables: verdict.parts.map((part) => ({
        id: part.id,
        object: part.object,
        created_at: promotionCreatedAt(this.state().promotions, part.id, candidate.created_at),
        result: part.result,
        order: part.order,
        applicable_to: part.applicable_to,
        inapplicable_to: part.inapplicable_to,
        metadata: {},
        ...(expand.has('category') ? { categories: part.categories } : {}),
        ...(candidate.campaign ? { campaign_id: candidate.campaign.id, campaign_name: candidate.campaign.name } : {}),
        validation_rules_assignments: this.#assignments(part.storedId),
      })),
    } as QualificationRedeemable;
  }

  #assignments(objectId: string | undefined): Resource<'ValidationRuleAssignmentPage'> {
    const data =
      objectId === undefined
        ? []
        : this.state()
            .validationRules.assignmentsOf(objectId)
            .map((assignment) => ({ ...assignment, validation_status: 'VALID' as const }));
    return { object: 'list', data_ref: 'data', data, total: data.length } as Resource<'ValidationRuleAssignmentPage'>;
  }
}

const EMPTY: Resource<'ApplicableToResultList'> = { object: 'list', data_ref: 'data', data: [], total: 0 };

/** The `source_id` a request's customer names, if it names one. */
const sentSourceId = (customer: QualificationRequest['customer']): string | undefined =>
  typeof customer === 'object' && customer !== null && typeof customer.source_id === 'string'
    ? customer.source_id
    : undefined;

const promotionCreatedAt = (promotions: PromotionStore, id: string, fallback: string): string =>
  promotions.find(id)?.created_at ?? fallback;

/** Each project's qualification store: it keeps nothing but caches, so it is made on first use. */
const qualificationStores = new WeakMap<QualificationStores, QualificationStore>();

/**
 * A project's qualification store, made with its first qualification: it loads with the engine
 * (decision 0083), so the project's state reaches it through this function.
 *
 * @param context - The service's context.
 * @param state - The project's stores.
 */
export const qualificationsOf = (context: ServiceContext, state: QualificationStores): QualificationStore => {
  let store = qualificationStores.get(state);
  if (store === undefined) {
    store = new QualificationStore(context, () => state);
    qualificationStores.set(state, store);
  }
  return store;
};
