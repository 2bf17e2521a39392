import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { type RuleLogic, blameRuleLogic, evaluateRuleLogic, parseRuleLogic, ruleLogicReferences } from './logic.js';

const rule = (key: string): RuleLogic => ({ kind: 'rule', key });

describe('parseRuleLogic', () => {
  it('reads numbers joined by and/or in any case, with brackets', () => {
    expect(parseRuleLogic('1')).toEqual(rule('1'));
    expect(parseRuleLogic('(1 and 2) or 3')).toEqual({
      kind: 'or',
      operands: [{ kind: 'and', operands: [rule('1'), rule('2')] }, rule('3')],
    });
    expect(parseRuleLogic('1 AND 2 And 3')).toEqual({ kind: 'and', operands: [rule('1'), rule('2'), rule('3')] });
    expect(parseRuleLogic('((1))or(2)')).toEqual({ kind: 'or', operands: [rule('1'), rule('2')] });
    expect(parseRuleLogic('  12 OR 3  ')).toEqual({ kind: 'or', operands: [rule('12'), rule('3')] });
  });

  it('binds and tighter than or', () => {
    expect(parseRuleLogic('1 or 2 and 3')).toEqual({
      kind: 'or',
      operands: [rule('1'), { kind: 'and', operands: [rule('2'), rule('3')] }],
    });
    expect(parseRuleLogic('1 and 2 or 3')).toEqual({
      kind: 'or',
      operands: [{ kind: 'and', operands: [rule('1'), rule('2')] }, rule('3')],
    });
  });

  it('reads a blank logic as always holding', () => {
    expect(parseRuleLogic('')).toEqual({ kind: 'always' });
    expect(parseRuleLogic('   ')).toEqual({ kind: 'always' });
  });

  it('refuses anything else with invalid_validation_rules', () => {
    const cases: [string, string][] = [
      ['1 and', "Logic '1 and' ends where a rule number or '(' is expected"],
      ['(1 or 2', "Logic '(1 or 2' ends where ')' is expected"],
      ['1 2', "Logic '1 2' has '2' where 'and', 'or' or the end is expected"],
      ['1 && 2', "Logic '1 && 2' has an unexpected character at position 3"],
      ['1 xor 2', "Logic '1 xor 2' has an unexpected character at position 3"],
      ['1andy', "Logic '1andy' has an unexpected character at position 2"],
      [')', "Logic ')' has ')' where a rule number or '(' is expected"],
      ['()', "Logic '()' has ')' where a rule number or '(' is expected"],
    ];
    for (const [logic, details] of cases) {
      const error = catchDomainError(() => parseRuleLogic(logic));
      expect(error.key).toBe('invalid_validation_rules');
      expect(error.details).toBe(details);
    }
  });

  it('lists the rules it names', () => {
    expect(ruleLogicReferences(parseRuleLogic('(1 and 2) or (1 and 3)'))).toEqual(['1', '2', '3']);
    expect(ruleLogicReferences(parseRuleLogic(''))).toEqual([]);
  });
});

describe('evaluateRuleLogic and blameRuleLogic', () => {
  it('short-circuits left to right', () => {
    const asked: string[] = [];
    const holds = (truth: Record<string, boolean>) => (key: string) => {
      asked.push(key);
      return truth[key] === true;
    };
    expect(evaluateRuleLogic(parseRuleLogic('1 or 2'), holds({ 1: true }))).toBe(true);
    expect(asked).toEqual(['1']);
    asked.length = 0;
    expect(evaluateRuleLogic(parseRuleLogic('1 and 2'), holds({}))).toBe(false);
    expect(asked).toEqual(['1']);
  });

  it('blames the failing operand of and, and the first operand of a failed or', () => {
    const truth = (keys: string[]) => (key: string) => keys.includes(key);
    expect(blameRuleLogic(parseRuleLogic('1 and 2'), truth(['1']))).toBe('2');
    expect(blameRuleLogic(parseRuleLogic('1 or 2'), truth([]))).toBe('1');
    expect(blameRuleLogic(parseRuleLogic('(1 or 2) and 3'), truth(['2']))).toBe('3');
    expect(blameRuleLogic(parseRuleLogic('(1 and 2) or 3'), truth(['1']))).toBe('2');
    expect(blameRuleLogic(parseRuleLogic('1 or 2'), truth(['2']))).toBeUndefined();
    expect(blameRuleLogic(parseRuleLogic(''), truth([]))).toBeUndefined();
  });
});

/** A random and/or tree over rules 1–6. */
type Tree = { leaf: number } | { op: 'and' | 'or'; left: Tree; right: Tree };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ leaf: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ op: fc.constantFrom<'and' | 'or'>('and', 'or'), left: tie('tree'), right: tie('tree') }),
  ),
})).tree;

/** The tree's meaning, computed directly. */
const direct = (node: Tree, truth: readonly boolean[]): boolean => {
  if ('leaf' in node) return truth[node.leaf] === true;
  return node.op === 'and'
    ? direct(node.left, truth) && direct(node.right, truth)
    : direct(node.left, truth) || direct(node.right, truth);
};

/** The rules a short-circuiting evaluation asks for, in order. */
const directlyAsked = (node: Tree, truth: readonly boolean[], asked: number[]): boolean => {
  if ('leaf' in node) {
    asked.push(node.leaf);
    return truth[node.leaf] === true;
  }
  const left = directlyAsked(node.left, truth, asked);
  if (node.op === 'and' ? !left : left) return left;
  return directlyAsked(node.right, truth, asked);
};

/**
 * Writes a tree as a logic text with random letter case and spacing; brackets go where
 * precedence needs them (an `or` inside an `and`, and any right operand, since the tree is
 * binary), and, with `extra`, around random subtrees too.
 */
const render = (node: Tree, words: fc.Stream<boolean>): string => {
  if ('leaf' in node) return String(node.leaf);
  const upper = words.next().value === true;
  const extra = words.next().value === true;
  const word = upper ? node.op.toUpperCase() : node.op;
  const wrap = (child: Tree, needed: boolean): string => {
    const text = render(child, words);
    return needed || ('op' in child && extra) ? `( ${text})` : text;
  };
  const leftNeeds = 'op' in node.left && node.op === 'and' && node.left.op === 'or';
  const rightNeeds = 'op' in node.right;
  return `${wrap(node.left, leftNeeds)}  ${word} ${wrap(node.right, rightNeeds)}`;
};

describe('the logic parser against a direct evaluation (property)', () => {
  it('agrees on the value and asks for the same rules in the same order', () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.infiniteStream(fc.boolean()),
        (node, truth, words) => {
          const text = render(node, words);
          const parsed = parseRuleLogic(text);
          const asked: string[] = [];
          const value = evaluateRuleLogic(parsed, (key) => {
            asked.push(key);
            return truth[Number(key)] === true;
          });
          const expectedAsked: number[] = [];
          expect(value).toBe(direct(node, truth));
          expect(directlyAsked(node, truth, expectedAsked)).toBe(value);
          expect(asked).toEqual(expectedAsked.map(String));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads and before or without brackets, as the direct evaluation with precedence does', () => {
    // Flat chains: `a op b op c …` evaluated with and binding tighter.
    const chain = fc.tuple(
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 8 }),
      fc.array(fc.constantFrom<'and' | 'or'>('and', 'or'), { minLength: 7, maxLength: 7 }),
    );
    fc.assert(
      fc.property(chain, fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), ([leaves, ops], truth) => {
        const text = leaves.map((leaf, i) => (i === 0 ? String(leaf) : `${ops[i - 1] ?? 'and'} ${leaf}`)).join(' ');
        // Sum of products: split on `or`, each group is an `and`.
        const groups: number[][] = [[]];
        leaves.forEach((leaf, i) => {
          if (i > 0 && ops[i - 1] === 'or') groups.push([]);
          groups.at(-1)?.push(leaf);
        });
        const expected = groups.some((group) => group.every((leaf) => truth[leaf] === true));
        expect(evaluateRuleLogic(parseRuleLogic(text), (key) => truth[Number(key)] === true)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
