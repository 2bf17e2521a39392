import { describe, expect, test } from 'vitest';
import { type AnswerShape, shapeValue } from './answer-shape.js';

const ruled = (rule: NonNullable<AnswerShape['properties']>): AnswerShape[] => [{ properties: rule }];

describe('answer shapes', () => {
  test('omit leaves out a property without a value: undefined, null, [] and {}', () => {
    const shapes = ruled({ metadata: { unset: 'omit' } });
    for (const empty of [undefined, null, [], {}])
      expect(shapeValue({ id: 'a', metadata: empty }, 0, shapes)).toEqual({ id: 'a' });
    expect(shapeValue({ id: 'a', metadata: { tier: 'gold' } }, 0, shapes)).toEqual({
      id: 'a',
      metadata: { tier: 'gold' },
    });
    expect(Object.keys(shapeValue({ id: 'a', metadata: {} }, 0, shapes) as object)).toEqual(['id']);
  });

  test('omit-zero also leaves out 0; null and empty fill what is missing', () => {
    const shapes = ruled({
      discount: { unset: 'omit-zero' },
      updated_at: { unset: 'null' },
      categories: { unset: 'empty-array' },
      rules: { unset: 'empty-object' },
    });
    expect(shapeValue({ discount: 0, categories: null }, 0, shapes)).toEqual({
      updated_at: null,
      categories: [],
      rules: {},
    });
    expect(
      shapeValue(
        { discount: 5, updated_at: '2026-01-01T00:00:00.000Z', categories: ['c'], rules: { logic: '1' } },
        0,
        shapes,
      ),
    ).toEqual({
      discount: 5,
      updated_at: '2026-01-01T00:00:00.000Z',
      categories: ['c'],
      rules: { logic: '1' },
    });
  });

  test('rules reach into nested objects, array items and map values', () => {
    const shapes: AnswerShape[] = [
      { properties: { customers: { shape: 1 }, byId: { shape: 2 } } },
      { items: 3 },
      { values: 3 },
      { properties: { metadata: { unset: 'omit' } } },
    ];
    const body = {
      customers: [{ id: 'a', metadata: {} }, null, { id: 'b', metadata: { x: 1 } }],
      byId: { a: { id: 'a', metadata: {} } },
    };
    expect(shapeValue(body, 0, shapes)).toEqual({
      customers: [{ id: 'a' }, null, { id: 'b', metadata: { x: 1 } }],
      byId: { a: { id: 'a' } },
    });
  });

  test('nothing is changed in place, and what no rule touches is passed on as the same value', () => {
    const shapes = ruled({ metadata: { unset: 'omit' } });
    const kept = Object.freeze({ id: 'a', metadata: Object.freeze({ x: 1 }) });
    expect(shapeValue(kept, 0, shapes)).toBe(kept);
    const changed = Object.freeze({ id: 'a', metadata: Object.freeze({}) });
    expect(shapeValue(changed, 0, shapes)).toEqual({ id: 'a' });
    expect(changed).toEqual({ id: 'a', metadata: {} });
  });
});
