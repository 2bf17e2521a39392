import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormulaAst } from './ast.js';
import { evaluateFormula } from './evaluate.js';
import { FormulaSyntaxError, parseFormula } from './parser.js';
import { isDomainError } from '../domain-error.js';

/** The tree without positions, as nested arrays, to assert on structure. */
const shape = (ast: FormulaAst): unknown => {
  switch (ast.type) {
    case 'number':
    case 'text':
    case 'boolean':
      return ast.value;
    case 'operand':
      return ast.name;
    case 'metadata':
      return [ast.reader, ast.key];
    case 'unary':
      return [ast.operator, shape(ast.operand)];
    case 'binary':
      return [ast.operator, shape(ast.left), shape(ast.right)];
    case 'call':
      return [ast.name, ...ast.args.map(shape)];
    case 'switch':
      return [
        'SWITCH',
        shape(ast.subject),
        ...ast.cases.map((entry) => ['SWITCH_CASE', shape(entry.value), shape(entry.result)]),
        ...(ast.otherwise === undefined ? [] : [shape(ast.otherwise)]),
      ];
  }
};

const parsed = (text: string): unknown => shape(parseFormula(text));

/** The syntax error a text raises. */
const syntaxError = (text: string): FormulaSyntaxError => {
  try {
    parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} not to parse`);
};

describe('parseFormula: literals and names', () => {
  it('reads numbers, text, booleans, operands and metadata readers', () => {
    expect(parsed('20')).toBe(20);
    expect(parsed('0.15')).toBe(0.15);
    expect(parsed('.5')).toBe(0.5);
    expect(parsed('"Boston"')).toBe('Boston');
    expect(parsed('true')).toBe(true);
    expect(parsed('FALSE')).toBe(false);
    expect(parsed('ORDER_AMOUNT')).toBe('ORDER_AMOUNT');
    expect(parsed('CUSTOMER_METADATA("customer_life_time_value")')).toEqual([
      'CUSTOMER_METADATA',
      'customer_life_time_value',
    ]);
    expect(parsed('ORDER_ITEM_PRODUCT_METADATA("category")')).toEqual(['ORDER_ITEM_PRODUCT_METADATA', 'category']);
  });

  it('reads names and word operators in any letter case', () => {
    expect(parsed('order_amount > 1 and Order_Units_Quantity < 3')).toEqual([
      'AND',
      ['>', 'ORDER_AMOUNT', 1],
      ['<', 'ORDER_UNITS_QUANTITY', 3],
    ]);
    expect(parsed('if(true;1;2)')).toEqual(['IF', true, 1, 2]);
    expect(parsed('"a" ISNOT "b"')).toEqual(['isNot', 'a', 'b']);
    expect(parsed('"a" startswith "b"')).toEqual(['startsWith', 'a', 'b']);
  });

  it('resolves the escapes of text', () => {
    expect(parsed(String.raw`"New \"York\""`)).toBe('New "York"');
    expect(parsed(String.raw`"back\\slash"`)).toBe('back\\slash');
    expect(parsed(String.raw`"a\nb\tc\rd\/e\bf\fg"`)).toBe('a\nb\tc\rd/e\bf\fg');
    expect(parsed(String.raw`"caf\u00e9"`)).toBe('café');
    expect(parsed('"semi;colon (and brackets)"')).toBe('semi;colon (and brackets)');
    expect(parsed('""')).toBe('');
  });

  it('ignores white space of any kind, line breaks included', () => {
    expect(parsed('IF(\n  ORDER_AMOUNT > 200;\n\tORDER_AMOUNT * 0.15;\r\n  5\n)')).toEqual([
      'IF',
      ['>', 'ORDER_AMOUNT', 200],
      ['*', 'ORDER_AMOUNT', 0.15],
      5,
    ]);
  });

  it('records where every node is', () => {
    const ast = parseFormula('IF(ORDER_AMOUNT > 400;0;20)');
    expect(ast).toMatchObject({ type: 'call', start: 0, end: 27 });
    if (ast.type !== 'call') throw new Error('expected a call');
    expect(ast.args[0]).toMatchObject({
      type: 'binary',
      start: 3,
      end: 21,
      left: { start: 3, end: 15 },
      right: { start: 18, end: 21 },
    });
  });
});

describe('parseFormula: operators', () => {
  it('binds * / % tighter than + -, and both tighter than comparisons, AND, OR', () => {
    expect(parsed('1 + 2 * 3')).toEqual(['+', 1, ['*', 2, 3]]);
    expect(parsed('1 * 2 + 3 % 4')).toEqual(['+', ['*', 1, 2], ['%', 3, 4]]);
    expect(parsed('1 + 2 > 3 * 4')).toEqual(['>', ['+', 1, 2], ['*', 3, 4]]);
    expect(parsed('1 > 2 AND 3 < 4 OR 5 = 6')).toEqual(['OR', ['AND', ['>', 1, 2], ['<', 3, 4]], ['=', 5, 6]]);
    expect(parsed('true OR false AND false')).toEqual(['OR', true, ['AND', false, false]]);
  });

  it('associates arithmetic, AND and OR to the left', () => {
    expect(parsed('10 - 4 - 3')).toEqual(['-', ['-', 10, 4], 3]);
    expect(parsed('64 / 8 / 2')).toEqual(['/', ['/', 64, 8], 2]);
    expect(parsed('17 % 5 % 2')).toEqual(['%', ['%', 17, 5], 2]);
    expect(parsed('true AND false AND true')).toEqual(['AND', ['AND', true, false], true]);
  });

  it('lets brackets override precedence', () => {
    expect(parsed('(1 + 2) * 3')).toEqual(['*', ['+', 1, 2], 3]);
    expect(parsed('10 - (4 - 3)')).toEqual(['-', 10, ['-', 4, 3]]);
    expect(parsed('((((7))))')).toBe(7);
  });

  it('reads unary signs, folding them into number literals', () => {
    expect(parsed('-2')).toBe(-2);
    expect(parsed('CUSTOMER_METADATA("age") - -2')).toEqual(['-', ['CUSTOMER_METADATA', 'age'], -2]);
    expect(parsed('- -2')).toBe(2);
    expect(parsed('+3')).toBe(3);
    expect(parsed('-ORDER_AMOUNT')).toEqual(['-', 'ORDER_AMOUNT']);
    expect(parsed('-2 * 3')).toEqual(['*', -2, 3]);
  });

  it('reads every comparison and test, with the alternative spellings', () => {
    for (const operator of ['=', '!=', '>', '<', '>=', '<='])
      expect(parsed(`1 ${operator} 2`)).toEqual([operator, 1, 2]);
    expect(parsed('1 <> 2')).toEqual(['!=', 1, 2]);
    expect(parsed('1 == 2')).toEqual(['=', 1, 2]);
    for (const operator of ['is', 'isNot', 'contains', 'startsWith', 'endsWith']) {
      expect(parsed(`"a" ${operator} "b"`)).toEqual([operator, 'a', 'b']);
    }
    expect(parsed('ORDER_METADATA("region") IN_ARRAY "EU,EMEA"')).toEqual([
      'IN_ARRAY',
      ['ORDER_METADATA', 'region'],
      'EU,EMEA',
    ]);
    expect(parsed('ORDER_METADATA("region") NOT_IN_ARRAY "EU,EMEA"')).toEqual([
      'NOT_IN_ARRAY',
      ['ORDER_METADATA', 'region'],
      'EU,EMEA',
    ]);
    for (const operator of ['IS_AFTER', 'IS_BEFORE', 'DATE_IS', 'DATE_IS_NOT']) {
      expect(parsed(`TODAY ${operator} DATE("2024-01-01")`)).toEqual([operator, 'TODAY', ['DATE', '2024-01-01']]);
    }
  });

  it('reads the formula builder signs × ÷ and x', () => {
    expect(parsed('6 × 2 ÷ 3')).toEqual(['/', ['*', 6, 2], 3]);
    expect(parsed('ORDER_METADATA("day_of_week") x 2')).toEqual(['*', ['ORDER_METADATA', 'day_of_week'], 2]);
  });
});

describe('parseFormula: functions', () => {
  it('separates arguments with ;', () => {
    expect(parsed('IF(ORDER_AMOUNT > 400;0;20)')).toEqual(['IF', ['>', 'ORDER_AMOUNT', 400], 0, 20]);
    expect(parsed('MIN(1;2;3)')).toEqual(['MIN', 1, 2, 3]);
    expect(parsed('MAX(PUBLICATION_METADATA("year"); CUSTOMER_METADATA("clv"))')).toEqual([
      'MAX',
      ['PUBLICATION_METADATA', 'year'],
      ['CUSTOMER_METADATA', 'clv'],
    ]);
    expect(parsed('POW(ORDER_METADATA("visits");2)')).toEqual(['POW', ['ORDER_METADATA', 'visits'], 2]);
    expect(parsed('DEFAULT_TO(REDEMPTION_METADATA("store_list") / 2;5)')).toEqual([
      'DEFAULT_TO',
      ['/', ['REDEMPTION_METADATA', 'store_list'], 2],
      5,
    ]);
    expect(parsed('ROUND(75.55;-1)')).toEqual(['ROUND', 75.55, -1]);
    expect(parsed('FLOOR(1.5)')).toEqual(['FLOOR', 1.5]);
  });

  it('nests calls', () => {
    expect(parsed('IF(ORDER_ITEMS_QUANTITY > 4;IF(ORDER_AMOUNT > 200;25;15);10)')).toEqual([
      'IF',
      ['>', 'ORDER_ITEMS_QUANTITY', 4],
      ['IF', ['>', 'ORDER_AMOUNT', 200], 25, 15],
      10,
    ]);
  });

  it('reads SWITCH with cases separated by spaces, a tolerated ";", and an optional default', () => {
    const reference = 'SWITCH(ORDER_METADATA("store_city");SWITCH_CASE("Boston";10) SWITCH_CASE("New York";15);5)';
    const expected = [
      'SWITCH',
      ['ORDER_METADATA', 'store_city'],
      ['SWITCH_CASE', 'Boston', 10],
      ['SWITCH_CASE', 'New York', 15],
      5,
    ];
    expect(parsed(reference)).toEqual(expected);
    expect(
      parsed('SWITCH(ORDER_METADATA("store_city");SWITCH_CASE("Boston";10);SWITCH_CASE("New York";15);5)'),
    ).toEqual(expected);
    expect(parsed('SWITCH(1;SWITCH_CASE(1;2))')).toEqual(['SWITCH', 1, ['SWITCH_CASE', 1, 2]]);
    expect(parsed('SWITCH(1;SWITCH_CASE(1;2) SWITCH_CASE(3;4))')).toEqual([
      'SWITCH',
      1,
      ['SWITCH_CASE', 1, 2],
      ['SWITCH_CASE', 3, 4],
    ]);
  });

  it('reads the date functions and operands', () => {
    expect(parsed('DAY_OF_MONTH(CUSTOMER_BIRTHDATE)')).toEqual(['DAY_OF_MONTH', 'CUSTOMER_BIRTHDATE']);
    expect(parsed('MONTH(TODAY) = 12')).toEqual(['=', ['MONTH', 'TODAY'], 12]);
    expect(parsed('DATE_TIME("2023-08-17T14:05:00.000Z")')).toEqual(['DATE_TIME', '2023-08-17T14:05:00.000Z']);
    expect(parsed('IS_AFTER(NOW;VOUCHER_START_DATE)')).toEqual(['IS_AFTER', 'NOW', 'VOUCHER_START_DATE']);
    for (const name of ['DAYS_SINCE', 'MONTHS_SINCE', 'YEARS_SINCE', 'DAYS_UNTIL', 'MONTHS_UNTIL', 'YEAR']) {
      expect(parsed(`${name}(VOUCHER_EXPIRATION_DATE)`)).toEqual([name, 'VOUCHER_EXPIRATION_DATE']);
    }
  });
});

describe('parseFormula: errors', () => {
  const cases: readonly (readonly [string, number, string])[] = [
    ['', 0, 'the formula is empty'],
    ['   ', 0, 'the formula is empty'],
    ['1 +', 3, 'a value is missing'],
    ['(1 + 2', 6, 'expected ")" to close the bracket'],
    ['1 + 2)', 5, 'unexpected ")"'],
    ['1 2', 2, 'unexpected "2"'],
    ['MIN(1,2)', 5, 'arguments are separated by ";"'],
    ['IF(ORDER_AMOUNT > 1;2)', 0, 'IF takes 3 arguments, not 2'],
    ['POW(2)', 0, 'POW takes 2 arguments, not 1'],
    ['MAX()', 0, 'MAX takes at least 1 argument, not 0'],
    ['ROUND(1;2;3)', 0, 'ROUND takes 1 to 2 arguments, not 3'],
    ['ORDER_AMOUNNT > 1', 0, 'unknown name ORDER_AMOUNNT'],
    ['SUM(1;2)', 0, 'unknown function SUM'],
    ['ORDER_AMOUNT()', 12, 'ORDER_AMOUNT is not a function'],
    ['IF > 1', 3, 'expected "(" after IF'],
    ['ORDER_METADATA', 14, 'expected "(" after ORDER_METADATA'],
    ['ORDER_METADATA(city)', 15, 'takes a quoted metadata key'],
    ['ORDER_METADATA("a";"b")', 18, 'expected ")" after the key of ORDER_METADATA'],
    ['"Boston', 0, 'unterminated text'],
    [String.raw`"a\qb"`, 2, String.raw`invalid escape "\\q"`],
    [String.raw`"\u12"`, 1, 'invalid \\u escape'],
    ['1 < 2 < 3', 6, 'comparisons cannot be chained'],
    ['"a" is "b" = true', 11, 'comparisons cannot be chained'],
    ['AND 1', 0, 'expected a value but found "AND"'],
    ['1 + * 2', 4, 'expected a value but found "*"'],
    ['1 ^ 2', 2, 'unexpected character "^"'],
    ['1 ! 2', 2, 'unexpected character "!"'],
    ['5.', 2, 'expected a digit after the decimal point'],
    ['2abc', 1, 'unexpected "a" after a number'],
    ['SWITCH_CASE(1;2)', 0, 'only allowed inside SWITCH'],
    ['SWITCH(1;5)', 9, 'SWITCH needs at least one SWITCH_CASE'],
    ['SWITCH(1 SWITCH_CASE(1;2))', 9, 'expected ";" after the value SWITCH compares'],
    ['SWITCH(1;SWITCH_CASE(1;2) 5)', 26, 'unexpected "5"'],
    ['SWITCH(1;SWITCH_CASE(1;2);5;6)', 27, 'expected ")" to close SWITCH'],
    ['DATE("2023-02-30")', 5, 'DATE needs an ISO 8601 date'],
    ['DATE_TIME("yesterday")', 10, 'DATE_TIME needs an ISO 8601 date'],
    ['IF(1;2;)', 7, 'expected a value but found ")"'],
    [`1${'0'.repeat(400)}`, 0, 'the number is too large'],
  ];

  it.each(cases)('%j fails at position %i: %s', (text, position, problem) => {
    const error = syntaxError(text);
    expect(error.position).toBe(position);
    expect(error.problem).toContain(problem);
    expect(error.key).toBe('invalid_payload');
    expect(error.message).toBe(`invalid formula at position ${position}: ${error.problem}`);
    expect(error.details).toBe(`Invalid formula at position ${position}: ${error.problem}`);
    expect(isDomainError(error, 'invalid_payload')).toBe(true);
  });

  it("hints at the name meant: an operand for a dotted path, a near miss, this language's way for foreign functions", () => {
    const hint = (text: string): string => syntaxError(text).problem;
    expect(hint('order.amount > 100')).toBe('unknown name order.amount; write ORDER_AMOUNT');
    expect(hint('voucher.publish.count = 1')).toBe('unknown name voucher.publish.count; write VOUCHER_PUBLISH_COUNT');
    expect(hint('customer.metadata.tier is "VIP"')).toBe(
      'unknown name customer.metadata.tier; write CUSTOMER_METADATA("tier")',
    );
    expect(hint('order.metadata.a.b * 2')).toBe('unknown name order.metadata.a.b; write ORDER_METADATA("a.b")');
    expect(hint('item.metadata.size')).toBe('unknown name item.metadata.size; write ORDER_ITEM_METADATA("size")');
    expect(hint('order.items.length')).toContain('formulas have no dotted paths');
    expect(hint('ORDER_AMOUNNT > 1')).toBe('unknown name ORDER_AMOUNNT; did you mean ORDER_AMOUNT?');
    expect(hint('CUSTOMER_METADAT("a")')).toBe('unknown function CUSTOMER_METADAT; did you mean CUSTOMER_METADATA?');
    expect(hint('ROUND_UP(ORDER_AMOUNT;0)')).toBe('unknown function ROUND_UP; use CEIL(x;precision)');
    expect(hint('ROUND_DOWN(ORDER_AMOUNT;0)')).toBe('unknown function ROUND_DOWN; use FLOOR(x;precision)');
    expect(hint('ABS(ORDER_AMOUNT - 100)')).toBe('unknown function ABS; use MAX(x;-(x))');
    expect(hint('SUM(1;2)')).toBe('unknown function SUM; use +');
    expect(hint('MONTHS_SINC(TODAY)')).toBe('unknown function MONTHS_SINC; did you mean MONTHS_SINCE?');
    expect(hint('DATE_I(NOW;TODAY)')).toBe('unknown function DATE_I; did you mean DATE_IS?');
    // MIN and MAX are as near as each other: no guess.
    expect(hint('MIX(1;2)')).toBe('unknown function MIX');
    expect(hint('FOO')).toBe('unknown name FOO');
    expect(hint('"a" contain "b"')).toBe('unexpected "contain"; did you mean contains?');
    expect(hint('"a" startWith "b"')).toBe('unexpected "startWith"; did you mean startsWith?');
    expect(hint('1 > 0 ANDD 2 > 1')).toBe('unexpected "ANDD"; did you mean AND?');
    expect(hint('1 ORDER_AMOUNT')).toBe('unexpected "ORDER_AMOUNT"');
  });

  it('names the body property in the details when told which one holds the formula', () => {
    const error = syntaxError('');
    expect(error.details).toBe('Invalid formula at position 0: the formula is empty');
    try {
      parseFormula('IF(1;2)', { property: '.voucher.discount.amount_off_formula' });
      throw new Error('expected a syntax error');
    } catch (caught) {
      if (!(caught instanceof FormulaSyntaxError)) throw caught;
      expect(caught.details).toBe(
        'Property .voucher.discount.amount_off_formula is not a valid formula at position 0: IF takes 3 arguments, not 2',
      );
    }
  });

  it('refuses what is not text', () => {
    expect(() => parseFormula(42 as unknown as string)).toThrow(FormulaSyntaxError);
  });

  it('refuses nesting and chains deep enough to exhaust the stack, and accepts long realistic formulas', () => {
    expect(syntaxError(`${'('.repeat(150)}1${')'.repeat(150)}`).problem).toContain('nests deeper than 100 levels');
    expect(syntaxError(`${'-'.repeat(150)}ORDER_AMOUNT`).problem).toContain('nests deeper than 100 levels');
    expect(syntaxError(Array.from({ length: 20_000 }, () => '1').join('+')).problem).toContain('too long');
    expect(evaluateFormula(`${'('.repeat(50)}1${')'.repeat(50)}`, { now: 0 })).toBe(1);
    expect(evaluateFormula(Array.from({ length: 300 }, () => '1').join(' + '), { now: 0 })).toBe(300);
  });

  it('never throws anything but a FormulaSyntaxError on arbitrary text', () => {
    const alphabet = fc.constantFrom(
      ...'()";,.+-*/%=<>! \\0123456789AIFNORSWTCHDEXaiu_'.split(''),
      'IF(',
      'SWITCH_CASE(',
      'ORDER_AMOUNT',
      'AND',
      ' is ',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        try {
          parseFormula(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FormulaSyntaxError);
          const { position } = error as FormulaSyntaxError;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(text.length);
        }
      }),
    );
  });
});

describe('parseFormula: trees', () => {
  it('returns frozen trees, equal for equal texts, that callers can share', () => {
    const first = parseFormula('IF(ORDER_AMOUNT > 150;15;10)');
    expect(parseFormula('IF(ORDER_AMOUNT > 150;15;10)')).toEqual(first);
    expect(Object.isFrozen(first)).toBe(true);
    if (first.type !== 'call') throw new Error('expected a call');
    expect(Object.isFrozen(first.args)).toBe(true);
    expect(Object.isFrozen(first.args[0])).toBe(true);
    const switched = parseFormula('SWITCH(1;SWITCH_CASE(1;2);3)');
    if (switched.type !== 'switch') throw new Error('expected a switch');
    expect(Object.isFrozen(switched.cases)).toBe(true);
    expect(Object.isFrozen(switched.cases[0])).toBe(true);
  });
});
