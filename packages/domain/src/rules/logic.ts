import { DomainError } from '../domain-error.js';

/**
 * The `logic` of a level of validation rules, parsed: how the numbered rules of that level
 * combine. `always` is the logic of a level without rules, which holds.
 *
 * @example
 * ```ts
 * // "(1 and 2) or 3"
 * const logic: RuleLogic = {
 *   kind: 'or',
 *   operands: [{ kind: 'and', operands: [{ kind: 'rule', key: '1' }, { kind: 'rule', key: '2' }] }, { kind: 'rule', key: '3' }],
 * };
 * ```
 */
export type RuleLogic =
  | { readonly kind: 'rule' /** The number of the rule, as its key is written (`"1"`). */; readonly key: string }
  | {
      readonly kind: 'and' | 'or' /** Two or more operands, in the order written. */;
      readonly operands: readonly RuleLogic[];
    }
  | { readonly kind: 'always' };

type Token = { readonly type: 'number'; readonly text: string } | { readonly type: 'and' | 'or' | '(' | ')' };

const logicError = (logic: string, problem: string): DomainError =>
  new DomainError('invalid_validation_rules', 'invalid validation rule definition', {
    details: `Logic '${logic}' ${problem}`,
  });

const tokenize = (logic: string): Token[] => {
  // A sticky pattern holds its position, so each call makes its own.
  const pattern = /\s*(?:(\d+)|(and|or)(?![a-z0-9_])|([()]))/iuy;
  const tokens: Token[] = [];
  let position = 0;
  while (/\S/u.test(logic.slice(position))) {
    pattern.lastIndex = position;
    const match = pattern.exec(logic);
    if (match === null) {
      throw logicError(
        logic,
        `has an unexpected character at position ${position + logic.slice(position).search(/\S/u) + 1}`,
      );
    }
    const [, number, word, bracket] = match;
    if (number !== undefined) tokens.push({ type: 'number', text: number });
    else if (word !== undefined) tokens.push({ type: word.toLowerCase() === 'and' ? 'and' : 'or' });
    else tokens.push({ type: bracket === '(' ? '(' : ')' });
    position = pattern.lastIndex;
  }
  return tokens;
};

const describe = (token: Token | undefined): string =>
  token === undefined ? 'the end' : token.type === 'number' ? `'${token.text}'` : `'${token.type}'`;

/**
 * Parses the `logic` of a level of validation rules: rule numbers joined by `and` and `or` (in
 * any case) with brackets. `and` binds tighter than `or`, so `1 or 2 and 3` is `1 or (2 and 3)`.
 * A blank text is {@link RuleLogic} `always`; the caller decides what a blank logic means when
 * the level has rules.
 *
 * @param logic - The expression as written, for example `"(1 and 2) or 3"`.
 * @returns The parsed expression; `and` and `or` chains are flattened.
 * @throws DomainError `invalid_validation_rules` when the text is not such an expression;
 *   `details` quotes it, for example `Logic '1 and' ends where a rule number or '(' is expected`.
 */
export function parseRuleLogic(logic: string): RuleLogic {
  const tokens = tokenize(logic);
  if (tokens.length === 0) return { kind: 'always' };
  let next = 0;
  const peek = (): Token | undefined => tokens[next];
  const expected = (what: string): never => {
    const token = peek();
    throw logicError(
      logic,
      token === undefined ? `ends where ${what} is expected` : `has ${describe(token)} where ${what} is expected`,
    );
  };
  const chain = (kind: 'and' | 'or', operand: () => RuleLogic): RuleLogic => {
    const operands = [operand()];
    while (peek()?.type === kind) {
      next += 1;
      operands.push(operand());
    }
    const [only] = operands;
    if (operands.length === 1 && only !== undefined) return only;
    return { kind, operands: operands.flatMap((item) => (item.kind === kind ? item.operands : [item])) };
  };
  const primary = (): RuleLogic => {
    const token = peek();
    if (token?.type === 'number') {
      next += 1;
      return { kind: 'rule', key: String(Number(token.text)) };
    }
    if (token?.type === '(') {
      next += 1;
      const inner = disjunction();
      if (peek()?.type !== ')') expected("')'");
      next += 1;
      return inner;
    }
    return expected("a rule number or '('");
  };
  const conjunction = (): RuleLogic => chain('and', primary);
  const disjunction = (): RuleLogic => chain('or', conjunction);
  const parsed = disjunction();
  if (next < tokens.length) expected("'and', 'or' or the end");
  return parsed;
}

/**
 * The numbers of the rules a logic expression names, each once, in the order first named.
 *
 * @param logic - A parsed expression.
 * @returns The rule keys, for example `['1', '2', '3']`.
 */
export function ruleLogicReferences(logic: RuleLogic): string[] {
  const keys = new Set<string>();
  const visit = (node: RuleLogic): void => {
    if (node.kind === 'rule') keys.add(node.key);
    else if (node.kind !== 'always') node.operands.forEach(visit);
  };
  visit(logic);
  return [...keys];
}

/**
 * Evaluates a logic expression and names the rule a failure is blamed on. Operands are evaluated
 * left to right and no further than needed: `and` stops at the first operand that fails, `or`
 * at the first that holds. When `and` fails, the blame is its failing operand's; when every
 * operand of `or` fails, the blame is its first operand's.
 *
 * @param logic - A parsed expression.
 * @param holds - Tells whether the rule with a given key holds; called at most once per operand
 *   reached, in order.
 * @returns `undefined` when the expression holds, else the key of the rule blamed.
 */
export function blameRuleLogic(logic: RuleLogic, holds: (key: string) => boolean): string | undefined {
  switch (logic.kind) {
    case 'always':
      return undefined;
    case 'rule':
      return holds(logic.key) ? undefined : logic.key;
    case 'and':
      for (const operand of logic.operands) {
        const blamed = blameRuleLogic(operand, holds);
        if (blamed !== undefined) return blamed;
      }
      return undefined;
    case 'or': {
      let first: string | undefined;
      for (const operand of logic.operands) {
        const blamed = blameRuleLogic(operand, holds);
        if (blamed === undefined) return undefined;
        first ??= blamed;
      }
      return first;
    }
  }
}

/**
 * Evaluates a logic expression with short-circuiting; see {@link blameRuleLogic} for the order in
 * which rules are asked.
 *
 * @param logic - A parsed expression.
 * @param holds - Tells whether the rule with a given key holds.
 * @returns Whether the expression holds.
 */
export function evaluateRuleLogic(logic: RuleLogic, holds: (key: string) => boolean): boolean {
  return blameRuleLogic(logic, holds) === undefined;
}
