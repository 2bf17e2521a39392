import type { HandlerMap } from '../../../http/handler.js';
import { trackCustomEvent } from './track.js';

/** Custom events, from the server side and from the client side. */
export const eventHandlers = {
  trackCustomEvent: ({ project, body, requestId, service }) => ({
    status: 200,
    body: trackCustomEvent(project.state, body, { requestId, source: { channel: 'API' } }, service),
  }),
  trackCustomEventClientSide: ({ project, body, requestId, service }) => ({
    status: 200,
    body: trackCustomEvent(project.state, body, { requestId, source: { channel: 'CLIENT_API' } }, service),
  }),
} satisfies HandlerMap;
