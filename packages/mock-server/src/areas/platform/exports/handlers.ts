import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import type { Export } from './store.js';

/** Exports: create (a background job that writes a CSV file), list, read and delete; the file itself is served by `exportDownloads`. */
export const exportHandlers = {
  createExport: ({ project, body, baseUrl }) => {
    const { exports } = project.state;
    const created = exports.create(body.exported_object, body.parameters);
    return { status: 200, body: exports.present(created, baseUrl) as Export & { status: 'SCHEDULED'; result: null } };
  },
  listExports: ({ project, query, baseUrl }) => {
    const { exports } = project.state;
    const page = exports.list(query);
    return {
      status: 200,
      body: listBody(
        'exports',
        { ...page, items: page.items.map((stored) => exports.present(stored, baseUrl) as Export) },
        ['total'],
      ),
    };
  },
  getExport: ({ project, params, baseUrl }) => {
    const { exports } = project.state;
    return { status: 200, body: exports.present(exports.get(params.exportId), baseUrl) as Export };
  },
  deleteExport: ({ project, params }) => {
    project.state.exports.delete(params.exportId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
