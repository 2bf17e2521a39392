import { copyButton, fill, h, json, table, when } from '../dom.js';
import type { ProjectInfo } from '../api.js';
import { type DashboardContext, type View, attempt } from '../context.js';

/** A request as the list shows it: a journal entry, its bodies read when it is opened. */
interface Entry {
  readonly requestId: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly principal: string;
  readonly projectId?: string;
  readonly status: number;
  readonly errorKey?: string;
  readonly at: string;
  readonly durationMs: number;
  readonly query?: unknown;
  readonly body?: unknown;
  readonly response?: unknown;
}

/** Requests the list keeps, the newest. */
const KEPT = 500;
/** Rows the list shows at once. */
const SHOWN = 200;
/**
 * The least time between two drawings of the list while requests stream in: a person reads a
 * list that moves once a second as well as one that moves at every batch, and the page leaves
 * the machine's cores to the sandbox it watches (decision 0078).
 */
const REDRAW_MS = 1000;

/** A shell-quoted word. */
const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** The curl command that sends the request again, with the keys of the kind that sent it. */
const curlOf = (entry: Entry, project: ProjectInfo | undefined, context: DashboardContext): string => {
  const { managementId, managementToken } = context.api.management;
  const headers: [string, string][] =
    entry.principal === 'management'
      ? [
          ['X-Management-Id', managementId],
          ['X-Management-Token', managementToken],
        ]
      : entry.principal === 'client' && project
        ? [
            ['X-Client-Application-Id', project.keys.client_app_id],
            ['X-Client-Token', project.keys.client_token],
          ]
        : project
          ? [
              ['X-App-Id', project.keys.app_id],
              ['X-App-Token', project.keys.app_token],
            ]
          : [];
  const parts = ['curl', ...(entry.method === 'GET' ? [] : ['-X', entry.method])];
  for (const [name, value] of headers) parts.push('-H', quoted(`${name}: ${value}`));
  if (entry.body !== undefined && entry.body !== null)
    parts.push('-H', quoted('Content-Type: application/json'), '-d', quoted(JSON.stringify(entry.body)));
  parts.push(quoted(`${context.api.origin}${new URL(entry.url).pathname}${new URL(entry.url).search}`));
  return parts.join(' ');
};

/** The requests view: the journal, newest first, following the stream; a request opens to its details. */
export const requestsView: View = {
  id: 'requests',
  label: 'Requests',
  mount(element, context) {
    let entries: Entry[] = [];
    let skipped = 0;
    let selected: string | undefined;
    let frame = 0;
    let drawnAt = Number.NEGATIVE_INFINITY;
    let listedNames = '';
    const operation = h('input', {
      type: 'search',
      placeholder: 'operation',
      'aria-label': 'Operation',
      oninput: () => render(),
    });
    const status = h('input', {
      type: 'search',
      placeholder: 'status',
      'aria-label': 'Status',
      size: 6,
      oninput: () => render(),
    });
    const errorKey = h('input', {
      type: 'search',
      placeholder: 'error key',
      'aria-label': 'Error key',
      oninput: () => render(),
    });
    const operations = h('datalist', { id: 'operations' });
    operation.setAttribute('list', 'operations');
    const count = h('span', { class: 'muted' });
    const list = h('div', { class: 'list', 'data-testid': 'request-list' });
    const detail = h('section', { class: 'detail', 'aria-label': 'Request' });
    fill(
      element,
      h(
        'div',
        { class: 'toolbar' },
        operation,
        operations,
        status,
        errorKey,
        count,
        h('button', { type: 'button', class: 'small', onclick: attempt(context, clear) }, 'Clear journal'),
      ),
      h('div', { class: 'split' }, list, detail),
    );

    async function clear(): Promise<void> {
      await context.api.control('DELETE', '/journal');
      entries = [];
      skipped = 0;
      render();
    }

    const matches = (entry: Entry): boolean =>
      (operation.value === '' || entry.operationId.toLowerCase().includes(operation.value.toLowerCase())) &&
      (status.value === '' || String(entry.status).startsWith(status.value.trim())) &&
      (errorKey.value === '' || (entry.errorKey ?? '').includes(errorKey.value.trim()));

    const row = (entry: Entry) =>
      h(
        'tr',
        {
          class: `${entry.status >= 400 ? 'error' : ''} ${entry.requestId === selected ? 'selected' : ''}`,
          'data-request-id': entry.requestId,
          onclick: () => void open(entry),
        },
        h('td', null, when(entry.at).slice(11)),
        h('td', null, entry.method),
        h('td', { class: 'path' }, entry.path),
        h('td', null, entry.operationId),
        h('td', { class: 'status' }, entry.status),
        h('td', null, entry.errorKey ?? ''),
        h('td', { class: 'number' }, `${entry.durationMs} ms`),
      );

    function render(): void {
      frame = 0;
      drawnAt = performance.now();
      const shown: Entry[] = [];
      for (let index = entries.length - 1; index >= 0 && shown.length < SHOWN; index -= 1) {
        const entry = entries[index] as Entry;
        if (matches(entry)) shown.push(entry);
      }
      fill(
        list,
        table(
          ['at', 'method', 'path', 'operation', 'status', 'error key', 'time'],
          shown.map(row),
          'No requests yet: call the API.',
        ),
      );
      fill(count, `${entries.length} requests${skipped > 0 ? `, ${skipped} more went by too fast to list` : ''}`);
      const names = [...new Set(entries.map((entry) => entry.operationId))].sort();
      const listing = names.join();
      if (listing !== listedNames) {
        listedNames = listing;
        fill(
          operations,
          names.map((name) => h('option', { value: name })),
        );
      }
    }
    /** Draws the list at the next frame, but not sooner than {@link REDRAW_MS} after the last drawing. */
    const later = (): void => {
      if (frame !== 0) return;
      const wait = drawnAt + REDRAW_MS - performance.now();
      frame = wait > 0 ? window.setTimeout(() => requestAnimationFrame(render), wait) : requestAnimationFrame(render);
    };
    const add = (added: readonly Entry[]): void => {
      const known = new Set(entries.slice(-added.length - KEPT).map((entry) => entry.requestId));
      entries.push(...added.filter((entry) => !known.has(entry.requestId)));
      if (entries.length > KEPT) entries = entries.slice(-KEPT);
      later();
    };

    async function open(entry: Entry): Promise<void> {
      selected = entry.requestId;
      render();
      const found = await context.api.control<{ data: Entry[] }>(
        'GET',
        `/journal?request_id=${encodeURIComponent(entry.requestId)}`,
      );
      const full = found.data[0] ?? entry;
      const project = context.projects.find((candidate) => candidate.id === full.projectId) ?? context.project();
      const curl = curlOf(full, project, context);
      fill(
        detail,
        h('h2', null, `${full.method} ${full.path}`),
        h(
          'p',
          null,
          `${full.operationId} · ${full.status}${full.errorKey ? ` ${full.errorKey}` : ''} · ${full.durationMs} ms · at ${when(full.at)} (mock time) · ${full.principal} keys · ${full.requestId}`,
        ),
        h(
          'div',
          { class: 'row' },
          copyButton(() => curl, 'Copy as curl'),
        ),
        h('pre', { class: 'curl', 'aria-label': 'curl' }, curl),
        h('h3', null, 'Query'),
        json(full.query),
        h('h3', null, 'Body'),
        json(full.body),
        h('h3', null, 'Answer'),
        json(full.response),
      );
    }

    context.onStream('journal', (data) => {
      const batch = data as { entries: Entry[]; skipped: number };
      skipped += batch.skipped;
      add(batch.entries);
    });
    context.onStream(
      'ready',
      attempt(context, async () => {
        const recent = await context.api.control<{ data: Entry[] }>('GET', `/journal?limit=${KEPT}`);
        add(recent.data);
      }),
    );
    context.onChange(
      attempt(context, async () => {
        const recent = await context.api.control<{ data: Entry[] }>('GET', `/journal?limit=${KEPT}`);
        entries = [];
        add(recent.data);
      }),
    );
    render();
    return () => render();
  },
};
