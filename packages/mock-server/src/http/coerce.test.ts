import { describe, expect, test } from 'vitest';
import { toBoolean, toNumber } from './coerce.js';

describe('parameter coercions', () => {
  test.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ])('%s is a boolean', (text, expected) => {
    expect(toBoolean(text)).toBe(expected);
  });

  test.each(['yes', '', '2', 'constructor', 'toString'])('%j stays as it is, for the schema to refuse by name', (text) => {
    expect(toBoolean(text)).toBe(text);
  });

  test('numbers', () => {
    expect(toNumber('10')).toBe(10);
    expect(toNumber(' ')).toBe(' ');
    expect(toNumber('ten')).toBe('ten');
  });
});
