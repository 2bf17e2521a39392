/**
 * A source of uniformly distributed random numbers. Domain functions take one as a parameter
 * instead of calling `Math.random()`, so tests (and the mock server) can make them
 * deterministic with {@link createSeededRandom}.
 *
 * @example
 * ```ts
 * const random: RandomSource = createSeededRandom('test');
 * const die = random.int(6) + 1;
 * ```
 */
export interface RandomSource {
  /** A number in `[0, 1)`. */
  next(): number;
  /**
   * An integer in `[0, maxExclusive)`, without modulo bias.
   *
   * @param maxExclusive - Upper bound, an integer from 1 to 2^53.
   */
  int(maxExclusive: number): number;
}

/**
 * A seeded source whose place in its sequence can be saved and gone back to, so that a restored
 * state draws the same numbers again.
 *
 * @example
 * ```ts
 * const random = createSeededRandom('test');
 * const saved = random.save();
 * const first = random.next();
 * random.load(saved);
 * random.next() === first; // true
 * ```
 */
export interface SeededRandom extends RandomSource {
  /** The generator's whole state: four 32-bit words. */
  save(): readonly [number, number, number, number];
  /**
   * Puts the generator back in a state that `save` gave.
   *
   * @throws RangeError when `state` is not four 32-bit integers.
   */
  load(state: readonly number[]): void;
}

const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;

/** murmur3's finaliser: spreads every input bit over the whole 32-bit word. */
const fmix32 = (value: number): number => {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Hashes text into four 32-bit words (128 bits) to seed the generator's whole state. */
const hashSeed = (text: string): [number, number, number, number] => {
  let h1 = 0x6a09e667;
  let h2 = 0xbb67ae85;
  let h3 = 0x3c6ef372;
  let h4 = 0xa54ff53a;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ unit, 0x9e3779b1);
    h2 = h3 ^ Math.imul(h2 ^ unit, 0x85ebca77);
    h3 = h4 ^ Math.imul(h3 ^ unit, 0xc2b2ae3d);
    h4 = h1 ^ Math.imul(h4 ^ unit, 0x27d4eb2f);
  }
  const length = text.length;
  return [fmix32(h1 ^ length), fmix32(h2 ^ h1), fmix32(h3 ^ h2), fmix32(h4 ^ h3)];
};

/**
 * Creates a deterministic random source: the same seed always yields the same sequence, on every
 * platform. The generator is sfc32 (128-bit state, no short cycles for practical purposes); the
 * seed is hashed into its full state. It is not cryptographically secure.
 *
 * @remarks
 * A number seed is hashed through its decimal text, so `42` and `'42'` give the same sequence.
 *
 * @param seed - Any number or string.
 * @returns A fresh {@link SeededRandom} positioned at the start of the seed's sequence.
 * @throws RangeError from `int` when `maxExclusive` is not an integer from 1 to 2^53.
 * @example
 * ```ts
 * const a = createSeededRandom('orders');
 * const b = createSeededRandom('orders');
 * a.next() === b.next(); // true
 * ```
 */
export function createSeededRandom(seed: number | string): SeededRandom {
  let [a, b, c, d] = hashSeed(String(seed));

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };

  // sfc32's authors discard the first outputs so that similar seeds diverge fully.
  for (let i = 0; i < 15; i++) nextUint32();

  const next = (): number => nextUint32() / TWO_POW_32;

  const int = (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_53) {
      throw new RangeError(`maxExclusive must be an integer from 1 to 2^53, got ${String(maxExclusive)}`);
    }
    // Rejection sampling: draws at or above the largest multiple of maxExclusive are redrawn,
    // so every result is equally likely.
    if (maxExclusive <= TWO_POW_32) {
      const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
      for (;;) {
        const draw = nextUint32();
        if (draw < limit) return draw % maxExclusive;
      }
    }
    const limit = TWO_POW_53 - (TWO_POW_53 % maxExclusive);
    for (;;) {
      const draw = (nextUint32() >>> 11) * TWO_POW_32 + nextUint32();
      if (draw < limit) return draw % maxExclusive;
    }
  };

  const save = (): [number, number, number, number] => [a, b, c, d];
  const load = (state: readonly number[]): void => {
    if (
      state.length !== 4 ||
      !state.every((word) => Number.isInteger(word) && word >= -(2 ** 31) && word < TWO_POW_32)
    ) {
      throw new RangeError('a seeded random state is four 32-bit integers');
    }
    [a, b, c, d] = state.map((word) => word | 0) as [number, number, number, number];
  };

  return { next, int, save, load };
}
