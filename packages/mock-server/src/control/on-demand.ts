import type { IncomingRequest } from '../http/incoming-request.js';
import type { Answer } from '../http/respond.js';
import { loadedOnce } from '../http/first-use.js';
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
  const responder = loadedOnce(() => import('./control-api.js').then((module) => module.controlApi(deps)));
  return async (request: IncomingRequest, url = new URL(request.url)): Promise<Answer | undefined> => {
    const routePath = controlPath(url, deps.basePath);
    if (routePath === undefined) return undefined;
    return (await responder.load())(request, url, routePath);
  };
};
