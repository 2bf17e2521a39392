import type { CalendarDate, StackingRulesInput } from '@voucherkit/domain';
import type { EventFilter, EventType, ServiceEvent } from '../core/event-log.js';
import type { Resource } from '../core/resource.js';
import type { Category } from './catalog/categories/store.js';
import type { MetadataSchema } from './catalog/metadata-schemas/store.js';
import type { ProductCollection } from './catalog/product-collections/store.js';
import type { Product, ProductInput } from './catalog/products/store.js';
import type { StoredVoucher, VoucherCreateInput } from './campaigns/vouchers/types.js';
import type { Consent, ConsentGroup, ConsentGroupInput, ConsentInput } from './customers/consents/store.js';
import type { Customer, CustomerChange, CustomerUpsert } from './customers/customers/store.js';
import type { OrganisationUser, OrganisationUserInput, ProjectUser } from './platform/projects/organisation-users.js';
import type { WebhookDelivery, WebhookDeliveryFilter } from './platform/webhooks/deliveries.js';
import type { Webhook, WebhookInput } from './platform/webhooks/store.js';
import type { NightlySummary } from './programmes/nightly/run.js';
import type { ReferralTier, ReferralTierInput } from './programmes/referrals/tiers.js';
import type { StackingRules } from './rules/stacking-rules/store.js';
import type {
  AssignmentInput,
  ValidationRule,
  ValidationRuleAssignment,
  ValidationRuleInput,
} from './rules/validation-rules/store.js';

/**
 * A project's categories, as tests arrange and inspect them.
 *
 * @example
 * ```ts
 * const { categories } = service.projects.primary.state;
 * const seasonal = categories.create({ name: 'Seasonal', hierarchy: 1 });
 * categories.has(seasonal.id); // true
 * ```
 */
export interface CategoriesView {
  /** All categories, newest first (the service's listing order). */
  list(): Category[];
  /**
   * The category with this id.
   * @throws ApiError 404 when the project has no such category.
   */
  get(id: string): Category;
  /** Whether the category exists. */
  has(id: string): boolean;
  /**
   * Adds a category with a new id and the current time as `created_at`.
   * @throws DomainError `duplicate_found` when the name is taken.
   */
  create(input: { name: string; hierarchy: number }): Category;
}

/**
 * A project's stacking rules: one set at most.
 *
 * @example
 * ```ts
 * const { categories, stackingRules } = service.projects.primary.state;
 * stackingRules.create({ redeemables_limit: 10 }, (id) => categories.has(id));
 * ```
 */
export interface StackingRulesView {
  /** The set, if the project has one (zero or one item). */
  list(): StackingRules[];
  /**
   * Creates the project's set with the service's defaults for every field left out.
   *
   * @param input - The rules, as the management API takes them.
   * @param categoryExists - Whether a category the rules name exists (`categories.has`).
   * @throws DomainError `stacking_rules_exist` (409) when the project already has a set; `invalid_payload`
   *   for limits out of range or contradicting category lists; ApiError 404 for unknown categories.
   */
  create(input: StackingRulesInput, categoryExists: (id: string) => boolean): StackingRules;
}

/**
 * A project's metadata schemas, one per resource type.
 *
 * @example
 * ```ts
 * service.projects.primary.state.metadataSchemas.create('customer', { properties: { vip: { type: 'boolean', optional: true } } });
 * ```
 */
export interface MetadataSchemasView {
  /** All schemas, oldest first. */
  list(): MetadataSchema[];
  /** The schema with this id or for this resource type, if any. */
  find(idOrResource: string): MetadataSchema | undefined;
  /**
   * Creates the schema of a resource type (`customer`, `product`, `order` …).
   * @throws DomainError `duplicate_found` when that resource type already has one, or the name is a schema id.
   */
  create(
    relatedObject: string,
    input: { properties: MetadataSchema['properties']; allow_defined_only?: boolean | undefined },
  ): MetadataSchema;
}

/**
 * A project's customers.
 *
 * @example
 * ```ts
 * const { customers } = service.projects.primary.state;
 * customers.upsert({ source_id: 'ana', name: 'Ana' });
 * customers.find('ana')?.name; // 'Ana'
 * ```
 */
export interface CustomersView {
  /**
   * The customer with this id (`cust_…`) or `source_id`, if any. An id is looked up first, so a
   * `source_id` that equals another customer's id names that other customer.
   */
  find(idOrSourceId: string): Customer | undefined;
  /**
   * The customer with this id (`cust_…`) or `source_id`.
   * @throws ApiError 404 when the project has no such customer.
   */
  get(idOrSourceId: string): Customer;
  /** Every customer, oldest first. */
  all(): Customer[];
  /**
   * Creates a customer, or updates the one that `id` or `source_id` names (the service's
   * upsert). With `id`, `source_id` is ignored. Records `customer.created`, or `customer.updated`
   * when a profile field changed.
   *
   * @returns What happened.
   * @throws ApiError 404 when `id` names no customer; DomainError `metadata_validation_failed`.
   */
  upsert(input: CustomerUpsert): CustomerChange;
}

/**
 * A project's consents (marketing permissions). The service's dashboard defines them and the API
 * only lists them, so a test defines them here.
 *
 * @example
 * ```ts
 * const { consents } = service.projects.primary.state;
 * const newsletter = consents.create({ name: 'Newsletter' });
 * consents.createGroup({ name: 'Sign-up form', consents: [newsletter.id] });
 * ```
 */
export interface ConsentsView {
  /**
   * Defines a consent, as the service's dashboard does.
   *
   * @returns The consent (`cnst_…`), never changed since (`updated_at` null).
   */
  create(input: ConsentInput): Consent;
  /**
   * Defines a group of consents, as the service's dashboard does.
   *
   * @returns The group (`cnstgr_…`).
   * @throws ApiError 404 for a consent id that names no consent of the project.
   */
  createGroup(input: ConsentGroupInput): ConsentGroup;
}

/**
 * A project's products and their SKUs.
 *
 * @example
 * ```ts
 * const { product } = service.projects.primary.state.products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 });
 * ```
 */
export interface ProductsView {
  /** The product with this id (`prod_…`) or `source_id`, with its SKUs, if any. */
  find(idOrSourceId: string): Product | undefined;
  /**
   * The product with this id (`prod_…`) or `source_id`, with its SKUs.
   * @throws ApiError 404.
   */
  get(idOrSourceId: string): Product;
  /** Every product with its SKUs, oldest first. */
  all(): Product[];
  /**
   * Creates a product, or updates the one that `id` or `source_id` names.
   *
   * @returns The product with its SKUs and whether it was created.
   * @throws ApiError 404 when `id` names no product; 400 `duplicate_source_id` when the
   *   `source_id` belongs to a removed product still in the bin; DomainError `metadata_validation_failed`.
   */
  upsert(input: ProductInput): { product: Product; created: boolean };
}

/**
 * A project's product collections, static and filter-based.
 *
 * @example
 * ```ts
 * const kitchen = service.projects.primary.state.productCollections.create({ type: 'STATIC', name: 'Kitchen', products: [{ id: mug.id, object: 'product' }] });
 * ```
 */
export interface ProductCollectionsView {
  /** The collection with this id (`pc_…`), if any. */
  find(id: string): ProductCollection | undefined;
  /**
   * Creates a collection: a `STATIC` one with its `products`, or an `AUTO_UPDATE` one with a
   * `filter` that has a `junction`.
   *
   * @throws DomainError `duplicate_found` when the name is taken, `invalid_payload` for a
   *   malformed filter; ApiError 400 `invalid_payload` for a member that is not in the catalogue.
   */
  create(input: Resource<'ProductCollectionCreateRequest'>): ProductCollection;
}

/**
 * A project's vouchers, gift cards and loyalty cards, as they are stored: the API's voucher
 * without its categories, rule assignments and list links, which are added when it is shown.
 *
 * @example
 * ```ts
 * const { vouchers } = service.projects.primary.state;
 * vouchers.create({ code: 'ONCE', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, redemption: { quantity: 1 } });
 * vouchers.get('ONCE').redemption?.redeemed_quantity; // 0
 * ```
 */
export interface VouchersView {
  /** The voucher with this code or id, if any (vouchers in the bin are not found); a code in any case where codes are not case-sensitive. */
  find(codeOrId: string): StoredVoucher | undefined;
  /**
   * The voucher with this code or id.
   * @throws ApiError 404 when the project has no such voucher.
   */
  get(codeOrId: string): StoredVoucher;
  /** Every voucher of the project, oldest first (not the bin). */
  all(): StoredVoucher[];
  /**
   * Creates a voucher: in the campaign that `campaign` or `campaign_id` names (it inherits the
   * campaign's settings), or standalone. The code is `input.code`, else one generated from
   * `input.code_config`. Records `voucher.created`.
   *
   * @throws ApiError 404 for an unknown campaign or category; 409 `duplicate_found` for a used
   *   code; 400 for a loyalty card without a campaign or a kind that differs from the campaign's.
   */
  create(input: VoucherCreateInput): StoredVoucher;
  /**
   * Deletes a voucher: into the bin, where its code stays taken until the bin entry is deleted
   * for good, or with `force` for good at once, freeing the code. Records `voucher.deleted`.
   *
   * @throws ApiError 404 for an unknown voucher.
   */
  delete(codeOrId: string, force: boolean): void;
}

/**
 * A project's validation rules and their assignments.
 *
 * @example
 * ```ts
 * const { validationRules } = service.projects.primary.state;
 * const rule = validationRules.create({ name: 'Over 50.00', rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } });
 * validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: 'SUMMER10' });
 * ```
 */
export interface ValidationRulesView {
  /** Whether the rule exists. */
  has(id: string): boolean;
  /**
   * The rule with this id, with its current `assignments_count`.
   * @throws ApiError 404 when the project has no such rule.
   */
  get(id: string): ValidationRule;
  /**
   * Creates a rule. `type` defaults to `basic` for a rule that only limits products and to
   * `expression` otherwise, `context_type` to `global`. Records `business_validation_rule.created`.
   *
   * @throws DomainError `invalid_validation_rules` (400) listing every problem of the rule set;
   *   ApiError 400 `invalid_payload` without a `name`.
   */
  create(input: ValidationRuleInput): ValidationRule;
  /**
   * Assigns a rule to an object after the service's checks. With `force`, an assignment of the
   * same rule to the same object is replaced by a new one; without it, it is refused.
   *
   * @throws ApiError 404 for an unknown rule or object; 400 `invalid_payload` without
   *   `related_object_id`, or for a rule whose context or product limits do not fit the object;
   *   409 `duplicate_found` for a rule already assigned to the object.
   */
  assign(ruleId: string, input: AssignmentInput, force?: boolean): ValidationRuleAssignment;
}

/**
 * A project's webhook configurations: where its events are posted.
 *
 * @example
 * ```ts
 * service.projects.primary.state.webhooks.create({ target_url: 'https://shop.example.com/hooks', events: ['redemption.succeeded'] });
 * ```
 */
export interface WebhooksView {
  /** Every configuration, oldest first. */
  list(): Webhook[];
  /**
   * Adds a configuration, active unless `active: false` is sent.
   *
   * @throws ApiError 400 without a `target_url` or events, or for an address that is not http(s).
   */
  create(input: WebhookInput): Webhook;
}

/**
 * The webhooks a project sent for its events, with their attempts and retries.
 *
 * @example
 * ```ts
 * const { webhookDeliveries } = service.projects.primary.state;
 * await webhookDeliveries.settled();
 * const [delivery] = webhookDeliveries.list({ type: 'redemption.succeeded' });
 * ```
 */
export interface WebhookDeliveriesView {
  /** The kept deliveries that match, oldest first. */
  list(filter?: WebhookDeliveryFilter): WebhookDelivery[];
  /** The delivery with this id, if it is still kept. */
  find(id: string): WebhookDelivery | undefined;
  /** Resolves once no attempt is on its way (with the automatic scheduler, attempts run by themselves). */
  settled(): Promise<void>;
}

/**
 * What happened in a project (`voucher.created`, `customer.updated` …), as a webhook would see it.
 *
 * @example
 * ```ts
 * const [created] = service.projects.primary.state.events.list({ type: 'voucher.created' });
 * created?.data.voucher.code;
 * ```
 */
export interface EventsView {
  /**
   * The recorded events that match the filter, oldest first; the newest 50,000 of each project
   * are kept (`eventRetention`).
   */
  list<T extends EventType = EventType>(filter?: EventFilter<T>): ServiceEvent<T>[];
}

/**
 * The loyalty programmes' run at midnight in the project's time zone: pending points are
 * activated, points expire, tiers follow. The first request after the clock passes midnight runs
 * it; a test can run it without a request.
 *
 * @example
 * ```ts
 * service.clock.advance(31 * 24 * 3600 * 1000);
 * service.projects.primary.state.nightly.catchUp(); // the points of January expire
 * ```
 */
export interface NightlyView {
  /**
   * Runs every night that has come since the last run, each on its own day, in order; answers
   * what they did together (dated the last day), or `undefined` when no midnight has passed.
   */
  catchUp(): NightlySummary | undefined;
  /** Runs the night that starts `today` (`2026-03-01`), whatever the clock says. */
  run(today: CalendarDate): NightlySummary;
}

/**
 * The referral tiers of a project's referral campaigns: what referrers earn. The service's API has
 * no operation for them (its dashboard makes them), so tests make them here.
 *
 * @example
 * ```ts
 * const { referralTiers } = service.projects.primary.state;
 * referralTiers.create(campaign.id, { banner: 'Each friend', reward: reward.id });
 * referralTiers.list(campaign.id); // [the tier]
 * ```
 */
export interface ReferralTiersView {
  /** The tiers of a campaign, oldest first. */
  list(campaignId: string): ReferralTier[];
  /**
   * Adds a tier to a referral campaign (by id or name). Records `campaign.referral_tier.created`.
   *
   * @throws ApiError 404 for an unknown campaign or reward; 400 for a campaign that is not a
   *   referral programme, a pay-with-points (COIN) reward, or a minimum that is not a whole
   *   number of 1 or more.
   */
  create(campaignRef: string, input: ReferralTierInput): ReferralTier;
}

/**
 * What tests see of one project's data: the stores they arrange data in and inspect, each with
 * the methods for that. Every change goes through the same rules as the API and throws the same
 * errors; anything else a test needs is reached through the API.
 *
 * @example
 * ```ts
 * const { categories, customers } = service.projects.primary.state;
 * categories.create({ name: 'Seasonal', hierarchy: 1 });
 * customers.upsert({ source_id: 'ana' });
 * ```
 */
export interface ProjectStateView {
  /** Categories. */
  readonly categories: CategoriesView;
  /** The project's stacking rules. */
  readonly stackingRules: StackingRulesView;
  /** Metadata schemas, one per resource type. */
  readonly metadataSchemas: MetadataSchemasView;
  /** Customers. */
  readonly customers: CustomersView;
  /** The project's consents; each customer's answers are kept on the customer. */
  readonly consents: ConsentsView;
  /** Products and their SKUs. */
  readonly products: ProductsView;
  /** Product collections, static and filter-based. */
  readonly productCollections: ProductCollectionsView;
  /** Vouchers, gift cards and loyalty cards. */
  readonly vouchers: VouchersView;
  /** Validation rules and their assignments. */
  readonly validationRules: ValidationRulesView;
  /** Webhook configurations: where the project's events are posted. */
  readonly webhooks: WebhooksView;
  /** The webhooks sent for the project's events, with their attempts and retries. */
  readonly webhookDeliveries: WebhookDeliveriesView;
  /** What happened in the project (`voucher.created`, `customer.updated` …). */
  readonly events: EventsView;
  /** The loyalty programmes' run at midnight: pending points, expiry and tiers. */
  readonly nightly: NightlyView;
  /** What referral campaigns give their referrers (the service's API has no operation for them). */
  readonly referralTiers: ReferralTiersView;
}

/**
 * The users of the organisation, with their roles in the projects.
 *
 * @example
 * ```ts
 * const { users } = service.organisation;
 * users.create({ email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva', owner: true, projects: { [service.projects.primary.id]: 'ADMIN' } });
 * ```
 */
export interface OrganisationUsersView {
  /** Every user of the organisation, in the order they joined it. */
  list(): OrganisationUser[];
  /** The user with this id or login (in any letter case), if any. */
  find(ref: string): OrganisationUser | undefined;
  /**
   * Adds a user to the organisation with their roles, as an invitation or the dashboard does.
   *
   * @returns The user, with their roles.
   * @throws ApiError 400 `used_incorrect_role` for a role that does not exist; 404 for a project
   *   that does not exist; 409 `duplicate_found` when a user has the email address, or the login,
   *   as login or email already.
   */
  create(input: OrganisationUserInput): ProjectUser;
}

/**
 * What tests see of what the organisation holds beside its projects: its users.
 *
 * @example
 * ```ts
 * const [owner] = service.organisation.users.list();
 * ```
 */
export interface OrganisationView {
  /** The people who sign in to the dashboard, with their roles in the projects. */
  readonly users: OrganisationUsersView;
}
