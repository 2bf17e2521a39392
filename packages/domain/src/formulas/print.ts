/**
 * Writes a formula tree back as formula text, in one canonical spelling: upper-case names, the
 * operators as {@link FORMULA_OPERATORS} spells them, `;` between arguments, and only the brackets
 * that precedence needs. `parseFormula(printFormula(ast))` gives a tree of the same shape.
 */
import type { FormulaAst, FormulaOperator } from './ast.js';

/** How tightly each operator binds; a higher number binds tighter. */
const BINDING: Readonly<Record<FormulaOperator, number>> = {
  OR: 1,
  AND: 2,
  '=': 3,
  '!=': 3,
  '>': 3,
  '<': 3,
  '>=': 3,
  '<=': 3,
  is: 3,
  isNot: 3,
  contains: 3,
  startsWith: 3,
  endsWith: 3,
  IN_ARRAY: 3,
  NOT_IN_ARRAY: 3,
  IS_AFTER: 3,
  IS_BEFORE: 3,
  DATE_IS: 3,
  DATE_IS_NOT: 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '%': 5,
};

/** Comparisons do not chain, so one inside another always needs brackets. */
const COMPARISON = 3;
/** A sign, or a negative number, binds tighter than any infix operator. */
const SIGN = 6;
const ATOM = 7;

const bindingOf = (node: FormulaAst): number => {
  if (node.type === 'binary') return BINDING[node.operator];
  if (node.type === 'unary' || (node.type === 'number' && node.value < 0)) return SIGN;
  return ATOM;
};

/** A finite number in plain decimal notation, which is all the parser reads: 1e21 is `1000000000000000000000`. */
const decimalText = (value: number): string => {
  if (!Number.isFinite(value)) throw new RangeError(`a formula cannot hold the number ${value}`);
  const sign = value < 0 ? '-' : '';
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/u.exec(text);
  if (match === null) return sign + text;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
};

const bracketed = (node: FormulaAst, needed: boolean): string => (needed ? `(${print(node)})` : print(node));

function print(node: FormulaAst): string {
  switch (node.type) {
    case 'number':
      return decimalText(node.value);
    case 'text':
      // JSON's escapes are a subset of the formula's, so the parser reads this back exactly.
      return JSON.stringify(node.value);
    case 'boolean':
      return String(node.value);
    case 'operand':
      return node.name;
    case 'metadata':
      return `${node.reader}(${JSON.stringify(node.key)})`;
    case 'unary':
      return `${node.operator}${bracketed(node.operand, bindingOf(node.operand) < SIGN)}`;
    case 'binary': {
      const binding = BINDING[node.operator];
      const left = bindingOf(node.left);
      const right = bindingOf(node.right);
      // Operators associate to the left, so an equal right-hand operand needs brackets too.
      const leftText = bracketed(node.left, left < binding || (binding === COMPARISON && left === COMPARISON));
      return `${leftText} ${node.operator} ${bracketed(node.right, right <= binding)}`;
    }
    case 'call':
      return `${node.name}(${node.args.map(print).join(';')})`;
    case 'switch': {
      const cases = node.cases.map((entry) => `SWITCH_CASE(${print(entry.value)};${print(entry.result)})`).join(' ');
      return `SWITCH(${print(node.subject)};${cases}${node.otherwise === undefined ? '' : `;${print(node.otherwise)}`})`;
    }
  }
}

/**
 * Writes a formula tree as canonical formula text: names in upper case, operators in the
 * spelling of {@link FORMULA_OPERATORS} with a space either side, `;` between arguments without
 * spaces, text with JSON escapes, numbers in plain decimal notation, and brackets only where
 * precedence needs them. Parsing the result gives a tree of the same shape, so the text can be
 * stored, shown or compared in place of what the user typed.
 *
 * @param ast - A tree from `parseFormula`, or one built by hand with the same node types.
 * @returns The formula text.
 * @throws RangeError when a number node holds `NaN` or an infinity, which no formula text can express.
 * @example
 * ```ts
 * printFormula(parseFormula('if(order_amount>400 and (1+2)*3 = 9;0;20)'));
 * // 'IF(ORDER_AMOUNT > 400 AND (1 + 2) * 3 = 9;0;20)'
 * ```
 */
export function printFormula(ast: FormulaAst): string {
  return print(ast);
}
