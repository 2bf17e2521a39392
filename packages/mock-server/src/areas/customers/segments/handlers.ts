import { listBody, timeCursorPageOf } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Customer segments: static lists and filter-based groups, passive or active. */
export const segmentHandlers = {
  listSegments: ({ project, query }) => {
    const segments = project.state.segments.list(query);
    const page = timeCursorPageOf(segments, {
      limit: query.limit,
      startingAfter: query.starting_after,
      descending: query.order !== 'created_at',
    });
    return { status: 200, body: listBody('data', page, ['total', 'has_more']) };
  },
  createSegment: ({ project, body, requestId }) => ({
    status: 200,
    body: project.state.segments.create(body, { requestId }),
  }),
  getSegment: ({ project, params }) => ({ status: 200, body: project.state.segments.get(params.segmentId) }),
  updateSegment: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.segments.update(params.segmentId, body, { requestId }),
  }),
  deleteSegment: ({ project, params }) => {
    project.state.segments.delete(params.segmentId);
    return { status: 204, body: null };
  },
  listSegmentActivities: ({ project, params, query }) => ({
    status: 200,
    body: project.state.segments.activities(params.segmentId, query),
  }),
} satisfies HandlerMap;
