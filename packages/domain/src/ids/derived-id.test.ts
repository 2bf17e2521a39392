import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedId } from './derived-id.js';
import { createIdFactory } from './resource-id.js';
import { createSeededRandom } from './random-source.js';

describe('derivedId', () => {
  it('makes ids in the service form, the same for the same owner and number', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (owner, serial) => {
        const id = derivedId('vtx', owner, serial);
        expect(id).toMatch(/^vtx_[0-9a-f]{18}$/);
        expect(derivedId('vtx', owner, serial)).toBe(id);
      }),
    );
  });

  it('gives different ids to the records of many owners, of both prefixes, and to their numbers', () => {
    const owners = Array.from({ length: 2_000 }, (_, index) => createIdFactory(createSeededRandom(index))('v'));
    const seen = new Set<string>();
    for (const owner of owners) {
      for (let serial = 0; serial < 25; serial += 1) {
        seen.add(derivedId('vtx', owner, serial));
        seen.add(derivedId('lopb', owner, serial));
      }
    }
    expect(seen.size).toBe(owners.length * 25 * 2);
  });

  it('spreads its characters: each hex digit takes each of its 16 values', () => {
    const counts = Array.from({ length: 18 }, () => new Map<string, number>());
    for (let serial = 0; serial < 4_000; serial += 1) {
      const digits = derivedId('lopb', 'v_0b5f49fb31c3bf6ab0', serial).slice('lopb_'.length);
      [...digits].forEach((digit, place) => counts[place]?.set(digit, (counts[place]?.get(digit) ?? 0) + 1));
    }
    for (const count of counts) expect(count.size).toBe(16);
  });

  it('refuses a number that is not a whole number from 0 to 2^32 - 1', () => {
    for (const serial of [-1, 1.5, 2 ** 32, Number.NaN])
      expect(() => derivedId('vtx', 'v_1', serial)).toThrow(RangeError);
  });
});
