import { fill, h, json, table } from '../dom.js';
import { type ClockState, type DashboardContext, type View, attempt } from '../context.js';

/** Milliseconds of an ISO 8601 duration of days, hours, minutes and seconds (`P1D`, `PT90M`, `P1DT12H`). */
const durationMs = (duration: string): number => {
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(duration.trim());
  if (match === null || duration.trim().toUpperCase() === 'P' || duration.trim().toUpperCase().endsWith('T'))
    throw new RangeError(`${duration} is not a duration such as P1D, PT2H or P1DT30M.`);
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return (
    ((((weeks ?? 0) * 7 + (days ?? 0)) * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60_000 + (seconds ?? 0) * 1000
  );
};

/** A snapshot taken from the dashboard. */
interface Taken {
  readonly id: string;
  readonly taken_at: string;
}

/** The time and state view: the clock, jobs, snapshots, reset, failures and the untested report. */
export const timeView: View = {
  id: 'time',
  label: 'Time and state',
  mount(element, context: DashboardContext) {
    const taken: Taken[] = [];
    const clock = h('p', { class: 'big', 'data-testid': 'clock-state' });
    const set = h('input', { id: 'clock-set', placeholder: '2027-01-01T00:00:00Z', size: 24 });
    const advance = h('input', { id: 'clock-advance', placeholder: 'P1D', size: 10 });
    const snapshots = h('div');
    const file = h('input', { type: 'file', id: 'snapshot-file', accept: 'application/json,.json' });
    const status = h('input', { id: 'failure-status', type: 'number', value: '503', size: 5 });
    const operation = h('input', { id: 'failure-operation', placeholder: 'any operation' });
    const times = h('input', { id: 'failure-times', type: 'number', value: '1', min: 1, size: 4 });
    const report = h('div');

    const move = (body: Record<string, unknown>) => async () => {
      show(await context.api.control<ClockState>('POST', '/clock', body));
      context.changed();
    };
    const show = (state: ClockState): void =>
      fill(clock, `${state.now}${state.frozen ? ' · frozen' : ' · running'} · ${state.pending_jobs} jobs pending`);
    const run = (all: boolean) => async () => {
      const ran = await context.api.control<ClockState & { ran: number }>(
        'POST',
        '/jobs/run',
        all ? { all: true } : {},
      );
      show(ran);
      context.say(`Ran ${ran.ran} jobs.`);
      context.changed();
    };

    const take = async (): Promise<void> => {
      taken.push(await context.api.control<Taken>('POST', '/snapshots'));
      renderSnapshots();
    };
    const restore = (id: string) => async () => {
      await context.api.control('POST', '/restore', { id });
      context.say(`Restored ${id}.`);
      context.changed();
    };
    const download = (id: string) => async () => {
      const image = await context.api.control('GET', `/snapshots?id=${encodeURIComponent(id)}`);
      const link = h('a', {
        href: URL.createObjectURL(new Blob([JSON.stringify(image)], { type: 'application/json' })),
        download: `voucherkit-${id}.json`,
      });
      document.body.append(link);
      link.click();
      link.remove();
    };
    const load = async (): Promise<void> => {
      const chosen = file.files?.[0];
      if (chosen === undefined) return context.say('Choose a snapshot file first.', true);
      const loaded = await context.api.control<Taken>('POST', '/restore', JSON.parse(await chosen.text()));
      taken.push(loaded);
      renderSnapshots();
      context.say(`Loaded ${chosen.name} as ${loaded.id}.`);
      context.changed();
    };
    const renderSnapshots = (): void =>
      fill(
        snapshots,
        table(
          ['id', 'taken at (mock time)', ''],
          taken.map((snapshot) =>
            h(
              'tr',
              { 'data-snapshot': snapshot.id },
              h('td', null, snapshot.id),
              h('td', null, snapshot.taken_at),
              h(
                'td',
                null,
                h(
                  'button',
                  { type: 'button', class: 'small', onclick: attempt(context, restore(snapshot.id)) },
                  'Restore',
                ),
                h(
                  'button',
                  { type: 'button', class: 'small', onclick: attempt(context, download(snapshot.id)) },
                  'Download',
                ),
              ),
            ),
          ),
          'No snapshot taken here yet.',
        ),
      );

    const inject = async (): Promise<void> => {
      await context.api.control('POST', '/failures', {
        status: Number(status.value),
        times: Number(times.value),
        ...(operation.value.trim() === '' ? {} : { operation_id: operation.value.trim() }),
      });
      context.say(`The next ${times.value} ${operation.value.trim() || 'requests'} answer ${status.value}.`);
    };
    const untested = async (): Promise<void> => {
      const read = await context.api.control<{
        totals: unknown;
        operations: { operationId?: string; called?: boolean; requests?: number }[];
      }>('GET', '/untested-report');
      const uncalled = read.operations.filter((entry) => entry.called === false || entry.requests === 0);
      fill(
        report,
        h('h3', null, 'Totals'),
        json(read.totals),
        h(
          'details',
          null,
          h('summary', null, `${uncalled.length} operations never called`),
          h('p', { class: 'muted' }, uncalled.map((entry) => entry.operationId).join(', ')),
        ),
      );
    };

    fill(
      element,
      h(
        'div',
        { class: 'columns' },
        h(
          'div',
          null,
          h(
            'section',
            { class: 'card' },
            h('h2', null, 'Clock'),
            clock,
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', onclick: attempt(context, move({ freeze: true })) }, 'Freeze'),
            ),
            h(
              'div',
              { class: 'row' },
              h('label', { for: 'clock-set' }, 'Set to'),
              set,
              h(
                'button',
                { type: 'button', onclick: attempt(context, async () => move({ set: set.value.trim() })()) },
                'Set',
              ),
            ),
            h(
              'div',
              { class: 'row' },
              h('label', { for: 'clock-advance' }, 'Advance by'),
              advance,
              h(
                'button',
                {
                  type: 'button',
                  onclick: attempt(context, async () => move({ advance_ms: durationMs(advance.value) })()),
                },
                'Advance',
              ),
              ['PT1H', 'P1D', 'P7D', 'P30D'].map((preset) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'small',
                    onclick: attempt(context, move({ advance_ms: durationMs(preset) })),
                  },
                  `+${preset.replace(/^PT?/, '').toLowerCase()}`,
                ),
              ),
            ),
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', onclick: attempt(context, run(false)) }, 'Run due jobs'),
              h('button', { type: 'button', onclick: attempt(context, run(true)) }, 'Run all jobs and nights'),
            ),
          ),
          h(
            'section',
            { class: 'card' },
            h('h2', null, 'Snapshots'),
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', onclick: attempt(context, take) }, 'Take a snapshot'),
            ),
            snapshots,
            h(
              'div',
              { class: 'row' },
              h('label', { for: 'snapshot-file' }, 'Load a file'),
              file,
              h('button', { type: 'button', onclick: attempt(context, load) }, 'Load'),
            ),
            h(
              'div',
              { class: 'row' },
              h(
                'button',
                {
                  type: 'button',
                  class: 'danger',
                  onclick: attempt(context, async () => {
                    if (!confirm("Forget every project's data and start over?")) return;
                    await context.api.control('POST', '/reset');
                    context.say('The service started over.');
                    context.changed();
                  }),
                },
                'Reset',
              ),
            ),
          ),
        ),
        h(
          'div',
          null,
          h(
            'section',
            { class: 'card' },
            h('h2', null, 'Injected failures'),
            h(
              'div',
              { class: 'row' },
              h('label', { for: 'failure-status' }, 'Status'),
              status,
              h('label', { for: 'failure-operation' }, 'Operation'),
              operation,
              h('label', { for: 'failure-times' }, 'Times'),
              times,
            ),
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', onclick: attempt(context, inject) }, 'Inject'),
              h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  onclick: attempt(context, async () => {
                    await context.api.control('DELETE', '/failures');
                    context.say('No failure is queued.');
                  }),
                },
                'Clear failures',
              ),
            ),
          ),
          h(
            'section',
            { class: 'card' },
            h('h2', null, 'Untested report'),
            h('button', { type: 'button', onclick: attempt(context, untested) }, 'Read the report'),
            report,
          ),
        ),
      ),
    );
    renderSnapshots();
    const refresh = attempt(context, async () => show(await context.api.control<ClockState>('GET', '/clock')));
    context.onChange(refresh);
    return refresh;
  },
};
