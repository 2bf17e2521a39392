import { DomainError } from './domain-error.js';
import type { RandomSource } from './random-source.js';

/**
 * How voucher codes are generated: the fields of a campaign's or request's `code_config` that
 * matter. Every field may be absent or `null`.
 *
 * @example
 * ```ts
 * const config: CodeConfigInput = { pattern: 'SUMMER-####', charset: '0123456789' };
 * ```
 */
export interface CodeConfigInput {
  /** Number of random characters, without prefix and postfix. Ignored when `pattern` is set. */
  readonly length?: number | null | undefined;
  /** The characters random positions are drawn from (each distinct character counts once). */
  readonly charset?: string | null | undefined;
  /** Text put before the code. */
  readonly prefix?: string | null | undefined;
  /** Text put after the code. */
  readonly postfix?: string | null | undefined;
  /** A template in which each `#` becomes a random character; overrides `length`. */
  readonly pattern?: string | null | undefined;
}

/**
 * The charset used when `code_config.charset` is absent: the service's "Alphanumeric" preset.
 *
 * @example
 * ```ts
 * DEFAULT_CODE_CHARSET.length; // 62
 * ```
 */
export const DEFAULT_CODE_CHARSET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The number of random characters when `code_config` has neither `length` nor `pattern`.
 *
 * @remarks
 * The reference does not state the service's default length (unverified); 8 is our assumption.
 *
 * @example
 * ```ts
 * generateCode({}, createSeededRandom(1)).length; // 8
 * ```
 */
export const DEFAULT_CODE_LENGTH = 8;

/** Up to this many possible codes, unique generation may try every one before giving up. */
const EXHAUSTIVE_SPACE = 2 ** 20;

/**
 * In larger spaces, how many taken candidates are tolerated beyond ten per wanted code. Even
 * when only 0.1 % of the space is free, 2^16 misses in a row happen with probability below e^-65.
 */
const REJECTION_ALLOWANCE = 2 ** 16;

interface CodeLayout {
  readonly charset: readonly string[];
  /** One entry per character of the random part: literal text, or `null` for a random slot. */
  readonly template: readonly (string | null)[];
  readonly slots: number;
  readonly prefix: string;
  readonly postfix: string;
}

const invalidConfig = (message: string, details: string): DomainError =>
  new DomainError('invalid_code_config', message, { details });

const layoutOf = (config: CodeConfigInput): CodeLayout => {
  const charset = [...new Set(Array.from(config.charset ?? DEFAULT_CODE_CHARSET))];
  if (charset.length === 0) {
    throw invalidConfig('charset must not be empty', 'Property .code_config.charset should not be empty');
  }

  let template: (string | null)[];
  if (config.pattern !== undefined && config.pattern !== null && config.pattern !== '') {
    template = Array.from(config.pattern, (character) => (character === '#' ? null : character));
  } else {
    const length = config.length ?? DEFAULT_CODE_LENGTH;
    if (!Number.isInteger(length) || length < 1) {
      throw invalidConfig(
        'length must be a positive integer',
        `Property .code_config.length should be an integer >= 1 (actual value is ${String(length)})`,
      );
    }
    template = Array.from({ length }, () => null);
  }
  return {
    charset,
    template,
    slots: template.filter((part) => part === null).length,
    prefix: config.prefix ?? '',
    postfix: config.postfix ?? '',
  };
};

/** Builds the code whose random slots hold the given charset indexes, in order. */
const render = (layout: CodeLayout, pickIndex: () => number): string => {
  let body = '';
  for (const part of layout.template) body += part ?? layout.charset[pickIndex()] ?? '';
  return layout.prefix + body + layout.postfix;
};

/** The code numbered `index` when the random slots are read as a base-`charset.length` number. */
const codeAt = (layout: CodeLayout, index: number): string => {
  const base = layout.charset.length;
  const digits: number[] = [];
  let rest = index;
  for (let i = 0; i < layout.slots; i++) {
    digits.push(rest % base);
    rest = Math.floor(rest / base);
  }
  let next = 0;
  return render(layout, () => digits[next++] ?? 0);
};

/**
 * Counts the distinct codes a `code_config` can produce: the charset size to the power of the
 * number of random characters (a pattern without `#` gives exactly one code).
 *
 * @param config - The code configuration.
 * @returns The number of possible codes; `Infinity` when it exceeds the largest double.
 * @throws DomainError `invalid_code_config` when the charset is empty or, without a pattern, the
 *   length is not a positive integer.
 * @example
 * ```ts
 * codeConfigCapacity({ pattern: 'SUMMER-####', charset: '0123456789' }); // 10000
 * ```
 */
export function codeConfigCapacity(config: CodeConfigInput): number {
  const layout = layoutOf(config);
  return layout.charset.length ** layout.slots;
}

/**
 * Generates one voucher code: `prefix`, then the pattern with each `#` replaced by a random
 * charset character (or `length` random characters when there is no pattern), then `postfix`.
 *
 * @remarks
 * Defaults: the charset is {@link DEFAULT_CODE_CHARSET} (alphanumeric) and the length is
 * {@link DEFAULT_CODE_LENGTH} (8; the service's default is not documented). `length` counts only
 * the random characters. Duplicate charset characters count once, so every character is equally
 * likely.
 *
 * @param config - The code configuration.
 * @param random - Source of randomness; a seeded one makes the code deterministic.
 * @returns The code.
 * @throws DomainError `invalid_code_config` when the charset is empty or, without a pattern, the
 *   length is not a positive integer.
 * @example
 * ```ts
 * generateCode({ pattern: 'SUMMER-####', charset: '0123456789' }, createSeededRandom(7)); // 'SUMMER-…'
 * ```
 */
export function generateCode(config: CodeConfigInput, random: RandomSource): string {
  const layout = layoutOf(config);
  return render(layout, () => random.int(layout.charset.length));
}

/**
 * Generates `count` distinct codes that are not taken yet, for bulk voucher creation.
 *
 * Up to 2^53 possible codes, code numbers are drawn without replacement (a lazy Fisher–Yates
 * shuffle), so a batch never repeats a code. When there are at most 2^20 possible codes, every
 * one is tried before giving up; in larger spaces generation gives up after 2^16 + 10 × `count`
 * taken candidates. Beyond 2^53 possible codes, codes are drawn freely with a duplicate check.
 *
 * @param config - The code configuration, see {@link generateCode}.
 * @param count - How many codes to make, a non-negative integer.
 * @param random - Source of randomness; a seeded one makes the codes deterministic.
 * @param isTaken - Tells whether a code is already used in the project. It is asked once per
 *   candidate, and a candidate is accepted exactly when it answers `false`, so a predicate that
 *   also records accepted codes (for example lower-cased, for a case-insensitive project) keeps
 *   the batch free of such duplicates too.
 * @returns The codes, in generation order.
 * @throws DomainError `invalid_code_config` when the configuration cannot yield `count` distinct
 *   codes (its capacity is smaller than `count`), when too few untaken codes are left, or when
 *   the configuration itself is invalid (see {@link generateCode}).
 * @throws RangeError when `count` is not a non-negative integer.
 * @example
 * ```ts
 * const existing = new Set(['SUMMER-0001']);
 * generateUniqueCodes({ pattern: 'SUMMER-####', charset: '0123456789' }, 100, createSeededRandom(1), (code) =>
 *   existing.has(code),
 * );
 * ```
 */
export function generateUniqueCodes(
  config: CodeConfigInput,
  count: number,
  random: RandomSource,
  isTaken: (code: string) => boolean = () => false,
): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${String(count)}`);
  }
  const layout = layoutOf(config);
  const capacity = layout.charset.length ** layout.slots;
  if (count > capacity) {
    throw invalidConfig(
      `code_config cannot yield ${count} unique codes`,
      `code_config allows at most ${capacity} unique codes (${layout.charset.length} characters ^ ${layout.slots} random positions); ${count} requested`,
    );
  }

  const codes: string[] = [];
  const budget = capacity <= EXHAUSTIVE_SPACE ? Infinity : REJECTION_ALLOWANCE + 10 * count;
  let rejected = 0;
  const exhausted = (): DomainError =>
    invalidConfig(
      'not enough unused codes left for code_config',
      `generated ${codes.length} of ${count} unique codes; the other candidates tried (${rejected}) are taken`,
    );
  const offer = (code: string): void => {
    if (isTaken(code)) rejected += 1;
    else codes.push(code);
  };

  if (capacity <= Number.MAX_SAFE_INTEGER) {
    // Lazy Fisher–Yates: `moved` holds only the positions that differ from the identity.
    const moved = new Map<number, number>();
    for (let drawn = 0; codes.length < count; drawn++) {
      if (drawn >= capacity || rejected > budget) throw exhausted();
      const position = drawn + random.int(capacity - drawn);
      const picked = moved.get(position) ?? position;
      moved.set(position, moved.get(drawn) ?? drawn);
      moved.delete(drawn);
      offer(codeAt(layout, picked));
    }
    return codes;
  }

  const seen = new Set<string>();
  while (codes.length < count) {
    if (rejected > budget) throw exhausted();
    const code = render(layout, () => random.int(layout.charset.length));
    if (seen.has(code)) continue;
    seen.add(code);
    offer(code);
  }
  return codes;
}
