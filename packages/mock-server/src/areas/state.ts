import type { ServiceContext } from '../core/context.js';
import type { ProjectSettings } from '../core/projects.js';
import { EventLog } from '../core/event-log.js';
import { customerExportSource } from './customers/customers/export-source.js';
import { ExportStore } from './platform/exports/store.js';
import { orderExportSource } from './customers/orders/export-source.js';
import { voucherExportSource, voucherTransactionExportSource } from './campaigns/vouchers/export-source.js';
import { AsyncActionStore } from './platform/async-actions/store.js';
import { BinStore } from './platform/bin/store.js';
import { BrandStore } from './platform/branding/store.js';
import { ProjectMemberStore } from './platform/projects/members.js';
import { CampaignStore } from './campaigns/campaigns/store.js';
import { redemptionExportSource } from './engine/redemptions/export-source.js';
import { TemplateResources } from './campaigns/templates/template-resources.js';
import { LoyaltyCardLedger } from './campaigns/loyalty-cards/ledger.js';
import { pointsExpirationExportSource } from './campaigns/loyalty-cards/export-source.js';
import { CategoryStore } from './catalog/categories/store.js';
import { CustomEventSchemaStore } from './catalog/custom-event-schemas/store.js';
import { CustomerStore } from './customers/customers/store.js';
import { ConsentStore } from './customers/consents/store.js';
import { LocationStore } from './catalog/locations/store.js';
import { MetadataSchemaStore } from './catalog/metadata-schemas/store.js';
import { OAuthTokenStore } from './platform/oauth/store.js';
import { ReferralConversions } from './programmes/referrals/conversions.js';
import { ReferralHolders } from './programmes/referrals/holders.js';
import { ReferralTierStore } from './programmes/referrals/tiers.js';
import { WebhookDeliveries } from './platform/webhooks/deliveries.js';
import { WebhookStore } from './platform/webhooks/store.js';
import { OrderStore } from './customers/orders/store.js';
import { ProductCollectionStore } from './catalog/product-collections/store.js';
import { ProductStore } from './catalog/products/store.js';
import { publicationExportSource } from './campaigns/publications/export-source.js';
import { PublicationStore } from './campaigns/publications/store.js';
import { engine } from './engine/load.js';
import { RedemptionStore } from './engine/redemptions/store.js';
import type { QualificationStore } from './engine/qualifications/store.js';
import { SegmentStore } from './customers/segments/store.js';
import { StackingRulesStore } from './rules/stacking-rules/store.js';
import { VoucherStore } from './campaigns/vouchers/store.js';
import { PromotionStore } from './campaigns/promotions/store.js';
import { CampaignTemplateStore } from './campaigns/templates/store.js';
import { templateRules } from './rules/validation-rules/template-rules.js';
import { projectTargets } from './rules/validation-rules/lookup.js';
import { ValidationRuleStore } from './rules/validation-rules/store.js';
import { ruleAssignments } from './rules/validation-rules/rule-assignments.js';
import { LoyaltyStore } from './programmes/loyalties/store.js';
import { EarningRuleStore } from './programmes/earning-rules/store.js';
import { PointsEarner } from './programmes/earning-rules/earner.js';
import { PendingPointsStore } from './programmes/pending-points/store.js';
import { LoyaltyTierStore } from './programmes/tiers/store.js';
import { NightlyRun } from './programmes/nightly/run.js';
import { RewardRedeemer } from './programmes/rewards/redeemer.js';
import { releaseDeletedCampaigns } from './programmes/loyalties/deleted-campaigns.js';
import { RewardStore } from './programmes/rewards/store.js';
import type { ProjectStateView } from './views.js';

/**
 * One project's data: a store per resource. The package's own code and tests reach it whole;
 * users see the {@link ProjectStateView} it extends (declaring it here checks that every store
 * has the methods of its view).
 */
export interface ProjectState extends ProjectStateView {
  /** OAuth access tokens issued with the project's keys. */
  readonly oauth: OAuthTokenStore;
  /** Categories. */
  readonly categories: CategoryStore;
  /** The project's stacking rules (management API). */
  readonly stackingRules: StackingRulesStore;
  /** Metadata schemas, one per resource type. */
  readonly metadataSchemas: MetadataSchemaStore;
  /** The project's brand (management API): one at most. */
  readonly brands: BrandStore;
  /** Custom event schemas (management API); tracked events of a defined name follow their schema. */
  readonly customEventSchemas: CustomEventSchemaStore;
  /** Bulk jobs and their status. */
  readonly asyncActions: AsyncActionStore;
  /** Campaigns, vouchers, products and SKUs deleted without `force=true`. */
  readonly bin: BinStore;
  /** What happened in the project (`voucher.created`, `customer.updated` …), for tests and webhooks. */
  readonly events: EventLog;
  /** Webhook configurations (management API): where the project's events are posted. */
  readonly webhooks: WebhookStore;
  /** The webhooks sent for the project's events, with their attempts and retries. */
  readonly webhookDeliveries: WebhookDeliveries;
  /** Vouchers, gift cards and loyalty cards, with their transactions and validation sessions. */
  readonly vouchers: VoucherStore;
  /** The points of loyalty cards: buckets by expiry day and the changes that move them. */
  readonly loyaltyCards: LoyaltyCardLedger;
  /** Campaigns; a promotion's tiers live in `promotions`. */
  readonly campaigns: CampaignStore;
  /** Customers; other areas resolve the `customer` of their requests with `customers.resolve`. */
  readonly customers: CustomerStore;
  /** The project's consents (marketing permissions); each customer's answers are kept on the customer. */
  readonly consents: ConsentStore;
  /** Products and their SKUs. */
  readonly products: ProductStore;
  /** Product collections, static and filter-based. */
  readonly productCollections: ProductCollectionStore;
  /** Customer segments, static and filter-based. */
  readonly segments: SegmentStore;
  /** Orders, with amounts computed by the domain. */
  readonly orders: OrderStore;
  /** Locations that `$in_location` conditions refer to. */
  readonly locations: LocationStore;
  /** Promotion tiers and (`promotions.stacks`) promotion stacks; validations and redemptions read them as `PromotionRedeemables`. */
  readonly promotions: PromotionStore;
  /** Campaign templates: saved set-ups of discount and gift card campaigns and promotion tiers, and what is made from them. */
  readonly campaignTemplates: CampaignTemplateStore;
  /** Validation rules and every assignment of them; the validation engine reads them through `rulesFor`. */
  readonly validationRules: ValidationRuleStore;
  /** Publications (codes handed to customers) and the holder records of customers' redeemables. */
  readonly publications: PublicationStore;
  /** Exports: background jobs that write CSV files of the sources registered in `exports.sources`. */
  readonly exports: ExportStore;
  /** Validations, redemptions and rollbacks: the engine shops call at checkout. */
  readonly redemptions: RedemptionStore;
  /** Qualifications: which redeemables a customer and an order qualify for, each judged alone by the engine; made when the engine loads. */
  readonly qualifications: QualificationStore;
  /** Loyalty programmes: loyalty campaigns, their members and the members' points. */
  readonly loyalties: LoyaltyStore;
  /** Earning rules of the loyalty campaigns: what earns points, and when. */
  readonly earningRules: EarningRuleStore;
  /** Points earned by paid orders that wait for their activation day. */
  readonly pendingPoints: PendingPointsStore;
  /** Gives members the points of the rules that the project's events fire, and estimates them. */
  readonly earner: PointsEarner;
  /** Tiers of the loyalty campaigns, and where each member stands in them. */
  readonly loyaltyTiers: LoyaltyTierStore;
  /** The loyalty programmes' run at midnight: pending points, expiry and tiers. */
  readonly nightly: NightlyRun;
  /** Rewards and their assignments to loyalty campaigns, at a price in points. */
  readonly rewards: RewardStore;
  /** Members' reward redemptions: points exchanged for coupons, credit, points, products or a discount. */
  readonly rewardRedeemer: RewardRedeemer;
  /** The referrers and referees of referral codes. */
  readonly referralHolders: ReferralHolders;
  /** What referral campaigns give their referrers (the service's API has no operation for them). */
  readonly referralTiers: ReferralTierStore;
  /** Referrals converting: referees and referrers rewarded as the project's redemptions and custom events come. */
  readonly referrals: ReferralConversions;
  /** The organisation's users assigned to the project and their role in it (management API). */
  readonly members: ProjectMemberStore;
}

/** Creates the empty state of a new project; the service hands it to the project registry. */
export const createProjectState = (context: ServiceContext, settings: ProjectSettings = {}): ProjectState => {
  // Stacking rules name categories: a category goes only once they let it go.
  const stackingRules = new StackingRulesStore(context);
  const categories = new CategoryStore(context, () => stackingRules);
  const metadataSchemas = new MetadataSchemaStore(context);
  const asyncActions = new AsyncActionStore(context);
  const bin = new BinStore(context);
  const events = new EventLog(context);
  const webhooks = new WebhookStore(context);
  const webhookDeliveries = new WebhookDeliveries(context, {
    events,
    webhooks,
    projectId: () => settings.projectId ?? '',
    webhookToken: () => settings.webhookToken ?? '',
  });
  const customers = new CustomerStore(context, metadataSchemas, events);
  const products = new ProductStore(context, metadataSchemas, bin);
  // Validation rules look up the objects they are assigned to; vouchers and campaigns read their assignments from them.
  const validationRules = new ValidationRuleStore(
    context,
    projectTargets({ vouchers: () => vouchers, campaigns: () => campaigns, promotions: () => promotions }),
    events,
  );
  // The two stores refer to each other: vouchers look up the campaign they join, campaigns add vouchers.
  // The campaigns area reaches the rules above it only through this port.
  const rules = ruleAssignments(() => validationRules);
  const vouchers: VoucherStore = new VoucherStore(context, {
    categories,
    bin,
    events,
    campaigns: () => campaigns,
    rules,
    loyaltyCards: () => loyaltyCards,
    settings,
  });
  const loyaltyCards = new LoyaltyCardLedger(context, {
    vouchers: () => vouchers,
    customers,
    events,
    timeZone: () => settings.timezone,
  });
  // Likewise promotions and campaigns: tiers look up their campaign, campaigns show their tiers.
  const promotions: PromotionStore = new PromotionStore(context, {
    categories,
    events,
    metadataSchemas,
    campaigns: () => campaigns,
    rules,
  });
  const campaigns: CampaignStore = new CampaignStore(context, {
    vouchers,
    categories,
    asyncActions,
    bin,
    events,
    promotions,
    rules,
  });
  const templateResources = new TemplateResources({ products, collections: () => productCollections });
  const campaignTemplates = new CampaignTemplateStore(context, {
    campaigns,
    promotions,
    rules: templateRules(() => validationRules),
    resources: templateResources,
  });
  const locations = new LocationStore(context);
  const orders = new OrderStore(context, customers, products, metadataSchemas, events);
  const exports = new ExportStore(context);
  exports.sources.register('voucher', voucherExportSource(vouchers, customers));
  exports.sources.register('voucher_transactions', voucherTransactionExportSource(vouchers));
  exports.sources.register('customer', customerExportSource(customers));
  exports.sources.register('points_expiration', pointsExpirationExportSource(loyaltyCards));
  exports.sources.register('order', orderExportSource(orders));
  const publications = new PublicationStore(context, { vouchers, campaigns, customers, events });
  exports.sources.register('publication', publicationExportSource(publications));
  // The engine reads every other store of the project, so it gets the finished state.
  const redemptions: RedemptionStore = new RedemptionStore(context, () => state, settings);
  exports.sources.register('redemption', redemptionExportSource(redemptions));
  const loyalties = new LoyaltyStore({ campaigns, categories, vouchers, customers, loyaltyCards });
  const segments = new SegmentStore(context, customers, events, locations);
  const productCollections = new ProductCollectionStore(context, products);
  const earningRules: EarningRuleStore = new EarningRuleStore(context, {
    loyalties,
    segments,
    validationRules,
    events,
    tiers: () => loyaltyTiers,
  });
  const loyaltyTiers = new LoyaltyTierStore(context, {
    loyalties,
    vouchers,
    loyaltyCards,
    customers,
    events,
    earningRuleExists: (id) => earningRules.find(id) !== undefined,
  });
  const pendingPoints = new PendingPointsStore(context, { vouchers, loyaltyCards, customers, events });
  const earner = new PointsEarner(context, {
    earningRules,
    loyalties,
    vouchers,
    loyaltyCards,
    pendingPoints,
    publications,
    customers,
    segments,
    productCollections,
    validationRules,
    orders,
    events,
    tiers: () => loyaltyTiers,
    timeZone: () => settings.timezone,
  });
  // The programmes react to what happens below them; nothing there calls them.
  earner.listen();
  loyaltyTiers.listen();
  const rewards = new RewardStore(context, { loyalties, campaigns, products, validationRules, events });
  // A loyalty card pays with the rewards its campaign offers; the engine asks through its port
  // (so the engine is loaded when it is called).
  redemptions.connect({
    loyaltyReward: (card, rewardId) => {
      const offer = card.campaign_id ? rewards.offer(rewardId, card.campaign_id) : undefined;
      const ruleIds = offer
        ? rewards.validationRulesOf(offer.assignmentId).filter((id) => validationRules.has(id))
        : [];
      return offer && { ...offer, rules: ruleIds.map((id) => engine().engineRuleSet(validationRules.ruleSetOf(id))) };
    },
  });
  releaseDeletedCampaigns(events, [rewards, earningRules, loyaltyTiers]);
  const rewardRedeemer = new RewardRedeemer(context, {
    loyalties,
    rewards,
    tiers: loyaltyTiers,
    loyaltyCards,
    vouchers,
    publications,
    customers,
    campaigns,
    products,
    redemptions,
    events,
  });
  rewardRedeemer.listen();
  const referralHolders = new ReferralHolders(context, { vouchers, publications, customers, campaigns, events });
  const referralTiers = new ReferralTierStore(context, { campaigns, rewards, events });
  const referrals = new ReferralConversions(context, {
    vouchers,
    publications,
    loyaltyCards,
    products,
    campaigns,
    customers,
    holders: referralHolders,
    tiers: referralTiers,
    rewards,
    events,
    redemptions,
  });
  referrals.listen();
  const nightly = new NightlyRun(context, {
    loyalties,
    vouchers,
    loyaltyCards,
    pendingPoints,
    tiers: loyaltyTiers,
    rewards,
    rewardRedeemer,
    timeZone: () => settings.timezone,
  });
  const stores: Omit<ProjectState, 'qualifications'> = {
    oauth: new OAuthTokenStore(context),
    categories,
    stackingRules,
    metadataSchemas,
    brands: new BrandStore(context),
    customEventSchemas: new CustomEventSchemaStore(context),
    asyncActions,
    bin,
    events,
    webhooks,
    webhookDeliveries,
    vouchers,
    loyaltyCards,
    campaigns,
    customers,
    consents: new ConsentStore(context, customers),
    products,
    productCollections,
    segments,
    orders,
    locations,
    promotions,
    validationRules,
    campaignTemplates,
    publications,
    exports,
    redemptions,
    loyalties,
    earningRules,
    pendingPoints,
    earner,
    loyaltyTiers,
    nightly,
    rewards,
    rewardRedeemer,
    referralHolders,
    referralTiers,
    referrals,
    members: new ProjectMemberStore(context),
  };
  // The qualification store is made by the engine, which loads with the first qualification; not
  // enumerable, so that spreading or printing the state never asks for it before then.
  const state = Object.defineProperty(stores, 'qualifications', {
    get: (): QualificationStore => engine().qualificationsOf(context, state),
  }) as ProjectState;
  return state;
};
