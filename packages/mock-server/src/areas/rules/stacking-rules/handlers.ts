import type { HandlerMap } from '../../../http/handler.js';

/** Stacking rules: the project's one set, managed with management keys. */
export const stackingRulesHandlers = {
  listStackingRules: ({ project }) => {
    const data = project.state.stackingRules.list();
    return { status: 200, body: { object: 'list', data_ref: 'data', data, total: data.length } };
  },
  createStackingRules: ({ project, body }) => ({
    status: 200,
    body: project.state.stackingRules.create(body, (id) => project.state.categories.has(id)),
  }),
  getStackingRules: ({ project, params }) => ({
    status: 200,
    body: project.state.stackingRules.get(params.stackingRulesId),
  }),
  updateStackingRules: ({ project, params, body }) => ({
    status: 200,
    body: project.state.stackingRules.update(params.stackingRulesId, body, (id) => project.state.categories.has(id)),
  }),
  deleteStackingRules: ({ project, params }) => {
    project.state.stackingRules.delete(params.stackingRulesId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
