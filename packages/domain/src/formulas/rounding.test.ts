import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './evaluate.js';
import {
  compareDecimals,
  readNumericText,
  roundHalfAwayFromZero,
  roundToPrecision,
  toMajorUnits,
  toMinorUnits,
  toWholeNumber,
  withoutBinaryNoise,
} from './rounding.js';

/** A decimal with up to four places, written as text so that it is exactly what a formula author types. */
const decimalArb = fc
  .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([units, places]) => (places === 0 ? String(units) : (units / 10 ** places).toFixed(places)));

const precisionArb = fc.integer({ min: -3, max: 4 });

const formula = (name: string, x: string, precision: number): number => {
  const value = evaluateFormula(`${name}(${x};${precision})`, { now: 0 });
  if (typeof value !== 'number') throw new Error('expected a number');
  return value;
};

describe('roundToPrecision', () => {
  it('rounds at decimal places and at tens, hundreds …', () => {
    expect(roundToPrecision(75.55, 1, 'round')).toBe(75.6);
    expect(roundToPrecision(75.55, -1, 'round')).toBe(80);
    expect(roundToPrecision(75.55, 1, 'floor')).toBe(75.5);
    expect(roundToPrecision(74.44, -1, 'ceil')).toBe(80);
    expect(roundToPrecision(1234.5678, -2, 'round')).toBe(1200);
    expect(roundToPrecision(1.5e-7, 7, 'round')).toBe(2e-7);
    expect(roundToPrecision(1e21, 2, 'round')).toBe(1e21);
  });

  it('FLOOR ≤ x ≤ CEIL, one step apart at most, and ROUND is one of them', () => {
    fc.assert(
      fc.property(decimalArb, precisionArb, (x, precision) => {
        const value = Number(x);
        const floor = formula('FLOOR', x, precision);
        const ceil = formula('CEIL', x, precision);
        const round = formula('ROUND', x, precision);
        expect(floor).toBeLessThanOrEqual(value);
        expect(ceil).toBeGreaterThanOrEqual(value);
        const step = ceil - floor;
        expect(Math.min(Math.abs(step), Math.abs(step - 10 ** -precision))).toBeLessThan(1e-6);
        expect([floor, ceil]).toContain(round);
        expect(Math.abs(round - value)).toBeLessThanOrEqual(10 ** -precision / 2 + 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent and exact on values that already have the precision', () => {
    fc.assert(
      fc.property(
        decimalArb,
        precisionArb,
        fc.constantFrom('round', 'floor', 'ceil') as fc.Arbitrary<'round' | 'floor' | 'ceil'>,
        (x, precision, mode) => {
          const once = roundToPrecision(Number(x), precision, mode);
          expect(roundToPrecision(once, precision, mode)).toBe(once);
          expect(roundToPrecision(once, precision, 'round')).toBe(once);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (units, places) => {
        const value = Number((units / 10 ** places).toFixed(places));
        for (const mode of ['round', 'floor', 'ceil'] as const)
          expect(roundToPrecision(value, places, mode)).toBe(value + 0);
      }),
    );
  });

  it('is symmetric around zero: ROUND(−x) = −ROUND(x) and FLOOR(−x) = −CEIL(x)', () => {
    fc.assert(
      fc.property(decimalArb, precisionArb, (x, precision) => {
        const value = Number(x);
        expect(roundToPrecision(-value, precision, 'round')).toBe(0 - roundToPrecision(value, precision, 'round'));
        expect(roundToPrecision(-value, precision, 'floor')).toBe(0 - roundToPrecision(value, precision, 'ceil'));
      }),
      { numRuns: 300 },
    );
  });

  it('rounds halves away from zero at every precision', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }), (units, places) => {
        const half = ((units * 10 + 5) / 10 ** (places + 1)).toFixed(places + 1);
        const up = Number(((units + 1) / 10 ** places).toFixed(places));
        expect(formula('ROUND', half, places)).toBe(up);
        expect(formula('ROUND', `-${half}`, places)).toBe(0 - up);
      }),
    );
  });
});

/** Rounding by the old decimal method alone: the digits of the 15-significant-digit value, shifted as text. */
const shift = (value: number, places: number): number => {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
};
const decimalRound = (value: number, precision: number, mode: 'round' | 'floor' | 'ceil'): number => {
  const shifted = shift(Number.isInteger(value) ? value : Number(value.toPrecision(15)), precision);
  const whole =
    mode === 'floor'
      ? Math.floor(shifted)
      : mode === 'ceil'
        ? Math.ceil(shifted)
        : Math.sign(shifted) * Math.round(Math.abs(shifted));
  return shift(whole, -precision) + 0;
};

/** Exact rounding of decimal text with BigInt, an oracle independent of floating point. */
const bigRound = (text: string, precision: number, mode: 'round' | 'floor' | 'ceil'): number => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const scale = 10n ** BigInt(fraction.length);
  const units = BigInt(whole + fraction) * (negative ? -1n : 1n);
  // value = units / scale; rounded = r × 10^-precision
  const [num, den] =
    precision >= 0 ? [units * 10n ** BigInt(precision), scale] : [units, scale * 10n ** BigInt(-precision)];
  const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  const floor = floorDiv(num, den);
  const remainder = num - floor * den;
  let r = floor;
  if (mode === 'ceil' && remainder !== 0n) r = floor + 1n;
  if (mode === 'round') {
    const twice = 2n * remainder;
    r = twice > den || (twice === den && !negative) ? floor + 1n : floor;
  }
  return Number(precision >= 0 ? `${r}e-${precision}` : `${r}e${-precision}`) + 0;
};

describe('roundToPrecision: fast path', () => {
  const modes = fc.constantFrom<'round' | 'floor' | 'ceil'>('round', 'floor', 'ceil');

  it('agrees with exact decimal rounding of the text the author wrote', () => {
    fc.assert(
      fc.property(decimalArb, precisionArb, modes, (x, precision, mode) => {
        expect(roundToPrecision(Number(x), precision, mode)).toBe(bigRound(x, precision, mode));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the decimal method on any double, halves and noisy results included', () => {
    const noisy = fc
      .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 1, max: 1000 }))
      .map(([a, b]) => a / b);
    const halves = fc
      .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([a, places]) => (a + 0.5) / 10 ** places);
    const known = fc.constantFrom(0.1 + 0.2, 1.005, 1.15 * 100, 2.675, -0.5, 4.35 * 100);
    const values = fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }), noisy, halves, known);
    fc.assert(
      fc.property(values, fc.integer({ min: -6, max: 8 }), modes, (value, precision, mode) => {
        expect(roundToPrecision(value, precision, mode)).toBe(decimalRound(value, precision, mode));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives money, points and comparisons as the decimal method does', () => {
    const values = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -1e6, max: 1e6 }).map((cents) => cents / 100 + 0.005),
    );
    fc.assert(
      fc.property(values, values, (a, b) => {
        // Minor units are the value shifted two places, then rounded: ROUND(x;-0) of x × 100 done in decimal.
        expect(toMinorUnits(a)).toBe(
          decimalRound(shift(Number.isInteger(a) ? a : Number(a.toPrecision(15)), 2), 0, 'round'),
        );
        expect(toWholeNumber(a)).toBe(decimalRound(a, 0, 'round'));
        // + 0 reads -0 as 0: the difference of -0 and 0 is -0, and the two are equal.
        expect(Math.sign(compareDecimals(a, b))).toBe(Math.sign(withoutBinaryNoise(a) - withoutBinaryNoise(b)) + 0);
      }),
      { numRuns: 2000 },
    );
    expect(compareDecimals(0.1 + 0.2, 0.3)).toBe(0);
    expect(compareDecimals(1.15 * 100, 115)).toBe(0);
    expect(compareDecimals(2, 3)).toBeLessThan(0);
    expect(compareDecimals(-0, 0)).toBe(0);
  });
});

describe('money and whole numbers', () => {
  it('moves between minor and major units', () => {
    expect(toMajorUnits(2000)).toBe(20);
    expect(toMajorUnits(1999)).toBe(19.99);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(19.995)).toBe(2000);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (minor) => {
        expect(toMinorUnits(toMajorUnits(minor))).toBe(minor + 0);
      }),
    );
  });

  it('rounds to whole numbers halves away from zero, never giving −0', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
    expect(toWholeNumber(0.49999999999999994)).toBe(1);
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const whole = toWholeNumber(value);
        expect(Number.isInteger(whole)).toBe(true);
        expect(Math.abs(whole - value)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('drops binary noise', () => {
    expect(withoutBinaryNoise(0.1 + 0.2)).toBe(0.3);
    expect(withoutBinaryNoise(1.15 * 100)).toBe(115);
    expect(withoutBinaryNoise(0)).toBe(0);
    expect(withoutBinaryNoise(Infinity)).toBe(Infinity);
  });

  it('reads decimal text only', () => {
    expect(readNumericText('12')).toBe(12);
    expect(readNumericText(' -3.5 ')).toBe(-3.5);
    expect(readNumericText('1e3')).toBe(1000);
    expect(readNumericText('.5')).toBe(0.5);
    expect(readNumericText('0x10')).toBeUndefined();
    expect(readNumericText('')).toBeUndefined();
    expect(readNumericText('Infinity')).toBeUndefined();
    expect(readNumericText('1e400')).toBeUndefined();
    expect(readNumericText('12 apples')).toBeUndefined();
  });
});
