import { listBody, pageOf } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Locations, read-only: the dashboard draws them. */
export const locationHandlers = {
  listLocations: ({ project, query }) => {
    const locations = project.state.locations.list({
      order: query.order,
      filters: query.filters,
      endDate: query.end_date,
    });
    return { status: 200, body: listBody('data', pageOf(locations, { limit: query.limit }), ['total', 'has_more']) };
  },
  getLocation: ({ project, params }) => ({ status: 200, body: project.state.locations.get(params.locationId) }),
} satisfies HandlerMap;
