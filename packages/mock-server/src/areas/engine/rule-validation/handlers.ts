import { engineRuleSet } from '../redemptions/ports.js';
import type { HandlerMap } from '../../../http/handler.js';

/**
 * One validation rule judged on its own on a customer and an order, by the engine that judges the
 * rules of redeemables (an operation only the official JavaScript SDK calls).
 */
export const ruleValidationHandlers = {
  validateValidationRule: ({ project, params, body }) => {
    const { validationRules, redemptions } = project.state;
    const ruleId = validationRules.get(params.validationRuleId).id;
    const judgement = redemptions.judgeRule(body, engineRuleSet(validationRules.ruleSetOf(ruleId)));
    if (judgement.valid)
      return { status: 200, body: { valid: true, rule_id: ruleId, applicable_to: judgement.applicable_to } };
    return {
      status: 200,
      body: {
        valid: false,
        rule_id: ruleId,
        applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
        error: { code: 400, key: judgement.key, message: judgement.message },
      },
    };
  },
} satisfies HandlerMap;
