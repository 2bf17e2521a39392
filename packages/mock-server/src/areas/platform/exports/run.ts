import { csvRecord } from '../../../core/csv.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { Turn } from '../async-actions/round-robin.js';
import type { ExportPlan, ExportSelection } from './source.js';

/** Export files are opened in spreadsheet programs: text that would run as a formula is written as text. */
const SPREADSHEET_SAFE = { spreadsheetSafe: true } as const;

/**
 * What an export job reports to its store: that it started, its file when it is done, or that
 * it failed.
 */
export interface ExportProgress {
  /** The job was taken in: the export is `IN_PROGRESS`. */
  started(): void;
  /** The file is complete: the export is `DONE`. */
  done(file: string): void;
  /** The rows could not be read or written: the export ends `ERROR`. */
  failed(reason: string): void;
}

/**
 * One export job: it picks its rows when it is taken in, then writes them portion by portion,
 * taking turns with the project's other background jobs, so a large export never blocks a
 * small one for long. What it has written so far is tracked (a restore takes a running export
 * back to where it was) but not part of an image: the finished file is the store's.
 */
export class ExportRun implements Turn {
  readonly #selection: Cell<ExportSelection | undefined>;
  readonly #next: Cell<number>;
  readonly #parts: TrackedList<string>;

  constructor(
    private readonly plan: ExportPlan,
    private readonly progress: ExportProgress,
    tracked: TrackedState,
  ) {
    this.#selection = tracked.innerCell<ExportSelection | undefined>(undefined);
    this.#next = tracked.innerCell(0);
    this.#parts = tracked.innerList();
  }

  /** Marks the export IN_PROGRESS and writes the header. */
  begin(): void {
    this.progress.started();
    this.#parts.push(csvRecord(this.plan.header, SPREADSHEET_SAFE));
  }

  /**
   * Writes the next `size` rows; picks the rows first, on the first portion. Never rejects:
   * a failure ends the export `ERROR`.
   * @returns Whether the export has finished.
   */
  async step(size: number): Promise<boolean> {
    try {
      const selection = (this.#selection.value ??= this.plan.select());
      const start = this.#next.value;
      const end = Math.min(start + size, selection.count);
      let portion = '';
      for (let row = start; row < end; row += 1) portion += csvRecord(selection.cells(row), SPREADSHEET_SAFE);
      this.#parts.push(portion);
      this.#next.value = end;
      if (end < selection.count) return false;
      this.progress.done(this.#parts.items.join(''));
    } catch (error) {
      this.progress.failed(error instanceof Error ? error.message : String(error));
    }
    return true;
  }
}
