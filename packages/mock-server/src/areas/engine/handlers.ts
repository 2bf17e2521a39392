import type { HandlerMap } from '../../http/handler.js';
import { legacyEngineHandlers } from './legacy/handlers.js';
import { qualificationHandlers } from './qualifications/handlers.js';
import { redemptionEngineHandlers } from './redemptions/engine-handlers.js';
import { ruleValidationHandlers } from './rule-validation/handlers.js';

/** The handlers of the operations that run the engine, loaded with the first of them (`on-demand.ts`). */
export const engineHandlers: HandlerMap = {
  ...redemptionEngineHandlers,
  ...qualificationHandlers,
  ...ruleValidationHandlers,
  ...legacyEngineHandlers,
};
