import { isDomainError } from '@voucherkit/domain';
import type { Clock } from '../../../core/clock.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { type BulkJob, type FailedItem, type JobTally, itemSummary } from './job.js';
import type { Turn } from './round-robin.js';

/** The fields of an async action that a running job changes. */
export type ActionPatch = Partial<
  Pick<Resource<'AsyncAction'>, 'status' | 'operation_status' | 'progress' | 'processing_time' | 'result'>
>;

/** Why an item failed: an ApiError or DomainError fails the item; anything else is not an item's failure. */
const itemFailureReason = (error: unknown): string | undefined => {
  if (error instanceof ApiError) return error.extras.details ?? error.message;
  if (isDomainError(error)) return error.details ?? error.message;
  return undefined;
};

const jobFailureReason = (error: unknown): string =>
  itemFailureReason(error) ?? (error instanceof Error ? error.message : String(error));

/**
 * One run of a {@link BulkJob}: it counts done and failed items and writes its progress into the
 * job's async action after every portion. Created by `AsyncActionStore.start`. Its counts are
 * tracked (a restore takes a running job back to where it was) but not part of an image: the
 * action's `result`, plain data, is what stays of a finished job.
 *
 * @typeParam Item - The job's items.
 */
export class JobExecution<Item> implements Turn {
  readonly #items: Cell<readonly Item[] | undefined>;
  readonly #next: Cell<number>;
  readonly #done: Cell<number>;
  readonly #failed: TrackedList<FailedItem>;
  readonly #startedAt: Cell<number>;

  constructor(
    private readonly job: BulkJob<Item>,
    private readonly update: (patch: ActionPatch) => void,
    private readonly clock: Clock,
    tracked: TrackedState,
  ) {
    this.#items = tracked.innerCell<readonly Item[] | undefined>(undefined);
    this.#next = tracked.innerCell(0);
    this.#done = tracked.innerCell(0);
    this.#failed = tracked.innerList();
    this.#startedAt = tracked.innerCell(0);
  }

  /** Marks the action IN_PROGRESS and starts its processing time. */
  begin(): void {
    this.#startedAt.value = this.clock.now();
    this.update({ status: 'IN_PROGRESS' });
  }

  /**
   * Processes the next `size` items, then writes the progress, or the outcome when none is left.
   * Never rejects: whatever goes wrong, the job's own code included, ends the job FAILED, so one
   * broken job cannot stall the others.
   * @returns Whether the job has finished, DONE or FAILED.
   */
  async step(size: number): Promise<boolean> {
    try {
      const items = (this.#items.value ??=
        typeof this.job.items === 'function' ? await this.job.items() : this.job.items);
      const end = Math.min(this.#next.value + size, items.length);
      for (; this.#next.value < end; this.#next.value += 1)
        await this.#processOne(items[this.#next.value] as Item, this.#next.value);
      if (this.#next.value < items.length) {
        this.update({ progress: this.#progress(), result: this.#summary() });
        return false;
      }
      this.#finish('DONE', this.#summary());
    } catch (error) {
      this.#finish('FAILED', { ...this.#fallbackSummary(), message: jobFailureReason(error) });
    }
    return true;
  }

  async #processOne(item: Item, index: number): Promise<void> {
    try {
      await this.job.process(item, index);
      this.#done.value += 1;
    } catch (error) {
      const reason = itemFailureReason(error);
      if (reason === undefined) throw error;
      this.#failed.push({ ...this.job.identify?.(item, index), reason });
    }
  }

  #tally(): JobTally {
    return {
      total: this.#items.value?.length ?? 0,
      processed: this.#next.value,
      done: this.#done.value,
      failed: [...this.#failed.items],
    };
  }

  #progress(): number {
    const total = this.#items.value?.length ?? 0;
    return total === 0 ? 0 : Math.floor((this.#next.value * 100) / total);
  }

  #summary(): NonNullable<ActionPatch['result']> {
    return (this.job.summarize ?? itemSummary)(this.#tally());
  }

  /** The job's summary, or the default one when the job's `summarize` is what failed. */
  #fallbackSummary(): NonNullable<ActionPatch['result']> {
    try {
      return this.#summary();
    } catch {
      return itemSummary(this.#tally());
    }
  }

  #finish(status: 'DONE' | 'FAILED', result: NonNullable<ActionPatch['result']>): void {
    const succeeded = status === 'DONE' && this.#failed.length === 0;
    this.update({
      status,
      progress: status === 'DONE' ? 100 : this.#progress(),
      result,
      processing_time: this.clock.now() - this.#startedAt.value,
      // Every finished job says how it went, as the official SDKs' suites wait for it (imports too).
      operation_status: succeeded ? 'SUCCESS' : 'FAILED',
    });
  }
}
