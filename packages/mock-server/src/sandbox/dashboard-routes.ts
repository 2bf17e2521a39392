import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkManagementKeys } from '../control/control-api.js';
import { CONTROL_PREFIX, EVENTS_PATH } from '../control/prefix.js';
import { CORS_HEADERS } from '../http/cors.js';
import { toApiError } from '../http/respond.js';
import type { FullMockService } from '../service.js';
import { dashboardAssets } from './dashboard-assets.js';
import { streamEvents } from './event-stream.js';

/**
 * What the HTTP sandbox serves beside the service's answers, under the control API's prefix: the
 * dashboard's page and files, and the stream of journal entries and webhook deliveries (which
 * takes the management keys, as the rest of the control API does). Every other request goes on
 * to the service.
 *
 * @param service - The service the sandbox serves.
 * @returns A router: `true` when it took the request.
 */
export const dashboardRoutes = (service: FullMockService) => {
  const prefix = `${new URL(service.baseUrl).pathname.replace(/\/+$/, '')}${CONTROL_PREFIX}`;
  const assets = dashboardAssets(prefix);
  const events = `${prefix}${EVENTS_PATH}`;
  return (incoming: IncomingMessage, outgoing: ServerResponse): boolean => {
    const url = incoming.url ?? '';
    if (!url.startsWith(prefix)) return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path !== events || incoming.method !== 'GET') return assets(incoming.method ?? '', path, outgoing);
    try {
      checkManagementKeys({ get: (name) => header(incoming, name) }, service.management);
    } catch (error) {
      const { status, headers, body } = service.refusal(toApiError(error));
      outgoing.writeHead(status, { ...headers, ...CORS_HEADERS }).end(body);
      return true;
    }
    streamEvents(service, incoming, outgoing);
    return true;
  };
};

/** One header of a Node request, as fetch's `Headers.get` reads it. */
const header = (incoming: IncomingMessage, name: string): string | null => {
  const value = incoming.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};
