import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './random-source.js';

const take = (seed: number | string, n: number): number[] => {
  const random = createSeededRandom(seed);
  return Array.from({ length: n }, () => random.next());
};

describe('createSeededRandom', () => {
  it('goes back to a saved place of its sequence', () => {
    const random = createSeededRandom('save');
    random.next();
    const saved = random.save();
    const ahead = [random.next(), random.int(1000), random.next()];
    random.load(saved);
    expect([random.next(), random.int(1000), random.next()]).toEqual(ahead);
    const other = createSeededRandom('elsewhere');
    other.load(JSON.parse(JSON.stringify(saved)) as number[]);
    random.load(saved);
    expect(other.next()).toBe(random.next());
  });

  it('refuses a state that is not four 32-bit integers', () => {
    const random = createSeededRandom(1);
    expect(() => random.load([1, 2, 3])).toThrow(RangeError);
    expect(() => random.load([1, 2, 3, 0.5])).toThrow(RangeError);
    expect(() => random.load([1, 2, 3, 2 ** 32])).toThrow(RangeError);
  });

  it('gives the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (seed) => {
        expect(take(seed, 20)).toEqual(take(seed, 20));
      }),
    );
  });

  it('gives different sequences for different seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        expect(take(a, 4)).not.toEqual(take(b, 4));
      }),
    );
    expect(take(1, 4)).not.toEqual(take(2, 4));
    expect(take('', 4)).not.toEqual(take(' ', 4));
  });

  it('hashes a number seed through its decimal text', () => {
    expect(take(42, 5)).toEqual(take('42', 5));
  });

  it('keeps next() within [0, 1)', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const value of take(seed, 200)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
  });

  it('keeps int(max) within [0, max) and integral, also above 2^32', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (seed, max) => {
        const random = createSeededRandom(seed);
        for (let i = 0; i < 20; i++) {
          const value = random.int(max);
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(max);
        }
      }),
    );
    expect(createSeededRandom(1).int(1)).toBe(0);
    expect(() => createSeededRandom(1).int(2 ** 53)).not.toThrow();
  });

  it('spreads int() evenly', () => {
    const random = createSeededRandom('histogram');
    const counts = new Map<number, number>();
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const value = random.int(10);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const count of counts.values()) expect(Math.abs(count - draws / 10)).toBeLessThan(draws / 100);
  });

  it('reaches values above 2^32 when asked for them', () => {
    const random = createSeededRandom('wide');
    const draws = Array.from({ length: 50 }, () => random.int(2 ** 40));
    expect(draws.some((value) => value > 2 ** 32)).toBe(true);
  });

  it('refuses bounds that are not integers from 1 to 2^53', () => {
    const random = createSeededRandom(1);
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 53 + 2]) {
      expect(() => random.int(bad)).toThrow(RangeError);
    }
  });
});
