import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFieldPath, resolveFieldPath } from './field-path.js';

const customer = {
  id: 'cust_1',
  metadata: { tier: 'gold', tags: ['a', 'b'], 'a.b': 'dotted', nested: { 'x.y': { z: 1 } } },
  address: { city: 'Warsaw', country: null },
  summary: { orders: { total_amount: 1500 } },
  orders: [
    { status: 'PAID', items: [{ sku: 's1' }, { sku: 's2' }] },
    { status: 'CREATED', items: [{ sku: 's3' }] },
    { status: null },
  ],
};

describe('compileFieldPath', () => {
  it.each([
    ['id', 'cust_1'],
    ['metadata.tier', 'gold'],
    ['summary.orders.total_amount', 1500],
    ['address.city', 'Warsaw'],
    ['address.country', null],
    ['metadata.tags', ['a', 'b']],
  ])('reads %s', (path, expected) => {
    expect(compileFieldPath(path)(customer)).toEqual(expected);
  });

  it.each(['missing', 'metadata.missing', 'address.city.length', 'summary.orders.total_amount.x', 'id.x'])(
    'reads %s as undefined',
    (path) => {
      expect(compileFieldPath(path)(customer)).toBeUndefined();
    },
  );

  it('finds keys that contain dots', () => {
    expect(resolveFieldPath(customer, 'metadata.a.b')).toBe('dotted');
    expect(resolveFieldPath(customer, 'metadata.nested.x.y.z')).toBe(1);
    expect(resolveFieldPath({ 'a.b': 1 }, 'a.b')).toBe(1);
  });

  it('prefers the nested field to the dotted key when both exist', () => {
    expect(resolveFieldPath({ a: { b: 'nested' }, 'a.b': 'dotted' }, 'a.b')).toBe('nested');
  });

  it('reads every element of an array the path crosses, flattened', () => {
    expect(resolveFieldPath(customer, 'orders.status')).toEqual(['PAID', 'CREATED', null]);
    expect(resolveFieldPath(customer, 'orders.items.sku')).toEqual(['s1', 's2', 's3']);
    expect(resolveFieldPath(customer, 'orders.missing')).toEqual([]);
    expect(resolveFieldPath({ groups: [{ tags: ['a'] }, { tags: ['b', 'c'] }] }, 'groups.tags')).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('never reaches inherited members', () => {
    for (const path of [
      'constructor',
      'toString',
      '__proto__',
      'metadata.constructor',
      'metadata.hasOwnProperty',
      'id.length',
    ]) {
      expect(resolveFieldPath(customer, path)).toBeUndefined();
    }
    expect(resolveFieldPath({ constructor: 'own' }, 'constructor')).toBe('own');
    expect(resolveFieldPath({ metadata: { toString: 'own' } }, 'metadata.toString')).toBe('own');
  });

  it('reads nothing from values that are not objects', () => {
    for (const record of [null, undefined, 3, 'text', true]) expect(resolveFieldPath(record, 'a.b')).toBeUndefined();
  });

  it('reads what was written at any path of plain keys', () => {
    const key = fc.stringMatching(/^[a-z_][a-z0-9_ ]{0,8}$/u).filter((text) => !(text in Object.prototype));
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 5 }), fc.jsonValue(), (segments, value) => {
        const record = segments.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
        expect(compileFieldPath(segments.join('.'))(record)).toEqual(value);
      }),
    );
  });
});
