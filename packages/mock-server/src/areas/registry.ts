import type { OperationId } from '../generated/routes.js';
import type { HandlerMap } from '../http/handler.js';
import { asyncActionHandlers } from './platform/async-actions/handlers.js';
import { binHandlers } from './platform/bin/handlers.js';
import { brandHandlers } from './platform/branding/handlers.js';
import { campaignHandlers } from './campaigns/campaigns/handlers.js';
import { categoryHandlers } from './catalog/categories/handlers.js';
import { customEventSchemaHandlers } from './catalog/custom-event-schemas/handlers.js';
import { customerHandlers } from './customers/customers/handlers.js';
import { consentHandlers } from './customers/consents/handlers.js';
import { eventHandlers } from './customers/events/handlers.js';
import { exportHandlers } from './platform/exports/handlers.js';
import { locationHandlers } from './catalog/locations/handlers.js';
import { metadataSchemaHandlers } from './catalog/metadata-schemas/handlers.js';
import { managementMetadataSchemaHandlers } from './catalog/metadata-schemas/management-handlers.js';
import { oauthHandlers } from './platform/oauth/handlers.js';
import { projectHandlers } from './platform/projects/handlers.js';
import { projectUserHandlers } from './platform/projects/user-handlers.js';
import { webhookHandlers } from './platform/webhooks/handlers.js';
import { orderHandlers } from './customers/orders/handlers.js';
import { productCollectionHandlers } from './catalog/product-collections/handlers.js';
import { productHandlers } from './catalog/products/handlers.js';
import { publicationHandlers } from './campaigns/publications/handlers.js';
import { redemptionHandlers } from './engine/redemptions/handlers.js';
import { segmentHandlers } from './customers/segments/handlers.js';
import { stackingRulesHandlers } from './rules/stacking-rules/handlers.js';
import { voucherHandlers } from './campaigns/vouchers/handlers.js';
import { promotionHandlers } from './campaigns/promotions/handlers.js';
import { campaignTemplateHandlers } from './campaigns/templates/handlers.js';
import { validationRuleHandlers } from './rules/validation-rules/handlers.js';
import { loyaltyHandlers } from './programmes/loyalties/handlers.js';
import { earningRuleHandlers } from './programmes/earning-rules/handlers.js';
import { pendingPointsHandlers } from './programmes/pending-points/handlers.js';
import { tierHandlers } from './programmes/tiers/handlers.js';
import { rewardHandlers } from './programmes/rewards/handlers.js';
import { referralHandlers } from './programmes/referrals/handlers.js';
import { engineOnDemand } from './engine/on-demand.js';

/** Every implemented operation's handler; operations missing here answer 501. */
export const handlers: HandlerMap = {
  ...oauthHandlers,
  ...projectHandlers,
  ...projectUserHandlers,
  ...webhookHandlers,
  ...categoryHandlers,
  ...stackingRulesHandlers,
  ...metadataSchemaHandlers,
  ...managementMetadataSchemaHandlers,
  ...customEventSchemaHandlers,
  ...brandHandlers,
  ...asyncActionHandlers,
  ...binHandlers,
  ...voucherHandlers,
  ...campaignHandlers,
  ...customerHandlers,
  ...consentHandlers,
  ...productHandlers,
  ...productCollectionHandlers,
  ...segmentHandlers,
  ...orderHandlers,
  ...locationHandlers,
  ...eventHandlers,
  ...promotionHandlers,
  ...campaignTemplateHandlers,
  ...validationRuleHandlers,
  ...publicationHandlers,
  ...exportHandlers,
  ...redemptionHandlers,
  ...engineOnDemand(),
  ...loyaltyHandlers,
  ...earningRuleHandlers,
  ...pendingPointsHandlers,
  ...tierHandlers,
  ...rewardHandlers,
  ...referralHandlers,
};

/**
 * The operationIds the mock implements, sorted; the coverage report is built from this list.
 * Every other operation of the spec answers 501.
 */
export const implementedOperations: readonly OperationId[] = (Object.keys(handlers) as OperationId[]).sort();
