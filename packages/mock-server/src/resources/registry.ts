import type { OperationId } from '../generated/operations.js';
import type { HandlerMap } from '../http/handler.js';
import { asyncActionHandlers } from './async-actions/handlers.js';
import { binHandlers } from './bin/handlers.js';
import { campaignHandlers } from './campaigns/handlers.js';
import { categoryHandlers } from './categories/handlers.js';
import { customerHandlers } from './customers/handlers.js';
import { eventHandlers } from './events/handlers.js';
import { exportHandlers } from './exports/handlers.js';
import { locationHandlers } from './locations/handlers.js';
import { metadataSchemaHandlers } from './metadata-schemas/handlers.js';
import { oauthHandlers } from './oauth/handlers.js';
import { orderHandlers } from './orders/handlers.js';
import { productCollectionHandlers } from './product-collections/handlers.js';
import { productHandlers } from './products/handlers.js';
import { publicationHandlers } from './publications/handlers.js';
import { redemptionHandlers } from './redemptions/handlers.js';
import { segmentHandlers } from './segments/handlers.js';
import { stackingRulesHandlers } from './stacking-rules/handlers.js';
import { voucherHandlers } from './vouchers/handlers.js';
import { promotionHandlers } from './promotions/handlers.js';
import { validationRuleHandlers } from './validation-rules/handlers.js';
import { qualificationHandlers } from './qualifications/handlers.js';

/** Every implemented operation's handler; operations missing here answer 501. */
export const handlers: HandlerMap = {
  ...oauthHandlers,
  ...categoryHandlers,
  ...stackingRulesHandlers,
  ...metadataSchemaHandlers,
  ...asyncActionHandlers,
  ...binHandlers,
  ...voucherHandlers,
  ...campaignHandlers,
  ...customerHandlers,
  ...productHandlers,
  ...productCollectionHandlers,
  ...segmentHandlers,
  ...orderHandlers,
  ...locationHandlers,
  ...eventHandlers,
  ...promotionHandlers,
  ...validationRuleHandlers,
  ...publicationHandlers,
  ...exportHandlers,
  ...redemptionHandlers,
  ...qualificationHandlers,
};

/**
 * The operationIds the mock implements, sorted; the coverage report is built from this list.
 * Every other operation of the spec answers 501.
 *
 * @example
 * ```ts
 * implementedOperations.includes('listCategories'); // true
 * ```
 */
export const implementedOperations: readonly OperationId[] = (Object.keys(handlers) as OperationId[]).sort();
