import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApplicableToEffect,
  type ApplicationRulesInput,
  type SelectableLine,
  type SelectedLine,
  type UnitLimits,
  assignLines,
  scaleLimit,
  selectUnits,
  unitLimit,
} from './applicable-to-selection.js';

const NO_LIMITS: UnitLimits = { perLine: Infinity, total: Infinity };

const line = (
  index: number,
  quantity: number,
  price: number | undefined,
  amount = price === undefined ? undefined : price * quantity,
): SelectableLine => ({
  index,
  quantity,
  price,
  amount,
});

/** Every unit reached, as `index:unit` (units from 1). */
const unitsOf = (selected: readonly SelectedLine[]): string[] =>
  selected.flatMap(({ index, units, first, step }) =>
    Array.from({ length: units }, (_, n) => `${index}:${first + n * step}`),
  );

const select = <Line extends SelectableLine>(
  lines: readonly Line[],
  rules: ApplicationRulesInput,
  limits: UnitLimits<Line> = NO_LIMITS,
) => selectUnits(lines, rules, limits);

describe('selectUnits: order', () => {
  // 7.00, 3.00 (two units), 9.00 and 1.00 a unit.
  const lines = [line(0, 1, 700), line(1, 2, 300), line(2, 1, 900), line(3, 1, 100)];
  const order = (effect: ApplicableToEffect | undefined) => select(lines, { effect }).map((selected) => selected.index);

  it('keeps the request order for APPLY_TO_EVERY (the default) and sorts by unit price otherwise', () => {
    expect(order(undefined)).toEqual([0, 1, 2, 3]);
    expect(order('APPLY_TO_EVERY')).toEqual([0, 1, 2, 3]);
    expect(order('APPLY_FROM_CHEAPEST')).toEqual([3, 1, 0, 2]);
    expect(order('APPLY_FROM_MOST_EXPENSIVE')).toEqual([2, 0, 1, 3]);
    expect(order('APPLY_TO_CHEAPEST')).toEqual([3]);
    expect(order('APPLY_TO_MOST_EXPENSIVE')).toEqual([2]);
  });

  it('breaks ties on unit price by the lower line amount, then by position, in both directions; lines without a price come last', () => {
    const tied = [line(0, 3, 1000), line(1, 1, 1000), line(2, 1, 1000), line(3, 1, undefined), line(4, 1, 500)];
    expect(select(tied, { effect: 'APPLY_FROM_CHEAPEST' }).map((selected) => selected.index)).toEqual([4, 1, 2, 0, 3]);
    expect(select(tied, { effect: 'APPLY_FROM_MOST_EXPENSIVE' }).map((selected) => selected.index)).toEqual([
      1, 2, 0, 4, 3,
    ]);
  });

  it('never reaches a line without units, and such a line takes no place in skipping', () => {
    const lines = [line(0, 1, 100), line(1, 0, 100), line(2, 1, 100), line(3, 1, 100)];
    expect(select(lines, { skip_initially: 1, repeat: 2 }).map((selected) => selected.index)).toEqual([2]);
    expect(select([line(0, 0, 100), line(1, 2, 900)], { effect: 'APPLY_TO_CHEAPEST' })).toEqual([
      { index: 1, units: 2, first: 1, step: 1 },
    ]);
  });
});

describe('selectUnits: skip and repeat', () => {
  it('counts lines with target ITEM: a reached line gives all its units', () => {
    const lines = [line(0, 2, 2000), line(1, 3, 1500), line(2, 2, 1000), line(3, 4, 500)];
    expect(select(lines, { effect: 'APPLY_FROM_MOST_EXPENSIVE', skip_initially: 1, repeat: 2 })).toEqual([
      { index: 1, units: 3, first: 1, step: 1 },
      { index: 3, units: 4, first: 1, step: 1 },
    ]);
  });

  it('counts units across lines with target UNIT (the reference example: 35.00 off 225.00)', () => {
    const lines = [line(0, 3, 2000), line(1, 5, 1500), line(2, 2, 1000), line(3, 4, 500)];
    expect(
      unitsOf(select(lines, { effect: 'APPLY_FROM_MOST_EXPENSIVE', target: 'UNIT', skip_initially: 1, repeat: 2 })),
    ).toEqual(['0:2', '1:1', '1:3', '1:5', '2:2', '3:2', '3:4']);
  });

  it('lets APPLY_TO_CHEAPEST and APPLY_TO_MOST_EXPENSIVE reach one line, or one unit with target UNIT, after the skipped ones', () => {
    const lines = [line(0, 3, 500), line(1, 2, 1000), line(2, 1, 2000)];
    expect(select(lines, { effect: 'APPLY_TO_CHEAPEST' })).toEqual([{ index: 0, units: 3, first: 1, step: 1 }]);
    expect(select(lines, { effect: 'APPLY_TO_CHEAPEST', skip_initially: 1 })).toEqual([
      { index: 1, units: 2, first: 1, step: 1 },
    ]);
    expect(select(lines, { effect: 'APPLY_TO_CHEAPEST', target: 'UNIT' })).toEqual([
      { index: 0, units: 1, first: 1, step: 1 },
    ]);
    expect(select(lines, { effect: 'APPLY_TO_MOST_EXPENSIVE', target: 'UNIT', skip_initially: 2 })).toEqual([
      { index: 1, units: 1, first: 2, step: 1 },
    ]);
  });

  it('reads skip and repeat as whole counts: fractions round down, repeat is at least 1', () => {
    const lines = [line(0, 1, 100), line(1, 1, 100), line(2, 1, 100)];
    expect(select(lines, { skip_initially: 1.7, repeat: 0 }).map((selected) => selected.index)).toEqual([1, 2]);
    expect(select(lines, { skip_initially: -2, repeat: null }).map((selected) => selected.index)).toEqual([0, 1, 2]);
  });
});

describe('selectUnits: limits', () => {
  type ProductLine = SelectableLine & { readonly product: string };
  const lines: ProductLine[] = ['prod_a', 'prod_b', 'prod_a'].map((product, index) => ({
    ...line(index, 3, 100),
    product,
  }));
  const units = (limits: UnitLimits<ProductLine>) => select(lines, {}, limits).map((selected) => selected.units);

  it('caps units per line and across lines; the lowest cap wins', () => {
    expect(units({ perLine: 2, total: Infinity })).toEqual([2, 2, 2]);
    expect(units({ perLine: Infinity, total: 4 })).toEqual([3, 1]);
    expect(units({ perLine: 1, total: 2 })).toEqual([1, 1]);
    expect(units({ perLine: 0, total: Infinity })).toEqual([]);
    expect(units({ perLine: Infinity, total: -2 })).toEqual([]);
  });

  it('shares a budget among the lines of one key, each key on its own', () => {
    const shared = {
      keyOf: (each: ProductLine) => each.product,
      limitOf: (key: string): number => (key === 'prod_a' ? 4 : 1),
    };
    expect(units({ perLine: Infinity, total: Infinity, shared })).toEqual([3, 1, 1]);
    expect(units({ perLine: 2, total: Infinity, shared })).toEqual([2, 1, 2]);
    expect(units(NO_LIMITS)).toEqual([3, 3, 3]);
  });

  it('reads unit limits: absent or null is no limit, otherwise whole units and never below zero', () => {
    expect(unitLimit(undefined)).toBe(Infinity);
    expect(unitLimit(null)).toBe(Infinity);
    expect(unitLimit(0)).toBe(0);
    expect(unitLimit(-3)).toBe(0);
    expect(unitLimit(2.9)).toBe(2);
    expect(scaleLimit(2, 3)).toBe(6);
    expect(scaleLimit(Infinity, 0)).toBe(Infinity);
  });
});

describe('assignLines', () => {
  it('gives a line several entries match to the most specific, then to the first listed', () => {
    const entries = [
      { object: 'products_collection' as const, lines: [0, 1, 2, 3] },
      { object: 'product' as const, lines: [1, 2] },
      { object: 'sku' as const, lines: [2] },
      { object: 'product' as const, lines: [1, 3] },
    ];
    expect([...assignLines(entries, (entry) => entry.lines)].sort(([a], [b]) => a - b)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });
});

describe('selectUnits (property)', () => {
  const lineArb = fc.record({
    quantity: fc.integer({ min: 0, max: 6 }),
    price: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    budget: fc.constantFrom('prod_a', 'prod_b'),
  });
  const caseArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 6 }),
    effect: fc.constantFrom<ApplicableToEffect>(
      'APPLY_TO_EVERY',
      'APPLY_TO_CHEAPEST',
      'APPLY_FROM_CHEAPEST',
      'APPLY_TO_MOST_EXPENSIVE',
      'APPLY_FROM_MOST_EXPENSIVE',
    ),
    target: fc.constantFrom('ITEM' as const, 'UNIT' as const),
    skip: fc.integer({ min: 0, max: 5 }),
    repeat: fc.integer({ min: 1, max: 4 }),
    perLine: fc.option(fc.integer({ min: 0, max: 5 }), { nil: Infinity }),
    total: fc.option(fc.integer({ min: -2, max: 12 }), { nil: Infinity }),
    budgets: fc.option(fc.record({ prod_a: fc.integer({ min: 0, max: 6 }), prod_b: fc.integer({ min: 0, max: 6 }) }), {
      nil: undefined,
    }),
  });

  it('reaches exactly the units a unit-by-unit walk reaches, within every limit', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const lines = c.lines.map((each, index) => ({
          index,
          ...each,
          amount: each.price === undefined ? undefined : each.price * each.quantity,
        }));
        const budgets = c.budgets;
        const limits: UnitLimits<(typeof lines)[number]> = {
          perLine: c.perLine,
          total: c.total,
          shared:
            budgets === undefined
              ? undefined
              : { keyOf: (each) => each.budget, limitOf: (key) => budgets[key as 'prod_a' | 'prod_b'] },
        };
        const selected = selectUnits(
          lines,
          { effect: c.effect, target: c.target, skip_initially: c.skip, repeat: c.repeat },
          limits,
        );

        // The walk: lines in the effect's order, every unit given a place (UNIT) or every line (ITEM).
        const direction = c.effect === 'APPLY_TO_CHEAPEST' || c.effect === 'APPLY_FROM_CHEAPEST' ? 1 : -1;
        const visited = lines
          .filter((each) => each.quantity > 0)
          .sort((a, b) =>
            c.effect === 'APPLY_TO_EVERY'
              ? a.index - b.index
              : a.price === undefined || b.price === undefined
                ? (a.price === undefined ? 1 : 0) - (b.price === undefined ? 1 : 0) || a.index - b.index
                : direction * (a.price - b.price) || (a.amount ?? 0) - (b.amount ?? 0) || a.index - b.index,
          );
        const single = c.effect === 'APPLY_TO_CHEAPEST' || c.effect === 'APPLY_TO_MOST_EXPENSIVE';
        const expected: string[] = [];
        const left = { total: c.total, ...budgets };
        let place = 0;
        for (const each of visited) {
          let taken = 0;
          for (let unit = 1; unit <= each.quantity; unit += 1) {
            const at = c.target === 'UNIT' ? place + unit - 1 : place;
            const hit = at >= c.skip && (at - c.skip) % c.repeat === 0;
            const budgetLeft =
              budgets === undefined ? Infinity : (left[each.budget as 'prod_a' | 'prod_b'] ?? Infinity);
            if (
              hit &&
              taken < c.perLine &&
              left.total > 0 &&
              budgetLeft > 0 &&
              !(single && c.target === 'UNIT' && taken === 1)
            ) {
              expected.push(`${each.index}:${unit}`);
              taken += 1;
              left.total -= 1;
              if (budgets !== undefined) left[each.budget as 'prod_a' | 'prod_b'] = budgetLeft - 1;
            }
          }
          place += c.target === 'UNIT' ? each.quantity : 1;
          if (single && taken > 0) break;
        }
        expect(unitsOf(selected)).toEqual(expected);
        for (const each of selected) expect(each.units).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
