import type { ProjectKeys } from '../../../core/projects.js';
import { routes } from '../../../generated/routes.js';
import type { JournalEntry, RequestJournal } from '../../../http/journal.js';
import type { ExportSource } from './source.js';

/** The channel a logged request came through: the client-side API for client keys, the API otherwise. */
const channelOf = (entry: JournalEntry): string => (entry.principal === 'client' ? 'CLIENT_API' : 'API');

/** A value as one cell of JSON, empty when there is none. */
const json = (value: unknown): string => (value === undefined || value === null ? '' : JSON.stringify(value));

/**
 * The API log of one project as `exported_object: 'api_log'` writes it (decision 0056): one row
 * per request that the request journal kept for the project (the newest 1,000 of the service by
 * default, `journal: { size }`), filtered on `created_at`, `status`, `channel`, `app_id` and
 * `client_app_id`, newest first unless the request says otherwise.
 *
 * @param journal - The service's request journal.
 * @param projectId - The project whose requests are exported.
 * @param keys - The project's keys, which name the application of each request.
 * @returns The source to register under `api_log`.
 */
export const apiLogExportSource = (
  journal: RequestJournal,
  projectId: string,
  keys: () => ProjectKeys | undefined,
): ExportSource<JournalEntry> => {
  const appIdOf = (entry: JournalEntry): string =>
    entry.principal === 'server' || entry.principal === 'oauth' ? (keys()?.appId ?? '') : '';
  const clientAppIdOf = (entry: JournalEntry): string =>
    entry.principal === 'client' ? (keys()?.clientAppId ?? '') : '';
  return {
    rows: () => journal.calls(undefined, { projectId }),
    view: (entry) => ({
      created_at: entry.at,
      status: entry.status,
      channel: channelOf(entry),
      app_id: appIdOf(entry),
      client_app_id: clientAppIdOf(entry),
    }),
    columns: {
      id: (entry) => entry.requestId,
      created_at: (entry) => entry.at,
      status: (entry) => entry.status,
      request_id: (entry) => entry.requestId,
      channel: channelOf,
      method: (entry) => entry.method,
      endpoint: (entry) => routes[entry.operationId].path,
      url: (entry) => entry.url,
      user_email: () => '',
      app_id: appIdOf,
      client_app_id: clientAppIdOf,
      request_duration: (entry) => entry.durationMs,
      request_body: (entry) => json(entry.body),
      response_body: (entry) => json(entry.response),
    },
    defaultFields: ['id', 'created_at', 'status', 'channel', 'method', 'endpoint'],
    filterFields: ['created_at', 'status', 'channel', 'app_id', 'client_app_id'],
  };
};
