import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormulaContext } from './context.js';
import { type FormulaFailureReason, FormulaEvaluationError, evaluateFormula } from './evaluate.js';
import { FormulaSyntaxError } from './parser.js';

const NOW = Date.parse('2026-03-15T10:00:00.000Z');

const base: FormulaContext = { now: NOW };

const run = (text: string, context: Partial<FormulaContext> = {}): unknown =>
  evaluateFormula(text, { ...base, ...context });

/** The evaluation error a formula raises for a context. */
const failure = (text: string, context: Partial<FormulaContext> = {}): FormulaEvaluationError => {
  try {
    run(text, context);
  } catch (error) {
    if (error instanceof FormulaEvaluationError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to have no value`);
};

const reasonOf = (text: string, context: Partial<FormulaContext> = {}): FormulaFailureReason =>
  failure(text, context).reason;

describe('evaluateFormula: arithmetic', () => {
  it('computes + - * / % and signs', () => {
    expect(run('1 + 2')).toBe(3);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('6 * 7')).toBe(42);
    expect(run('64 / 8 / 2')).toBe(4);
    expect(run('17 % 5')).toBe(2);
    expect(run('-7 % 3')).toBe(-1);
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('-ORDER_AMOUNT', { order: { amount: 1500 } })).toBe(-15);
    expect(run('+ORDER_AMOUNT', { order: { amount: 1500 } })).toBe(15);
    expect(run('-(2 - 2)')).toBe(0);
    expect(Object.is(run('-(2 - 2)'), -0)).toBe(false);
  });

  it('reads numeric text as a number', () => {
    const order = { metadata: { visits: '12', bad: 'twelve', blank: '' } };
    expect(run('ORDER_METADATA("visits") * 2', { order })).toBe(24);
    expect(reasonOf('ORDER_METADATA("bad") * 2', { order })).toBe('type_mismatch');
    expect(reasonOf('ORDER_METADATA("blank") + 1', { order })).toBe('type_mismatch');
    expect(reasonOf('true + 1')).toBe('type_mismatch');
    expect(reasonOf('TODAY + 1')).toBe('type_mismatch');
  });

  it('refuses division by zero and results that are not finite numbers', () => {
    const error = failure('10 / (5 - 5)');
    expect(error.reason).toBe('division_by_zero');
    expect(error.position).toBe(6);
    expect(error.message).toBe('formula has no value at position 6: division by zero');
    expect(reasonOf('10 % 0')).toBe('division_by_zero');
    expect(reasonOf('POW(-8;0.5)')).toBe('not_finite');
    expect(reasonOf('POW(10;400)')).toBe('not_finite');
  });
});

describe('evaluateFormula: comparisons', () => {
  it('compares numbers, numeric text and binary-noisy results by value', () => {
    expect(run('3 > 2')).toBe(true);
    expect(run('3 < 2')).toBe(false);
    expect(run('2 >= 2')).toBe(true);
    expect(run('2 <= 1')).toBe(false);
    expect(run('2 = 2.0')).toBe(true);
    expect(run('2 != 3')).toBe(true);
    expect(run('0.1 + 0.2 = 0.3')).toBe(true);
    expect(run('0.1 + 0.2 > 0.3')).toBe(false);
    expect(run('ORDER_METADATA("day_of_week") = 5', { order: { metadata: { day_of_week: '5' } } })).toBe(true);
    expect(run('"10" > "9"')).toBe(true);
  });

  it('compares text exactly with = and refuses to order words', () => {
    expect(run('"Boston" = "Boston"')).toBe(true);
    expect(run('"Boston" = "boston"')).toBe(false);
    expect(run('"Boston" != "NY"')).toBe(true);
    expect(run('"5" = 5')).toBe(true);
    expect(run('"five" = 5')).toBe(false);
    expect(run('true = true')).toBe(true);
    expect(run('true = "true"')).toBe(false);
    expect(reasonOf('"apple" < "banana"')).toBe('type_mismatch');
    expect(reasonOf('true > false')).toBe('type_mismatch');
    expect(reasonOf('"abc" > 1')).toBe('type_mismatch');
    expect(reasonOf('CUSTOMER_METADATA("brands") = "Nike"', { customer: { metadata: { brands: ['Nike'] } } })).toBe(
      'type_mismatch',
    );
  });

  it('compares dates, and date text against dates', () => {
    expect(run('TODAY > DATE("2026-03-14")')).toBe(true);
    expect(run('TODAY = DATE("2026-03-15")')).toBe(true);
    expect(run('NOW = DATE("2026-03-15")')).toBe(true);
    expect(run('NOW = DATE_TIME("2026-03-15T10:00:00Z")')).toBe(true);
    expect(run('NOW > DATE_TIME("2026-03-15T09:59:59Z")')).toBe(true);
    expect(run('VOUCHER_START_DATE < "2026-01-01"', { voucher: { start_date: '2025-12-31T23:00:00.000Z' } })).toBe(
      true,
    );
    expect(run('"2026-01-02" > "2025-12-31"')).toBe(true);
    expect(reasonOf('TODAY > "soon"')).toBe('invalid_date');
    expect(run('TODAY = "soon"')).toBe(false);
  });
});

describe('evaluateFormula: AND and OR', () => {
  it('follow the truth tables', () => {
    for (const [a, b] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      expect(run(`${a} AND ${b}`)).toBe(a && b);
      expect(run(`${a} OR ${b}`)).toBe(a || b);
    }
  });

  it('let a side that settles the answer win over a missing or failing one', () => {
    expect(run('false AND ORDER_METADATA("x") > 1', { order: {} })).toBe(false);
    expect(run('ORDER_METADATA("x") > 1 AND false', { order: {} })).toBe(false);
    expect(run('true OR 1 / 0 > 1')).toBe(true);
    expect(run('ORDER_METADATA("x") > 1 OR true', { order: {} })).toBe(true);
    expect(reasonOf('true AND ORDER_METADATA("x") > 1', { order: {} })).toBe('missing_value');
    expect(reasonOf('false OR ORDER_METADATA("x") > 1', { order: {} })).toBe('missing_value');
  });

  it('need booleans', () => {
    expect(reasonOf('1 AND true')).toBe('type_mismatch');
    expect(reasonOf('false OR "yes"')).toBe('type_mismatch');
    // A side that settles the answer is enough; the other is not looked at.
    expect(run('true OR "yes"')).toBe(true);
  });
});

describe('evaluateFormula: text tests', () => {
  const customer = {
    metadata: {
      tier: 'VIP',
      city: 'San Francisco, California',
      channel: 'promo_sms',
      brands: ['Nike', 'Puma'],
      code: 42,
    },
  };

  it('is, isNot, contains, startsWith, endsWith on text, case-sensitively', () => {
    expect(run('CUSTOMER_METADATA("tier") is "VIP"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("tier") is "vip"', { customer })).toBe(false);
    expect(run('CUSTOMER_METADATA("tier") isNot "Beginner"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("city") contains "California"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("city") contains "california"', { customer })).toBe(false);
    expect(run('CUSTOMER_METADATA("channel") startsWith "promo_"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("channel") endsWith "_sms"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("channel") endsWith "_email"', { customer })).toBe(false);
  });

  it('read numbers and booleans as their text', () => {
    expect(run('CUSTOMER_METADATA("code") is "42"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("code") startsWith "4"', { customer })).toBe(true);
    expect(run('true is "true"')).toBe(true);
    expect(reasonOf('TODAY is "2026-03-15"')).toBe('type_mismatch');
  });

  it('hold on a list when they hold for one element; contains asks for an element', () => {
    expect(run('CUSTOMER_METADATA("brands") contains "Nike"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("brands") contains "Nik"', { customer })).toBe(false);
    expect(run('CUSTOMER_METADATA("brands") is "Puma"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("brands") isNot "Puma"', { customer })).toBe(false);
    expect(run('CUSTOMER_METADATA("brands") startsWith "Pu"', { customer })).toBe(true);
    expect(run('CUSTOMER_METADATA("brands") endsWith "x"', { customer })).toBe(false);
  });
});

describe('evaluateFormula: IN_ARRAY and NOT_IN_ARRAY', () => {
  const order = { metadata: { region: 'EMEA', day: 5, tags: ['gift', 'sale'], codes: [1, 2, { nested: true }, null] } };

  it('take comma-separated text on the right', () => {
    expect(run('ORDER_METADATA("region") IN_ARRAY "EU,EMEA"', { order })).toBe(true);
    expect(run('ORDER_METADATA("region") IN_ARRAY "EU, EMEA , APAC"', { order })).toBe(true);
    expect(run('ORDER_METADATA("region") NOT_IN_ARRAY "EU,EMEA"', { order })).toBe(false);
    expect(run('ORDER_METADATA("region") IN_ARRAY "EU"', { order })).toBe(false);
    expect(run('ORDER_METADATA("day") IN_ARRAY "1,5,7"', { order })).toBe(true);
    expect(run('ORDER_METADATA("day") NOT_IN_ARRAY "6,7"', { order })).toBe(true);
  });

  it('take a list from metadata on either side', () => {
    expect(run('"sale" IN_ARRAY ORDER_METADATA("tags")', { order })).toBe(true);
    expect(run('2 IN_ARRAY ORDER_METADATA("codes")', { order })).toBe(true);
    expect(run('3 IN_ARRAY ORDER_METADATA("codes")', { order })).toBe(false);
    expect(run('ORDER_METADATA("tags") IN_ARRAY "sale,clearance"', { order })).toBe(true);
    expect(run('ORDER_METADATA("tags") NOT_IN_ARRAY "clearance"', { order })).toBe(true);
    expect(run('5 IN_ARRAY 5')).toBe(true);
  });
});

describe('evaluateFormula: functions', () => {
  it('IF takes the branch its condition picks, evaluating only that one', () => {
    expect(run('IF(ORDER_AMOUNT > 100;15;5)', { order: { amount: 15000 } })).toBe(15);
    expect(run('IF(ORDER_AMOUNT > 100;15;5)', { order: { amount: 10000 } })).toBe(5);
    expect(run('IF(true;1;1 / 0)')).toBe(1);
    expect(run('IF(false;ORDER_METADATA("missing");2)', { order: {} })).toBe(2);
    expect(reasonOf('IF(5;1;2)')).toBe('type_mismatch');
    expect(reasonOf('IF(ORDER_METADATA("x") > 1;1;2)', { order: {} })).toBe('missing_value');
  });

  it('SWITCH returns the first matching case, else the default', () => {
    const formula = 'SWITCH(ORDER_METADATA("store_city");SWITCH_CASE("Boston";10) SWITCH_CASE("New York";15);5)';
    expect(run(formula, { order: { metadata: { store_city: 'Boston' } } })).toBe(10);
    expect(run(formula, { order: { metadata: { store_city: 'New York' } } })).toBe(15);
    expect(run(formula, { order: { metadata: { store_city: 'Chicago' } } })).toBe(5);
    expect(reasonOf(formula, { order: { metadata: {} } })).toBe('missing_value');
    expect(run('SWITCH(2;SWITCH_CASE(1;"a") SWITCH_CASE("2";"b") SWITCH_CASE(2;"c"))')).toBe('b');
    expect(run('SWITCH(1;SWITCH_CASE(1;"a") SWITCH_CASE(1 / 0;"never"))')).toBe('a');
    const error = failure('SWITCH(3;SWITCH_CASE(1;"a"))');
    expect(error.reason).toBe('missing_value');
    expect(error.message).toContain('no SWITCH_CASE matches and SWITCH has no default');
  });

  it('MIN and MAX take any number of values and lists', () => {
    expect(run('MIN(3;1;2)')).toBe(1);
    expect(run('MAX(3;1;2)')).toBe(3);
    expect(run('MIN(7)')).toBe(7);
    expect(run('MAX(CUSTOMER_METADATA("scores");4)', { customer: { metadata: { scores: [1, 9, '12'] } } })).toBe(12);
    expect(reasonOf('MIN(CUSTOMER_METADATA("scores"))', { customer: { metadata: { scores: [] } } })).toBe(
      'missing_value',
    );
    expect(reasonOf('MIN(1;CUSTOMER_METADATA("x"))', { customer: { metadata: {} } })).toBe('missing_value');
    expect(reasonOf('MIN(1;"a")')).toBe('type_mismatch');
    // A list far longer than the call stack allows as spread arguments.
    const scores = Array.from({ length: 300_000 }, (_, index) => (index * 7919) % 100_003);
    expect(run('MAX(CUSTOMER_METADATA("scores"))', { customer: { metadata: { scores } } })).toBe(100_002);
    expect(run('MIN(CUSTOMER_METADATA("scores"))', { customer: { metadata: { scores } } })).toBe(0);
  });

  it('POW raises to a power', () => {
    expect(run('POW(2;10)')).toBe(1024);
    expect(run('POW(ORDER_METADATA("visits");2)', { order: { metadata: { visits: 3 } } })).toBe(9);
    expect(run('POW(4;0.5)')).toBe(2);
  });

  it('DEFAULT_TO returns the first argument that has a value', () => {
    expect(
      run('DEFAULT_TO(REDEMPTION_METADATA("store_list") / 2;5)', { redemption: { metadata: { store_list: 8 } } }),
    ).toBe(4);
    expect(run('DEFAULT_TO(REDEMPTION_METADATA("store_list") / 2;5)', { redemption: { metadata: {} } })).toBe(5);
    expect(
      run('DEFAULT_TO(REDEMPTION_METADATA("a");REDEMPTION_METADATA("b");3)', { redemption: { metadata: { b: 'x' } } }),
    ).toBe('x');
    expect(run('DEFAULT_TO(ORDER_METADATA("zero");3)', { order: { metadata: { zero: 0 } } })).toBe(0);
    expect(run('DEFAULT_TO(ORDER_METADATA("none");3)', { order: { metadata: { none: null } } })).toBe(3);
    expect(reasonOf('DEFAULT_TO(ORDER_METADATA("a");ORDER_METADATA("b"))', { order: { metadata: {} } })).toBe(
      'missing_value',
    );
    // Only a missing value is replaced, not a mistake.
    expect(reasonOf('DEFAULT_TO(1 / 0;3)')).toBe('division_by_zero');
  });

  it('ROUND, FLOOR and CEIL work at a precision, as the reference shows', () => {
    const customer = (value: number): Partial<FormulaContext> => ({
      customer: { metadata: { customer_life_time_value: value } },
    });
    const clv = 'CUSTOMER_METADATA("customer_life_time_value")';
    expect(run(`ROUND(${clv};1)`, customer(75.55))).toBe(75.6);
    expect(run(`ROUND(${clv};0)`, customer(75.55))).toBe(76);
    expect(run(`ROUND(${clv};-1)`, customer(75.55))).toBe(80);
    expect(run(`FLOOR(${clv};1)`, customer(75.55))).toBe(75.5);
    expect(run(`FLOOR(${clv};0)`, customer(75.55))).toBe(75);
    expect(run(`FLOOR(${clv};-1)`, customer(75.55))).toBe(70);
    expect(run(`CEIL(${clv};1)`, customer(74.44))).toBe(74.5);
    expect(run(`CEIL(${clv};0)`, customer(74.44))).toBe(75);
    expect(run(`CEIL(${clv};-1)`, customer(74.44))).toBe(80);
    expect(run('ROUND(2.5)')).toBe(3);
    expect(run('ROUND(-2.5)')).toBe(-3);
    expect(run('FLOOR(-2.5)')).toBe(-3);
    expect(run('CEIL(-2.5)')).toBe(-2);
    expect(run('ROUND(1.005;2)')).toBe(1.01);
    expect(run('CEIL(0.1 * 3 * 10;0)')).toBe(3);
    expect(run('FLOOR(ORDER_UNITS_QUANTITY / 3;0)', { order: { items: [{ quantity: 4 }, { quantity: 4 }] } })).toBe(2);
    expect(reasonOf('ROUND(1.234;1.5)')).toBe('type_mismatch');
  });
});

describe('evaluateFormula: dates', () => {
  const customer = { birthdate: '1990-05-17' };

  it('TODAY is the calendar day and NOW the instant of the context', () => {
    expect(run('NOW')).toEqual(new Date(NOW));
    expect(run('TODAY')).toEqual(new Date('2026-03-15T00:00:00.000Z'));
    expect(run('TODAY', { now: new Date(NOW), timeZone: 'Europe/Warsaw' })).toEqual(
      new Date('2026-03-14T23:00:00.000Z'),
    );
  });

  it('DATE gives a calendar day and DATE_TIME an instant', () => {
    expect(run('DATE("2023-08-17")')).toEqual(new Date('2023-08-17T00:00:00.000Z'));
    expect(run('DATE("2023-08-17T14:05:00.000Z")')).toEqual(new Date('2023-08-17T00:00:00.000Z'));
    expect(run('DATE_TIME("2023-08-17T14:05:00.000Z")')).toEqual(new Date('2023-08-17T14:05:00.000Z'));
    expect(run('DATE(ORDER_METADATA("delivery"))', { order: { metadata: { delivery: '2026-04-01' } } })).toEqual(
      new Date('2026-04-01T00:00:00.000Z'),
    );
    expect(reasonOf('DATE(ORDER_METADATA("delivery"))', { order: { metadata: { delivery: 'next week' } } })).toBe(
      'invalid_date',
    );
    expect(reasonOf('DATE(5)')).toBe('type_mismatch');
  });

  it('DAY_OF_MONTH, MONTH and YEAR read the calendar day in the time zone', () => {
    expect(run('DAY_OF_MONTH(CUSTOMER_BIRTHDATE)', { customer })).toBe(17);
    expect(run('MONTH(CUSTOMER_BIRTHDATE)', { customer })).toBe(5);
    expect(run('YEAR(CUSTOMER_BIRTHDATE)', { customer })).toBe(1990);
    expect(run('MONTH(TODAY)')).toBe(3);
    const lateEvening = { now: Date.parse('2026-12-31T23:30:00Z') };
    expect(run('YEAR(NOW)', lateEvening)).toBe(2026);
    expect(run('YEAR(NOW)', { ...lateEvening, timeZone: 'Europe/Warsaw' })).toBe(2027);
    expect(run('DAY_OF_MONTH(NOW)', { ...lateEvening, timeZone: 'America/New_York' })).toBe(31);
    expect(run('DAY_OF_MONTH(CUSTOMER_BIRTHDATE)', { customer, timeZone: 'America/Los_Angeles' })).toBe(17);
  });

  it('counts whole days and months since and until a date', () => {
    expect(run('DAYS_SINCE(DATE("2026-03-10"))')).toBe(5);
    expect(run('DAYS_SINCE(DATE("2026-03-20"))')).toBe(-5);
    expect(run('DAYS_UNTIL(DATE("2026-03-20"))')).toBe(5);
    expect(
      run('DAYS_UNTIL(VOUCHER_EXPIRATION_DATE)', { voucher: { expiration_date: '2026-03-16T01:00:00.000Z' } }),
    ).toBe(1);
    expect(run('MONTHS_SINCE(DATE("2026-01-15"))')).toBe(2);
    expect(run('MONTHS_SINCE(DATE("2026-01-16"))')).toBe(1);
    expect(run('MONTHS_UNTIL(DATE("2026-06-14"))')).toBe(2);
    expect(run('MONTHS_UNTIL(DATE("2026-06-15"))')).toBe(3);
    expect(run('MONTHS_SINCE(DATE("2026-04-15"))')).toBe(-1);
    expect(run('YEARS_SINCE(CUSTOMER_BIRTHDATE)', { customer })).toBe(35);
    expect(run('YEARS_SINCE(DATE("1990-03-16"))')).toBe(35);
    expect(run('YEARS_SINCE(DATE("1990-03-15"))')).toBe(36);
    // A month is complete on the last day of a shorter month.
    expect(run('MONTHS_SINCE(DATE("2025-01-31"))', { now: Date.parse('2025-02-28T12:00:00Z') })).toBe(1);
    expect(run('MONTHS_SINCE(DATE("2025-01-31"))', { now: Date.parse('2025-02-27T12:00:00Z') })).toBe(0);
    expect(run('MONTHS_SINCE(DATE("2024-01-31"))', { now: Date.parse('2024-02-29T12:00:00Z') })).toBe(1);
  });

  it('IS_AFTER, IS_BEFORE, DATE_IS and DATE_IS_NOT, infix or called', () => {
    const voucher = { start_date: '2026-03-15T08:00:00.000Z', expiration_date: '2026-04-01T00:00:00.000Z' };
    expect(run('NOW IS_AFTER VOUCHER_START_DATE', { voucher })).toBe(true);
    expect(run('IS_AFTER(NOW;VOUCHER_START_DATE)', { voucher })).toBe(true);
    expect(run('NOW IS_BEFORE VOUCHER_EXPIRATION_DATE', { voucher })).toBe(true);
    expect(run('IS_BEFORE(VOUCHER_EXPIRATION_DATE;NOW)', { voucher })).toBe(false);
    // A calendar day on either side compares whole days.
    expect(run('TODAY IS_AFTER VOUCHER_START_DATE', { voucher })).toBe(false);
    expect(run('VOUCHER_START_DATE DATE_IS TODAY', { voucher })).toBe(true);
    expect(run('DATE_IS(NOW;VOUCHER_START_DATE)', { voucher })).toBe(true);
    expect(run('NOW DATE_IS_NOT VOUCHER_EXPIRATION_DATE', { voucher })).toBe(true);
    expect(run('DATE_IS_NOT(NOW;"2026-03-15")', { voucher })).toBe(false);
    expect(reasonOf('NOW IS_AFTER 5')).toBe('type_mismatch');
    expect(reasonOf('NOW IS_AFTER "tomorrow"')).toBe('invalid_date');
  });

  it('compare birthdays by day and month', () => {
    const formula =
      'IF(DAY_OF_MONTH(CUSTOMER_BIRTHDATE) = DAY_OF_MONTH(TODAY) AND MONTH(CUSTOMER_BIRTHDATE) = MONTH(TODAY);50;0)';
    expect(run(formula, { customer: { birthdate: '1990-03-15' } })).toBe(50);
    expect(run(formula, { customer: { birthdate: '1990-03-16' } })).toBe(0);
    expect(run(formula, { customer: { birthday: '1985-03-15' } })).toBe(50);
  });
});

describe('evaluateFormula: operands', () => {
  const items = [
    {
      price: 1000,
      quantity: 2,
      subtotal_amount: 1500,
      metadata: { size: 'S' },
      product: { metadata: { category: 'mugs' } },
    },
    { price: 2500, quantity: 1, metadata: { size: 'L' }, product: { metadata: { category: 'bottles' } } },
    { amount: 3000, quantity: 3, metadata: { size: 'M' } },
    { quantity: 4 },
    {
      price: 2500,
      quantity: 2,
      subtotal_amount: 2000,
      metadata: { size: 'XL' },
      product: { metadata: { category: 'shirts' } },
    },
  ];
  const order = { amount: 17500, items, metadata: { channel: 'web' } };

  it('reads order amounts in major units, and counts lines and units', () => {
    expect(run('ORDER_AMOUNT', { order })).toBe(175);
    expect(run('ORDER_ITEMS_QUANTITY', { order })).toBe(5);
    expect(run('ORDER_UNITS_QUANTITY', { order })).toBe(12);
    expect(run('ORDER_AMOUNT', { order: { items: [{ price: 1000, quantity: 2 }, { amount: 550 }] } })).toBe(25.5);
    expect(reasonOf('ORDER_AMOUNT', { order: { items: [{ quantity: 2 }] } })).toBe('missing_value');
    expect(reasonOf('ORDER_AMOUNT', { order: {} })).toBe('missing_value');
    expect(run('ORDER_ITEMS_QUANTITY', { order: {} })).toBe(0);
    expect(run('ORDER_UNITS_QUANTITY', { order: { items: [{ price: 1 }, { price: 2, quantity: 3 }] } })).toBe(4);
    expect(reasonOf('ORDER_ITEMS_QUANTITY')).toBe('missing_value');
  });

  it('reads the current item, deriving price, amount and subtotal from one another', () => {
    const item = { price: 600, quantity: 2, metadata: { size: 'M' }, product: { metadata: { category: 'mugs' } } };
    expect(run('ORDER_ITEM_PRICE', { item })).toBe(6);
    expect(run('ORDER_ITEM_AMOUNT', { item })).toBe(12);
    expect(run('ORDER_ITEM_SUBTOTAL', { item })).toBe(12);
    expect(run('ORDER_ITEM_SUBTOTAL', { item: { ...item, subtotal_amount: 900 } })).toBe(9);
    expect(run('ORDER_ITEM_UNITS_QUANTITY', { item })).toBe(2);
    expect(run('ORDER_ITEM_METADATA("size")', { item })).toBe('M');
    expect(run('ORDER_ITEM_PRODUCT_METADATA("category")', { item })).toBe('mugs');
    expect(run('ORDER_ITEM_PRICE', { item: { amount: 3000, quantity: 3 } })).toBe(10);
    expect(reasonOf('ORDER_ITEM_PRICE', { item: { quantity: 3 } })).toBe('missing_value');
    expect(reasonOf('ORDER_ITEM_PRICE')).toBe('missing_value');
    expect(reasonOf('ORDER_ITEM_PRODUCT_METADATA("category")', { item: { price: 1 } })).toBe('missing_value');
  });

  it('picks the cheapest and most expensive lines, ties to the lowest subtotal, then the first', () => {
    expect(run('CHEAPEST_ORDER_ITEM_PRICE', { order })).toBe(10);
    expect(run('CHEAPEST_ORDER_ITEM_AMOUNT', { order })).toBe(20);
    expect(run('CHEAPEST_ORDER_ITEM_SUBTOTAL', { order })).toBe(15);
    expect(run('CHEAPEST_ORDER_ITEM_UNITS_QUANTITY', { order })).toBe(2);
    expect(run('CHEAPEST_ORDER_ITEM_METADATA("size")', { order })).toBe('S');
    expect(run('CHEAPEST_ORDER_ITEM_PRODUCT_METADATA("category")', { order })).toBe('mugs');
    // Two lines at 25.00: subtotals 25.00 and 20.00, so the second one.
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_PRICE', { order })).toBe(25);
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_SUBTOTAL', { order })).toBe(20);
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_AMOUNT', { order })).toBe(50);
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_UNITS_QUANTITY', { order })).toBe(2);
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_METADATA("size")', { order })).toBe('XL');
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_PRODUCT_METADATA("category")', { order })).toBe('shirts');
    const twins = {
      items: [
        { price: 500, quantity: 1, metadata: { n: 1 } },
        { price: 500, quantity: 1, metadata: { n: 2 } },
      ],
    };
    expect(run('CHEAPEST_ORDER_ITEM_METADATA("n")', { order: twins })).toBe(1);
    expect(run('MOST_EXPENSIVE_ORDER_ITEM_METADATA("n")', { order: twins })).toBe(1);
    expect(reasonOf('CHEAPEST_ORDER_ITEM_PRICE', { order: { items: [{ quantity: 1 }] } })).toBe('missing_value');
  });

  it('reads the voucher, promotion tier and customer operands', () => {
    const voucher = {
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T23:59:59.000Z',
      redemption: { quantity: 10, redeemed_quantity: 3 },
      publish: { count: 1 },
    };
    expect(run('VOUCHER_REDEMPTION_QUANTITY', { voucher })).toBe(10);
    expect(run('VOUCHER_REDEEMED_QUANTITY', { voucher })).toBe(3);
    expect(run('VOUCHER_PUBLISH_COUNT', { voucher })).toBe(1);
    expect(run('VOUCHER_START_DATE', { voucher })).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(run('VOUCHER_EXPIRATION_DATE', { voucher })).toEqual(new Date('2026-12-31T23:59:59.000Z'));
    expect(reasonOf('VOUCHER_REDEMPTION_QUANTITY', { voucher: { redemption: { quantity: null } } })).toBe(
      'missing_value',
    );
    const promotionTier = { start_date: '2026-02-01T00:00:00.000Z', expiration_date: '2026-02-28T00:00:00.000Z' };
    expect(run('PROMOTION_TIER_START_DATE', { promotionTier })).toEqual(new Date('2026-02-01T00:00:00.000Z'));
    expect(run('PROMOTION_TIER_EXPIRATION_DATE', { promotionTier })).toEqual(new Date('2026-02-28T00:00:00.000Z'));
    expect(run('CUSTOMER_BIRTHDATE', { customer: { birthdate: '1990-05-17' } })).toEqual(
      new Date('1990-05-17T00:00:00.000Z'),
    );
    expect(reasonOf('VOUCHER_START_DATE', { voucher: { start_date: 'soon' } })).toBe('missing_value');
  });

  it('reads every metadata source, REDEEMABLE_METADATA from the voucher or else the promotion tier', () => {
    const context: Partial<FormulaContext> = {
      order: { metadata: { k: 'order' } },
      customer: { metadata: { k: 'customer' } },
      voucher: { metadata: { k: 'voucher' } },
      promotionTier: { metadata: { k: 'tier' } },
      redemption: { metadata: { k: 'redemption' } },
      publication: { metadata: { k: 'publication' } },
    };
    expect(run('ORDER_METADATA("k")', context)).toBe('order');
    expect(run('CUSTOMER_METADATA("k")', context)).toBe('customer');
    expect(run('REDEEMABLE_METADATA("k")', context)).toBe('voucher');
    expect(run('REDEEMABLE_METADATA("k")', { promotionTier: { metadata: { k: 'tier' } } })).toBe('tier');
    expect(run('REDEMPTION_METADATA("k")', context)).toBe('redemption');
    expect(run('PUBLICATION_METADATA("k")', context)).toBe('publication');
  });

  it('reads only own metadata keys, and refuses objects', () => {
    expect(reasonOf('ORDER_METADATA("toString")', { order: { metadata: {} } })).toBe('missing_value');
    expect(run('ORDER_METADATA("a.b")', { order: { metadata: { 'a.b': 1 } } })).toBe(1);
    const error = failure('1 + ORDER_METADATA("address")', { order: { metadata: { address: { city: 'Boston' } } } });
    expect(error.reason).toBe('type_mismatch');
    expect(error.position).toBe(4);
    expect(error.message).toContain('ORDER_METADATA("address") holds an object');
  });

  it('returns lists from array metadata as they are', () => {
    expect(run('CUSTOMER_METADATA("brands")', { customer: { metadata: { brands: ['Nike'] } } })).toEqual(['Nike']);
  });
});

describe('evaluateFormula: failures', () => {
  it('names the missing operand and where it is', () => {
    const error = failure('IF(ORDER_AMOUNT > 100;CUSTOMER_METADATA("age");1)', {
      order: { amount: 20000 },
      customer: {},
    });
    expect(error).toBeInstanceOf(FormulaEvaluationError);
    expect(error.name).toBe('FormulaEvaluationError');
    expect(error.reason).toBe('missing_value');
    expect(error.position).toBe(22);
    expect(error.message).toBe('formula has no value at position 22: CUSTOMER_METADATA("age") has no value');
  });

  it('throws syntax errors for text that does not parse, and RangeError for a broken context', () => {
    expect(() => run('IF(')).toThrow(FormulaSyntaxError);
    expect(() => evaluateFormula('1', { now: Number.NaN })).toThrow(RangeError);
    expect(() => evaluateFormula('1', { now: new Date('nope') })).toThrow(RangeError);
    expect(() => evaluateFormula('TODAY', { now: NOW, timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    // A formula without dates never looks the time zone up.
    expect(evaluateFormula('1', { now: NOW, timeZone: 'Mars/Olympus_Mons' })).toBe(1);
  });
});

describe('evaluateFormula: the reference examples', () => {
  it('gives the documented results', () => {
    const visits = (count: number, day: number): Partial<FormulaContext> => ({
      customer: { metadata: { number_of_store_visits: count } },
      order: { metadata: { day_of_week: day } },
    });
    const and = 'IF(CUSTOMER_METADATA("number_of_store_visits") > 10 AND ORDER_METADATA("day_of_week") = 5;20;3)';
    const or = 'IF(CUSTOMER_METADATA("number_of_store_visits") > 10 OR ORDER_METADATA("day_of_week") = 5;20;3)';
    expect(run(and, visits(11, 5))).toBe(20);
    expect(run(and, visits(11, 4))).toBe(3);
    expect(run(or, visits(2, 5))).toBe(20);
    expect(run(or, visits(2, 4))).toBe(3);

    const nested = 'IF(ORDER_ITEMS_QUANTITY > 4;IF(ORDER_AMOUNT > 200;25;15);10)';
    const lines = (count: number, amount: number): Partial<FormulaContext> => ({
      order: { amount, items: Array.from({ length: count }, () => ({ price: 100, quantity: 1 })) },
    });
    expect(run(nested, lines(5, 25000))).toBe(25);
    expect(run(nested, lines(5, 15000))).toBe(15);
    expect(run(nested, lines(4, 25000))).toBe(10);

    expect(run('ORDER_ITEM_PRICE * 0.01 + 1', { item: { price: 600 } })).toBe(1.06);
    expect(run('ORDER_ITEM_PRICE * 0.01 + 1', { item: { price: 1000 } })).toBe(1.1);

    const age = { customer: { metadata: { age: 30, favorite_brands: ['Adidas'] } } };
    expect(run('IF(CUSTOMER_METADATA("favorite_brands") contains "Nike";20;CUSTOMER_METADATA("age"))', age)).toBe(30);
    expect(
      run('IF(ORDER_AMOUNT > 100;CUSTOMER_METADATA("age") + 2;CUSTOMER_METADATA("age") - -2)', {
        ...age,
        order: { amount: 5000 },
      }),
    ).toBe(32);
    expect(run('IF(VOUCHER_PUBLISH_COUNT = 1;25;5)', { voucher: { publish: { count: 1 } } })).toBe(25);
    expect(
      run('IF(ORDER_UNITS_QUANTITY > 5;FLOOR(ORDER_UNITS_QUANTITY / 3;0);1)', { order: { items: [{ quantity: 8 }] } }),
    ).toBe(2);
    expect(
      run('IF(ORDER_AMOUNT > 500;ROUND(ORDER_AMOUNT * 1.5;0);ROUND(ORDER_AMOUNT;0))', { order: { amount: 60050 } }),
    ).toBe(901);
    expect(run('IF(ORDER_AMOUNT > 200;ORDER_AMOUNT * 0.15;ORDER_AMOUNT * 0.05)', { order: { amount: 30000 } })).toBe(
      45,
    );
  });
});

/** A random arithmetic expression over small integers: the formula text and JavaScript's value. */
interface Expression {
  readonly text: string;
  readonly value: number;
  /** How tightly the text binds: 3 for a literal or bracket, 2 for * / %, 1 for + -, 2.5 for a sign. */
  readonly binding: number;
  /** Whether a division or remainder by zero happens somewhere. */
  readonly dividesByZero: boolean;
}

const BINDING: Readonly<Record<string, number>> = { '+': 1, '-': 1, '*': 2, '/': 2, '%': 2 };

const combine = (operator: string, left: Expression, right: Expression): Expression => {
  const binding = BINDING[operator] ?? 1;
  // Left operands need brackets only when they bind more loosely; right operands also when equal,
  // because the operators associate to the left.
  const leftText = left.binding < binding ? `(${left.text})` : left.text;
  const rightText = right.binding <= binding ? `(${right.text})` : right.text;
  const value =
    operator === '+'
      ? left.value + right.value
      : operator === '-'
        ? left.value - right.value
        : operator === '*'
          ? left.value * right.value
          : operator === '/'
            ? left.value / right.value
            : left.value % right.value;
  const divides = (operator === '/' || operator === '%') && right.value === 0;
  return {
    text: `${leftText} ${operator} ${rightText}`,
    value,
    binding,
    dividesByZero: left.dividesByZero || right.dividesByZero || divides,
  };
};

const expressionArb: fc.Arbitrary<Expression> = fc.letrec<{ expression: Expression }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .integer({ min: -50, max: 50 })
      .map((value) => ({ text: value < 0 ? `(${value})` : String(value), value, binding: 3, dividesByZero: false })),
    fc
      .tuple(fc.constantFrom('+', '-', '*', '/', '%'), tie('expression'), tie('expression'))
      .map(([operator, left, right]) => combine(operator, left, right)),
    tie('expression').map((inner) => ({
      text: `-${inner.binding < 3 ? `(${inner.text})` : inner.text}`,
      value: 0 - inner.value,
      binding: 3,
      dividesByZero: inner.dividesByZero,
    })),
  ),
})).expression;

describe('evaluateFormula: properties', () => {
  it('agrees with JavaScript on random integer arithmetic written with minimal brackets', () => {
    fc.assert(
      fc.property(expressionArb, (expression) => {
        if (expression.dividesByZero) {
          expect(reasonOf(expression.text)).toBe('division_by_zero');
          return;
        }
        if (!Number.isFinite(expression.value)) return;
        expect(run(expression.text)).toBe(expression.value + 0);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JavaScript on comparisons of integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (a, b) => {
        const order = { metadata: { a, b } };
        expect(run('ORDER_METADATA("a") > ORDER_METADATA("b")', { order })).toBe(a > b);
        expect(run('ORDER_METADATA("a") < ORDER_METADATA("b")', { order })).toBe(a < b);
        expect(run('ORDER_METADATA("a") >= ORDER_METADATA("b")', { order })).toBe(a >= b);
        expect(run('ORDER_METADATA("a") <= ORDER_METADATA("b")', { order })).toBe(a <= b);
        expect(run('ORDER_METADATA("a") = ORDER_METADATA("b")', { order })).toBe(a === b);
        expect(run('ORDER_METADATA("a") != ORDER_METADATA("b")', { order })).toBe(a !== b);
        expect(run('MIN(ORDER_METADATA("a");ORDER_METADATA("b"))', { order })).toBe(Math.min(a, b));
        expect(run('MAX(ORDER_METADATA("a");ORDER_METADATA("b"))', { order })).toBe(Math.max(a, b));
      }),
    );
  });

  it('IF picks the branch of its condition and never evaluates the other', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), fc.integer(), (a, b, yes, no) => {
        const order = { metadata: { a, b, yes, no } };
        const formula = 'IF(ORDER_METADATA("a") > ORDER_METADATA("b");ORDER_METADATA("yes");ORDER_METADATA("no"))';
        expect(run(formula, { order })).toBe(a > b ? yes : no);
        const guarded = 'IF(ORDER_METADATA("a") > ORDER_METADATA("b");ORDER_METADATA("yes");1 / 0)';
        if (a > b) expect(run(guarded, { order })).toBe(yes);
        else expect(reasonOf(guarded, { order })).toBe('division_by_zero');
      }),
    );
  });

  it('AND and OR agree with Kleene logic when a side is missing', () => {
    const side = fc.constantFrom<boolean | undefined>(true, false, undefined);
    fc.assert(
      fc.property(side, side, (a, b) => {
        const text = (value: boolean | undefined): string =>
          value === undefined ? 'ORDER_METADATA("none")' : String(value);
        const context = { order: { metadata: {} } };
        const and = a === false || b === false ? false : a === undefined || b === undefined ? undefined : true;
        const or = a === true || b === true ? true : a === undefined || b === undefined ? undefined : false;
        for (const [operator, expected] of [
          ['AND', and],
          ['OR', or],
        ] as const) {
          const formula = `${text(a)} ${operator} ${text(b)}`;
          if (expected === undefined) expect(reasonOf(formula, context)).toBe('missing_value');
          else expect(run(formula, context)).toBe(expected);
        }
      }),
    );
  });

  it('DAYS_SINCE counts calendar days from the local day of now, and DAYS_UNTIL is its opposite', () => {
    const zones = fc.constantFrom('UTC', 'Europe/Warsaw', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland');
    const DAY = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: -3650, max: 3650 }),
        fc.integer({ min: 0, max: 2 * DAY }),
        zones,
        (days, offset, timeZone) => {
          const now = Date.UTC(2026, 2, 14) + offset;
          // The oracle: the local date of `now` as Intl formats it, and plain UTC day arithmetic.
          const today = new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          }).format(now);
          const text = new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
          const context = { now, timeZone };
          expect(run(`DAYS_SINCE(DATE("${text}"))`, context)).toBe(days + 0);
          expect(run(`DAYS_UNTIL(DATE("${text}"))`, context)).toBe(0 - days);
          expect(run(`DATE("${text}") DATE_IS TODAY`, context)).toBe(days === 0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
