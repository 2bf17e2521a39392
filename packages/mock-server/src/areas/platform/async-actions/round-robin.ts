import type { BulkJobSettings } from '../../../core/context.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { Scheduler } from '../../../core/scheduler.js';

/** A job as the round-robin runner sees it: something that starts, then runs portion by portion. */
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
 * The jobs it holds are tracked (a restore takes them back, as the snapshot gives the scheduler
 * its pending task back) but not part of an image: a snapshot is written as JSON only once no
 * task is pending, when no job is left.
 */
export class RoundRobin {
  readonly #arrived: TrackedList<Turn>;
  readonly #rotation: TrackedList<Turn>;
  readonly #taskPending: Cell<boolean>;

  /**
   * @param scheduler - Runs the tasks.
   * @param settings - Portion size and the wait between portions.
   * @param tracked - Where its lists of jobs are made (kept alongside the store's state, not in its image).
   */
  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: BulkJobSettings,
    tracked: TrackedState,
  ) {
    this.#arrived = tracked.innerList();
    this.#rotation = tracked.innerList();
    this.#taskPending = tracked.innerCell(false);
  }

  /** Adds a job; it is taken in by the next scheduler task. */
  add(turn: Turn): void {
    this.#arrived.push(turn);
    if (this.#taskPending.value) return;
    this.#taskPending.value = true;
    this.scheduler.schedule(this.#task);
  }

  /** Jobs not finished yet, taken in or not. */
  get active(): number {
    return this.#arrived.length + this.#rotation.length;
  }

  // not state: the one task function the scheduler is given, the same for the runner's life.
  readonly #task = async (): Promise<void> => {
    for (const turn of this.#arrived.splice(0, this.#arrived.length)) {
      turn.begin();
      this.#rotation.push(turn);
    }
    const turn = this.#rotation.shift();
    try {
      if (turn !== undefined && !(await turn.step(this.settings.portionSize))) this.#rotation.push(turn);
    } finally {
      // A turn that rejects leaves the rotation; the others go on either way.
      if (this.active > 0) this.scheduler.schedule(this.#task, this.settings.portionIntervalMs);
      else this.#taskPending.value = false;
    }
  };
}
