import { DomainError } from '../domain-error.js';
import type { RandomSource } from '../ids/random-source.js';

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

/**
 * Codes are drawn freely (with a duplicate check) when at most this share of the space is
 * wanted; denser requests draw code numbers without replacement instead. At this density even
 * the worst case (every tolerated rejection used) leaves a quarter of the space untried, so
 * redrawing a duplicate stays cheap.
 */
const SPARSE_SHARE = 1 / 16;

/** Codes up to this many UTF-16 units are built in one step from a reused buffer. */
const MAX_BUFFERED_LENGTH = 4096;

interface CodeLayout {
  readonly charset: readonly string[];
  /** One entry per character of the random part: literal text, or `null` for a random slot. */
  readonly template: readonly (string | null)[];
  readonly slots: number;
  readonly prefix: string;
  readonly postfix: string;
  readonly base: number;
  /** How many random characters one draw of at most 2^32 values yields. */
  readonly digitsPerDraw: number;
  /**
   * The UTF-16 units of a whole code, literal parts filled in, when every charset character is
   * one unit; `null` otherwise (codes are then concatenated).
   */
  readonly units16: readonly number[] | null;
  /** Index in `units16` of each random slot. */
  readonly slotIndexes: readonly number[];
  /** The UTF-16 unit of each charset character, for `units16`. */
  readonly units: readonly number[];
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
  const prefix = config.prefix ?? '';
  const postfix = config.postfix ?? '';
  const base = charset.length;

  const singleUnit = charset.every((character) => character.length === 1);
  const literalLength = prefix.length + postfix.length + template.reduce((sum, part) => sum + (part?.length ?? 1), 0);
  let units16: number[] | null = null;
  const slotIndexes: number[] = [];
  if (singleUnit && literalLength <= MAX_BUFFERED_LENGTH) {
    const buffer: number[] = [];
    units16 = buffer;
    const pushText = (text: string): void => {
      for (let i = 0; i < text.length; i++) buffer.push(text.charCodeAt(i));
    };
    pushText(prefix);
    for (const part of template) {
      if (part === null) {
        slotIndexes.push(buffer.length);
        buffer.push(0);
      } else {
        pushText(part);
      }
    }
    pushText(postfix);
  }

  return {
    charset,
    template,
    slots: template.filter((part) => part === null).length,
    prefix,
    postfix,
    base,
    digitsPerDraw: base === 1 ? Infinity : Math.max(1, Math.floor(32 / Math.log2(base))),
    units16,
    slotIndexes,
    units: charset.map((character) => character.charCodeAt(0)),
  };
};

/**
 * Builds codes of one layout without allocating per code beyond the code itself: the random
 * slots are filled with charset indexes (slot 0 first), then the code is made in one step.
 */
class CodeWriter {
  readonly #layout: CodeLayout;
  /** The code's UTF-16 units, reused for every code; `null` when codes are concatenated. */
  readonly #buffer: number[] | null;
  /** Charset index per slot, for layouts without a buffer. */
  readonly #digits: number[];

  constructor(layout: CodeLayout) {
    this.#layout = layout;
    this.#buffer = layout.units16 === null ? null : [...layout.units16];
    this.#digits = Array.from({ length: layout.slots }, () => 0);
  }

  /** Sets slot `slot` to charset index `digit`. */
  #set(slot: number, digit: number): void {
    if (this.#buffer === null) this.#digits[slot] = digit;
    else this.#buffer[this.#layout.slotIndexes[slot] ?? 0] = this.#layout.units[digit] ?? 0;
  }

  /** The code numbered `index`: its random slots read as a base-`charset.length` number, slot 0 least significant. */
  fromIndex(index: number): string {
    const { base, slots } = this.#layout;
    let rest = index;
    for (let slot = 0; slot < slots; slot++) {
      const quotient = Math.floor(rest / base);
      this.#set(slot, rest - quotient * base);
      rest = quotient;
    }
    return this.#text();
  }

  /** A uniformly random code, several characters per draw from `random`. */
  random(random: RandomSource): string {
    const { base, slots, digitsPerDraw } = this.#layout;
    if (base === 1) return this.fromIndex(0);
    for (let slot = 0; slot < slots; ) {
      const digits = Math.min(digitsPerDraw, slots - slot);
      let draw = random.int(base ** digits);
      for (let i = 0; i < digits; i++, slot++) {
        const quotient = Math.floor(draw / base);
        this.#set(slot, draw - quotient * base);
        draw = quotient;
      }
    }
    return this.#text();
  }

  #text(): string {
    // One call makes a flat string; concatenating characters would build a chain of rope nodes
    // that costs several times the code's size in memory.
    if (this.#buffer !== null) return String.fromCharCode(...this.#buffer);
    const layout = this.#layout;
    let body = '';
    let slot = 0;
    for (const part of layout.template) body += part ?? layout.charset[this.#digits[slot++] ?? 0] ?? '';
    return layout.prefix + body + layout.postfix;
  }
}

/**
 * A set of integers below 2^53 in one flat table (open addressing, linear probing): no
 * allocation per member, unlike a `Set` of numbers above 2^31.
 */
class NumberSet {
  #table: Float64Array;
  #mask: number;
  #size = 0;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.#table = new Float64Array(capacity).fill(-1);
    this.#mask = capacity - 1;
  }

  /** Adds `value`; returns `false` when it was already there. */
  add(value: number): boolean {
    const table = this.#table;
    let slot = NumberSet.#hash(value) & this.#mask;
    for (;;) {
      const held = table[slot];
      if (held === value) return false;
      if (held === -1) break;
      slot = (slot + 1) & this.#mask;
    }
    table[slot] = value;
    if (++this.#size * 2 > table.length) this.#grow();
    return true;
  }

  static #hash(value: number): number {
    const low = value >>> 0;
    const high = (value / 4_294_967_296) >>> 0;
    let hash = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    return hash ^ (hash >>> 16);
  }

  #grow(): void {
    const old = this.#table;
    this.#table = new Float64Array(old.length * 2).fill(-1);
    this.#mask = this.#table.length - 1;
    this.#size = 0;
    for (const value of old) if (value !== -1) this.add(value);
  }
}

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
  return layout.base ** layout.slots;
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
  return new CodeWriter(layoutOf(config)).random(random);
}

/**
 * What is already used in the project: a set of codes (anything with `has`, such as a `Set` or
 * a `Map`) or a predicate.
 *
 * @example
 * ```ts
 * const taken: TakenCodes = new Set(['SUMMER-0001']);
 * const alsoTaken: TakenCodes = (code) => code.startsWith('OLD-');
 * ```
 */
export type TakenCodes = ((code: string) => boolean) | { has(code: string): boolean };

/**
 * Generates `count` distinct codes that are not taken yet, for bulk voucher creation.
 *
 * When at most 1/16 of the possible codes are wanted, codes are drawn at random and a repeat
 * within the batch is drawn again; denser requests draw code numbers without replacement (a
 * lazy Fisher–Yates shuffle). When there are at most 2^20 possible codes, every one is tried
 * before giving up; in larger spaces generation gives up after 2^16 + 10 × `count` taken
 * candidates. Time and memory are linear in `count`: about 1 µs per code and, besides the codes
 * themselves, a transient 16–32 bytes per code for the duplicate check.
 *
 * @param config - The code configuration, see {@link generateCode}.
 * @param count - How many codes to make, a non-negative integer.
 * @param random - Source of randomness; a seeded one makes the codes deterministic.
 * @param taken - The codes already used in the project: a `Set` (or anything with `has`) or a
 *   predicate. It is asked once per distinct candidate, and a candidate is accepted exactly when
 *   it answers `false`, so a predicate that also records accepted codes (for example lower-cased,
 *   for a case-insensitive project) keeps the batch free of such duplicates too.
 * @returns The codes, in generation order.
 * @throws DomainError `invalid_code_config` when the configuration cannot yield `count` distinct
 *   codes (its capacity is smaller than `count`; the details say how many it can hold), when too
 *   few untaken codes are left, or when the configuration itself is invalid (see {@link generateCode}).
 * @throws RangeError when `count` is not a non-negative integer.
 * @example
 * ```ts
 * const existing = new Set(['SUMMER-0001']);
 * generateUniqueCodes({ pattern: 'SUMMER-####', charset: '0123456789' }, 100, createSeededRandom(1), existing);
 * ```
 */
export function generateUniqueCodes(
  config: CodeConfigInput,
  count: number,
  random: RandomSource,
  taken: TakenCodes = () => false,
): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${String(count)}`);
  }
  const layout = layoutOf(config);
  const capacity = layout.base ** layout.slots;
  if (count > capacity) {
    throw invalidConfig(
      `code_config cannot yield ${count} unique codes`,
      `code_config allows at most ${capacity} unique codes (${layout.base} characters ^ ${layout.slots} random positions); ${count} requested`,
    );
  }
  const isTaken = typeof taken === 'function' ? taken : (code: string): boolean => taken.has(code);
  const writer = new CodeWriter(layout);

  const codes: string[] = [];
  const budget = capacity <= EXHAUSTIVE_SPACE ? Infinity : REJECTION_ALLOWANCE + 10 * count;
  let rejected = 0;
  const exhausted = (): DomainError =>
    invalidConfig(
      'not enough unused codes left for code_config',
      `generated ${codes.length} of ${count} unique codes; the other candidates tried (${rejected}) are taken`,
    );

  if (capacity > EXHAUSTIVE_SPACE && count <= capacity * SPARSE_SHARE) {
    // Every candidate, accepted or taken, is remembered so that none is asked about twice: by
    // its code number while there are at most 2^53 codes, by its text beyond.
    if (capacity <= Number.MAX_SAFE_INTEGER) {
      const seen = new NumberSet(count);
      while (codes.length < count) {
        const index = random.int(capacity);
        if (!seen.add(index)) continue;
        const code = writer.fromIndex(index);
        if (!isTaken(code)) codes.push(code);
        else if (++rejected > budget) throw exhausted();
      }
      return codes;
    }
    const seen = new Set<string>();
    while (codes.length < count) {
      const code = writer.random(random);
      if (seen.has(code)) continue;
      seen.add(code);
      if (!isTaken(code)) codes.push(code);
      else if (++rejected > budget) throw exhausted();
    }
    return codes;
  }

  // Lazy Fisher–Yates over code numbers (capacity < 16 × count, so below 2^53): `moved` holds
  // only the positions that differ from the identity.
  const moved = new Map<number, number>();
  for (let drawn = 0; codes.length < count; drawn++) {
    if (drawn >= capacity || rejected > budget) throw exhausted();
    const position = drawn + random.int(capacity - drawn);
    const picked = moved.get(position) ?? position;
    if (position !== drawn) moved.set(position, moved.get(drawn) ?? drawn);
    moved.delete(drawn);
    const code = writer.fromIndex(picked);
    if (isTaken(code)) rejected += 1;
    else codes.push(code);
  }
  return codes;
}
