import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Validation rules: CRUD, and their assignments to vouchers, campaigns, promotion tiers and other objects. */
export const validationRuleHandlers = {
  listValidationRules: ({ project, query }) => ({
    status: 200,
    body: listBody('data', project.state.validationRules.list(query), ['total']),
  }),
  createValidationRule: ({ project, body, requestId }) => ({
    status: 200,
    body: project.state.validationRules.create(body, { requestId }),
  }),
  getValidationRule: ({ project, params }) => ({
    status: 200,
    body: project.state.validationRules.get(params.validationRuleId),
  }),
  updateValidationRule: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.validationRules.update(params.validationRuleId, body, { requestId }),
  }),
  deleteValidationRule: ({ project, params, requestId }) => {
    project.state.validationRules.delete(params.validationRuleId, { requestId });
    return { status: 204, body: null };
  },
  listValidationRulesAssignments: ({ project, query }) => ({
    status: 200,
    body: listBody('data', project.state.validationRules.listAssignments(query), ['total']),
  }),
  listValidationRuleAssignments: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.validationRules.assignmentsOfRule(params.validationRuleId, query), ['total']),
  }),
  createValidationRuleAssignment: ({ project, params, query, body, requestId }) => ({
    status: 200,
    body: project.state.validationRules.assign(params.validationRuleId, body, query.force, { requestId }),
  }),
  deleteValidationRuleAssignment: ({ project, params, requestId }) => {
    project.state.validationRules.unassign(params.validationRuleId, params.assignmentId, { requestId });
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
