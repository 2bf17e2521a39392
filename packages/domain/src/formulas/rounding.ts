/**
 * Every numeric rule of the formula language, in one place: how `ROUND`, `FLOOR` and `CEIL` round
 * at a precision, how money crosses between the API's minor units and the formulas' major units,
 * and how a result becomes whole points or units. Decimal, not binary: `ROUND(1.005;2)` is 1.01
 * and 0.1 + 0.2 rounds as 0.3, because the formula author wrote decimals.
 */

/** How many minor units (cents) make one major unit: formulas see `ORDER_AMOUNT` 2000 as 20. */
const MINOR_PER_MAJOR = 100;

/**
 * Drops the binary noise of floating-point arithmetic by keeping 15 significant digits, the most
 * a double always carries: 0.1 + 0.2 gives 0.3 and 1.15 × 100 gives 115.
 */
export const withoutBinaryNoise = (value: number): number =>
  // Whole numbers carry no noise (and above 10^15 keeping 15 digits would change them).
  Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(15));

/** `value × 10^places`, computed on the decimal digits so that no binary error is added. */
const shiftDecimal = (value: number, places: number): number => {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
};

/** Rounds to the nearest whole number, halves away from zero (2.5 → 3, −2.5 → −3); never −0. */
export const roundHalfAwayFromZero = (value: number): number => Math.sign(value) * Math.round(Math.abs(value)) + 0;

/**
 * How `ROUND`, `FLOOR` and `CEIL` move a value to a precision: to the nearest (halves away from
 * zero), down (towards −∞) or up (towards +∞).
 */
export type RoundingMode = 'round' | 'floor' | 'ceil';

/**
 * Binary noise is at most a few units in the 16th significant digit. A scaled value whose
 * fraction is farther than this (relative) margin from where the rounding mode changes its answer
 * rounds the same with or without the noise, so it skips the decimal computation.
 */
const NOISE_MARGIN = 1e-9;

/** Powers of ten that a double holds exactly, for the fast path. */
const EXACT_POWERS_OF_TEN = 15;

/** `scaled` rounded by `mode` when no noise can change the answer, else `undefined`. */
const roundClearOfNoise = (scaled: number, mode: RoundingMode): number | undefined => {
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  const margin = NOISE_MARGIN * Math.max(1, Math.abs(scaled));
  if (mode === 'round') {
    if (Math.abs(fraction - 0.5) < margin) return undefined;
    return fraction < 0.5 ? floor : floor + 1;
  }
  if (fraction < margin || fraction > 1 - margin) return undefined;
  return mode === 'floor' ? floor : floor + 1;
};

/**
 * Rounds `value` to `precision` decimal places; a negative precision rounds to tens, hundreds …:
 * `ROUND(75.55;1)` = 75.6, `ROUND(75.55;-1)` = 80, `FLOOR(75.55;0)` = 75, `CEIL(74.44;1)` = 74.5.
 * Binary noise is dropped first, so `CEIL(0.1 * 3 * 10;0)` is 3, not 4, and `ROUND(1.005;2)` is
 * 1.01. The precision must be an integer; the result is not finite when it is absurdly large.
 */
export const roundToPrecision = (value: number, precision: number, mode: RoundingMode): number => {
  if (Number.isInteger(value) && precision >= 0) return value + 0;
  if (Math.abs(precision) <= EXACT_POWERS_OF_TEN) {
    // Dividing or multiplying by an exact power of ten rounds correctly, as reading `${whole}e-${precision}` would.
    const power = 10 ** Math.abs(precision);
    const whole = roundClearOfNoise(precision >= 0 ? value * power : value / power, mode);
    if (whole !== undefined) return (precision >= 0 ? whole / power : whole * power) + 0;
  }
  const shifted = shiftDecimal(withoutBinaryNoise(value), precision);
  const whole =
    mode === 'floor' ? Math.floor(shifted) : mode === 'ceil' ? Math.ceil(shifted) : roundHalfAwayFromZero(shifted);
  return shiftDecimal(whole, -precision) + 0;
};

/** Minor units of the API (`2000`) to the major units a formula sees (`20`). */
export const toMajorUnits = (minor: number): number => minor / MINOR_PER_MAJOR;

/** A money result in major units (`19.995`) to whole minor units (`2000`), halves away from zero. */
export const toMinorUnits = (major: number): number =>
  (roundClearOfNoise(major * MINOR_PER_MAJOR, 'round') ??
    roundHalfAwayFromZero(shiftDecimal(withoutBinaryNoise(major), 2))) + 0;

/** A points or units result to a whole number: the nearest, halves away from zero (2.5 → 3). */
export const toWholeNumber = (value: number): number =>
  (roundClearOfNoise(value, 'round') ?? roundHalfAwayFromZero(withoutBinaryNoise(value))) + 0;

/**
 * Compares two numbers as the decimals they stand for, ignoring binary noise: negative when `a`
 * is less, zero when equal (`0.1 + 0.2` and `0.3`), positive when greater. Only the sign counts.
 */
export const compareDecimals = (a: number, b: number): number => {
  if (a === b) return 0;
  const gap = a - b;
  // Noise moves each side by far less than this, so it cannot change the order.
  if (Math.abs(gap) > NOISE_MARGIN * Math.max(Math.abs(a), Math.abs(b))) return gap;
  return withoutBinaryNoise(a) - withoutBinaryNoise(b);
};

const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/u;

/** Decimal text such as `"12"`, `" -3.5 "` or `"1e3"` as a number; any other text gives `undefined`. */
export const readNumericText = (text: string): number | undefined => {
  if (!NUMERIC_TEXT.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};
