import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageOf, loadImage } from './image.js';
import { TrackedGroups } from './tracked-groups.js';
import { StateHistory } from './state-history.js';
import { TrackedState } from './tracked-state.js';

/** A step of a random history of groups: file a value, take one out, drop or replace a group. */
const step = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    key: fc.integer({ min: 0, max: 3 }),
    value: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    op: fc.constant('delete' as const),
    key: fc.integer({ min: 0, max: 3 }),
    value: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({ op: fc.constant('deleteGroup' as const), key: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    op: fc.constant('replace' as const),
    key: fc.integer({ min: 0, max: 3 }),
    values: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 4 }),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The same history on plain arrays: what the groups must answer. */
const model = (steps: readonly Step[]): Map<number, number[]> => {
  const groups = new Map<number, number[]>();
  for (const s of steps) {
    const group = groups.get(s.key) ?? [];
    if (s.op === 'add' && !group.includes(s.value)) groups.set(s.key, [...group, s.value]);
    if (s.op === 'delete')
      groups.set(
        s.key,
        group.filter((value) => value !== s.value),
      );
    if (s.op === 'deleteGroup') groups.delete(s.key);
    if (s.op === 'replace') groups.set(s.key, [...s.values]);
  }
  return groups;
};

const apply = (groups: TrackedGroups<number, number>, steps: readonly Step[]): void => {
  for (const s of steps) {
    if (s.op === 'add') groups.add(s.key, s.value);
    if (s.op === 'delete') groups.delete(s.key, s.value);
    if (s.op === 'deleteGroup') groups.deleteGroup(s.key);
    if (s.op === 'replace') groups.replace(s.key, s.values);
  }
};

const contents = (groups: TrackedGroups<number, number>): number[][] => [0, 1, 2, 3].map((key) => groups.of(key));

describe('TrackedGroups', () => {
  it('answers as plain lists would after any history, a restore takes it back, and an image loads it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.array(step, { maxLength: 30 }), (before, after) => {
        const state = new TrackedState(new StateHistory());
        const groups = new TrackedGroups<number, number>(state);
        apply(groups, before);
        const expected = model(before);
        const keys = [0, 1, 2, 3];
        expect(contents(groups)).toEqual(keys.map((key) => expected.get(key) ?? []));
        for (const key of keys) {
          expect(groups.count(key)).toBe(expected.get(key)?.length ?? 0);
          for (let value = 0; value <= 5; value += 1)
            expect(groups.has(key, value)).toBe(expected.get(key)?.includes(value) ?? false);
        }
        const image = JSON.stringify(state.containers.map(imageOf));
        const mark = state.history.mark();
        apply(groups, after);
        expect(contents(groups)).toEqual(keys.map((key) => model([...before, ...after]).get(key) ?? []));
        state.history.rewind(mark);
        expect(contents(groups)).toEqual(keys.map((key) => expected.get(key) ?? []));
        const copy = new TrackedState(new StateHistory());
        const loaded = new TrackedGroups<number, number>(copy);
        (JSON.parse(image) as ReturnType<typeof imageOf>[]).forEach((container, index) =>
          loadImage(copy.containers[index] as (typeof copy.containers)[number], container, copy.history),
        );
        expect(contents(loaded)).toEqual(keys.map((key) => expected.get(key) ?? []));
      }),
    );
  });

  it('keeps a group of one as the value alone and makes a set from the second value', () => {
    const state = new TrackedState(new StateHistory());
    const groups = new TrackedGroups<string, string>(state);
    const image = (): string => JSON.stringify(state.containers.map(imageOf));
    groups.add('cust_1', 'ord_1');
    expect(image()).not.toContain('$tracked');
    groups.add('cust_1', 'ord_2');
    expect(image()).toContain('$tracked');
    expect(groups.of('cust_1')).toEqual(['ord_1', 'ord_2']);
  });
});
