import { compileFilter } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { immutable } from '../../../core/immutable.js';
import { type CursorQuery, type ListOrder, type Page, cursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { CampaignStore } from '../campaigns/store.js';
import type { PromotionStore } from '../promotions/store.js';
import type { RuleOwner } from '../rule-assignments.js';
import { type TemplateSetup, campaignFromSetup, campaignSetup, tierFromSetup, tierSetup } from './setup.js';
import type { SavedResource, TemplateResources } from './template-resources.js';
import type { TemplateRules } from './template-rules.js';

/**
 * A campaign template as the API returns it (`camp_tpl_…`); with `expand=json_template`, its
 * saved set-up too.
 */
export type CampaignTemplate = Resource<'CampaignTemplate'>;

/**
 * A new template (`POST /v1/templates/campaigns`): its name and description, and its source, a
 * campaign (`campaign_id`) or a promotion tier (`promotion_tier_id`).
 */
export type CampaignTemplateInput = Resource<'CampaignTemplateCreateRequest'>;

/**
 * A template's new name or description (`PUT /v1/templates/campaigns/{campaignTemplateId}`);
 * `description: null` removes the description.
 */
export type CampaignTemplateChanges = Resource<'CampaignTemplateUpdateRequest'>;

/** Which templates {@link CampaignTemplateStore.list} returns, and in which order. */
export interface CampaignTemplateListQuery extends CursorQuery {
  /** `id` lists oldest first (the service's ids grow with time), `-id` newest first; default `id`. */
  readonly order?: ListOrder<'id'> | undefined;
  /** Conditions on `id`, `name` and `campaign_type`, as `filters` of the list takes them. */
  readonly filters?: unknown;
}

/** The stores whose create paths a template uses, and the rules it keeps and makes anew. */
export interface CampaignTemplateStoreDependencies {
  /** The project's campaigns: the sources of templates, and where campaigns made from them go. */
  readonly campaigns: CampaignStore;
  /** The project's promotion tiers: sources of templates, and where tiers made from them go. */
  readonly promotions: PromotionStore;
  /** The validation rules of the sources, kept and made anew for each campaign or tier. */
  readonly rules: TemplateRules;
  /** The products, SKUs and collections those rules name, kept and found or made where a copy is used. */
  readonly resources: TemplateResources;
}

/** A template as stored: what the API shows, the set-up it keeps and the catalog its rules name. */
interface StoredTemplate {
  readonly template: Omit<CampaignTemplate, 'json_template'>;
  readonly setup: TemplateSetup;
  /** The products, SKUs and collections the rules name, as they were when the template was made. */
  readonly resources: readonly SavedResource[];
  /** The ids in this project of the resources made for an earlier use, by their saved ids. */
  readonly provided: Readonly<Record<string, string>>;
}

/**
 * The campaign templates of one project: saved set-ups of discount and gift card campaigns, or of
 * promotion tiers, from which new campaigns and tiers are made. A campaign or tier made from a
 * template is created through the campaign and promotion stores, as any other, and gets a new
 * validation rule for each rule the template keeps; a copy from another project finds or makes
 * the products, SKUs and collections its rules name (decision 0055). Names are unique in the
 * project.
 */
export class CampaignTemplateStore {
  /** Templates in creation order. */
  readonly #items: TrackedMap<string, StoredTemplate>;
  /** Position in creation order of every id the store ever held, for cursors that name a deleted template. */
  readonly #rank: TrackedMap<string, number>;

  /**
   * @param context - The service's ids and clock.
   * @param deps - The campaign and promotion stores, and the port to the validation rules.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly deps: CampaignTemplateStoreDependencies,
  ) {
    this.#items = context.tracked.map();
    this.#rank = context.tracked.map();
  }

  /**
   * A page of templates, oldest first unless `order` is `-id`, after the cursor when given. Its
   * `total` counts every template of the project, whatever the filters, as the service's does.
   *
   * @throws DomainError `invalid_query_params` for a malformed filter; ApiError 400
   *   `invalid_query_params` for a cursor that is no template's id.
   */
  list(query: CampaignTemplateListQuery = {}): Page<CampaignTemplate> {
    const matches = compileFilter(query.filters, {
      source: { in: 'query', parameter: 'filters' },
      fields: ['id', 'name', 'campaign_type'],
      now: this.context.clock.now(),
    });
    const descending = query.order === '-id';
    const kept = [...this.#items.values()].flatMap(({ template }) => (matches(template) ? [template] : []));
    if (descending) kept.reverse();
    const page = cursorPageOf(kept, query, (id) => {
      const rank = this.#rank.get(id);
      return rank === undefined || !descending ? rank : -rank;
    });
    return { ...page, total: this.#items.size };
  }

  /**
   * The template with this id; with `expand` `json_template`, with its saved set-up.
   * @throws ApiError 404 when the project has no such template.
   */
  get(id: string, expand?: 'json_template'): CampaignTemplate {
    const { template, setup } = this.#stored(id);
    return expand === 'json_template' ? { ...template, json_template: setup } : template;
  }

  /**
   * Saves the set-up of a discount or gift card campaign, or of a promotion tier, as a new template.
   *
   * @throws ApiError 400 `invalid_payload` unless exactly one source is given; 400
   *   `campaign_type_is_not_supported_by_campaign_template` for a campaign of another type; 404
   *   for an unknown campaign or tier; 409 `duplicate_found` for a used name.
   */
  create(input: CampaignTemplateInput): Resource<'CampaignTemplateBase'> {
    const setup = this.#setupOf(input.campaign_id ?? undefined, input.promotion_tier_id ?? undefined);
    this.#assertNameFree(input.name);
    return this.#add(
      input.name,
      input.description ?? undefined,
      setup,
      this.deps.resources.saved(setup.validation_rules),
    );
  }

  /**
   * Renames a template or changes its description (`null` removes it) and stamps `updated_at`;
   * its set-up stays.
   *
   * @throws ApiError 404 for an unknown template; 409 `duplicate_found` for a name another template has.
   */
  update(id: string, changes: CampaignTemplateChanges): CampaignTemplate {
    const stored = this.#stored(id);
    const { template } = stored;
    if (changes.name !== undefined && changes.name !== template.name) this.#assertNameFree(changes.name);
    const updated = templateRecord({
      ...template,
      name: changes.name ?? template.name,
      description: changes.description === undefined ? template.description : (changes.description ?? undefined),
      updated_at: this.context.timestamp(),
    });
    this.#items.set(id, immutable({ ...stored, template: updated }));
    return updated;
  }

  /**
   * Deletes a template for good; campaigns and tiers made from it stay.
   * @throws ApiError 404 for an unknown template.
   */
  delete(id: string): void {
    this.#stored(id);
    this.#items.delete(id);
  }

  /**
   * Copies a template into another project's templates (or this one's), under a new name; the
   * description is the one given, or the template's when none is (`null` leaves it out). The copy
   * keeps the set-up, validation rules included, and the products, SKUs and collections they name:
   * they are made in the destination project when the copy is used (`created_resources`).
   *
   * @param id - The template to copy.
   * @param destination - The templates of the destination project.
   * @param input - The copy's name and description.
   * @returns The copy, as a template of the destination project.
   * @throws ApiError 404 for an unknown template; 409 `duplicate_found` for a name the destination uses.
   */
  copy(
    id: string,
    destination: CampaignTemplateStore,
    input: CampaignTemplateChanges & { name: string },
  ): Resource<'CampaignTemplateBase'> {
    const { template, setup, resources } = this.#stored(id);
    destination.#assertNameFree(input.name);
    const description = input.description === undefined ? template.description : (input.description ?? undefined);
    return destination.#add(input.name, description, setup, resources);
  }

  /**
   * Creates a campaign from a template through the campaign store: the template's settings, with
   * those the request sends instead, and the request's name, category and number of codes (more
   * than one is generated in the background, as for any campaign). Each validation rule the
   * template keeps is made anew and assigned to the campaign, and listed in `created_resources`.
   *
   * @throws ApiError 404 for an unknown template or category; 409 `duplicate_found` for a used
   *   campaign name; and the campaign store's refusals of a creation.
   */
  createCampaign(
    id: string,
    request: Resource<'CampaignFromTemplateRequest'>,
    origin: Origin = {},
  ): Resource<'CampaignFromTemplateResponse'> {
    const { setup } = this.#stored(id);
    const { campaigns } = this.deps;
    // The campaign first: a refused request leaves no rule behind.
    const { id: campaignId } = campaigns.create(campaignFromSetup(setup, request), origin);
    const created = this.#recreateRules(id, { object: 'campaign', campaign: campaigns.get(campaignId) }, origin);
    return {
      created_resources: created,
      campaign: campaigns.present(campaigns.get(campaignId)),
      object: 'campaign_setup',
    };
  }

  /**
   * Adds a promotion tier made from a `DISCOUNT_COUPONS` template to a promotion campaign, through
   * the promotion store: the template's discount, validity window, metadata and banner, with those
   * the request sends instead. Each validation rule the template keeps is made anew and assigned
   * to the tier, and listed in `created_resources`.
   *
   * @throws ApiError 404 for an unknown template, campaign or category; 400
   *   `campaign_type_is_not_supported_by_campaign_template` for a gift card template, 400
   *   `invalid_campaign` for a campaign that is not a promotion; and the promotion store's
   *   refusals of a tier.
   */
  addTier(
    id: string,
    request: Resource<'TierFromTemplateRequest'>,
    origin: Origin = {},
  ): Resource<'TierFromTemplateResponse'> {
    const { setup } = this.#stored(id);
    const { promotions } = this.deps;
    const tier = promotions.create(request.campaign_id, tierFromSetup(setup, request), origin);
    const created = this.#recreateRules(
      id,
      { object: 'promotion_tier', tier: { id: tier.id, campaign_id: tier.campaign.id } },
      origin,
    );
    return { created_resources: created, promotion_tier: promotions.get(tier.id), object: 'promotion_tier_setup' };
  }

  /** The set-up of the one source a creation names, a campaign or a promotion tier. */
  #setupOf(campaignId: string | undefined, tierId: string | undefined): TemplateSetup {
    const { campaigns, promotions, rules } = this.deps;
    if (campaignId !== undefined && tierId === undefined) {
      const campaign = campaigns.get(campaignId);
      return campaignSetup(campaign, rules.saved(campaign.id));
    }
    if (tierId !== undefined && campaignId === undefined) {
      const tier = promotions.get(tierId);
      return tierSetup(tier, rules.saved(tier.id));
    }
    throw ApiError.invalidPayload(
      'Send exactly one of campaign_id and promotion_tier_id: the campaign or the promotion tier whose set-up the template saves.',
    );
  }

  /**
   * Makes the template's rules anew for the object just created from it, naming the project's own
   * products, SKUs and collections: those of a template copied from another project are found
   * here or made (and listed before the rules).
   */
  #recreateRules(
    id: string,
    owner: RuleOwner,
    origin: Origin,
  ): Resource<'CampaignFromTemplateResponse'>['created_resources'] {
    const stored = this.#stored(id);
    const { rules, created, ids } = this.deps.resources.provide(
      stored.resources,
      stored.setup.validation_rules,
      new Map(Object.entries(stored.provided)),
      origin,
    );
    if (created.length > 0)
      this.#items.set(id, immutable({ ...stored, provided: { ...stored.provided, ...Object.fromEntries(ids) } }));
    return [
      ...created,
      ...rules.map((rule) => ({
        id: this.deps.rules.recreate(rule, owner, origin),
        object: 'validation_rules' as const,
      })),
    ];
  }

  /** Stores a new template of this project. */
  #add(
    name: string,
    description: string | undefined,
    setup: TemplateSetup,
    resources: readonly SavedResource[],
  ): Resource<'CampaignTemplateBase'> {
    const template = templateRecord({
      id: this.context.ids('camp_tpl'),
      name,
      description,
      campaign_type: setup.campaign.campaign_type,
      created_at: this.context.timestamp(),
    });
    this.#items.set(template.id, immutable({ template, setup, resources, provided: {} }));
    this.#rank.set(template.id, this.#rank.size);
    return template;
  }

  #stored(id: string): StoredTemplate {
    const stored = this.#items.get(id);
    if (!stored) throw ApiError.notFound('campaign_template', id);
    return stored;
  }

  #assertNameFree(name: string): void {
    for (const { template } of this.#items.values()) {
      if (template.name === name) {
        throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
          details: `Duplicated campaign_template exists with name ${name}`,
          resourceId: name,
          resourceType: 'campaign_template',
        });
      }
    }
  }
}

type TemplateRecord = StoredTemplate['template'];

/** The fields a template record is made of; a description or `updated_at` left undefined is absent. */
type TemplateFields = Omit<TemplateRecord, 'description' | 'updated_at' | 'object'> & {
  readonly description: string | undefined;
  readonly updated_at?: string | undefined;
};

/** A template record with its fields in the order of the service's examples, `object` last. */
const templateRecord = (fields: TemplateFields): TemplateRecord => ({
  id: fields.id,
  name: fields.name,
  ...(fields.description === undefined ? {} : { description: fields.description }),
  campaign_type: fields.campaign_type,
  created_at: fields.created_at,
  ...(fields.updated_at === undefined ? {} : { updated_at: fields.updated_at }),
  object: 'campaign_template',
});
