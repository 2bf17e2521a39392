import { describe, expect, test } from 'vitest';
import type { Clock } from './clock.js';
import { createScheduler } from './scheduler.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock that only moves when the test says, while the scheduler's timers run in real time. */
const manualClock = () => {
  let now = 0;
  const clock: Clock = {
    now: () => now,
    date: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (instant) => void (now = Number(instant)),
    freeze: () => undefined,
    frozen: false,
  };
  return clock;
};

describe('auto scheduler', () => {
  test('a timer that fires before the clock reaches the task leaves it pending and tries again', async () => {
    const clock = manualClock();
    const scheduler = createScheduler(clock, 'auto');
    const ran: string[] = [];
    scheduler.schedule(() => void ran.push('task'), 5);
    await sleep(25);
    expect(ran).toEqual([]);
    expect(scheduler.pending()).toBe(1);
    clock.advance(5);
    await sleep(25);
    expect(ran).toEqual(['task']);
    expect(scheduler.pending()).toBe(0);
  });

  test('runs work that tasks schedule, in order, and clear stops it', async () => {
    const clock = manualClock();
    const scheduler = createScheduler(clock, 'auto');
    const ran: number[] = [];
    const step = (n: number) => () => {
      ran.push(n);
      if (n < 3) scheduler.schedule(step(n + 1));
    };
    scheduler.schedule(step(1));
    await sleep(25);
    expect(ran).toEqual([1, 2, 3]);
    scheduler.schedule(() => void ran.push(99), 1);
    scheduler.clear();
    clock.advance(10);
    await sleep(15);
    expect(ran).toEqual([1, 2, 3]);
  });
});
