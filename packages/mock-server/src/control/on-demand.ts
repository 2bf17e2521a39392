import type { IncomingRequest } from '../http/incoming-request.js';
import type { Answer } from '../http/respond.js';
import type { ControlDependencies } from './control-api.js';
import { controlPath } from './prefix.js';

/**
 * The control API, loaded with the first request under its prefix: a test file or a page that
 * never calls it does not load it (nor the untested report and the documented errors it reads).
 *
 * @param deps - The service's parts it drives.
 * @returns A responder: an answer for a request under the prefix, `undefined` for any other.
 */
export const controlOnDemand = (deps: ControlDependencies) => {
  let responder: Promise<(request: IncomingRequest, url: URL) => Promise<Answer | undefined>> | undefined;
  return async (request: IncomingRequest, url = new URL(request.url)): Promise<Answer | undefined> => {
    if (controlPath(url, deps.basePath) === undefined) return undefined;
    responder ??= import('./control-api.js').then(({ controlApi }) => controlApi(deps));
    return (await responder)(request, url);
  };
};
