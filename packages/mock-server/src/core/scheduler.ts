import type { Clock } from './clock.js';

/**
 * A unit of background work (bulk job step, webhook delivery …).
 *
 * @example
 * ```ts
 * const task: Task = async () => {
 *   await deliverWebhook();
 * };
 * ```
 */
export type Task = () => void | Promise<void>;

/**
 * How scheduled work runs: by itself on timers, or only when a test drains it.
 *
 * @example
 * ```ts
 * const service = createMockService({ scheduler: 'manual' });
 * ```
 */
export type SchedulerMode = 'auto' | 'manual';

/**
 * Background work queue on the mock's clock: bulk jobs run on it, so tests can observe every
 * state of a job and then finish it at once.
 *
 * @example
 * ```ts
 * const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } }); // manual scheduler
 * await client.campaigns.create({ name: 'Bulk', vouchers_count: 500, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } });
 * service.scheduler.pending(); // 1: the codes are not made yet
 * await service.scheduler.drain();
 * ```
 */
export interface Scheduler {
  /** `auto`: tasks run on timers by themselves; `manual`: only when a test runs them. */
  readonly mode: SchedulerMode;
  /** Queues `task` to run `delayMs` after the current clock time. */
  schedule(task: Task, delayMs?: number): void;
  /** Number of tasks not run yet. */
  pending(): number;
  /** Runs the tasks that are due at the current clock time, including those they schedule for now. */
  runDue(): Promise<number>;
  /**
   * Runs every task, advancing a frozen clock to each task's due time, until the queue is empty
   * or `maxTasks` ran (a guard against work that reschedules itself forever).
   */
  drain(maxTasks?: number): Promise<number>;
  /** Drops every pending task and stops the timer. */
  clear(): void;
}

/** The tasks a scheduler had pending at a moment (functions: kept in memory only). */
export interface SchedulerState {
  /** Tasks pending. */
  readonly tasks: number;
}

/** A scheduler that a snapshot's restore can give back the tasks it had pending. */
export interface SavedScheduler extends Scheduler {
  /** The pending tasks, in order. */
  save(): SchedulerState;
  /** Puts back the pending tasks that `save` gave. */
  load(state: SchedulerState): void;
}

interface Entry {
  at: number;
  seq: number;
  task: Task;
}

/**
 * Creates a scheduler bound to a clock. In `auto` mode one timer (unref'd, so it never keeps a
 * process alive) waits for the earliest task and is set again after every run, so a timer that
 * fires a little before the clock reaches a task's time cannot strand it; in `manual` mode
 * nothing runs until `runDue` or `drain`.
 */
export const createScheduler = (clock: Clock, mode: SchedulerMode): SavedScheduler => {
  let queue: Entry[] = [];
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const takeDue = (limit: number): Entry | undefined => {
    const next = queue[0];
    if (next === undefined || next.at > limit) return undefined;
    queue.shift();
    return next;
  };

  const run = async (limit: () => number, advance: boolean, maxTasks: number): Promise<number> => {
    let ran = 0;
    for (let entry = takeDue(limit()); entry !== undefined; entry = takeDue(limit())) {
      if (advance && entry.at > clock.now()) clock.set(entry.at);
      await entry.task();
      ran += 1;
      if (ran >= maxTasks) break;
    }
    return ran;
  };

  /** Auto mode: one timer for the earliest task, none when the queue is empty. */
  const arm = (): void => {
    if (mode !== 'auto') return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const next = queue[0];
    if (next === undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void scheduler.runDue().finally(arm);
      },
      Math.max(0, next.at - clock.now()),
    );
    timer.unref?.();
  };

  const scheduler: SavedScheduler = {
    mode,
    schedule(task, delayMs = 0) {
      const entry = { at: clock.now() + Math.max(0, delayMs), seq: seq++, task };
      // After every task due at the same time or earlier: tasks of one moment run in the order they came.
      let low = 0;
      let high = queue.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((queue[middle] as Entry).at <= entry.at) low = middle + 1;
        else high = middle;
      }
      queue.splice(low, 0, entry);
      // The timer waits for the earliest task: only a new earliest one moves it.
      if (low === 0 || timer === undefined) arm();
    },
    pending: () => queue.length,
    runDue: () => run(() => clock.now(), false, Number.POSITIVE_INFINITY),
    drain: (maxTasks = 10_000) => run(() => Number.POSITIVE_INFINITY, clock.frozen, maxTasks),
    clear() {
      queue = [];
      arm();
    },
    save: () => ({ tasks: queue.length, queue: [...queue], seq }) as SchedulerState,
    load(saved) {
      const state = saved as SchedulerState & { queue: Entry[]; seq: number };
      queue = [...state.queue];
      seq = state.seq;
      arm();
    },
  };
  return scheduler;
};
