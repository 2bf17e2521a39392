import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { FILTER_OPERATORS, FILTER_OPERATOR_ALIASES, type FilterParseOptions, parseFilter } from './language.js';

const refused = (input: unknown, options: FilterParseOptions = {}) =>
  catchDomainError(() => parseFilter(input, options));

describe('parseFilter', () => {
  it('normalises the junction, the operators and the operands', () => {
    expect(
      parseFilter({
        junction: 'OR',
        'metadata.tier': { conditions: { $is: 'gold', $in: ['gold', 'silver'] } },
        price: { conditions: { $more_than_or_equal: ['1000'], $less_than: 2000 } },
        created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'], $has_value: '' } },
        tags: { conditions: { $count: '2', $not_in: [] } },
      }),
    ).toEqual({
      junction: 'or',
      fields: [
        {
          path: 'metadata.tier',
          conditions: [
            { operator: '$is', values: ['gold'] },
            { operator: '$in', values: ['gold', 'silver'] },
          ],
        },
        {
          path: 'price',
          conditions: [
            { operator: '$more_than_equal', values: [1000] },
            { operator: '$less_than', values: [2000] },
          ],
        },
        {
          path: 'created_at',
          conditions: [
            { operator: '$after', values: ['2024-01-01T00:00:00Z'] },
            { operator: '$has_value', values: [] },
          ],
        },
        {
          path: 'tags',
          conditions: [
            { operator: '$count', values: [2] },
            { operator: '$not_in', values: [] },
          ],
        },
      ],
    });
  });

  it.each(['and', 'AND', undefined, null])('reads junction %j as and', (junction) => {
    expect(parseFilter({ junction, a: { conditions: { $is: 'x' } } }).junction).toBe('and');
  });

  it('reads an absent filter as the empty filter', () => {
    expect(parseFilter(undefined)).toEqual({ junction: 'and', fields: [] });
    expect(parseFilter(null)).toEqual({ junction: 'and', fields: [] });
    expect(parseFilter({ junction: 'or' })).toEqual({ junction: 'or', fields: [] });
  });

  it('maps every alias to an operator it knows', () => {
    expect(FILTER_OPERATOR_ALIASES).toEqual({
      $more_than_or_equal: '$more_than_equal',
      $less_than_or_equal: '$less_than_equal',
      $greater_than_or_equal: '$more_than_equal',
    });
    for (const operator of Object.values(FILTER_OPERATOR_ALIASES)) expect(FILTER_OPERATORS).toContain(operator);
    expect(
      parseFilter({ n: { conditions: { $greater_than_or_equal: [3], $less_than_or_equal: [5] } } }).fields[0]
        ?.conditions,
    ).toEqual([
      { operator: '$more_than_equal', values: [3] },
      { operator: '$less_than_equal', values: [5] },
    ]);
  });

  it('keeps operands of equality operators as sent, objects included', () => {
    const item = { id: 'prod_1', object: 'product' };
    expect(parseFilter({ a: { conditions: { $is: [item], $in: ['1', 1, true] } } }).fields[0]?.conditions).toEqual([
      { operator: '$is', values: [item] },
      { operator: '$in', values: ['1', 1, true] },
    ]);
  });

  it('reads numbers in text operators as text and numeric text in comparisons as numbers', () => {
    expect(
      parseFilter({ a: { conditions: { $starts_with: 48, $more_than: ' -2.5 ' } } }).fields[0]?.conditions,
    ).toEqual([
      { operator: '$starts_with', values: ['48'] },
      { operator: '$more_than', values: [-2.5] },
    ]);
  });

  describe('errors', () => {
    it('names query parameters the way the mock names them, with invalid_query_params', () => {
      const error = refused({ 'metadata.tier': { conditions: { $iz: 'gold' } } });
      expect(error.key).toBe('invalid_query_params');
      expect(error.details).toBe('Query parameter filters[metadata.tier][conditions][$iz] is not a known operator');
    });

    it('names body properties with invalid_payload', () => {
      const error = refused({ junction: 'xor' }, { source: { in: 'body', property: '.parameters.filters' } });
      expect(error.key).toBe('invalid_payload');
      expect(error.details).toBe(
        "Property .parameters.filters.junction should be one of: and, or, AND, OR (actual value is 'xor')",
      );
    });

    it('lists every problem at once', () => {
      const error = refused({
        junction: 'both',
        '': { conditions: { $is: 'x' } },
        'a..b': { conditions: { $is: 'x' } },
        name: 'x',
        city: { conditions: 'x' },
        email: { conditions: {} },
        phone: { conditions: { $is: 'x' }, junction: 'or' },
      });
      expect(error.details?.split('; ')).toEqual([
        "Query parameter filters[junction] should be one of: and, or, AND, OR (actual value is 'both')",
        'Query parameter filters[] is not a valid field path',
        'Query parameter filters[a..b] is not a valid field path',
        "Query parameter filters[name] should have required property 'conditions'",
        'Query parameter filters[city][conditions] should be object',
        'Query parameter filters[email][conditions] should have at least one operator',
        'Query parameter filters[phone] has unknown properties: junction',
      ]);
    });

    it.each([
      [{ $is: [] }, 'should have at least one value'],
      [{ $is: [null] }, 'should hold text, numbers, booleans or objects (actual value is null)'],
      [{ $in: [['nested']] }, 'should hold text, numbers, booleans or objects (actual value is ["nested"])'],
      [{ $contains: [true] }, 'should hold text (actual value is true)'],
      [{ $more_than: [1, 2] }, 'should have exactly one value'],
      [{ $more_than: 'many' }, "should be a number or an ISO 8601 date (actual value is 'many')"],
      [{ $less_than: [Number.POSITIVE_INFINITY] }, 'should be a number or an ISO 8601 date (actual value is Infinity)'],
      [{ $after: '2024-02-30' }, "should be an ISO 8601 date or timestamp (actual value is '2024-02-30')"],
      [{ $before: [1_706_693_400_000] }, 'should be an ISO 8601 date or timestamp (actual value is 1706693400000)'],
      [{ $is_days_ago: '-1' }, "should be a whole number of days, 0 or more (actual value is '-1')"],
      [{ $more_than_future: 1.5 }, 'should be a whole number of days, 0 or more (actual value is 1.5)'],
      [{ $count: 'two' }, "should be a whole number, 0 or more (actual value is 'two')"],
      [{ $in_location: [''] }, "should hold ids (actual value is '')"],
    ])('refuses %j: %s', (conditions, problem) => {
      const [operator = ''] = Object.keys(conditions);
      expect(refused({ field: { conditions } }).details).toBe(
        `Query parameter filters[field][conditions][${operator}] ${problem}`,
      );
    });

    it('refuses what is not an object', () => {
      for (const input of ['junction=and', 3, ['a'], true]) {
        expect(refused(input).details).toBe('Query parameter filters should be object');
      }
      expect(refused([], { source: { in: 'body', property: '.filter' } }).details).toBe(
        'Property .filter should be object',
      );
    });

    it('refuses a missing junction where one is required', () => {
      const options = { requireJunction: true, source: { in: 'body', property: '.filter' } } as const;
      expect(refused({ name: { conditions: { $is: 'x' } } }, options).details).toBe(
        'Property .filter.junction is required',
      );
      expect(refused(undefined, options).details).toBe('Property .filter.junction is required');
      expect(() => parseFilter({ junction: 'AND' }, options)).not.toThrow();
    });

    it('refuses fields and operators the place does not allow', () => {
      const options: FilterParseOptions = {
        fields: ['name', 'created_at', 'metadata.*'],
        operators: ['$is', '$after', '$more_than_equal'],
      };
      expect(() =>
        parseFilter(
          {
            name: { conditions: { $is: 'x' } },
            'metadata.a.b': { conditions: { $more_than_or_equal: 1 } },
            created_at: { conditions: { $after: '2024-01-01' } },
          },
          options,
        ),
      ).not.toThrow();
      expect(
        refused({ type: { conditions: { $is: 'x' } }, metadata: { conditions: { $is: 'x' } } }, options).details,
      ).toBe(
        'Query parameter filters[type] is not a field that can be filtered on; Query parameter filters[metadata] is not a field that can be filtered on',
      );
      expect(refused({ name: { conditions: { $starts_with: 'x' } } }, options).details).toBe(
        'Query parameter filters[name][conditions][$starts_with] is not allowed here; allowed: $is, $after, $more_than_equal',
      );
    });
  });
});
