import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FORMULA_FUNCTIONS,
  FORMULA_METADATA_READERS,
  FORMULA_OPERANDS,
  FORMULA_OPERATORS,
  type FormulaAst,
  type FormulaCallNode,
  type FormulaSwitchCase,
} from './ast.js';
import { FormulaEvaluationError, evaluateFormula } from './evaluate.js';
import { FormulaSyntaxError, parseFormula } from './parser.js';
import { printFormula } from './print.js';

/** The tree without positions, to compare trees parsed from different texts. */
const shape = (ast: FormulaAst): unknown => {
  switch (ast.type) {
    case 'number':
    case 'text':
    case 'boolean':
      return [ast.type, ast.value];
    case 'operand':
      return ast.name;
    case 'metadata':
      return [ast.reader, ast.key];
    case 'unary':
      return [`sign ${ast.operator}`, shape(ast.operand)];
    case 'binary':
      return [ast.operator, shape(ast.left), shape(ast.right)];
    case 'call':
      return [ast.name, ...ast.args.map(shape)];
    case 'switch':
      return [
        'SWITCH',
        shape(ast.subject),
        ...ast.cases.map((entry) => ['SWITCH_CASE', shape(entry.value), shape(entry.result)]),
        ast.otherwise === undefined ? 'no default' : shape(ast.otherwise),
      ];
  }
};

const reprint = (text: string): string => printFormula(parseFormula(text));

describe('printFormula', () => {
  it('writes canonical text: upper-case names, spaced operators, ";" without spaces', () => {
    expect(reprint('if(order_amount>400 and (1+2)*3 = 9;0;20)')).toBe(
      'IF(ORDER_AMOUNT > 400 AND (1 + 2) * 3 = 9;0;20)',
    );
    expect(reprint('ORDER_METADATA("day_of_week") x 2 ÷ 4')).toBe('ORDER_METADATA("day_of_week") * 2 / 4');
    expect(reprint('"a" ISNOT "b" or 1 <> 2 OR 3 == 3')).toBe('"a" isNot "b" OR 1 != 2 OR 3 = 3');
    expect(reprint('MAX( PUBLICATION_METADATA("year") ; 4 )')).toBe('MAX(PUBLICATION_METADATA("year");4)');
  });

  it('keeps only the brackets precedence and left association need', () => {
    expect(reprint('((1 + 2)) + 3')).toBe('1 + 2 + 3');
    expect(reprint('1 + (2 + 3)')).toBe('1 + (2 + 3)');
    expect(reprint('1 - (2 - 3)')).toBe('1 - (2 - 3)');
    expect(reprint('(1 * 2) + (3 % 4)')).toBe('1 * 2 + 3 % 4');
    expect(reprint('(1 + 2) * (3 - 4)')).toBe('(1 + 2) * (3 - 4)');
    expect(reprint('(1 > 2) = (3 < 4)')).toBe('(1 > 2) = (3 < 4)');
    expect(reprint('(true OR false) AND true')).toBe('(true OR false) AND true');
    expect(reprint('true OR (false AND true)')).toBe('true OR false AND true');
    expect(reprint('-(ORDER_AMOUNT + 1)')).toBe('-(ORDER_AMOUNT + 1)');
    expect(reprint('- -ORDER_AMOUNT')).toBe('--ORDER_AMOUNT');
    expect(reprint('CUSTOMER_METADATA("age") - -2')).toBe('CUSTOMER_METADATA("age") - -2');
    expect(reprint('(-2) * 3')).toBe('-2 * 3');
  });

  it('writes SWITCH with its cases separated by spaces', () => {
    const reference = 'SWITCH(ORDER_METADATA("store_city");SWITCH_CASE("Boston";10) SWITCH_CASE("New York";15);5)';
    expect(reprint(reference)).toBe(reference);
    expect(reprint('SWITCH(1;SWITCH_CASE(1;2);SWITCH_CASE(3;4))')).toBe('SWITCH(1;SWITCH_CASE(1;2) SWITCH_CASE(3;4))');
  });

  it('writes numbers in plain decimal notation and text with JSON escapes', () => {
    expect(reprint('1000000000000000000000')).toBe('1000000000000000000000');
    expect(reprint('0.0000001')).toBe('0.0000001');
    expect(reprint('0.000000123')).toBe('0.000000123');
    expect(reprint('123456789012345678901234.5')).toBe('123456789012345690000000');
    expect(reprint('.5')).toBe('0.5');
    expect(reprint('-0')).toBe('0');
    expect(reprint(String.raw`"New \"York\"\n\/\u00e9"`)).toBe(String.raw`"New \"York\"\n/é"`);
    expect(() => printFormula({ type: 'number', value: Number.POSITIVE_INFINITY, start: 0, end: 0 })).toThrow(
      RangeError,
    );
  });

  it('reprints every example of the reference to the same tree', () => {
    const examples = [
      'IF(ORDER_AMOUNT > 400;0;20)',
      'IF(CUSTOMER_METADATA("favorite_brands") contains "Nike";20;CUSTOMER_METADATA("age"))',
      'IF(ORDER_AMOUNT > 100;CUSTOMER_METADATA("age") + 2;CUSTOMER_METADATA("age") - -2)',
      'IF(ORDER_ITEMS_QUANTITY > 4;IF(ORDER_AMOUNT > 200;25;15);10)',
      'DEFAULT_TO(REDEMPTION_METADATA("store_list") / 2;5)',
      'ROUND(CUSTOMER_METADATA("customer_life_time_value");-1)',
      'IF(ORDER_UNITS_QUANTITY > 5;FLOOR(ORDER_UNITS_QUANTITY / 3;0);1)',
      'ORDER_METADATA("region") NOT_IN_ARRAY "EU,EMEA"',
      'IF(DAY_OF_MONTH(CUSTOMER_BIRTHDATE) = DAY_OF_MONTH(TODAY) AND MONTH(CUSTOMER_BIRTHDATE) = MONTH(TODAY);50;0)',
      'DATE_TIME("2023-08-17T14:05:00.000Z") IS_BEFORE NOW',
    ];
    for (const example of examples) {
      expect(reprint(example)).toBe(example);
      expect(shape(parseFormula(reprint(example)))).toEqual(shape(parseFormula(example)));
    }
  });
});

// Arbitrary trees of the shapes the parser gives: a sign is folded into a number literal, calls
// have as many arguments as their function takes, and DATE and DATE_TIME read valid date text.
const at = { start: 0, end: 0 } as const;

const ARGUMENTS: Readonly<Record<FormulaCallNode['name'], readonly [number, number]>> = {
  IF: [3, 3],
  MIN: [1, 4],
  MAX: [1, 4],
  POW: [2, 2],
  DEFAULT_TO: [2, 4],
  ROUND: [1, 2],
  FLOOR: [1, 2],
  CEIL: [1, 2],
  DATE: [1, 1],
  DATE_TIME: [1, 1],
  DAY_OF_MONTH: [1, 1],
  MONTH: [1, 1],
  YEAR: [1, 1],
  DAYS_SINCE: [1, 1],
  MONTHS_SINCE: [1, 1],
  YEARS_SINCE: [1, 1],
  DAYS_UNTIL: [1, 1],
  MONTHS_UNTIL: [1, 1],
  IS_AFTER: [2, 2],
  IS_BEFORE: [2, 2],
  DATE_IS: [2, 2],
  DATE_IS_NOT: [2, 2],
};

const CALLED = FORMULA_FUNCTIONS.filter((name): name is FormulaCallNode['name'] => name !== 'SWITCH');

const numberArb = fc
  .oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0.1, 1e21, 1e-7, 5e-324),
  )
  .map((value) => value + 0);

const textArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\n', ';', ')', 'SWITCH_CASE(', '\u2028', '\ud800'),
);

const leafArb: fc.Arbitrary<FormulaAst> = fc.oneof(
  numberArb.map((value): FormulaAst => ({ type: 'number', value, ...at })),
  textArb.map((value): FormulaAst => ({ type: 'text', value, ...at })),
  fc.boolean().map((value): FormulaAst => ({ type: 'boolean', value, ...at })),
  fc.constantFrom(...FORMULA_OPERANDS).map((name): FormulaAst => ({ type: 'operand', name, ...at })),
  fc
    .tuple(fc.constantFrom(...FORMULA_METADATA_READERS), textArb)
    .map(([reader, key]): FormulaAst => ({ type: 'metadata', reader, key, ...at })),
);

const dateTextArb = fc.constantFrom('2024-08-17', '2023-08-17T14:05:00.000Z', '2026-01-31T23:59:59+02:00');

const treeArb: fc.Arbitrary<FormulaAst> = fc.letrec<{ tree: FormulaAst }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
    leafArb,
    fc.tuple(fc.constantFrom<'-' | '+'>('-', '+'), tie('tree')).map(([operator, operand]): FormulaAst => {
      if (operand.type !== 'number') return { type: 'unary', operator, operand, ...at };
      return { type: 'number', value: operator === '-' ? 0 - operand.value : operand.value, ...at };
    }),
    fc
      .tuple(fc.constantFrom(...FORMULA_OPERATORS), tie('tree'), tie('tree'))
      .map(([operator, left, right]): FormulaAst => ({ type: 'binary', operator, left, right, ...at })),
    fc
      .tuple(fc.constantFrom(...CALLED), fc.array(tie('tree'), { minLength: 4, maxLength: 4 }), fc.nat(3), dateTextArb)
      .map(([name, trees, extra, date]): FormulaAst => {
        const [min, max] = ARGUMENTS[name];
        const args = trees.slice(0, Math.min(max, min + extra));
        const [first] = args;
        if ((name === 'DATE' || name === 'DATE_TIME') && first?.type === 'text')
          args[0] = { type: 'text', value: date, ...at };
        return { type: 'call', name, args, ...at };
      }),
    fc
      .tuple(
        tie('tree'),
        fc.array(fc.tuple(tie('tree'), tie('tree')), { minLength: 1, maxLength: 3 }),
        fc.option(tie('tree'), { nil: undefined }),
      )
      .map(
        ([subject, pairs, otherwise]): FormulaAst => ({
          type: 'switch',
          subject,
          cases: pairs.map(([value, result]): FormulaSwitchCase => ({ value, result })),
          otherwise,
          ...at,
        }),
      ),
  ),
})).tree;

describe('printFormula and parseFormula: properties', () => {
  it('parsing the printed text of any tree gives back the same tree', () => {
    fc.assert(
      fc.property(treeArb, (ast) => {
        const text = printFormula(ast);
        const reparsed = parseFormula(text);
        expect(shape(reparsed)).toEqual(shape(ast));
        // Printing is canonical: the printed text is a fixed point.
        expect(printFormula(reparsed)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('text that parses keeps its tree and its value when printed and parsed again', () => {
    const pieces = fc.constantFrom(
      ...'()+-*/%=<>;" 0123456789.'.split(''),
      'ORDER_AMOUNT',
      'ORDER_METADATA("n")',
      'IF(',
      'MIN(',
      'ROUND(',
      ' AND ',
      ' OR ',
      ' is ',
      'true',
      '-',
      ' x ',
      '÷',
      '<=',
      '!=',
    );
    const context = { now: 0, order: { amount: 12345, metadata: { n: 7 } } };
    const outcome = (text: string): unknown => {
      try {
        return { value: evaluateFormula(text, context) };
      } catch (error) {
        // Positions differ between the two texts; the reasons do not.
        return { reason: error instanceof FormulaEvaluationError ? error.reason : String(error) };
      }
    };
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 25 }), (parts) => {
        const text = parts.join('');
        let ast: FormulaAst;
        try {
          ast = parseFormula(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FormulaSyntaxError);
          return;
        }
        const printed = printFormula(ast);
        expect(shape(parseFormula(printed))).toEqual(shape(ast));
        expect(outcome(printed)).toEqual(outcome(text));
      }),
      { numRuns: 2000 },
    );
  });
});
