/**
 * The syntax tree of the dynamic formula language and the names it knows: operands, metadata
 * readers, functions and operators. `parseFormula` builds these trees; `evaluateFormula` walks
 * them. Every node records where it came from in the formula text, so errors can point at it.
 */

/**
 * The operands a formula names without brackets, read from the evaluation context. Money operands
 * (`ORDER_AMOUNT`, item prices, amounts and subtotals) are read in minor units and seen by the
 * formula in major units; see `formulaValue`.
 *
 * @example
 * ```ts
 * FORMULA_OPERANDS.includes('ORDER_UNITS_QUANTITY'); // true
 * ```
 */
export const FORMULA_OPERANDS = [
  'ORDER_AMOUNT',
  'ORDER_ITEMS_QUANTITY',
  'ORDER_UNITS_QUANTITY',
  'ORDER_ITEM_PRICE',
  'ORDER_ITEM_AMOUNT',
  'ORDER_ITEM_SUBTOTAL',
  'ORDER_ITEM_UNITS_QUANTITY',
  'CHEAPEST_ORDER_ITEM_PRICE',
  'CHEAPEST_ORDER_ITEM_AMOUNT',
  'CHEAPEST_ORDER_ITEM_SUBTOTAL',
  'CHEAPEST_ORDER_ITEM_UNITS_QUANTITY',
  'MOST_EXPENSIVE_ORDER_ITEM_PRICE',
  'MOST_EXPENSIVE_ORDER_ITEM_AMOUNT',
  'MOST_EXPENSIVE_ORDER_ITEM_SUBTOTAL',
  'MOST_EXPENSIVE_ORDER_ITEM_UNITS_QUANTITY',
  'VOUCHER_REDEMPTION_QUANTITY',
  'VOUCHER_REDEEMED_QUANTITY',
  'VOUCHER_PUBLISH_COUNT',
  'VOUCHER_START_DATE',
  'VOUCHER_EXPIRATION_DATE',
  'PROMOTION_TIER_START_DATE',
  'PROMOTION_TIER_EXPIRATION_DATE',
  'CUSTOMER_BIRTHDATE',
  'TODAY',
  'NOW',
] as const;

/**
 * The name of an operand written without brackets.
 *
 * @example
 * ```ts
 * const operand: FormulaOperandName = 'ORDER_AMOUNT';
 * ```
 */
export type FormulaOperandName = (typeof FORMULA_OPERANDS)[number];

/**
 * The metadata readers: each takes one quoted metadata key, `ORDER_METADATA("store_city")`.
 * `REDEEMABLE_METADATA` reads the voucher's metadata, or the promotion tier's when no voucher is
 * being applied.
 *
 * @example
 * ```ts
 * FORMULA_METADATA_READERS.includes('CUSTOMER_METADATA'); // true
 * ```
 */
export const FORMULA_METADATA_READERS = [
  'ORDER_METADATA',
  'CUSTOMER_METADATA',
  'REDEEMABLE_METADATA',
  'REDEMPTION_METADATA',
  'PUBLICATION_METADATA',
  'ORDER_ITEM_METADATA',
  'ORDER_ITEM_PRODUCT_METADATA',
  'CHEAPEST_ORDER_ITEM_METADATA',
  'CHEAPEST_ORDER_ITEM_PRODUCT_METADATA',
  'MOST_EXPENSIVE_ORDER_ITEM_METADATA',
  'MOST_EXPENSIVE_ORDER_ITEM_PRODUCT_METADATA',
] as const;

/**
 * The name of a metadata reader.
 *
 * @example
 * ```ts
 * const reader: FormulaMetadataReader = 'ORDER_ITEM_PRODUCT_METADATA';
 * ```
 */
export type FormulaMetadataReader = (typeof FORMULA_METADATA_READERS)[number];

/**
 * The functions of the language, called with `;` between arguments: `IF(c;a;b)`. `SWITCH` takes
 * `SWITCH_CASE(value;result)` entries separated by spaces, then an optional default.
 *
 * @example
 * ```ts
 * FORMULA_FUNCTIONS.includes('DEFAULT_TO'); // true
 * ```
 */
export const FORMULA_FUNCTIONS = [
  'IF',
  'SWITCH',
  'MIN',
  'MAX',
  'POW',
  'DEFAULT_TO',
  'ROUND',
  'FLOOR',
  'CEIL',
  'DATE',
  'DATE_TIME',
  'DAY_OF_MONTH',
  'MONTH',
  'YEAR',
  'DAYS_SINCE',
  'MONTHS_SINCE',
  'YEARS_SINCE',
  'DAYS_UNTIL',
  'MONTHS_UNTIL',
  'IS_AFTER',
  'IS_BEFORE',
  'DATE_IS',
  'DATE_IS_NOT',
] as const;

/**
 * The name of a function.
 *
 * @example
 * ```ts
 * const name: FormulaFunctionName = 'ROUND';
 * ```
 */
export type FormulaFunctionName = (typeof FORMULA_FUNCTIONS)[number];

/** The comparison operators: one may stand between two operands, never chained. */
export const FORMULA_COMPARISONS = [
  '=',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'is',
  'isNot',
  'contains',
  'startsWith',
  'endsWith',
  'IN_ARRAY',
  'NOT_IN_ARRAY',
  'IS_AFTER',
  'IS_BEFORE',
  'DATE_IS',
  'DATE_IS_NOT',
] as const;

/**
 * The infix operators under their canonical spellings, loosest-binding first: `OR`; `AND`; the
 * comparisons and tests (`=`, `!=`, `>`, `<`, `>=`, `<=`, `is`, `isNot`, `contains`,
 * `startsWith`, `endsWith`, `IN_ARRAY`, `NOT_IN_ARRAY`, `IS_AFTER`, `IS_BEFORE`, `DATE_IS`,
 * `DATE_IS_NOT`), which do not chain; `+ -`; `* / %`. The parser also reads `<>` and `==`, the
 * formula builder's `×`, `x` and `÷`, and the word operators in any letter case; `printFormula`
 * writes the canonical spellings.
 *
 * @example
 * ```ts
 * FORMULA_OPERATORS.includes('startsWith'); // true
 * ```
 */
export const FORMULA_OPERATORS = ['OR', 'AND', ...FORMULA_COMPARISONS, '+', '-', '*', '/', '%'] as const;

/**
 * An infix operator under its canonical spelling.
 *
 * @example
 * ```ts
 * const operator: FormulaOperator = 'IN_ARRAY';
 * ```
 */
export type FormulaOperator = (typeof FORMULA_OPERATORS)[number];

/**
 * Where a node sits in the formula text: `start` is the 0-based offset of its first character,
 * `end` the offset just past its last one.
 *
 * @example
 * ```ts
 * const span: FormulaSpan = { start: 3, end: 15 }; // "ORDER_AMOUNT" in "IF(ORDER_AMOUNT > 1;1;0)"
 * ```
 */
export interface FormulaSpan {
  /** Offset of the first character (0-based, in UTF-16 code units). */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

/**
 * A number literal such as `20` or `0.15`. A minus sign written before a literal is folded into it.
 *
 * @example
 * ```ts
 * const node: FormulaNumberNode = { type: 'number', value: 0.8, start: 0, end: 3 };
 * ```
 */
export interface FormulaNumberNode extends FormulaSpan {
  /** Always `number`. */
  readonly type: 'number';
  /** The value. */
  readonly value: number;
}

/**
 * A text literal such as `"Boston"`, with its escapes resolved.
 *
 * @example
 * ```ts
 * const node: FormulaTextNode = { type: 'text', value: 'Boston', start: 0, end: 8 };
 * ```
 */
export interface FormulaTextNode extends FormulaSpan {
  /** Always `text`. */
  readonly type: 'text';
  /** The text, without quotes. */
  readonly value: string;
}

/**
 * A boolean literal, `true` or `false`.
 *
 * @example
 * ```ts
 * const node: FormulaBooleanNode = { type: 'boolean', value: true, start: 0, end: 4 };
 * ```
 */
export interface FormulaBooleanNode extends FormulaSpan {
  /** Always `boolean`. */
  readonly type: 'boolean';
  /** The value. */
  readonly value: boolean;
}

/**
 * An operand written without brackets, such as `ORDER_AMOUNT` or `TODAY`.
 *
 * @example
 * ```ts
 * const node: FormulaOperandNode = { type: 'operand', name: 'ORDER_AMOUNT', start: 0, end: 12 };
 * ```
 */
export interface FormulaOperandNode extends FormulaSpan {
  /** Always `operand`. */
  readonly type: 'operand';
  /** The operand, in upper case. */
  readonly name: FormulaOperandName;
}

/**
 * A metadata reader with its key, such as `CUSTOMER_METADATA("tier")`.
 *
 * @example
 * ```ts
 * const node: FormulaMetadataNode = { type: 'metadata', reader: 'CUSTOMER_METADATA', key: 'tier', start: 0, end: 25 };
 * ```
 */
export interface FormulaMetadataNode extends FormulaSpan {
  /** Always `metadata`. */
  readonly type: 'metadata';
  /** Whose metadata is read. */
  readonly reader: FormulaMetadataReader;
  /** The metadata key, exactly as quoted. */
  readonly key: string;
}

/**
 * A minus or plus sign before an expression that is not a number literal, such as `-ORDER_AMOUNT`.
 *
 * @example
 * ```ts
 * const node: FormulaUnaryNode = {
 *   type: 'unary', operator: '-', start: 0, end: 13,
 *   operand: { type: 'operand', name: 'ORDER_AMOUNT', start: 1, end: 13 },
 * };
 * ```
 */
export interface FormulaUnaryNode extends FormulaSpan {
  /** Always `unary`. */
  readonly type: 'unary';
  /** The sign. */
  readonly operator: '-' | '+';
  /** The expression it applies to. */
  readonly operand: FormulaAst;
}

/**
 * Two expressions joined by an infix operator, such as `ORDER_AMOUNT > 100`.
 *
 * @example
 * ```ts
 * const node: FormulaBinaryNode = {
 *   type: 'binary', operator: '>', start: 0, end: 18,
 *   left: { type: 'operand', name: 'ORDER_AMOUNT', start: 0, end: 12 },
 *   right: { type: 'number', value: 100, start: 15, end: 18 },
 * };
 * ```
 */
export interface FormulaBinaryNode extends FormulaSpan {
  /** Always `binary`. */
  readonly type: 'binary';
  /** The operator, under its canonical spelling. */
  readonly operator: FormulaOperator;
  /** The left-hand expression. */
  readonly left: FormulaAst;
  /** The right-hand expression. */
  readonly right: FormulaAst;
}

/**
 * A function call other than `SWITCH`, such as `MAX(1;2)`, with its arguments in order.
 *
 * @example
 * ```ts
 * const node: FormulaCallNode = {
 *   type: 'call', name: 'POW', start: 0, end: 8,
 *   args: [{ type: 'number', value: 2, start: 4, end: 5 }, { type: 'number', value: 3, start: 6, end: 7 }],
 * };
 * ```
 */
export interface FormulaCallNode extends FormulaSpan {
  /** Always `call`. */
  readonly type: 'call';
  /** The function, in upper case. */
  readonly name: Exclude<FormulaFunctionName, 'SWITCH'>;
  /** The arguments, in order. */
  readonly args: readonly FormulaAst[];
}

/**
 * One `SWITCH_CASE(value;result)` of a `SWITCH`.
 *
 * @example
 * ```ts
 * const entry: FormulaSwitchCase = {
 *   value: { type: 'text', value: 'Boston', start: 12, end: 20 },
 *   result: { type: 'number', value: 10, start: 21, end: 23 },
 * };
 * ```
 */
export interface FormulaSwitchCase {
  /** What the subject is compared with. */
  readonly value: FormulaAst;
  /** The result when it matches. */
  readonly result: FormulaAst;
}

/**
 * `SWITCH(subject;SWITCH_CASE(v1;r1) SWITCH_CASE(v2;r2);default)`: the result of the first case
 * whose value equals the subject, else the default.
 *
 * @example
 * ```ts
 * const node: FormulaSwitchNode = {
 *   type: 'switch', start: 0, end: 32,
 *   subject: { type: 'metadata', reader: 'ORDER_METADATA', key: 'city', start: 7, end: 29 },
 *   cases: [],
 *   otherwise: { type: 'number', value: 5, start: 30, end: 31 },
 * };
 * ```
 */
export interface FormulaSwitchNode extends FormulaSpan {
  /** Always `switch`. */
  readonly type: 'switch';
  /** The value the cases are compared with. */
  readonly subject: FormulaAst;
  /** The cases, in order; the first match wins. */
  readonly cases: readonly FormulaSwitchCase[];
  /** The result when no case matches; when absent, no match makes the formula fail. */
  readonly otherwise?: FormulaAst | undefined;
}

/**
 * A parsed formula: one of the node types, nesting the others. Trees returned by `parseFormula`
 * are frozen and shared between callers.
 *
 * @example
 * ```ts
 * const ast: FormulaAst = parseFormula('IF(ORDER_AMOUNT > 400;0;20)');
 * ast.type; // 'call'
 * ```
 */
export type FormulaAst =
  | FormulaNumberNode
  | FormulaTextNode
  | FormulaBooleanNode
  | FormulaOperandNode
  | FormulaMetadataNode
  | FormulaUnaryNode
  | FormulaBinaryNode
  | FormulaCallNode
  | FormulaSwitchNode;
