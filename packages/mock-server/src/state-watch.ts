import type { SavedClock } from './core/clock.js';
import type { StateHistory } from './core/history/state-history.js';
import type { Build } from './snapshots.js';

/** The histories of a build's state: the service's (organisation, projects list) and each project's. */
const historiesOf = (build: Build): StateHistory[] => [
  build.context.tracked.history,
  ...build.projects.list().flatMap((project) => {
    const scope = build.projects.trackedOf(project.id);
    return scope ? [scope.history] : [];
  }),
];

/** What a snapshot holds beside the containers: where the clock stands and the ids and codes to come. */
const positionsOf = (build: Build, clock: SavedClock): string =>
  JSON.stringify([clock.save(), build.ids.position(), build.random.save()]);

/**
 * Watches a service's state for changes, for the sandbox's data folder, which saves the state
 * only when it changed. Each history of the state hears of its next write only (a watch), so the
 * writes in between cost nothing more; the positions of the clock, the ids and the random source,
 * and a new build (after `reset()` or a loaded image) count as changes too. One watch of a
 * service at a time: a history holds one flag, which a second watch would take over.
 *
 * @param current - The service's present build.
 * @param clock - The service's clock.
 * @returns A check: whether the state changed since the previous check (or since the watch
 *   began); each check that answers `true` watches anew.
 */
export const watchState = (current: () => Build, clock: SavedClock): (() => boolean) => {
  let histories: StateHistory[] = [];
  let positions = '';
  const start = (build: Build): void => {
    histories = historiesOf(build);
    for (const history of histories) history.watch();
    positions = positionsOf(build, clock);
  };
  start(current());
  return () => {
    const build = current();
    const now = historiesOf(build);
    const changed =
      now.length !== histories.length ||
      now.some((history, index) => history !== histories[index] || history.written) ||
      positionsOf(build, clock) !== positions;
    if (changed) start(build);
    return changed;
  };
};
