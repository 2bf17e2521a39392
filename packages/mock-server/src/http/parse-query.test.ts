import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseQuery } from './parse-query.js';

const parse = (query: string, arrays: string[] = []) => parseQuery(new URLSearchParams(query), arrays);

describe('parseQuery', () => {
  test('plain keys are strings, repeated keys and [] lists', () => {
    expect(parse('limit=10&ids=a&ids=b&tags[]=x').query).toEqual({ limit: '10', ids: ['a', 'b'], tags: ['x'] });
    expect(parse('ids=a', ['ids']).query).toEqual({ ids: ['a'] });
  });

  test('bracket keys nest, and 0…n-1 keys make lists', () => {
    const { query, malformed } = parse(
      'filters[junction]=and&filters[metadata.tier][conditions][$is]=gold&filters[code][conditions][$in][0]=A&filters[code][conditions][$in][1]=B',
    );
    expect(malformed).toEqual([]);
    expect(query).toEqual({
      filters: {
        junction: 'and',
        'metadata.tier': { conditions: { $is: 'gold' } },
        code: { conditions: { $in: ['A', 'B'] } },
      },
    });
  });

  test('clashing or malformed keys are reported, not guessed', () => {
    expect(parse('filters=x&filters[a]=b').malformed).toEqual(['filters[a]']);
    expect(parse('filters[a=b').malformed).toEqual(['filters[a']);
    expect(parse('[a]=b').malformed).toEqual(['[a]']);
    expect(parse(`a${'[b]'.repeat(20)}=c`).malformed).toHaveLength(1);
  });

  test('never throws, whatever the query', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 }), (pairs) => {
        const params = new URLSearchParams(pairs);
        const { query, malformed } = parseQuery(params, []);
        expect(typeof query).toBe('object');
        expect(malformed.length).toBeLessThanOrEqual(pairs.length);
      }),
    );
  });
});
