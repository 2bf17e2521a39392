import './dashboard.css';
import { type ManagementKeys, type ProjectInfo, createApi } from './api.js';
import type { ClockState, DashboardContext, View } from './context.js';
import { fill, h, when } from './dom.js';
import { follow } from './stream.js';
import { dataView } from './views/data.js';
import { projectsView } from './views/projects.js';
import { requestsView } from './views/requests.js';
import { timeView } from './views/time.js';
import { webhooksView } from './views/webhooks.js';

/** Where the page keeps the management keys for the tab's life. */
const STORED = 'voucherkit.management';

const VIEWS: readonly View[] = [requestsView, webhooksView, dataView, timeView, projectsView];

/** The management keys: from the address's fragment (as the start banner prints it), else those kept. */
const givenKeys = (): ManagementKeys | undefined => {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const managementId = fragment.get('management_id');
  const managementToken = fragment.get('management_token');
  if (managementId && managementToken) {
    sessionStorage.setItem(STORED, JSON.stringify({ managementId, managementToken }));
    history.replaceState(null, '', `${location.pathname}${location.search}#requests`);
    return { managementId, managementToken };
  }
  const kept = sessionStorage.getItem(STORED);
  return kept === null ? undefined : (JSON.parse(kept) as ManagementKeys);
};

/** Asks for the management keys when the page was given none. */
const askForKeys = (app: HTMLElement, problem?: string): void => {
  const id = h('input', { id: 'management-id', required: true, autocomplete: 'off' });
  const token = h('input', { id: 'management-token', required: true, autocomplete: 'off' });
  fill(
    app,
    h(
      'form',
      {
        class: 'keys',
        onsubmit: (event: Event) => {
          event.preventDefault();
          sessionStorage.setItem(
            STORED,
            JSON.stringify({ managementId: id.value.trim(), managementToken: token.value.trim() }),
          );
          void start(app);
        },
      },
      h('h1', null, 'Voucherkit sandbox'),
      h(
        'p',
        null,
        'The dashboard calls the control API with the management keys that the sandbox printed when it started.',
      ),
      problem && h('p', { class: 'error', role: 'alert' }, problem),
      h('label', { for: 'management-id' }, 'X-Management-Id'),
      id,
      h('label', { for: 'management-token' }, 'X-Management-Token'),
      token,
      h('button', { type: 'submit' }, 'Open the dashboard'),
    ),
  );
};

/** Opens the dashboard with the keys given, or asks for them. */
const start = async (app: HTMLElement): Promise<void> => {
  const keys = givenKeys();
  if (keys === undefined) return askForKeys(app);
  const api = createApi(keys);
  let projects: ProjectInfo[];
  try {
    projects = (await api.control<{ data: ProjectInfo[] }>('GET', '/projects')).data;
  } catch (error) {
    sessionStorage.removeItem(STORED);
    return askForKeys(app, error instanceof Error ? error.message : String(error));
  }
  let chosen = projects.find((project) => project.primary) ?? (projects[0] as ProjectInfo);
  const streamListeners = new Map<string, ((data: unknown) => void)[]>();
  const changeListeners: (() => void)[] = [];
  const status = h('p', { class: 'status', role: 'status' });
  const clock = h('span', { class: 'clock', 'data-testid': 'clock' });
  const live = h('span', { class: 'live' }, 'connecting…');
  const context: DashboardContext = {
    api,
    projects,
    project: () => chosen,
    onStream: (name, listener) => streamListeners.set(name, [...(streamListeners.get(name) ?? []), listener]),
    onChange: (listener) => void changeListeners.push(listener),
    changed: () => {
      for (const listener of changeListeners) listener();
    },
    say: (message, error = false) => {
      status.className = error ? 'status error' : 'status';
      fill(status, message);
    },
  };
  const showClock = (state: ClockState): void =>
    fill(
      clock,
      `Mock time ${when(state.now)} UTC${state.frozen ? ' (frozen)' : ''} · ${state.pending_jobs} jobs pending`,
    );
  const readClock = (): void => void api.control<ClockState>('GET', '/clock').then(showClock, () => undefined);
  context.onChange(readClock);
  readClock();
  setInterval(readClock, 5000);

  const projectSelect = h(
    'select',
    {
      'aria-label': 'Project',
      onchange: () => {
        chosen = projects.find((project) => project.id === projectSelect.value) ?? chosen;
        context.changed();
      },
    },
    projects.map((project) => h('option', { value: project.id, selected: project.id === chosen.id }, project.name)),
  );
  const nav = h(
    'nav',
    null,
    VIEWS.map((view) => h('a', { href: `#${view.id}`, 'data-view': view.id }, view.label)),
  );
  const panels = VIEWS.map((view) => {
    const panel = h('section', { id: `view-${view.id}`, class: 'view', hidden: true, 'aria-label': view.label });
    return { view, panel, show: view.mount(panel, context) };
  });
  fill(
    app,
    h('header', null, h('h1', null, 'Voucherkit'), nav, h('div', { class: 'meta' }, projectSelect, clock, live)),
    status,
    panels.map(({ panel }) => panel),
  );
  const route = (): void => {
    const id = location.hash.slice(1) || 'requests';
    const current = panels.find(({ view }) => view.id === id) ?? panels[0];
    for (const entry of panels) entry.panel.hidden = entry !== current;
    for (const link of nav.querySelectorAll('a'))
      link.toggleAttribute('aria-current', link.dataset['view'] === current?.view.id);
    context.say('');
    current?.show();
  };
  addEventListener('hashchange', route);
  route();
  follow(
    keys,
    (name, data) => {
      for (const listener of streamListeners.get(name) ?? []) listener(data);
    },
    (open) => {
      live.className = open ? 'live on' : 'live';
      fill(live, open ? 'live' : 'reconnecting…');
    },
  );
};

void start(document.getElementById('app') as HTMLElement);
