import { expect, test } from 'vitest';
import { lowestDeclaredMajor } from './lib/min-node.ts';

test('the lowest Node every package accepts is the highest of their lower bounds', () => {
  expect(lowestDeclaredMajor(['>=20', '>= 20.19.0', '>=18'])).toBe(20);
});

test('a range of another form is refused, naming where to teach it', () => {
  expect(() => lowestDeclaredMajor(['>=20', '^20 || >=22'])).toThrow(
    'engines.node "^20 || >=22" is not of the form ">=N"; teach scripts/lib/min-node.ts to read it',
  );
});
