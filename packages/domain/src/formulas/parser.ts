import { DomainError } from '../domain-error.js';
import {
  FORMULA_FUNCTIONS,
  FORMULA_METADATA_READERS,
  FORMULA_COMPARISONS,
  FORMULA_OPERANDS,
  type FormulaAst,
  type FormulaCallNode,
  type FormulaFunctionName,
  type FormulaMetadataReader,
  type FormulaOperandName,
  type FormulaOperator,
  type FormulaSwitchCase,
} from './ast.js';
import { UTC_CALENDAR, readInstant } from '../filters/time.js';

/**
 * Options of {@link parseFormula}.
 *
 * @example
 * ```ts
 * const options: FormulaParseOptions = { property: '.voucher.discount.amount_off_formula' };
 * ```
 */
export interface FormulaParseOptions {
  /**
   * The body property that holds the formula, in the service's notation (`.loyalty.points_formula`).
   * When given, a syntax error's `details` name it, ready for a 400 `invalid_payload` answer.
   */
  readonly property?: string | undefined;
}

/**
 * A formula that cannot be parsed. A {@link DomainError} with the key `invalid_payload` (the
 * service has no formula-specific key), whose `position` says where the problem is and whose
 * message and `details` say what it is, for example `invalid formula at position 14: unexpected ")"`.
 *
 * @example
 * ```ts
 * try {
 *   parseFormula('IF(ORDER_AMOUNT > 1;2)');
 * } catch (error) {
 *   if (error instanceof FormulaSyntaxError) error.position; // 0: IF takes 3 arguments
 * }
 * ```
 */
export class FormulaSyntaxError extends DomainError {
  /** The 0-based offset in the formula text where the problem starts. */
  readonly position: number;
  /** What is wrong, without the position: `unexpected ")"`. */
  readonly problem: string;

  /**
   * @param problem - What is wrong, in lower case, without the position.
   * @param position - The 0-based offset where it starts.
   * @param property - The body property holding the formula, named in `details` when given.
   */
  constructor(problem: string, position: number, property?: string) {
    const where = `at position ${position}: ${problem}`;
    super('invalid_payload', `invalid formula ${where}`, {
      details:
        property === undefined ? `Invalid formula ${where}` : `Property ${property} is not a valid formula ${where}`,
    });
    this.position = position;
    this.problem = problem;
  }
}

type TokenKind = 'number' | 'text' | 'word' | 'symbol' | 'end';

interface Token {
  readonly kind: TokenKind;
  /** The source characters (the decoded value for text). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** How many arguments each function takes (SWITCH is parsed on its own). */
const ARITY: Readonly<Record<Exclude<FormulaFunctionName, 'SWITCH'>, readonly [number, number]>> = {
  IF: [3, 3],
  MIN: [1, Infinity],
  MAX: [1, Infinity],
  POW: [2, 2],
  DEFAULT_TO: [2, Infinity],
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

/** Word operators by their upper-case spelling; `x` is the formula builder's multiplication sign. */
const WORD_OPERATORS: Readonly<Record<string, FormulaOperator>> = {
  AND: 'AND',
  OR: 'OR',
  IS: 'is',
  ISNOT: 'isNot',
  CONTAINS: 'contains',
  STARTSWITH: 'startsWith',
  ENDSWITH: 'endsWith',
  IN_ARRAY: 'IN_ARRAY',
  NOT_IN_ARRAY: 'NOT_IN_ARRAY',
  IS_AFTER: 'IS_AFTER',
  IS_BEFORE: 'IS_BEFORE',
  DATE_IS: 'DATE_IS',
  DATE_IS_NOT: 'DATE_IS_NOT',
  X: '*',
};

const SYMBOL_OPERATORS: Readonly<Record<string, FormulaOperator>> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
  '%': '%',
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '>': '>',
  '<': '<',
  '>=': '>=',
  '<=': '<=',
};

const COMPARISONS: ReadonlySet<FormulaOperator> = new Set<FormulaOperator>(FORMULA_COMPARISONS);

const OPERANDS: ReadonlySet<string> = new Set(FORMULA_OPERANDS);
const READERS: ReadonlySet<string> = new Set(FORMULA_METADATA_READERS);
const FUNCTIONS: ReadonlySet<string> = new Set(FORMULA_FUNCTIONS);

/** Deeper nesting of brackets and calls than this is refused, so parsing cannot exhaust the call stack. */
const MAX_DEPTH = 100;

/** A taller tree than this (long chains such as `1+1+…+1` count) is refused, so evaluation cannot either. */
const MAX_HEIGHT = 500;

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isWordStart = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isWordPart = (code: number): boolean => isWordStart(code) || isDigit(code);
const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0xfeff;

const describe = (token: Token): string => {
  if (token.kind === 'end') return 'end of formula';
  if (token.kind === 'text') return `text ${JSON.stringify(token.text)}`;
  return JSON.stringify(token.text);
};

const freeze = <T extends object>(value: T): T => Object.freeze(value);

/** Splits a formula into tokens; the last is always `end`. */
const tokenize = (text: string, fail: (problem: string, position: number) => never): Token[] => {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const start = index;
    if (isSpace(code)) {
      index += 1;
    } else if (isDigit(code) || (code === 46 && isDigit(text.charCodeAt(index + 1)))) {
      while (isDigit(text.charCodeAt(index))) index += 1;
      if (text.charCodeAt(index) === 46) {
        index += 1;
        if (!isDigit(text.charCodeAt(index))) fail('expected a digit after the decimal point', index);
        while (isDigit(text.charCodeAt(index))) index += 1;
      }
      if (isWordPart(text.charCodeAt(index))) fail(`unexpected ${JSON.stringify(text[index])} after a number`, index);
      tokens.push({ kind: 'number', text: text.slice(start, index), start, end: index });
    } else if (code === 34) {
      let value = '';
      index += 1;
      for (;;) {
        if (index >= text.length) fail('unterminated text: a closing " is missing', start);
        const character = text[index] ?? '';
        if (character === '"') break;
        if (character === '\\') {
          const escape = text[index + 1] ?? '';
          if (escape === 'u') {
            const hex = text.slice(index + 2, index + 6);
            if (!/^[0-9a-fA-F]{4}$/u.test(hex)) fail('invalid \\u escape: four hexadecimal digits must follow', index);
            value += String.fromCharCode(Number.parseInt(hex, 16));
            index += 6;
            continue;
          }
          const decoded = ESCAPES[escape];
          if (decoded === undefined) fail(`invalid escape ${JSON.stringify(`\\${escape}`)}`, index);
          value += decoded;
          index += 2;
          continue;
        }
        value += character;
        index += 1;
      }
      index += 1;
      tokens.push({ kind: 'text', text: value, start, end: index });
    } else if (isWordStart(code)) {
      // A dotted path (`order.amount`) is read whole, only to be refused with a hint.
      while (
        isWordPart(text.charCodeAt(index)) ||
        (text.charCodeAt(index) === 46 && isWordStart(text.charCodeAt(index + 1)))
      )
        index += 1;
      tokens.push({ kind: 'word', text: text.slice(start, index), start, end: index });
    } else {
      const two = text.slice(index, index + 2);
      const symbol = ['>=', '<=', '!=', '<>', '=='].includes(two) ? two : (text[index] ?? '');
      if (!'()+-*/%=<>;,×÷'.includes(symbol) && symbol.length === 1) {
        const shown = code >= 0xd800 && code <= 0xdbff ? text.slice(index, index + 2) : symbol;
        fail(`unexpected character ${JSON.stringify(shown)}`, index);
      }
      index += symbol.length;
      tokens.push({ kind: 'symbol', text: symbol, start, end: index });
    }
  }
  tokens.push({ kind: 'end', text: '', start: text.length, end: text.length });
  return tokens;
};

/** Functions of other formula languages, and what this one writes instead. */
const FOREIGN_FUNCTIONS: Readonly<Record<string, string>> = {
  ROUND_UP: 'use CEIL(x;precision)',
  ROUNDUP: 'use CEIL(x;precision)',
  ROUND_DOWN: 'use FLOOR(x;precision)',
  ROUNDDOWN: 'use FLOOR(x;precision)',
  TRUNC: 'use FLOOR(x;precision) for positive values',
  ABS: 'use MAX(x;-(x))',
  SUM: 'use +',
  POWER: 'use POW(x;y)',
  IIF: 'use IF(condition;then;else)',
  COALESCE: 'use DEFAULT_TO(a;b)',
  IFNULL: 'use DEFAULT_TO(a;b)',
  NOT: 'use isNot, != or NOT_IN_ARRAY',
};

/** Where a dotted path's first part keeps its metadata. */
const METADATA_OWNERS: Readonly<Record<string, FormulaMetadataReader>> = {
  ORDER: 'ORDER_METADATA',
  CUSTOMER: 'CUSTOMER_METADATA',
  VOUCHER: 'REDEEMABLE_METADATA',
  PROMOTION_TIER: 'REDEEMABLE_METADATA',
  REDEEMABLE: 'REDEEMABLE_METADATA',
  REDEMPTION: 'REDEMPTION_METADATA',
  PUBLICATION: 'PUBLICATION_METADATA',
  ITEM: 'ORDER_ITEM_METADATA',
  ORDER_ITEM: 'ORDER_ITEM_METADATA',
};

const KNOWN_NAMES: readonly string[] = [
  ...FORMULA_OPERANDS,
  ...FORMULA_METADATA_READERS,
  ...FORMULA_FUNCTIONS,
  'SWITCH_CASE',
];

/** The edit distance of two words, or more than `limit` once it is sure to exceed it. */
const distance = (a: string, b: string, limit: number): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
};

/** A hint for an unknown name: the operand a dotted path means, a known name it misspells, or this language's way. */
const hintFor = (text: string, called: boolean): string | undefined => {
  const name = text.toUpperCase();
  if (name.includes('.')) {
    const [owner = '', field = '', ...rest] = name.split('.');
    const reader = METADATA_OWNERS[owner];
    if (field === 'METADATA' && reader !== undefined && rest.length > 0) {
      return `write ${reader}(${JSON.stringify(text.split('.').slice(2).join('.'))})`;
    }
    const operand = name.replaceAll('.', '_');
    if (OPERANDS.has(operand)) return `write ${operand}`;
    return 'formulas have no dotted paths: operands are names such as ORDER_AMOUNT, and metadata is read with ORDER_METADATA("key")';
  }
  const foreign = FOREIGN_FUNCTIONS[name];
  if (foreign !== undefined && called) return foreign;
  return nearMiss(name, KNOWN_NAMES);
};

/** The one spelling in `candidates` within a typo or two of `name` (letter case aside), as a question. */
const nearMiss = (name: string, candidates: readonly string[]): string | undefined => {
  const upper = name.toUpperCase();
  const limit = upper.length < 5 ? 1 : 2;
  let nearest: string[] = [];
  let best = limit + 1;
  for (const known of candidates) {
    const gap = distance(upper, known.toUpperCase(), limit);
    if (gap < best) [nearest, best] = [[known], gap];
    else if (gap === best) nearest.push(known);
  }
  // Two names as near as each other: no guess.
  return best <= limit && nearest.length === 1 ? `did you mean ${nearest[0] ?? ''}?` : undefined;
};

/** The word operators under their canonical spellings, for hints. */
const WORD_OPERATOR_SPELLINGS: readonly string[] = [
  ...new Set(Object.values(WORD_OPERATORS).filter((operator) => /^[A-Za-z_]+$/u.test(operator))),
];

/** A recursive-descent parser over the tokens of one formula. */
class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  /** Heights of the nodes built so far (a leaf is 1). */
  private readonly heights = new WeakMap<FormulaAst, number>();

  constructor(
    text: string,
    private readonly property: string | undefined,
  ) {
    this.tokens = tokenize(text, (problem, position) => this.fail(problem, position));
  }

  parse(): FormulaAst {
    if (this.peek().kind === 'end') this.fail('the formula is empty', 0);
    const ast = this.expression();
    const rest = this.peek();
    if (rest.kind !== 'end') this.unexpected(rest);
    return ast;
  }

  /** Freezes a node and records its height, refusing trees taller than {@link MAX_HEIGHT}. */
  private node<T extends FormulaAst>(value: T, children: readonly FormulaAst[] = []): T {
    const height = 1 + children.reduce((tallest, child) => Math.max(tallest, this.heights.get(child) ?? 1), 0);
    if (height > MAX_HEIGHT)
      this.fail(`the formula is too long: its tree is deeper than ${MAX_HEIGHT} levels`, value.start);
    this.heights.set(value, height);
    return freeze(value);
  }

  private fail(problem: string, position: number): never {
    throw new FormulaSyntaxError(problem, position, this.property);
  }

  private unexpected(token: Token): never {
    if (token.kind === 'symbol' && token.text === ',') {
      this.fail('unexpected ","; arguments are separated by ";"', token.start);
    }
    if (token.kind === 'end') this.fail('unexpected end of formula', token.start);
    // A word where an operator may stand is most likely a misspelt operator.
    const hint = token.kind === 'word' ? nearMiss(token.text, WORD_OPERATOR_SPELLINGS) : undefined;
    this.fail(`unexpected ${describe(token)}${hint === undefined ? '' : `; ${hint}`}`, token.start);
  }

  private peek(): Token {
    // The token list always ends with `end`, and `index` never passes it.
    return this.tokens[this.index] ?? (this.tokens[this.tokens.length - 1] as Token);
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isSymbol(text: string): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && token.text === text;
  }

  private expect(text: string, context: string): Token {
    const token = this.peek();
    if (token.kind === 'symbol' && token.text === text) return this.next();
    if (token.kind === 'symbol' && token.text === ',') this.unexpected(token);
    this.fail(`expected ${JSON.stringify(text)} ${context} but found ${describe(token)}`, token.start);
  }

  /** The infix operator at the current token, if there is one. */
  private operatorAhead(): FormulaOperator | undefined {
    const token = this.peek();
    if (token.kind === 'symbol') return SYMBOL_OPERATORS[token.text];
    if (token.kind === 'word') return WORD_OPERATORS[token.text.toUpperCase()];
    return undefined;
  }

  private binary(operator: FormulaOperator, left: FormulaAst, right: FormulaAst): FormulaAst {
    return this.node({ type: 'binary', operator, left, right, start: left.start, end: right.end }, [left, right]);
  }

  private expression(): FormulaAst {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) this.fail(`the formula nests deeper than ${MAX_DEPTH} levels`, this.peek().start);
    let left = this.conjunction();
    while (this.operatorAhead() === 'OR') {
      this.next();
      left = this.binary('OR', left, this.conjunction());
    }
    this.depth -= 1;
    return left;
  }

  private conjunction(): FormulaAst {
    let left = this.comparison();
    while (this.operatorAhead() === 'AND') {
      this.next();
      left = this.binary('AND', left, this.comparison());
    }
    return left;
  }

  private comparison(): FormulaAst {
    const left = this.additive();
    const operator = this.operatorAhead();
    if (operator === undefined || !COMPARISONS.has(operator)) return left;
    this.next();
    const right = this.additive();
    const following = this.operatorAhead();
    if (following !== undefined && COMPARISONS.has(following)) {
      this.fail(
        `comparisons cannot be chained; use brackets or AND before ${describe(this.peek())}`,
        this.peek().start,
      );
    }
    return this.binary(operator, left, right);
  }

  private additive(): FormulaAst {
    let left = this.multiplicative();
    for (let operator = this.operatorAhead(); operator === '+' || operator === '-'; operator = this.operatorAhead()) {
      this.next();
      left = this.binary(operator, left, this.multiplicative());
    }
    return left;
  }

  private multiplicative(): FormulaAst {
    let left = this.unary();
    for (
      let operator = this.operatorAhead();
      operator === '*' || operator === '/' || operator === '%';
      operator = this.operatorAhead()
    ) {
      this.next();
      left = this.binary(operator, left, this.unary());
    }
    return left;
  }

  private unary(): FormulaAst {
    const token = this.peek();
    if (token.kind === 'symbol' && (token.text === '-' || token.text === '+')) {
      this.next();
      this.depth += 1;
      if (this.depth > MAX_DEPTH) this.fail(`the formula nests deeper than ${MAX_DEPTH} levels`, token.start);
      const operand = this.unary();
      this.depth -= 1;
      const operator = token.text === '-' ? '-' : '+';
      if (operand.type === 'number') {
        return this.node({
          type: 'number',
          value: operator === '-' ? 0 - operand.value : operand.value,
          start: token.start,
          end: operand.end,
        });
      }
      return this.node({ type: 'unary', operator, operand, start: token.start, end: operand.end }, [operand]);
    }
    return this.primary();
  }

  private primary(): FormulaAst {
    const token = this.next();
    switch (token.kind) {
      case 'number': {
        const value = Number(token.text);
        if (!Number.isFinite(value)) this.fail('the number is too large', token.start);
        return this.node({ type: 'number', value, start: token.start, end: token.end });
      }
      case 'text':
        return this.node({ type: 'text', value: token.text, start: token.start, end: token.end });
      case 'word':
        return this.word(token);
      case 'symbol':
        if (token.text === '(') {
          const inner = this.expression();
          this.expect(')', 'to close the bracket');
          return inner;
        }
        return this.fail(`expected a value but found ${describe(token)}`, token.start);
      case 'end':
        return this.fail('unexpected end of formula: a value is missing', token.start);
    }
  }

  private word(token: Token): FormulaAst {
    const name = token.text.toUpperCase();
    const called = this.isSymbol('(');
    if (name === 'TRUE' || name === 'FALSE') {
      return this.node({ type: 'boolean', value: name === 'TRUE', start: token.start, end: token.end });
    }
    if (OPERANDS.has(name)) {
      if (called) this.fail(`${name} is not a function; write it without brackets`, this.peek().start);
      return this.node({ type: 'operand', name: name as FormulaOperandName, start: token.start, end: token.end });
    }
    if (READERS.has(name)) {
      if (!called) this.fail(`expected "(" after ${name}`, this.peek().start);
      return this.metadata(name as FormulaMetadataReader, token);
    }
    if (name === 'SWITCH_CASE') this.fail('SWITCH_CASE is only allowed inside SWITCH', token.start);
    if (FUNCTIONS.has(name)) {
      if (!called) this.fail(`expected "(" after ${name}`, this.peek().start);
      return name === 'SWITCH' ? this.switchCall(token) : this.call(name as FormulaCallNode['name'], token);
    }
    if (WORD_OPERATORS[name] !== undefined) this.fail(`expected a value but found ${describe(token)}`, token.start);
    const hint = hintFor(token.text, called);
    const problem = called ? `unknown function ${token.text}` : `unknown name ${token.text}`;
    return this.fail(hint === undefined ? problem : `${problem}; ${hint}`, token.start);
  }

  private metadata(reader: FormulaMetadataReader, token: Token): FormulaAst {
    this.next();
    const key = this.peek();
    if (key.kind !== 'text') this.fail(`${reader} takes a quoted metadata key, such as ${reader}("key")`, key.start);
    this.next();
    const close = this.expect(')', `after the key of ${reader}`);
    return this.node({ type: 'metadata', reader, key: key.text, start: token.start, end: close.end });
  }

  /** The arguments of a call, after its `(`, up to and including the `)`. */
  private arguments(name: string): { args: FormulaAst[]; end: number } {
    this.next();
    const args: FormulaAst[] = [];
    if (this.isSymbol(')')) return { args, end: this.next().end };
    for (;;) {
      args.push(this.expression());
      if (this.isSymbol(';')) {
        this.next();
        continue;
      }
      return { args, end: this.expect(')', `or ";" in the arguments of ${name}`).end };
    }
  }

  private call(name: FormulaCallNode['name'], token: Token): FormulaAst {
    const { args, end } = this.arguments(name);
    const [min, max] = ARITY[name];
    if (args.length < min || args.length > max) {
      const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
      const plural = min === 1 && (max === 1 || max === Infinity) ? '' : 's';
      this.fail(`${name} takes ${wanted} argument${plural}, not ${args.length}`, token.start);
    }
    if (name === 'DATE' || name === 'DATE_TIME') {
      const [argument] = args;
      if (argument?.type === 'text' && readInstant(argument.value, UTC_CALENDAR) === undefined) {
        this.fail(
          `${name} needs an ISO 8601 date such as "2024-08-17", not ${JSON.stringify(argument.value)}`,
          argument.start,
        );
      }
    }
    return this.node({ type: 'call', name, args: freeze(args), start: token.start, end }, args);
  }

  private switchCall(token: Token): FormulaAst {
    this.next();
    const subject = this.expression();
    this.expect(';', 'after the value SWITCH compares');
    const cases: FormulaSwitchCase[] = [];
    let otherwise: FormulaAst | undefined;
    for (;;) {
      const ahead = this.peek();
      if (ahead.kind === 'word' && ahead.text.toUpperCase() === 'SWITCH_CASE') {
        this.next();
        this.expect('(', 'after SWITCH_CASE');
        const value = this.expression();
        this.expect(';', 'between the value and the result of SWITCH_CASE');
        const result = this.expression();
        this.expect(')', 'to close SWITCH_CASE');
        cases.push(freeze({ value, result }));
        // Cases are separated by spaces; a ";" between them is tolerated.
        if (this.isSymbol(';')) {
          this.next();
          const after = this.peek();
          if (!(after.kind === 'word' && after.text.toUpperCase() === 'SWITCH_CASE')) otherwise = this.expression();
          else continue;
        }
        if (otherwise !== undefined || this.isSymbol(')')) break;
        continue;
      }
      if (cases.length === 0) this.fail('SWITCH needs at least one SWITCH_CASE(value;result)', ahead.start);
      this.unexpected(ahead);
    }
    const close = this.expect(')', 'to close SWITCH');
    const children = [
      subject,
      ...cases.flatMap((entry) => [entry.value, entry.result]),
      ...(otherwise === undefined ? [] : [otherwise]),
    ];
    return this.node(
      { type: 'switch', subject, cases: freeze(cases), otherwise, start: token.start, end: close.end },
      children,
    );
  }
}

/**
 * Parses a dynamic formula (`IF(ORDER_AMOUNT > 400;0;20)`) into a frozen syntax tree. Parse a
 * stored formula once and evaluate the tree as often as needed; nothing is cached here, so the
 * caller decides how long a tree lives.
 *
 * Syntax: numbers (`20`, `0.15`), text in double quotes with JSON escapes (`"New \"York\""`),
 * `true` and `false`, brackets, the operators of {@link FORMULA_OPERATORS}, the operands of
 * {@link FORMULA_OPERANDS}, metadata readers with a quoted key, and functions with `;` between
 * arguments. Names and word operators are read in any letter case. Comparisons do not chain.
 *
 * @param text - The formula, as stored in a `*_formula` field.
 * @param options - The body property that holds it, for the error details.
 * @returns The syntax tree.
 * @throws {@link FormulaSyntaxError} (a `DomainError` with key `invalid_payload`) naming the
 *   problem and its 0-based position: unknown names, wrong argument counts, unbalanced brackets,
 *   `,` instead of `;`, unterminated text, invalid dates in `DATE("…")`.
 * @example
 * ```ts
 * const ast = parseFormula('SWITCH(ORDER_METADATA("store_city");SWITCH_CASE("Boston";10) SWITCH_CASE("New York";15);5)');
 * ast.type; // 'switch'
 * parseFormula('MIN(1,2)'); // throws: invalid formula at position 5: unexpected ","; arguments are separated by ";"
 * ```
 */
export function parseFormula(text: string, options: FormulaParseOptions = {}): FormulaAst {
  if (typeof text !== 'string') throw new FormulaSyntaxError('a formula must be text', 0, options.property);
  return new Parser(text, options.property).parse();
}
