import { listBody, wholeList } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** The project's brand (management API): one at most, listed, read, changed and deleted by id. */
export const brandHandlers = {
  listBrands: ({ project }) => ({
    status: 200,
    body: listBody('data', wholeList(project.state.brands.list()), ['total']),
  }),
  createBrand: ({ project, body }) => ({ status: 200, body: project.state.brands.create(body) }),
  getBrand: ({ project, params }) => ({ status: 200, body: project.state.brands.get(params.brandingId) }),
  updateBrand: ({ project, params, body }) => ({
    status: 200,
    body: project.state.brands.update(params.brandingId, body),
  }),
  deleteBrand: ({ project, params }) => {
    project.state.brands.delete(params.brandingId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
