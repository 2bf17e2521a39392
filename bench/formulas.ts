/**
 * The formula language on the workloads the mock gives it: parsing a stored formula, evaluating
 * an order-level discount formula over many orders (compiled once, and from text parsed on every
 * call), a date formula in a project time zone (compiled, and one-shot), and a `price_formula`
 * reading the cheapest line over every line of a large order. Each figure sits next to a hand-written
 * function with the same meaning in the same run, since only ratios are meaningful here; the
 * engine's results are checked against it before anything is reported.
 */
import { compileFormula, evaluateFormula, formulaValue, parseFormula, printFormula } from '@voucherkit/domain';
import { label, median } from './lib/measure.ts';

const ROUNDS = 9;
const EVALUATIONS = 200_000;
const DATE_EVALUATIONS = 20_000;
const ONE_SHOT_DATE_EVALUATIONS = 1000;
const PARSES = 2000;
const LINES = 1000;

const ORDER_FORMULA = 'IF(CUSTOMER_METADATA("tier") is "VIP" AND ORDER_AMOUNT > 400;ROUND(ORDER_AMOUNT * 0.15;2);5)';
const BIRTHDAY_FORMULA =
  'IF(DAY_OF_MONTH(CUSTOMER_BIRTHDATE) = DAY_OF_MONTH(TODAY) AND MONTH(CUSTOMER_BIRTHDATE) = MONTH(TODAY);50;10)';
const ITEM_FORMULA = 'IF(ORDER_AMOUNT > 300;MAX(ORDER_ITEM_PRICE * 0.8;CHEAPEST_ORDER_ITEM_PRICE);ORDER_ITEM_PRICE)';

interface OrderContext {
  readonly now: number;
  readonly order: { readonly amount: number };
  readonly customer: { readonly metadata: { readonly tier: string } };
}

const time = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

/** Medians, in milliseconds, of interleaved rounds of each workload; the first two rounds warm up. */
const measure = (workloads: readonly (() => unknown)[]): number[] => {
  const samples = workloads.map((): number[] => []);
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    workloads.forEach((workload, index) => {
      const ms = time(workload);
      if (round >= 2) samples[index]?.push(ms);
    });
  }
  return samples.map(median);
};

/** The order formula by hand, in integer minor units: 15 % of the amount to the cent, else 5.00. */
const byHandOrder = (context: OrderContext): number => {
  if (context.customer.metadata.tier !== 'VIP' || context.order.amount <= 40_000) return 500;
  return Math.round((context.order.amount * 15) / 100);
};

const perSecond = (ms: number, calls: number): string =>
  `${Math.round((calls * 1000) / ms).toLocaleString('en-US')} /s`;
const perCall = (ms: number, calls: number): string => `${((ms * 1e6) / calls).toFixed(0)} ns`;

export const formulaBenchmark = async (): Promise<string[]> => {
  // Parsing: every text is distinct, as each campaign stores its own formula.
  const texts = Array.from({ length: PARSES }, (_, index) => ORDER_FORMULA.replace('0.15', `0.${String(index + 100)}`));
  const [parseMs, printMs] = measure([
    () => texts.map((text) => parseFormula(text)),
    () => texts.map((text) => printFormula(parseFormula(text))),
  ]);

  // Order level: the same formula over many orders.
  const contexts: OrderContext[] = Array.from({ length: 1000 }, (_, index) => ({
    now: Date.UTC(2026, 2, 15),
    order: { amount: 30_000 + index * 50 },
    customer: { metadata: { tier: index % 3 === 0 ? 'VIP' : 'regular' } },
  }));
  const pick = (index: number): OrderContext => contexts[index % contexts.length] as OrderContext;
  const money = { kind: 'money', fallback: 500 } as const;
  for (let index = 0; index < contexts.length; index += 1) {
    if (formulaValue(ORDER_FORMULA, pick(index), money) !== byHandOrder(pick(index)))
      throw new Error('the formula and the hand-written function disagree');
  }
  const compiled = compileFormula(ORDER_FORMULA);
  let sink = 0;
  const [treeMs, treeValueMs, textMs, handMs] = measure([
    () => {
      for (let index = 0; index < EVALUATIONS; index += 1) sink += Number(compiled.evaluate(pick(index)));
    },
    () => {
      for (let index = 0; index < EVALUATIONS; index += 1) sink += compiled.value(pick(index), money);
    },
    () => {
      for (let index = 0; index < EVALUATIONS; index += 1) sink += formulaValue(ORDER_FORMULA, pick(index), money);
    },
    () => {
      for (let index = 0; index < EVALUATIONS; index += 1) sink += byHandOrder(pick(index));
    },
  ]);

  // Dates: calendar days in UTC and in a zone read from Intl; a compiled formula keeps the zone's
  // calendar, a one-shot evaluation builds it again.
  const birthday = compileFormula(BIRTHDAY_FORMULA);
  const birthdays = Array.from({ length: 366 }, (_, day) => ({
    birthdate: new Date(Date.UTC(1990, 0, 1 + day)).toISOString().slice(0, 10),
  }));
  const now = Date.UTC(2026, 2, 15, 23, 30);
  const dateRun = (evaluate: (index: number) => unknown, count: number) => (): void => {
    for (let index = 0; index < count; index += 1) sink += Number(evaluate(index));
  };
  const customerAt = (index: number): { birthdate: string } =>
    birthdays[index % birthdays.length] as { birthdate: string };
  const [utcMs, zoneMs, oneShotMs] = measure([
    dateRun((index) => birthday.evaluate({ now, customer: customerAt(index) }), DATE_EVALUATIONS),
    dateRun(
      (index) => birthday.evaluate({ now, timeZone: 'Europe/Warsaw', customer: customerAt(index) }),
      DATE_EVALUATIONS,
    ),
    dateRun(
      (index) => evaluateFormula(birthday.ast, { now, timeZone: 'Europe/Warsaw', customer: customerAt(index) }),
      ONE_SHOT_DATE_EVALUATIONS,
    ),
  ]);

  // Item level: one price per line of a large order, each reading the cheapest line again.
  const items = Array.from({ length: LINES }, (_, index) => ({
    price: 1000 + ((index * 7919) % 5000),
    quantity: 1 + (index % 3),
  }));
  const order = { amount: items.reduce((sum, item) => sum + item.price * item.quantity, 0), items };
  const itemFormula = compileFormula(ITEM_FORMULA);
  const [itemMs, itemHandMs] = measure([
    () => {
      for (const item of items)
        sink += itemFormula.value({ now: 0, order, item }, { kind: 'money', fallback: item.price });
    },
    () => {
      const cheapest = Math.min(...items.map((item) => item.price)) / 100;
      for (const item of items)
        sink += Math.round(
          (order.amount / 100 > 300 ? Math.max((item.price / 100) * 0.8, cheapest) : item.price / 100) * 100,
        );
    },
  ]);

  if (!Number.isFinite(sink)) throw new Error('unexpected result');
  await Promise.resolve();
  const [
    parse = 0,
    print = 0,
    tree = 0,
    treeValue = 0,
    text = 0,
    hand = 0,
    utc = 0,
    zone = 0,
    oneShot = 0,
    item = 0,
    itemHand = 0,
  ] = [parseMs, printMs, treeMs, treeValueMs, textMs, handMs, utcMs, zoneMs, oneShotMs, itemMs, itemHandMs];
  const micros = (ms: number, calls: number): string => `${((ms * 1000) / calls).toFixed(1)} µs`;
  return [
    `formulas: ${perSecond(treeValue, EVALUATIONS)} order-level values from a compiled formula, ${perSecond(text, EVALUATIONS)} parsing each time`,
    `  ${label(`parseFormula (${ORDER_FORMULA.length} characters, distinct texts)`)}${micros(parse, PARSES)}/formula`,
    `  ${label('parseFormula + printFormula')}${micros(print, PARSES)}/formula`,
    `  ${label('compiled evaluate')}${perSecond(tree, EVALUATIONS)} (${perCall(tree, EVALUATIONS)})`,
    `  ${label('compiled value (evaluate + minor units)')}${perSecond(treeValue, EVALUATIONS)} (${perCall(treeValue, EVALUATIONS)})`,
    `  ${label('formulaValue from text (parse + evaluate + units)')}${perSecond(text, EVALUATIONS)} (${perCall(text, EVALUATIONS)})`,
    `  ${label('hand-written function, same meaning')}${perSecond(hand, EVALUATIONS)} (${perCall(hand, EVALUATIONS)})`,
    `  ${label('ratio compiled value / hand-written')}${(treeValue / hand).toFixed(1)}`,
    `  ${label('birthday formula (4 date reads), compiled, UTC')}${perSecond(utc, DATE_EVALUATIONS)} (${micros(utc, DATE_EVALUATIONS)})`,
    `  ${label('same, compiled, Europe/Warsaw')}${perSecond(zone, DATE_EVALUATIONS)} (${micros(zone, DATE_EVALUATIONS)})`,
    `  ${label('same, evaluateFormula, Europe/Warsaw')}${perSecond(oneShot, ONE_SHOT_DATE_EVALUATIONS)} (${micros(oneShot, ONE_SHOT_DATE_EVALUATIONS)})`,
    `  ${label(`price_formula on every line of a ${LINES}-line order`)}${item.toFixed(2)} ms (cheapest line found again per line)`,
    `  ${label('hand-written, cheapest line found once')}${itemHand.toFixed(2)} ms`,
  ];
};
