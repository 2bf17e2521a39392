import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainClone } from './plain-clone.js';

describe('plainClone', () => {
  it('copies any JSON value as structuredClone does, sharing no object with it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = plainClone(value);
        expect(copy).toEqual(structuredClone(value));
        if (value !== null && typeof value === 'object') expect(copy).not.toBe(value);
      }),
    );
  });

  it('keeps undefined members and copies other objects through structuredClone', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    const copy = plainClone({ gone: undefined, when, nested: [{ when }] });
    expect(Object.keys(copy)).toEqual(['gone', 'when', 'nested']);
    expect(copy.when).toEqual(when);
    expect(copy.when).not.toBe(when);
    expect(copy.nested[0]?.when).not.toBe(when);
  });
});
