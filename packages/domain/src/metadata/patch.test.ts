import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchMetadata } from './patch.js';

const key = fc.constantFrom<string>('tier', 'region', 'vip', 'visits');
const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean());
const metadata = fc.dictionary(key, value, { maxKeys: 5 });
const patchOf = fc.dictionary(key, fc.oneof(value, fc.constant(null)), { maxKeys: 5 });

describe('patchMetadata', () => {
  it('merges the keys sent over the others, and a patch left out changes nothing', () => {
    expect(patchMetadata({ tier: 'gold', region: 'EU' }, { tier: 'silver', vip: true })).toEqual({
      tier: 'silver',
      region: 'EU',
      vip: true,
    });
    expect(patchMetadata({ tier: 'gold' }, undefined)).toEqual({ tier: 'gold' });
    expect(patchMetadata(undefined, { tier: 'gold' })).toEqual({ tier: 'gold' });
  });

  it('clears every key for null, removes a key sent as null, and removes the unset keys after the merge', () => {
    expect(patchMetadata({ tier: 'gold' }, null)).toEqual({});
    expect(patchMetadata({ tier: 'gold', region: 'EU' }, { region: null })).toEqual({ tier: 'gold' });
    expect(patchMetadata({ tier: 'gold', region: 'EU' }, { region: 'US' }, ['region', 'absent'])).toEqual({
      tier: 'gold',
    });
  });

  it('keeps exactly the keys of the merge minus the unset and nulled ones, and never changes its input', () => {
    fc.assert(
      fc.property(
        metadata,
        fc.option(patchOf, { nil: undefined }),
        fc.array(key, { maxLength: 3 }),
        (current, patch, unset) => {
          const before = structuredClone(current);
          const result = patchMetadata(current, patch, unset);
          expect(current).toEqual(before);
          const nulled = Object.keys(patch ?? {}).filter((name) => patch?.[name] === null);
          const keys = new Set(
            [...Object.keys(current), ...Object.keys(patch ?? {})].filter(
              (name) => !unset.includes(name) && !nulled.includes(name),
            ),
          );
          expect(new Set(Object.keys(result))).toEqual(keys);
          for (const key of keys)
            expect(result[key]).toEqual(patch !== undefined && key in patch ? patch[key] : current[key]);
        },
      ),
    );
  });
});
