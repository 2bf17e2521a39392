/**
 * Options of the mock's clock.
 *
 * @example
 * ```ts
 * const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } });
 * ```
 */
export interface ClockOptions {
  /**
   * Start the clock frozen at this instant (ISO string, epoch milliseconds or Date). A frozen clock
   * only moves through {@link Clock.advance} and {@link Clock.set}; leave it out for real time.
   */
  frozenAt?: string | number | Date;
}

/**
 * The mock's notion of time: real by default, controllable in tests. Timestamps, token expiry
 * and scheduled work read it.
 *
 * @example
 * ```ts
 * const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } });
 * service.clock.advance(15 * 60_000); // OAuth tokens issued at the start have expired
 * service.clock.date().toISOString(); // '2026-01-01T00:15:00.000Z'
 * ```
 */
export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number;
  /** Current time as a Date. */
  date(): Date;
  /** Moves the clock forward by `ms` milliseconds (a frozen clock stays frozen). */
  advance(ms: number): void;
  /** Jumps to an instant; later instants only, so stored timestamps never run backwards. */
  set(instant: string | number | Date): void;
  /** Stops the clock where it is: from now on it only moves when told to. A frozen clock stays as it is. */
  freeze(): void;
  /** Whether the clock only moves when told to. */
  readonly frozen: boolean;
}

/**
 * Where a clock stands: the frozen instant, or how far a running clock is ahead of real time.
 *
 * @example
 * ```ts
 * const state: ClockState = { frozenAt: Date.parse('2026-01-01T00:00:00Z') };
 * ```
 */
export interface ClockState {
  /** The instant a frozen clock shows, in milliseconds since the epoch. */
  readonly frozenAt?: number;
  /** How many milliseconds a running clock is ahead of real time. */
  readonly offset?: number;
}

/**
 * A clock that a snapshot's restore can put back where it stood, even backwards: the state it
 * goes back to was made at that time.
 */
export interface SavedClock extends Clock {
  /** Where the clock stands. */
  save(): ClockState;
  /** Puts the clock where `save` found it. */
  load(state: ClockState): void;
}

const toMillis = (instant: string | number | Date): number => {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return ms;
};

/**
 * Creates a clock. Real time is `Date.now()` plus an offset that {@link Clock.advance} grows, so a
 * sandbox can be fast-forwarded too.
 */
export const createClock = (options: ClockOptions = {}): SavedClock => {
  let frozen = options.frozenAt !== undefined;
  let frozenAt = frozen ? toMillis(options.frozenAt as string | number | Date) : 0;
  let offset = 0;
  const now = (): number => (frozen ? frozenAt : Date.now() + offset);
  return {
    get frozen() {
      return frozen;
    },
    now,
    freeze() {
      if (frozen) return;
      frozenAt = now();
      frozen = true;
    },
    date: () => new Date(now()),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Cannot advance the clock by ${ms} ms`);
      if (frozen) frozenAt += ms;
      else offset += ms;
    },
    set(instant) {
      const target = toMillis(instant);
      const delta = target - now();
      if (delta < 0) throw new RangeError('The clock cannot move backwards');
      this.advance(delta);
    },
    save: () => (frozen ? { frozenAt } : { offset }),
    load(state) {
      frozen = state.frozenAt !== undefined;
      if (state.frozenAt !== undefined) frozenAt = state.frozenAt;
      else offset = state.offset ?? 0;
    },
  };
};
