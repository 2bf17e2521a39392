import type { BulkJobSettings } from '../../../core/context.js';
import type { Scheduler } from '../../../core/scheduler.js';

/**
 * A job as the round-robin runner sees it: something that starts, then runs portion by portion.
 *
 * @example
 * ```ts
 * const turn: Turn = { begin: () => markInProgress(), step: async (size) => processNext(size) };
 * ```
 */
export interface Turn {
  /** Called once, when the runner takes the job in: before its first portion. */
  begin(): void;
  /**
   * Runs one portion of at most `size` items. It should not reject; one that does leaves the
   * rotation, and the scheduler call that ran it rejects.
   * @returns Whether the job has finished (and leaves the rotation).
   */
  step(size: number): Promise<boolean>;
}

/**
 * Runs jobs fairly on the mock's scheduler: each scheduler task first takes in every job added
 * since the last one (so they all show IN_PROGRESS at once), then runs one portion of the job
 * whose turn it is and puts it back at the end of the rotation. The task schedules the next one
 * `portionIntervalMs` later while any job has work left; there is never more than one task
 * pending. So a small job started behind a large one finishes after a few portions, a test's
 * `scheduler.drain()` runs everything in a deterministic order, and with the auto scheduler jobs
 * run in the background.
 *
 * @example
 * ```ts
 * const runner = new RoundRobin(context.scheduler, context.settings.bulkJobs);
 * runner.add(turn);
 * await context.scheduler.drain();
 * ```
 */
export class RoundRobin {
  readonly #arrived: Turn[] = [];
  readonly #rotation: Turn[] = [];
  #taskPending = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: BulkJobSettings,
  ) {}

  /** Adds a job; it is taken in by the next scheduler task. */
  add(turn: Turn): void {
    this.#arrived.push(turn);
    if (this.#taskPending) return;
    this.#taskPending = true;
    this.scheduler.schedule(this.#task);
  }

  /** Jobs not finished yet, taken in or not. */
  get active(): number {
    return this.#arrived.length + this.#rotation.length;
  }

  readonly #task = async (): Promise<void> => {
    for (const turn of this.#arrived.splice(0)) {
      turn.begin();
      this.#rotation.push(turn);
    }
    const turn = this.#rotation.shift();
    try {
      if (turn !== undefined && !(await turn.step(this.settings.portionSize))) this.#rotation.push(turn);
    } finally {
      // A turn that rejects leaves the rotation; the others go on either way.
      if (this.active > 0) this.scheduler.schedule(this.#task, this.settings.portionIntervalMs);
      else this.#taskPending = false;
    }
  };
}
