import type { OperationId } from '../generated/routes.js';

/**
 * What a tally counted of one operation: its requests, and how many of them were answered with
 * each status and each error key.
 *
 * @example
 * ```ts
 * const counted: TalliedOperation = { count: 3, statuses: { '200': 2, '404': 1 }, errorKeys: { not_found: 1 } };
 * ```
 */
export interface TalliedOperation {
  /** Requests of the operation the mock answered. */
  readonly count: number;
  /** How many were answered with each status (`'200'`, `'404'` …). */
  readonly statuses: Readonly<Record<string, number>>;
  /** How many were answered with each error key (`not_found` …). */
  readonly errorKeys: Readonly<Record<string, number>>;
}

/**
 * A tally as plain JSON: what {@link RequestTally.toJSON} gives, a file keeps and
 * {@link RequestTally.merge} takes back.
 *
 * @example
 * ```ts
 * const snapshot: TallySnapshot = { operations: { getCategory: { count: 1, statuses: { '200': 1 }, errorKeys: {} } } };
 * ```
 */
export interface TallySnapshot {
  /** What was counted of each operation that was called. */
  readonly operations: Readonly<Partial<Record<OperationId, TalliedOperation>>>;
}

/** Counts of one operation while they grow: maps, so that a request costs a lookup and an increment. */
interface Counts {
  count: number;
  readonly statuses: Map<number, number>;
  readonly errorKeys: Map<string, number>;
}

const isCountRecord = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((count) => Number.isInteger(count) && count >= 0);

const isTalliedOperation = (value: unknown): value is TalliedOperation => {
  const { count, statuses, errorKeys } = (value ?? {}) as Partial<Record<keyof TalliedOperation, unknown>>;
  return (
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 0 &&
    isCountRecord(statuses) &&
    Object.keys(statuses).every((status) => /^\d{3}$/.test(status)) &&
    isCountRecord(errorKeys)
  );
};

/**
 * What the mock answered, per operation, for as long as the tally lives: how many requests, and
 * how many with each status and error key. Unlike the journal it keeps no requests, only counts,
 * so it grows with the operations called, not with the requests, and `reset()` keeps it. A
 * service counts into its own tally unless given one: give the same tally to the services of a
 * test file (a service per test) to count them together.
 *
 * @example
 * ```ts
 * const tally = new RequestTally();
 * const service = createMockService({ tally });
 * // … the app under test calls the API …
 * tally.get('redeemStackedDiscounts')?.errorKeys['quantity_exceeded']; // how many were refused so
 * ```
 */
export class RequestTally {
  readonly #operations = new Map<OperationId, Counts>();

  /**
   * Counts one answered request.
   *
   * @param operationId - The operation the request reached.
   * @param status - The status answered.
   * @param errorKey - The error key answered, for an error.
   */
  record(operationId: OperationId, status: number, errorKey?: string): void {
    let counts = this.#operations.get(operationId);
    if (counts === undefined) {
      counts = { count: 0, statuses: new Map(), errorKeys: new Map() };
      this.#operations.set(operationId, counts);
    }
    counts.count += 1;
    counts.statuses.set(status, (counts.statuses.get(status) ?? 0) + 1);
    if (errorKey !== undefined) counts.errorKeys.set(errorKey, (counts.errorKeys.get(errorKey) ?? 0) + 1);
  }

  /**
   * What was counted of one operation.
   *
   * @param operationId - The operation.
   * @returns Its counts, or `undefined` when it was never called.
   */
  get(operationId: OperationId): TalliedOperation | undefined {
    const counts = this.#operations.get(operationId);
    if (counts === undefined) return undefined;
    return {
      count: counts.count,
      statuses: Object.fromEntries(
        [...counts.statuses].sort(([a], [b]) => a - b).map(([status, count]) => [String(status), count]),
      ),
      errorKeys: Object.fromEntries(counts.errorKeys),
    };
  }

  /** Every request counted, of all operations. */
  get requests(): number {
    let total = 0;
    for (const counts of this.#operations.values()) total += counts.count;
    return total;
  }

  /**
   * Adds the counts of another tally, or of a snapshot of one (a file written by another test
   * worker), to this one.
   *
   * @param other - The tally or its snapshot.
   * @returns This tally.
   * @throws TypeError when a snapshot does not have the shape of one.
   */
  merge(other: RequestTally | TallySnapshot): this {
    const operations = other instanceof RequestTally ? other.toJSON().operations : other.operations;
    if (typeof operations !== 'object' || operations === null)
      throw new TypeError('A tally snapshot has an `operations` object');
    for (const [operationId, tallied] of Object.entries(operations) as [OperationId, unknown][]) {
      if (!isTalliedOperation(tallied))
        throw new TypeError(`The tally of ${operationId} is not a count with statuses and error keys`);
      let counts = this.#operations.get(operationId);
      if (counts === undefined) {
        counts = { count: 0, statuses: new Map(), errorKeys: new Map() };
        this.#operations.set(operationId, counts);
      }
      counts.count += tallied.count;
      for (const [status, count] of Object.entries(tallied.statuses))
        counts.statuses.set(Number(status), (counts.statuses.get(Number(status)) ?? 0) + count);
      for (const [key, count] of Object.entries(tallied.errorKeys))
        counts.errorKeys.set(key, (counts.errorKeys.get(key) ?? 0) + count);
    }
    return this;
  }

  /**
   * The counts as plain JSON, operations by name, for a file or another worker.
   *
   * @returns A snapshot that {@link RequestTally.merge} reads back.
   */
  toJSON(): TallySnapshot {
    const operations: Partial<Record<OperationId, TalliedOperation>> = {};
    for (const operationId of [...this.#operations.keys()].sort()) {
      const tallied = this.get(operationId);
      if (tallied !== undefined) operations[operationId] = tallied;
    }
    return { operations };
  }

  /** Forgets every count. */
  clear(): void {
    this.#operations.clear();
  }
}
