import type { HandlerMap } from '../../../http/handler.js';

/** Categories: CRUD, with deletion guarded by the project's stacking rules. */
export const categoryHandlers = {
  listCategories: ({ project }) => {
    const data = project.state.categories.list();
    return { status: 200, body: { object: 'list', data_ref: 'data', data, total: data.length } };
  },
  createCategory: ({ project, body }) => ({ status: 200, body: project.state.categories.create(body) }),
  getCategory: ({ project, params }) => ({ status: 200, body: project.state.categories.get(params.categoryId) }),
  updateCategory: ({ project, params, body }) => ({
    status: 200,
    body: project.state.categories.update(params.categoryId, body),
  }),
  deleteCategory: ({ project, params, query }) => {
    const { categories } = project.state;
    categories.delete(categories.get(params.categoryId).id, query.remove_from_stacking_rules ?? false);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
