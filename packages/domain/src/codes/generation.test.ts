import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  type CodeConfigInput,
  DEFAULT_CODE_CHARSET,
  DEFAULT_CODE_LENGTH,
  codeConfigCapacity,
  generateCode,
  generateUniqueCodes,
} from './generation.js';
import { type RandomSource, createSeededRandom } from '../ids/random-source.js';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/gu, '\\$&');

/** The regular expression every code of a config must match. */
const codeShape = (config: CodeConfigInput): RegExp => {
  const charset = `[${escape(config.charset ?? DEFAULT_CODE_CHARSET)}]`;
  const body =
    config.pattern !== undefined && config.pattern !== null && config.pattern !== ''
      ? Array.from(config.pattern, (character) => (character === '#' ? charset : escape(character))).join('')
      : `${charset}{${config.length ?? DEFAULT_CODE_LENGTH}}`;
  return new RegExp(`^${escape(config.prefix ?? '')}${body}${escape(config.postfix ?? '')}$`);
};

const charsetArb = fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFabcdef-_#'), minLength: 1, maxLength: 12 });
const affixArb = fc.string({ unit: 'grapheme-ascii', maxLength: 5 });
const configArb: fc.Arbitrary<CodeConfigInput> = fc.oneof(
  fc.record({ length: fc.integer({ min: 1, max: 12 }), charset: charsetArb, prefix: affixArb, postfix: affixArb }),
  fc.record({
    pattern: fc.string({ unit: fc.constantFrom('#', '#', 'A', '-', '7'), minLength: 1, maxLength: 12 }),
    charset: charsetArb,
    prefix: affixArb,
    postfix: affixArb,
  }),
);

/** A random source whose integer draws are always `index` (or the largest allowed below it). */
const constantRandom = (index: number): RandomSource => ({ next: () => 0, int: (max) => Math.min(index, max - 1) });

describe('generateCode', () => {
  it('fills each # of the pattern from the charset and keeps the other characters', () => {
    const code = generateCode({ pattern: 'SUMMER-####', charset: '0123456789' }, createSeededRandom(1));
    expect(code).toMatch(/^SUMMER-\d{4}$/u);
  });

  it('counts length without prefix and postfix', () => {
    const code = generateCode({ length: 5, charset: 'XY', prefix: 'PRE-', postfix: '-POST' }, createSeededRandom(1));
    expect(code).toMatch(/^PRE-[XY]{5}-POST$/u);
  });

  it('lets the pattern override length', () => {
    expect(generateCode({ pattern: '##', length: 10, charset: 'a' }, createSeededRandom(1))).toBe('aa');
  });

  it('defaults to 8 alphanumeric characters', () => {
    expect(DEFAULT_CODE_LENGTH).toBe(8);
    expect(DEFAULT_CODE_CHARSET).toBe('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(generateCode({}, createSeededRandom(1))).toMatch(/^[0-9a-zA-Z]{8}$/u);
    expect(
      generateCode({ length: null, charset: null, pattern: null, prefix: null, postfix: null }, createSeededRandom(1)),
    ).toMatch(/^[0-9a-zA-Z]{8}$/u);
    expect(generateCode({ pattern: '', length: 3, charset: 'z' }, createSeededRandom(1))).toBe('zzz');
  });

  it('reads each draw as charset indexes, first slot least significant, and counts duplicates once', () => {
    // Several characters come from one draw below 3^k: its base-3 digits, lowest first.
    expect(generateCode({ length: 3, charset: 'ABCA' }, constantRandom(Infinity))).toBe('CCC');
    expect(generateCode({ length: 3, charset: 'ABCA' }, constantRandom(0))).toBe('AAA');
    expect(generateCode({ length: 3, charset: 'ABCA' }, constantRandom(1 + 2 * 9))).toBe('BAC');
  });

  it('treats charset characters as Unicode characters', () => {
    expect(generateCode({ length: 4, charset: '😀' }, createSeededRandom(1))).toBe('😀😀😀😀');
  });

  it('matches the pattern and uses only the charset, for any config', () => {
    fc.assert(
      fc.property(configArb, fc.integer(), (config, seed) => {
        expect(generateCode(config, createSeededRandom(seed))).toMatch(codeShape(config));
      }),
    );
  });

  it('is deterministic per seed', () => {
    fc.assert(
      fc.property(configArb, fc.string(), (config, seed) => {
        expect(generateCode(config, createSeededRandom(seed))).toBe(generateCode(config, createSeededRandom(seed)));
      }),
    );
  });

  it('refuses an empty charset', () => {
    const error = catchDomainError(() => generateCode({ charset: '' }, createSeededRandom(1)));
    expect(error.key).toBe('invalid_code_config');
    expect(error.message).toBe('charset must not be empty');
  });

  it('refuses a length that is not a positive integer when there is no pattern', () => {
    for (const length of [0, -1, 2.5]) {
      const error = catchDomainError(() => generateCode({ length }, createSeededRandom(1)));
      expect(error.key).toBe('invalid_code_config');
      expect(error.message).toBe('length must be a positive integer');
    }
    expect(generateCode({ length: 0, pattern: '#' }, createSeededRandom(1))).toHaveLength(1);
  });
});

describe('codeConfigCapacity', () => {
  it('is the charset size to the power of the random characters', () => {
    expect(codeConfigCapacity({ pattern: 'SUMMER-####', charset: '0123456789' })).toBe(10_000);
    expect(codeConfigCapacity({ length: 3, charset: 'ab', prefix: 'X' })).toBe(8);
    expect(codeConfigCapacity({ pattern: 'FIXED', charset: 'ab' })).toBe(1);
    expect(codeConfigCapacity({})).toBe(62 ** 8);
    expect(codeConfigCapacity({ length: 400 })).toBe(Infinity);
  });

  it('refuses an invalid config', () => {
    expect(catchDomainError(() => codeConfigCapacity({ charset: '' })).key).toBe('invalid_code_config');
  });
});

describe('generateUniqueCodes', () => {
  it('makes distinct codes of the config, deterministically per seed', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 200 }), fc.integer(), (config, wanted, seed) => {
        const count = Math.min(wanted, codeConfigCapacity(config));
        const codes = generateUniqueCodes(config, count, createSeededRandom(seed));
        expect(codes).toHaveLength(count);
        expect(new Set(codes).size).toBe(count);
        const shape = codeShape(config);
        for (const code of codes) expect(code).toMatch(shape);
        expect(generateUniqueCodes(config, count, createSeededRandom(seed))).toEqual(codes);
      }),
    );
  });

  it('can use up the whole code space', () => {
    const codes = generateUniqueCodes({ pattern: 'N-##', charset: '0123456789' }, 100, createSeededRandom('all'));
    expect(new Set(codes)).toEqual(new Set(Array.from({ length: 100 }, (_, i) => `N-${String(i).padStart(2, '0')}`)));
  });

  it('skips taken codes and asks about each candidate once', () => {
    const config = { pattern: '##', charset: '0123456789' };
    const taken = new Set(Array.from({ length: 90 }, (_, i) => String(i).padStart(2, '0')));
    const asked: string[] = [];
    const codes = generateUniqueCodes(config, 10, createSeededRandom(3), (code) => {
      asked.push(code);
      return taken.has(code);
    });
    expect(codes.sort()).toEqual(['90', '91', '92', '93', '94', '95', '96', '97', '98', '99']);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('lets a recording predicate keep the batch free of case-insensitive duplicates', () => {
    const seen = new Set<string>();
    const isTaken = (code: string): boolean => {
      const key = code.toLowerCase();
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    };
    const codes = generateUniqueCodes({ length: 1, charset: 'aAbB' }, 2, createSeededRandom(5), isTaken);
    expect(codes.map((code) => code.toLowerCase()).sort()).toEqual(['a', 'b']);
  });

  it('works on code spaces beyond 2^53', () => {
    const config = { length: 12 };
    expect(codeConfigCapacity(config)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const codes = generateUniqueCodes(config, 1000, createSeededRandom('wide'));
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9a-zA-Z]{12}$/u);
    expect(generateUniqueCodes(config, 1000, createSeededRandom('wide'))).toEqual(codes);
  });

  it('accepts a Set of taken codes, in sparse and in dense requests', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(100, 5000, 140_000), (seed, count) => {
        // 2^21 codes: up to 131072 (1/16) are drawn freely, more without replacement.
        const config = { length: 21, charset: 'AB' };
        const taken = new Set(generateUniqueCodes(config, 100_000, createSeededRandom(`taken-${seed}`)));
        const codes = generateUniqueCodes(config, count, createSeededRandom(seed), taken);
        expect(codes).toHaveLength(count);
        expect(new Set(codes).size).toBe(count);
        expect(codes.filter((code) => taken.has(code))).toEqual([]);
      }),
      { numRuns: 4 },
    );
    // About a million codes drawn in all: on a loaded machine this takes seconds, not a failure.
  }, 30_000);

  it('draws every character about equally often', () => {
    const codes = generateUniqueCodes({ length: 6, charset: 'abcd' }, 200, createSeededRandom('spread'));
    const counts = new Map<string, number>();
    for (const code of codes) for (const character of code) counts.set(character, (counts.get(character) ?? 0) + 1);
    // 1200 characters over 4 values: 300 each, standard deviation 15.
    for (const character of 'abcd') expect(Math.abs((counts.get(character) ?? 0) - 300)).toBeLessThan(75);
  });

  it('builds the same codes with single-unit and multi-unit charsets', () => {
    const ascii = generateUniqueCodes(
      { pattern: '##-##', charset: 'ab', prefix: 'P', postfix: 'Z' },
      16,
      createSeededRandom(4),
    );
    const astral = generateUniqueCodes(
      { pattern: '##-##', charset: 'a😀', prefix: 'P', postfix: 'Z' },
      16,
      createSeededRandom(4),
    );
    expect(astral.map((code) => code.replaceAll('😀', 'b'))).toEqual(ascii);
  });

  it('says how many codes the config can hold when asked for more', () => {
    const error = catchDomainError(() =>
      generateUniqueCodes({ pattern: 'SUMMER-####', charset: '0123456789' }, 10_001, createSeededRandom(1)),
    );
    expect(error.details).toBe(
      'code_config allows at most 10000 unique codes (10 characters ^ 4 random positions); 10001 requested',
    );
  });

  it('returns nothing for a count of zero', () => {
    expect(generateUniqueCodes({ pattern: 'FIXED' }, 0, createSeededRandom(1))).toEqual([]);
  });

  it('refuses more codes than the config can yield', () => {
    const error = catchDomainError(() =>
      generateUniqueCodes({ pattern: 'SUMMER-##', charset: '01' }, 5, createSeededRandom(1)),
    );
    expect(error.key).toBe('invalid_code_config');
    expect(error.message).toBe('code_config cannot yield 5 unique codes');
    expect(error.details).toContain('at most 4 unique codes');
    expect(catchDomainError(() => generateUniqueCodes({ pattern: 'FIXED' }, 2, createSeededRandom(1))).key).toBe(
      'invalid_code_config',
    );
  });

  it('fails when too few untaken codes are left in a small space', () => {
    const error = catchDomainError(() =>
      generateUniqueCodes({ pattern: '#', charset: '0123456789' }, 3, createSeededRandom(1), (code) => code !== '7'),
    );
    expect(error.key).toBe('invalid_code_config');
    expect(error.message).toBe('not enough unused codes left for code_config');
    expect(error.details).toBe('generated 1 of 3 unique codes; the other candidates tried (9) are taken');
  });

  it('gives up after a bounded number of taken candidates in a large space', () => {
    const wide = catchDomainError(() => generateUniqueCodes({ length: 12 }, 1, createSeededRandom(1), () => true));
    expect(wide.key).toBe('invalid_code_config');
    const large = catchDomainError(() => generateUniqueCodes({ length: 6 }, 1, createSeededRandom(1), () => true));
    expect(large.message).toBe('not enough unused codes left for code_config');
    expect(large.details).toBe(
      `generated 0 of 1 unique codes; the other candidates tried (${2 ** 16 + 10 + 1}) are taken`,
    );
  });

  it('refuses an invalid config before counting', () => {
    expect(catchDomainError(() => generateUniqueCodes({ charset: '' }, 1, createSeededRandom(1))).message).toBe(
      'charset must not be empty',
    );
  });

  it('refuses a count that is not a non-negative integer', () => {
    for (const count of [-1, 1.5, Number.NaN]) {
      expect(() => generateUniqueCodes({}, count, createSeededRandom(1))).toThrow(RangeError);
    }
  });
});
