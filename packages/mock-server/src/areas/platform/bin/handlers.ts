import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** The bin: deleted campaigns, vouchers, products and SKUs waiting to be deleted for good. */
export const binHandlers = {
  listBinEntries: ({ project, query }) => ({
    status: 200,
    body: listBody(
      'data',
      project.state.bin.list({
        limit: query.limit,
        order: query.order,
        startingAfterId: query.starting_after_id,
        filters: query.filters,
      }),
      ['total', 'has_more', 'more_starting_after'],
    ),
  }),
  deleteBinEntry: ({ project, params }) => {
    project.state.bin.delete(params.binEntryId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
