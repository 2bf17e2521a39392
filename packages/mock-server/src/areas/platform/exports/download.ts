import type { ProjectRegistry } from '../../../core/projects.js';
import { ApiError } from '../../../http/api-error.js';
import type { IncomingRequest } from '../../../http/incoming-request.js';
import { type Answer, errorAnswer, toApiError } from '../../../http/respond.js';
import type { ExportStore } from './store.js';

/** What {@link exportDownloads} needs from the service. */
export interface ExportDownloadDependencies {
  /** The service's projects (the token, not API keys, says which export is read). */
  readonly projects: () => ProjectRegistry<{ readonly exports: ExportStore }>;
  /** Path prefix of the base URL, as the dispatcher strips it. */
  readonly basePath: string;
  /** The next request id, for error bodies. */
  readonly requestId: () => string;
}

const DOWNLOAD_PATH = /^\/v1\/exports\/([^/]+)\/?$/;

/**
 * Serves the files of finished exports at the address in their `result.url`:
 * `GET {baseUrl}/v1/exports/{exportId}?token=…`. The token is the credential, as on the
 * service's download host, so the link works without API keys (in a browser, with curl). A
 * request without `token` is not a download: it returns `undefined` and the API answers it
 * (`getExport`). An unknown export answers 404, a wrong token 401, both in the service's error
 * body; a good one answers the CSV as `text/plain`.
 *
 * @param deps - The projects, the base path and the request ids.
 * @returns A responder: an answer for a download, `undefined` for anything else; it takes the
 *   request's URL when the caller has parsed it already.
 */
export const exportDownloads =
  (deps: ExportDownloadDependencies) =>
  (request: Pick<IncomingRequest, 'method' | 'url'>, url = new URL(request.url)): Answer | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const token = url.searchParams.get('token');
    if (token === null) return undefined;
    const path = url.pathname.replace(/\/{2,}/g, '/');
    if (deps.basePath !== '' && !path.startsWith(`${deps.basePath}/`)) return undefined;
    const match = DOWNLOAD_PATH.exec(path.slice(deps.basePath.length));
    if (!match) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(match[1] as string);
    } catch {
      return errorAnswer(ApiError.notFound('export', match[1] as string), deps.requestId());
    }
    const project = deps
      .projects()
      .list()
      .find((candidate) => candidate.state.exports.has(id));
    try {
      if (!project) throw ApiError.notFound('export', id);
      const file = project.state.exports.download(id, token);
      const headers = {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="${file.name}"`,
      };
      return { status: 200, headers, body: request.method === 'HEAD' ? null : file.text };
    } catch (error) {
      return errorAnswer(toApiError(error), deps.requestId());
    }
  };
