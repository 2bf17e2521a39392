/**
 * The engine, loaded on demand (decision 0083): the logic the redemption store calls to validate,
 * redeem and roll back, and the projects' qualification stores. Only `load.ts` imports this
 * module, with `import()`.
 */
export { checkStackedRedeemables, StackedRedeemablesError } from '@voucherkit/domain';
export { aloneJudge } from './redemptions/engine/alone.js';
export { presentOrder, presentOutcome } from './redemptions/engine/answer.js';
export { applyStack } from './redemptions/engine/apply.js';
export { unsavedCustomerOf } from './redemptions/engine/checks.js';
export {
  announceRedemption,
  commitRedemption,
  failRedemption,
  redemptionResult,
} from './redemptions/engine/commit.js';
export { rollbackEventData } from './redemptions/engine/event-data.js';
export { appliedStackingRules, readSession, stackingRulesInForce } from './redemptions/engine/request.js';
export { rollbackEntry } from './redemptions/engine/rollback.js';
export { judgeRuleAlone } from './redemptions/engine/rule-alone.js';
export { engineRuleSet, projectPorts } from './redemptions/ports.js';
export { qualificationsOf } from './qualifications/store.js';
