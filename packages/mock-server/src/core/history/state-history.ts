/**
 * One write to tracked state, kept so that it can be taken back: what the target needs to put
 * back the value it replaced.
 */
export interface Change {
  /** The container or cell the write changed. */
  readonly target: Revertible;
  /** Which kind of write, as the target numbers them. */
  readonly op: number;
  /** The key, index or count the write touched. */
  readonly key: unknown;
  /** The value the write replaced or removed. */
  readonly value: unknown;
}

/** Tracked state that can take one of its own writes back. */
export interface Revertible {
  /** Puts back what `change` replaced; `change` is this target's latest write not taken back yet. */
  revert(change: Change): void;
}

/**
 * A point in a history that its state can be rewound to. It dies when the history is rewound to
 * an earlier point (the writes it needs are dropped) or forgets its writes.
 */
export interface HistoryMark {
  readonly history: StateHistory;
  readonly position: number;
  alive: boolean;
}

/** Writes a history keeps at most; beyond, it forgets them all (its marks die) and stops recording. */
export const MAX_RECORDED_CHANGES = 2_000_000;

/**
 * The writes made to a service's tracked state since its first mark, in order, so that
 * `rewind(mark)` puts the state back as it was at the mark by taking them back newest first: the
 * cost of a rewind is the number of writes since the mark, whatever the size of the state.
 *
 * Nothing is recorded before the first mark, so a service that never takes a snapshot pays one
 * test of a flag per write.
 *
 * A watch ({@link StateHistory.watch}) asks to hear of the next write only: the sandbox's data
 * folder saves the state when it changed. Its first write is reported, and the flag closes again,
 * so writes cost no more while nobody records them.
 */
export class StateHistory {
  #changes: Change[] = [];
  #marks: HistoryMark[] = [];
  #recording = false;
  #watching = false;
  /** `#recording || #watching`, kept as one flag: every write reads it. */
  #reporting = false;
  #written = false;
  #epoch = 0;

  /**
   * Whether a write must be reported with {@link StateHistory.record}: writes are recorded (from
   * the first mark on), or a watch waits for the next one.
   */
  get recording(): boolean {
    return this.#reporting;
  }

  /** Starts a watch: {@link StateHistory.written} turns true at the next write. */
  watch(): void {
    this.#watching = true;
    this.#reporting = true;
    this.#written = false;
  }

  /**
   * Whether the state changed since the last {@link StateHistory.watch}: a write, a rewind, or
   * the history forgotten (before a project's image is loaded into its containers).
   */
  get written(): boolean {
    return this.#written;
  }

  /** Ends a watch: it heard of a change. */
  #heard(): void {
    this.#watching = false;
    this.#reporting = this.#recording;
    this.#written = true;
  }

  /**
   * Counts marks and rewinds. A map records the order of its keys before its first deletion of
   * an epoch, so that taking deletions back puts keys where they were.
   */
  get epoch(): number {
    return this.#epoch;
  }

  /** Writes recorded and not taken back. */
  get size(): number {
    return this.#changes.length;
  }

  /** Records one write (only called while {@link StateHistory.recording}). */
  record(target: Revertible, op: number, key: unknown, value: unknown): void {
    if (this.#watching) this.#heard();
    if (!this.#recording) return;
    if (this.#changes.length >= MAX_RECORDED_CHANGES) {
      this.forget();
      return;
    }
    this.#changes.push({ target, op, key, value });
  }

  /** Starts recording if it was not, and marks the present state. */
  mark(): HistoryMark {
    this.#recording = true;
    this.#reporting = true;
    this.#epoch += 1;
    const mark: HistoryMark = { history: this, position: this.#changes.length, alive: true };
    this.#marks.push(mark);
    return mark;
  }

  /** Whether `mark` can still be rewound to. */
  reaches(mark: HistoryMark): boolean {
    return mark.history === this && mark.alive;
  }

  /**
   * Takes back every write made since `mark`, newest first; later marks die.
   *
   * @throws Error when the mark cannot be reached (see {@link reaches}).
   */
  rewind(mark: HistoryMark): void {
    if (!this.reaches(mark)) throw new Error('This point of the history can no longer be reached');
    for (let index = this.#changes.length - 1; index >= mark.position; index -= 1) {
      const change = this.#changes[index] as Change;
      change.target.revert(change);
    }
    this.#changes.length = mark.position;
    this.#epoch += 1;
    if (this.#watching) this.#heard();
    this.#marks = this.#marks.filter((other) => {
      if (other.position <= mark.position) return true;
      other.alive = false;
      return false;
    });
  }

  /** Drops every recorded write and stops recording; every mark dies. */
  forget(): void {
    this.#changes = [];
    for (const mark of this.#marks) mark.alive = false;
    this.#marks = [];
    this.#recording = false;
    this.#reporting = this.#watching;
    this.#epoch += 1;
    if (this.#watching) this.#heard();
  }
}
