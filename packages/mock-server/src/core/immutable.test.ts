import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREEZES_RECORDS, freezeDeep, immutable } from './immutable.js';

const everyObject = (value: unknown, visit: (object: object) => void): void => {
  if (value === null || typeof value !== 'object') return;
  visit(value);
  for (const member of Object.values(value)) everyObject(member, visit);
};

describe('freezeDeep', () => {
  it('freezes every object of any JSON value and keeps its content', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = structuredClone(value);
        const frozen = freezeDeep(value);
        expect(frozen).toBe(value);
        expect(frozen).toEqual(before);
        everyObject(frozen, (object) => expect(Object.isFrozen(object)).toBe(true));
      }),
    );
  });

  it('refuses a change in place, as stored records are changed by storing a new version', () => {
    const voucher = freezeDeep({ code: 'SUMMER10', metadata: { tier: 'gold' } });
    expect(() => {
      (voucher.metadata as { tier: string }).tier = 'silver';
    }).toThrow(TypeError);
  });
});

describe('immutable', () => {
  it("freezes in the project's test run, so a store that changed a record in place would fail its tests", () => {
    expect(FREEZES_RECORDS).toBe(true);
    expect(Object.isFrozen(immutable({ code: 'SUMMER10' }))).toBe(true);
  });
});
