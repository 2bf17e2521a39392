import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { type FilterCompileOptions, allOf, anyOf, compileFilter, dateRangeFilter, matchesFilter } from './compile.js';

const DAY = 86_400_000;
/** Saturday 2026-01-31, 12:00 UTC. */
const NOW = Date.UTC(2026, 0, 31, 12);

/** Whether `{ [path]: value }` matches the conditions on `path`. */
const holds = (conditions: Record<string, unknown>, value: unknown, options: FilterCompileOptions = {}): boolean =>
  compileFilter({ field: { conditions } }, { now: NOW, ...options })(value === undefined ? {} : { field: value });

describe('compileFilter: equality', () => {
  it('compares text exactly, case included', () => {
    expect(holds({ $is: 'gold' }, 'gold')).toBe(true);
    expect(holds({ $is: 'gold' }, 'Gold')).toBe(false);
    expect(holds({ $is: ['gold'] }, 'gold ')).toBe(false);
    expect(holds({ $is_not: 'gold' }, 'Gold')).toBe(true);
  });

  it('compares query text with numbers and booleans by meaning', () => {
    expect(holds({ $is: '10' }, 10)).toBe(true);
    expect(holds({ $is: '10.0' }, 10)).toBe(true);
    expect(holds({ $is: '10' }, '10')).toBe(true);
    expect(holds({ $is: 'true' }, true)).toBe(true);
    expect(holds({ $is: 'false' }, true)).toBe(false);
    expect(holds({ $is: '0' }, 0)).toBe(true);
    expect(holds({ $is: '0' }, false)).toBe(false);
  });

  it('compares JSON numbers with numeric text by value, and text with text as text', () => {
    expect(holds({ $is: 10 }, '10.0')).toBe(true);
    expect(holds({ $is: 10 }, '1e1')).toBe(true);
    expect(holds({ $is: '10' }, '10.0')).toBe(false);
    expect(holds({ $is: true }, 'true')).toBe(true);
    expect(holds({ $is: 10 }, 'ten')).toBe(false);
  });

  it('compares dates by instant, or by day when either side is a calendar date', () => {
    expect(holds({ $is: '2024-01-31T10:00:00Z' }, '2024-01-31T11:00:00.000+01:00')).toBe(true);
    expect(holds({ $is: '2024-01-31T10:00:00Z' }, '2024-01-31T10:00:00.001Z')).toBe(false);
    expect(holds({ $is: '2024-01-31' }, '2024-01-31T23:59:59.999Z')).toBe(true);
    expect(holds({ $is: '2024-01-31' }, '2024-02-01T00:00:00.000Z')).toBe(false);
    expect(holds({ $is: '2024-01-31T22:00:00Z' }, '2024-01-31')).toBe(true);
    expect(holds({ $is: '2024-01-31' }, new Date('2024-01-31T08:00:00Z'))).toBe(true);
    // In Warsaw, 23:30 UTC on 31 January is already 1 February.
    expect(holds({ $is: '2024-02-01' }, '2024-01-31T23:30:00Z', { timeZone: 'Europe/Warsaw' })).toBe(true);
    expect(holds({ $is: '2024-01-31' }, '2024-01-31T23:30:00Z', { timeZone: 'Europe/Warsaw' })).toBe(false);
  });

  it('matches object operands by the properties they name', () => {
    const item = { id: 'prod_1', object: 'product', price: 100 };
    expect(holds({ $is: [{ id: 'prod_1', object: 'product' }] }, item)).toBe(true);
    expect(holds({ $is: [{ id: 'prod_1', object: 'sku' }] }, item)).toBe(false);
    expect(holds({ $in: [{ id: 'prod_2' }, { id: 'prod_1' }] }, [item])).toBe(true);
    expect(holds({ $is: [{ id: 'prod_1' }] }, 'prod_1')).toBe(false);
  });

  it('reads several $is values as any of them and several $is_not values as none of them', () => {
    expect(holds({ $is: ['gold', 'silver'] }, 'silver')).toBe(true);
    expect(holds({ $is_not: ['gold', 'silver'] }, 'silver')).toBe(false);
    expect(holds({ $is_not: ['gold', 'silver'] }, 'bronze')).toBe(true);
  });

  it('matches an array when one element matches', () => {
    expect(holds({ $is: 'b' }, ['a', 'b'])).toBe(true);
    expect(holds({ $in: ['c', 'b'] }, ['a', 'b'])).toBe(true);
    expect(holds({ $not_in: ['c', 'b'] }, ['a', 'b'])).toBe(false);
    expect(holds({ $is_not: 'c' }, ['a', 'b'])).toBe(true);
    expect(holds({ $is: 'a' }, [])).toBe(false);
  });

  it('makes the negative operators match a missing field', () => {
    for (const missing of [undefined, null, [], [null]]) {
      expect(holds({ $is: 'gold' }, missing)).toBe(false);
      expect(holds({ $in: ['gold'] }, missing)).toBe(false);
      expect(holds({ $is_not: 'gold' }, missing)).toBe(true);
      expect(holds({ $not_in: ['gold'] }, missing)).toBe(true);
      expect(holds({ $not_intersect: ['gold'] }, missing)).toBe(true);
    }
  });

  it('reads an empty $in as nothing and an empty $not_in as everything', () => {
    expect(holds({ $in: [] }, 'gold')).toBe(false);
    expect(holds({ $not_in: [] }, 'gold')).toBe(true);
  });
});

describe('compileFilter: presence', () => {
  it.each([
    [undefined, false],
    [null, false],
    [[], false],
    [[null], false],
    ['', true],
    [0, true],
    [false, true],
    [{}, true],
    [[null, 'a'], true],
  ])('$has_value on %j is %s, $is_unknown the opposite', (value, present) => {
    expect(holds({ $has_value: '' }, value)).toBe(present);
    expect(holds({ $is_unknown: [] }, value)).toBe(!present);
  });
});

describe('compileFilter: text', () => {
  it('ignores case', () => {
    expect(holds({ $starts_with: 'vip' }, 'VIP-Club')).toBe(true);
    expect(holds({ $ends_with: 'CLUB' }, 'VIP-Club')).toBe(true);
    expect(holds({ $contains: 'p-c' }, 'VIP-Club')).toBe(true);
    expect(holds({ $not_contain: 'P-C' }, 'VIP-Club')).toBe(false);
    expect(holds({ $contains: 'İ' }, 'i̇stanbul')).toBe(true);
  });

  it('reads numbers as text and matches any of several operands', () => {
    expect(holds({ $starts_with: '48' }, 48_600_100_200)).toBe(true);
    expect(holds({ $ends_with: ['@x.io', '@y.io'] }, 'ann@y.io')).toBe(true);
    expect(holds({ $contains: 'true' }, true)).toBe(false);
  });

  it('matches arrays by any element, and $not_contain missing fields', () => {
    expect(holds({ $contains: 'ol' }, ['silver', 'gold'])).toBe(true);
    expect(holds({ $not_contain: 'ol' }, ['silver', 'gold'])).toBe(false);
    expect(holds({ $not_contain: 'ol' }, undefined)).toBe(true);
    expect(holds({ $starts_with: 'a' }, undefined)).toBe(false);
  });
});

describe('compileFilter: comparisons', () => {
  it('compares numbers and numeric text numerically', () => {
    expect(holds({ $more_than: '1000' }, 1500)).toBe(true);
    expect(holds({ $more_than: 1000 }, '1500')).toBe(true);
    expect(holds({ $more_than: 1000 }, '999.5')).toBe(false);
    expect(holds({ $less_than_equal: -2 }, -2)).toBe(true);
    expect(holds({ $more_than_equal: 0 }, [-1, 3])).toBe(true);
    expect(holds({ $more_than: 1 }, 'many')).toBe(false);
    expect(holds({ $less_than: 1 }, undefined)).toBe(false);
  });

  it('compares dates by time', () => {
    expect(holds({ $more_than: '2024-01-01T00:00:00Z' }, '2024-06-01T00:00:00.000Z')).toBe(true);
    expect(holds({ $less_than_or_equal: '2024-01-01' }, '2024-01-01T18:00:00Z')).toBe(true);
    expect(holds({ $less_than: '2024-01-01' }, '2024-01-01T18:00:00Z')).toBe(false);
    expect(holds({ $more_than: '2024-01-01' }, 20_240_102)).toBe(false);
  });

  it('reads a number compared with a date as days ago', () => {
    const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
    expect(holds({ $more_than: 3 }, daysAgo(4))).toBe(true);
    expect(holds({ $more_than: 3 }, daysAgo(3))).toBe(false);
    expect(holds({ $more_than_equal: 3 }, daysAgo(3))).toBe(true);
    expect(holds({ $less_than: 3 }, daysAgo(2))).toBe(true);
    expect(holds({ $less_than: 3 }, daysAgo(3))).toBe(false);
    expect(holds({ $less_than_equal: 3 }, daysAgo(3))).toBe(true);
    expect(holds({ $less_than: 3 }, daysAgo(-1))).toBe(false);
    expect(holds({ $more_than: 3 }, daysAgo(10), { now: undefined })).toBe(false);
    expect(holds({ $more_than: 2.5 }, daysAgo(10))).toBe(false);
    expect(holds({ $more_than: -1 }, daysAgo(0))).toBe(false);
  });
});

describe('compileFilter: dates', () => {
  it('compares instants strictly', () => {
    expect(holds({ $after: '2024-01-01T00:00:00Z' }, '2024-01-01T00:00:00.001Z')).toBe(true);
    expect(holds({ $after: '2024-01-01T00:00:00Z' }, '2024-01-01T00:00:00.000Z')).toBe(false);
    expect(holds({ $before: '2024-01-01T00:00:00Z' }, '2023-12-31T23:59:59.999Z')).toBe(true);
    expect(holds({ $before: '2024-01-01T01:00:00+01:00' }, '2024-01-01T00:00:00.000Z')).toBe(false);
  });

  it('compares whole days when the operand is a calendar date', () => {
    expect(holds({ $after: '2024-01-01' }, '2024-01-01T23:59:59.999Z')).toBe(false);
    expect(holds({ $after: '2024-01-01' }, '2024-01-02T00:00:00.000Z')).toBe(true);
    expect(holds({ $before: '2024-01-01' }, '2024-01-01T00:00:00.000Z')).toBe(false);
    expect(holds({ $before: '2024-01-01' }, '2023-12-31T23:59:59.999Z')).toBe(true);
    expect(holds({ $after: '2024-01-01' }, '2024-01-01T23:30:00Z', { timeZone: 'Europe/Warsaw' })).toBe(true);
  });

  it('compares whole days when the value is a calendar date', () => {
    expect(holds({ $after: '2024-01-01T10:00:00Z' }, '2024-01-01')).toBe(false);
    expect(holds({ $after: '2024-01-01T10:00:00Z' }, '2024-01-02')).toBe(true);
    expect(holds({ $before: '2024-01-01T10:00:00Z' }, '2024-01-01')).toBe(false);
    expect(holds({ $before: '2024-01-01T10:00:00Z' }, '2023-12-31')).toBe(true);
  });

  it('matches an array of dates by any element and nothing that is not a date', () => {
    expect(holds({ $after: '2024-01-01' }, ['2023-05-01', '2024-05-01'])).toBe(true);
    expect(holds({ $after: '2024-01-01' }, 'soon')).toBe(false);
    expect(holds({ $after: '2024-01-01' }, 1_800_000_000_000)).toBe(false);
  });
});

describe('compileFilter: relative days', () => {
  const at = (days: number, hour = 12) => new Date(Date.UTC(2026, 0, 31 + days, hour)).toISOString();

  it.each([
    ['$is_days_ago', 2, [-2], [-1, -3, 2]],
    ['$more_than_ago', 2, [-3, -30], [-2, -1, 0, 5]],
    ['$less_than_ago', 2, [0, -1], [-2, 1, 3]],
    ['$is_days_in_future', 2, [2], [1, 3, -2]],
    ['$more_than_future', 2, [3, 30], [2, 0, -5]],
    ['$less_than_future', 2, [0, 1], [2, -1]],
    ['$less_than_ago', 0, [], [0, -1, 1]],
  ] as const)('%s %s matches days %j and not %j', (operator, days, yes, no) => {
    for (const day of yes) for (const hour of [0, 23]) expect(holds({ [operator]: [days] }, at(day, hour))).toBe(true);
    for (const day of no) for (const hour of [0, 23]) expect(holds({ [operator]: [days] }, at(day, hour))).toBe(false);
  });

  it('counts calendar days in the time zone', () => {
    // 23:30 UTC on 29 January is 30 January in Warsaw: one day before the day of NOW there.
    expect(holds({ $is_days_ago: 1 }, '2026-01-29T23:30:00Z', { timeZone: 'Europe/Warsaw' })).toBe(true);
    expect(holds({ $is_days_ago: 2 }, '2026-01-29T23:30:00Z')).toBe(true);
    expect(holds({ $is_days_ago: 1 }, '2026-01-30')).toBe(true);
  });

  it('needs now', () => {
    expect(() => compileFilter({ created_at: { conditions: { $is_days_ago: 1 } } })).toThrow(TypeError);
  });

  it('splits the past into more than, exactly and less than N days ago', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.integer({ min: 0, max: 500 }), (before, days) => {
        const value = new Date(NOW - before).toISOString();
        const results = ['$more_than_ago', '$is_days_ago', '$less_than_ago'].map((operator) =>
          holds({ [operator]: days }, value),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const dayDifference = Math.floor(NOW / DAY) - Math.floor((NOW - before) / DAY);
        expect(results[1]).toBe(dayDifference === days);
      }),
    );
  });

  it('splits the future into less than, exactly and more than N days ahead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * DAY }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom('UTC', 'Europe/Warsaw', 'Pacific/Auckland'),
        (after, days, timeZone) => {
          const value = new Date(NOW + after).toISOString();
          const results = ['$less_than_future', '$is_days_in_future', '$more_than_future'].map((operator) =>
            holds({ [operator]: days }, value, { timeZone }),
          );
          expect(results.filter(Boolean)).toHaveLength(1);
        },
      ),
    );
  });
});

describe('compileFilter: arrays', () => {
  it('counts set elements; a scalar counts as one, a missing field as none', () => {
    expect(holds({ $count: 2 }, ['a', 'b'])).toBe(true);
    expect(holds({ $count: '2' }, ['a', null, 'b'])).toBe(true);
    expect(holds({ $count_more: 1 }, ['a', 'b'])).toBe(true);
    expect(holds({ $count_less: 2 }, ['a', 'b'])).toBe(false);
    expect(holds({ $count: 1 }, 'a')).toBe(true);
    expect(holds({ $count: 0 }, undefined)).toBe(true);
    expect(holds({ $count_less: 1 }, [])).toBe(true);
  });

  it('compares sets with $not_differ and $not_intersect', () => {
    expect(holds({ $not_differ: ['b', 'a'] }, ['a', 'b', 'a'])).toBe(true);
    expect(holds({ $not_differ: ['a', 'b'] }, ['a'])).toBe(false);
    expect(holds({ $not_differ: ['a'] }, ['a', 'c'])).toBe(false);
    expect(holds({ $not_differ: [] }, undefined)).toBe(true);
    expect(holds({ $not_differ: ['1', '2'] }, [2, 1])).toBe(true);
    expect(holds({ $not_intersect: ['x', 'y'] }, ['a', 'b'])).toBe(true);
    expect(holds({ $not_intersect: ['x', 'b'] }, ['a', 'b'])).toBe(false);
  });

  it('reads every element of arrays the path crosses', () => {
    const order = { items: [{ product: { id: 'prod_1' } }, { product: { id: 'prod_2' } }] };
    expect(matchesFilter(order, { 'items.product.id': { conditions: { $is: 'prod_2' } } })).toBe(true);
    expect(matchesFilter(order, { 'items.product.id': { conditions: { $count: 2 } } })).toBe(true);
    expect(matchesFilter(order, { 'items.product.id': { conditions: { $is_not: 'prod_2' } } })).toBe(false);
  });
});

describe('compileFilter: locations', () => {
  const inLocation = (value: unknown, id: string) => id === 'loc_pl' && value === 'geo:52.2,21.0';

  it('asks inLocation', () => {
    expect(holds({ $in_location: ['loc_de', 'loc_pl'] }, 'geo:52.2,21.0', { inLocation })).toBe(true);
    expect(holds({ $in_location: ['loc_de'] }, 'geo:52.2,21.0', { inLocation })).toBe(false);
  });

  it('is refused without inLocation, naming the condition', () => {
    const error = catchDomainError(() =>
      compileFilter(
        { 'metadata.where': { conditions: { $in_location: ['loc_pl'] } } },
        { source: { in: 'body', property: '.filter' } },
      ),
    );
    expect(error.key).toBe('invalid_payload');
    expect(error.details).toBe('Property .filter.metadata.where.conditions.$in_location is not supported');
  });
});

describe('compileFilter: combining', () => {
  const records = [
    { id: 'a', tier: 'gold', total: 500 },
    { id: 'b', tier: 'silver', total: 1500 },
    { id: 'c', tier: 'gold', total: 1500 },
    { id: 'd' },
  ];
  const ids = (filter: unknown) => records.filter(compileFilter(filter)).map((record) => record.id);

  it('combines fields with the junction, and operators of one field always with and', () => {
    const tier = { conditions: { $is: 'gold' } };
    const total = { conditions: { $more_than: 1000 } };
    expect(ids({ tier, total })).toEqual(['c']);
    expect(ids({ junction: 'AND', tier, total })).toEqual(['c']);
    expect(ids({ junction: 'or', tier, total })).toEqual(['a', 'b', 'c']);
    expect(ids({ junction: 'or', total: { conditions: { $more_than: 400, $less_than: 1000 } } })).toEqual(['a']);
  });

  it('matches everything with an empty filter, whatever the junction', () => {
    expect(ids(undefined)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ junction: 'or' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('combines predicates with allOf and anyOf', () => {
    const gold = compileFilter({ tier: { conditions: { $is: 'gold' } } });
    const big = compileFilter({ total: { conditions: { $more_than: 1000 } } });
    expect(records.filter(allOf(gold, big)).map((record) => record.id)).toEqual(['c']);
    expect(records.filter(anyOf(gold, big)).map((record) => record.id)).toEqual(['a', 'b', 'c']);
    expect(records.filter(allOf()).length).toBe(4);
    expect(records.filter(anyOf()).length).toBe(0);
  });

  it('turns a date range parameter into a filter', () => {
    expect(dateRangeFilter('created_at', { after: '2024-01-01T00:00:00Z', before: '2024-02-01T00:00:00Z' })).toEqual({
      created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'], $before: ['2024-02-01T00:00:00Z'] } },
    });
    expect(dateRangeFilter('created_at', { before: null })).toEqual({});
    expect(dateRangeFilter('created_at', undefined)).toEqual({});
    const january = compileFilter(
      dateRangeFilter('created_at', { after: '2024-01-01T00:00:00Z', before: '2024-02-01T00:00:00Z' }),
    );
    expect(january({ created_at: '2024-01-15T00:00:00.000Z' })).toBe(true);
    expect(january({ created_at: '2024-02-15T00:00:00.000Z' })).toBe(false);
  });

  it('refuses a malformed filter before matching anything', () => {
    const error = catchDomainError(() => matchesFilter({}, { tier: { conditions: { $equals: 'gold' } } }));
    expect(error.key).toBe('invalid_query_params');
  });
});

describe('compileFilter: properties', () => {
  const scalar = fc.oneof(
    fc.constantFrom('gold', 'Gold', 'silver', '1', '10', '10.0', 'true', '', '2024-01-31', '2024-01-31T10:00:00.000Z'),
    fc.integer({ min: -2, max: 12 }),
    fc.boolean(),
  );
  const fieldValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(null), fc.constant(undefined));
  const record = fc.record({ a: fieldValue, b: fieldValue, c: fieldValue });
  const operand = fc.oneof(scalar, fc.array(scalar, { minLength: 1, maxLength: 3 }));

  it('$in agrees with OR of $is', () => {
    fc.assert(
      fc.property(fc.array(scalar, { maxLength: 5 }), fieldValue, (values, value) => {
        const viaIn = holds({ $in: values }, value);
        const viaIs = values.some((one) => holds({ $is: [one] }, value));
        expect(viaIn).toBe(viaIs);
      }),
    );
  });

  it('$is_not, $not_in, $not_contain and $is_unknown negate their positive operators on every record', () => {
    const pairs = [
      ['$is', '$is_not'],
      ['$in', '$not_in'],
      ['$in', '$not_intersect'],
      ['$contains', '$not_contain'],
      ['$has_value', '$is_unknown'],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...pairs), operand, fieldValue, ([positive, negative], values, value) => {
        const textOnly = positive === '$contains' ? [values].flat().map(String) : values;
        expect(holds({ [negative]: textOnly }, value)).toBe(!holds({ [positive]: textOnly }, value));
      }),
    );
  });

  /** A filter of single conditions on a, b, c and its negation by De Morgan's laws. */
  const filterAndNegation = fc
    .record({
      junction: fc.constantFrom('and', 'or'),
      conditions: fc.array(
        fc.record({
          field: fc.constantFrom('a', 'b', 'c'),
          pair: fc.constantFrom(
            ['$is', '$is_not'],
            ['$in', '$not_in'],
            ['$contains', '$not_contain'],
            ['$has_value', '$is_unknown'],
          ),
          negate: fc.boolean(),
          values: operand,
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ junction, conditions }) => {
      const filter: Record<string, unknown> = { junction };
      const negation: Record<string, unknown> = { junction: junction === 'and' ? 'or' : 'and' };
      for (const { field, pair, negate, values } of conditions) {
        const operands = pair[0] === '$contains' ? [values].flat().map(String) : values;
        const [operator, opposite] = negate ? [pair[1], pair[0]] : pair;
        filter[field] = { conditions: { [operator]: operands } };
        negation[field] = { conditions: { [opposite]: operands } };
      }
      return { filter, negation };
    });

  it('a filter OR its negation always holds, AND its negation never does', () => {
    fc.assert(
      fc.property(filterAndNegation, record, ({ filter, negation }, subject) => {
        const matches = compileFilter(filter)(subject);
        const negated = compileFilter(negation)(subject);
        expect(anyOf(compileFilter(filter), compileFilter(negation))(subject)).toBe(true);
        expect(matches).toBe(!negated);
      }),
    );
  });

  it('and, or of a condition with itself is the condition', () => {
    const conditions = fc.oneof(
      operand.map((values) => ({ $is: values })),
      operand.map((values) => ({ $not_in: [values].flat() })),
      fc.integer({ min: -2, max: 12 }).map((limit) => ({ $more_than: limit, $less_than_equal: limit + 5 })),
      fc.constant({ $has_value: '' }),
    );
    fc.assert(
      fc.property(conditions, fc.constantFrom('and', 'or'), fieldValue, (condition, junction, value) => {
        const once = compileFilter({ a: { conditions: condition } })({ a: value });
        const twice = compileFilter({ junction, a: { conditions: condition }, b: { conditions: condition } })({
          a: value,
          b: value,
        });
        expect(twice).toBe(once);
      }),
    );
  });

  it('date comparisons agree with comparisons of epoch milliseconds', () => {
    const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
    const offsetMinutes = fc.integer({ min: -14 * 60, max: 14 * 60 });
    const written = (ms: number, offset: number): string => {
      const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
      const sign = offset < 0 ? '-' : '+';
      const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
      return `${local}${sign}${hours}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    };
    fc.assert(
      fc.property(instant, instant, offsetMinutes, fc.boolean(), (value, operand, offset, near) => {
        const at = near ? operand + ((value % 3) - 1) : value;
        const text = written(at, offset);
        const bound = new Date(operand).toISOString();
        expect(holds({ $after: bound }, text)).toBe(at > operand);
        expect(holds({ $before: bound }, text)).toBe(at < operand);
        expect(holds({ $more_than: bound }, text)).toBe(at > operand);
        expect(holds({ $more_than_equal: bound }, text)).toBe(at >= operand);
        expect(holds({ $less_than_equal: bound }, text)).toBe(at <= operand);
        expect(holds({ $is: bound }, text)).toBe(at === operand);
        expect(holds({ $after: bound }, new Date(at))).toBe(at > operand);
      }),
    );
  });

  it('numeric comparisons agree with comparisons of numbers, whether the value is a number or text', () => {
    const number = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(number, number, fc.boolean(), fc.boolean(), (value, limit, valueAsText, limitAsText) => {
        const subject = valueAsText ? String(value) : value;
        const bound = limitAsText ? String(limit) : limit;
        expect(holds({ $more_than: bound }, subject)).toBe(value > limit);
        expect(holds({ $less_than: bound }, subject)).toBe(value < limit);
        expect(holds({ $more_than_equal: bound }, subject)).toBe(value >= limit);
        expect(holds({ $less_than_equal: bound }, subject)).toBe(value <= limit);
      }),
    );
  });

  it('text operators ignore case on both sides', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9 ]{0,8}$/u);
    fc.assert(
      fc.property(word, word, word, (before, part, after) => {
        const text = `${before}${part}${after}`;
        expect(holds({ $contains: part.toUpperCase() }, text.toLowerCase())).toBe(true);
        expect(holds({ $starts_with: `${before}${part}`.toLowerCase() }, text.toUpperCase())).toBe(true);
        expect(holds({ $ends_with: `${part}${after}`.toUpperCase() }, text)).toBe(true);
      }),
    );
  });

  it('one compiled predicate answers as a fresh compile does, record after record', () => {
    fc.assert(
      fc.property(filterAndNegation, fc.array(record, { maxLength: 10 }), ({ filter }, subjects) => {
        const compiled = compileFilter(filter);
        expect(subjects.map(compiled)).toEqual(subjects.map((subject) => matchesFilter(subject, filter)));
      }),
    );
  });
});
