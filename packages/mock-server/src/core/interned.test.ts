import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interned } from './interned.js';

describe('interned', () => {
  it('answers the first of equal values, and an equal value whatever it forgot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (numbers, limit) => {
          const shared = interned((value: { readonly n: number }) => String(value.n), limit);
          const firsts = new Map<number, { readonly n: number }>();
          for (const n of numbers) {
            const value = { n };
            const answer = shared(value);
            expect(answer).toEqual(value);
            if (answer !== value) expect(firsts.get(n)).toBe(answer);
            else firsts.set(n, value);
          }
        },
      ),
    );
  });
});
