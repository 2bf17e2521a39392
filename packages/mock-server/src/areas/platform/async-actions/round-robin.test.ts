import { describe, expect, test } from 'vitest';
import { createClock } from '../../../core/clock.js';
import { StateHistory } from '../../../core/history/state-history.js';
import { TrackedState } from '../../../core/history/tracked-state.js';
import { createScheduler } from '../../../core/scheduler.js';
import { RoundRobin, type Turn } from './round-robin.js';

const setup = () => {
  const clock = createClock({ frozenAt: 0 });
  const scheduler = createScheduler(clock, 'manual');
  const runner = new RoundRobin(
    scheduler,
    { portionSize: 2, portionIntervalMs: 5 },
    new TrackedState(new StateHistory()),
  );
  const log: string[] = [];
  /** A job of `portions` portions that logs when it begins and each step. */
  const job = (name: string, portions: number): Turn => {
    let left = portions;
    return {
      begin: () => void log.push(`${name} begins at ${clock.now()}`),
      step: async (size) => {
        log.push(`${name} steps ${size}`);
        left -= 1;
        return left === 0;
      },
    };
  };
  return { clock, scheduler, runner, log, job };
};

describe('RoundRobin', () => {
  test('takes in every new job at the next task, runs one portion per task, in turn, and keeps one task pending', async () => {
    const { scheduler, runner, log, job } = setup();
    runner.add(job('A', 3));
    runner.add(job('B', 1));
    expect(scheduler.pending()).toBe(1);
    expect(await scheduler.runDue()).toBe(1);
    expect(log).toEqual(['A begins at 0', 'B begins at 0', 'A steps 2']);
    runner.add(job('C', 2));
    expect(scheduler.pending()).toBe(1);
    await scheduler.drain();
    expect(log.slice(3)).toEqual(['C begins at 5', 'B steps 2', 'A steps 2', 'C steps 2', 'A steps 2', 'C steps 2']);
    expect(runner.active).toBe(0);
    expect(scheduler.pending()).toBe(0);
  });

  test('portions are portionIntervalMs apart on the clock, and an idle runner starts again when a job comes', async () => {
    const { clock, scheduler, runner, log, job } = setup();
    runner.add(job('A', 2));
    await scheduler.drain();
    expect(clock.now()).toBe(5);
    runner.add(job('B', 1));
    await scheduler.drain();
    expect(log).toEqual(['A begins at 0', 'A steps 2', 'A steps 2', 'B begins at 5', 'B steps 2']);
  });

  test('a turn that rejects leaves the rotation, its error reaches the scheduler, and the others go on', async () => {
    const { scheduler, runner, log, job } = setup();
    const broken: Turn = {
      begin: () => void log.push('X begins'),
      step: () => Promise.reject(new Error('broken turn')),
    };
    runner.add(job('A', 2));
    runner.add(broken);
    await expect(scheduler.drain()).rejects.toThrow('broken turn');
    expect(runner.active).toBe(1);
    expect(scheduler.pending()).toBe(1);
    await expect(scheduler.drain()).resolves.toBe(1);
    expect(log).toEqual(['A begins at 0', 'X begins', 'A steps 2', 'A steps 2']);
    expect(runner.active).toBe(0);
    expect(scheduler.pending()).toBe(0);
  });
});
