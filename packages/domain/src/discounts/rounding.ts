/**
 * Every rounding rule of discounts and order amounts, in one place. Money is an integer in minor
 * units (cents); the service documents none of these rules, so they are ours (decision 0017):
 *
 * - a percentage of an amount rounds half up to a whole cent ({@link percentOfAmount});
 * - the value of some units of a line is rounded down ({@link partOfAmount});
 * - an amount shared among lines gives each line its share rounded down and puts the remainder on
 *   the last line that has weight, never giving a line more than its cap
 *   ({@link allocateProportionally});
 * - formula results round half up to whole cents and whole units ({@link roundToInteger});
 * - points convert to money rounding down, and money to the points it costs rounding up
 *   ({@link coinPointsValue}, {@link coinPointsCost}).
 *
 * Decimal inputs (percentages, exchange ratios) are read as the exact decimal they print as, and
 * products are computed with `bigint`, so `0.29 * 100` never becomes 28.
 */

/** An exact fraction `num / den` with `den > 0`. */
interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

/** The exact decimal value a finite number prints as: `12.5` is 125/10, `1e-7` is 1/10^7. */
const fractionOf = (value: number): Fraction => {
  if (Number.isSafeInteger(value)) return { num: BigInt(value), den: 1n };
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${String(value)}`);
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - decimals.length;
  const digits = BigInt(`${whole}${decimals}`);
  return exponent >= 0
    ? { num: digits * 10n ** BigInt(exponent), den: 1n }
    : { num: digits, den: 10n ** BigInt(-exponent) };
};

/** `num / den` rounded half up, for `num >= 0`, `den > 0`. */
const divideHalfUp = (num: bigint, den: bigint): number => Number((2n * num + den) / (2n * den));

/** `num / den` rounded down, for `num >= 0`, `den > 0`. */
const divideDown = (num: bigint, den: bigint): number => Number(num / den);

/** `num / den` rounded up, for `num >= 0`, `den > 0`. */
const divideUp = (num: bigint, den: bigint): number => Number((num + den - 1n) / den);

/**
 * `floor(num / den)` for safe non-negative integers, exact: the floating-point quotient can be off
 * by one near an integer, so it is corrected with integer products.
 */
const floorDivide = (num: number, den: number): number => {
  let quotient = Math.floor(num / den);
  if (quotient * den > num) quotient -= 1;
  else if ((quotient + 1) * den <= num) quotient += 1;
  return quotient;
};

/** Largest amount whose product with a whole percentage (and the rounding terms) stays a safe integer. */
const MAX_EXACT_AMOUNT = Math.floor((Number.MAX_SAFE_INTEGER - 100) / 200);

const assertMoney = (value: number, name: string): void => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer amount of minor units (got ${String(value)})`);
  }
};

/**
 * Takes a percentage of an amount of money, rounded half up to a whole minor unit.
 *
 * @param amount - Non-negative integer amount in minor units.
 * @param percent - The percentage, for example `12.5`; clamped to 0–100.
 * @returns `amount * percent / 100`, rounded half up (so 15 % of 4550 is 683).
 * @throws RangeError when `amount` is not a non-negative safe integer or `percent` is not finite.
 */
export function percentOfAmount(amount: number, percent: number): number {
  assertMoney(amount, 'amount');
  const clamped = Math.min(100, Math.max(0, percent));
  // Whole percentages of everyday amounts are exact in floating point; the rest goes through bigint.
  if (Number.isInteger(clamped) && amount <= MAX_EXACT_AMOUNT) return floorDivide(2 * amount * clamped + 100, 200);
  const share = fractionOf(clamped);
  return divideHalfUp(BigInt(amount) * share.num, share.den * 100n);
}

/**
 * The value of `part` of `whole` equal pieces of an amount, rounded down: what `part` units of a
 * line worth `amount` for `whole` units are worth. Rounding down means the parts of a line never
 * add up to more than the line.
 *
 * @param amount - Non-negative integer amount in minor units.
 * @param part - How many pieces, 0 ≤ `part`.
 * @param whole - Out of how many pieces, > 0.
 * @returns `amount` when `part >= whole`, else `floor(amount * part / whole)`.
 * @throws RangeError when `amount` is not a non-negative safe integer.
 */
export function partOfAmount(amount: number, part: number, whole: number): number {
  assertMoney(amount, 'amount');
  if (part <= 0 || whole <= 0) return 0;
  if (part >= whole) return amount;
  return divideDown(BigInt(amount) * BigInt(part), BigInt(whole));
}

/**
 * Rounds a computed value (a formula result, a converted amount) to an integer, half up; values
 * below zero become zero, because no discount, price or unit count is negative.
 *
 * @param value - A finite number.
 * @returns The nearest non-negative integer, halves rounded up.
 * @throws RangeError when `value` is not finite.
 */
export function roundToInteger(value: number): number {
  if (value <= 0) {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${String(value)}`);
    return 0;
  }
  const exact = fractionOf(value);
  return divideHalfUp(exact.num, exact.den);
}

/**
 * Shares an amount among lines in proportion to their weights. Each line gets its share rounded
 * down and the last line with a weight above 0 gets what rounding left over; no line gets more
 * than its cap, and what a capped line cannot take is shared among the others the same way. The
 * shares always add up to `min(total, sum of caps)`.
 *
 * @param total - Non-negative integer amount in minor units to share.
 * @param weights - One non-negative weight per line (an amount, a quantity). When every line that
 *   can still take money weighs 0, the rest goes to those lines in order.
 * @param caps - Optional most each line may get (non-negative integers); unlimited when left out.
 * @returns One integer share per line, in the order of `weights`.
 * @throws RangeError when `total` or a cap is not a non-negative safe integer, a weight is
 *   negative or not finite, or `caps` has another length than `weights`.
 */
export function allocateProportionally(total: number, weights: readonly number[], caps?: readonly number[]): number[] {
  assertMoney(total, 'total');
  if (caps !== undefined && caps.length !== weights.length) {
    throw new RangeError(`caps has ${caps.length} entries for ${weights.length} weights`);
  }
  const weightFractions = weights.map((weight) => {
    if (!(weight >= 0) || !Number.isFinite(weight))
      throw new RangeError(`weights must be non-negative numbers (got ${String(weight)})`);
    return fractionOf(weight);
  });
  // Common denominator, so the weights become exact integers.
  const den = weightFractions.reduce((acc, weight) => (acc % weight.den === 0n ? acc : acc * weight.den), 1n);
  const scaled = weightFractions.map((weight) => (weight.num * den) / weight.den);
  const limits = weights.map((_, index) => {
    const cap = caps?.[index];
    if (cap === undefined) return total;
    assertMoney(cap, 'cap');
    return Math.min(cap, total);
  });

  const shares = weights.map(() => 0);
  let remaining = Math.min(
    total,
    limits.reduce((sum, cap) => sum + cap, 0),
  );
  let open = weights.map((_, index) => index).filter((index) => (limits[index] ?? 0) > 0);
  while (remaining > 0 && open.length > 0) {
    const weightSum = open.reduce((sum, index) => sum + (scaled[index] ?? 0n), 0n);
    if (weightSum === 0n) {
      for (const index of open) {
        const share = Math.min(limits[index] ?? 0, remaining);
        shares[index] = share;
        remaining -= share;
      }
      break;
    }
    // The rounding remainder goes to the last line that has weight, never to a line of weight 0.
    const last = open.findLast((index) => (scaled[index] ?? 0n) > 0n);
    const proposal = new Map<number, number>();
    let given = 0;
    for (const index of open) {
      if (index === last) continue;
      const share = divideDown(BigInt(remaining) * (scaled[index] ?? 0n), weightSum);
      proposal.set(index, share);
      given += share;
    }
    if (last !== undefined) proposal.set(last, remaining - given);
    const over = open.filter((index) => (proposal.get(index) ?? 0) > (limits[index] ?? 0));
    if (over.length === 0) {
      for (const [index, share] of proposal) shares[index] = share;
      break;
    }
    // Lines whose share exceeds their cap take the cap; the others share the rest anew (their
    // shares only grow, so a capped line never needs to be reopened).
    for (const index of over) {
      const cap = limits[index] ?? 0;
      shares[index] = cap;
      remaining -= cap;
    }
    open = open.filter((index) => !over.includes(index));
  }
  return shares;
}

/**
 * How a `COIN` (pay with points) reward converts points into money: `points_ratio` points are
 * worth `exchange_ratio` in major units of the currency ("100 points = $20" is `{ exchange_ratio: 20,
 * points_ratio: 100 }`).
 *
 * @example
 * ```ts
 * const coin: CoinRatio = { exchange_ratio: 20, points_ratio: 100 };
 * ```
 */
export interface CoinRatio {
  /** Money that `points_ratio` points are worth, in major units (20 means 20.00). */
  readonly exchange_ratio: number;
  /** How many points are worth `exchange_ratio`; greater than 0. */
  readonly points_ratio: number;
}

const coinFractions = (coin: CoinRatio): { money: Fraction; points: Fraction } => {
  if (!(coin.exchange_ratio >= 0) || !(coin.points_ratio > 0)) {
    throw new RangeError(
      `a coin ratio needs exchange_ratio >= 0 and points_ratio > 0 (got ${coin.exchange_ratio}/${coin.points_ratio})`,
    );
  }
  return { money: fractionOf(coin.exchange_ratio), points: fractionOf(coin.points_ratio) };
};

/**
 * The money some points are worth under a `COIN` reward, in minor units, rounded down so points
 * never buy more than their value.
 *
 * @param points - Non-negative integer number of points.
 * @param coin - The reward's ratio.
 * @returns `floor(points * exchange_ratio * 100 / points_ratio)`.
 * @throws RangeError when `points` is not a non-negative safe integer or the ratio is not positive.
 */
export function coinPointsValue(points: number, coin: CoinRatio): number {
  assertMoney(points, 'points');
  const { money, points: ratio } = coinFractions(coin);
  return divideDown(BigInt(points) * money.num * 100n * ratio.den, money.den * ratio.num);
}

/**
 * The fewest points that pay for an amount of money under a `COIN` reward, rounded up (the
 * inverse of {@link coinPointsValue}: those points are worth at least `amount`).
 *
 * @param amount - Non-negative integer amount in minor units.
 * @param coin - The reward's ratio.
 * @returns `ceil(amount * points_ratio / (exchange_ratio * 100))`; `Infinity` when points are
 *   worth nothing and `amount > 0`.
 * @throws RangeError when `amount` is not a non-negative safe integer or the ratio is not positive.
 */
export function coinPointsCost(amount: number, coin: CoinRatio): number {
  assertMoney(amount, 'amount');
  const { money, points: ratio } = coinFractions(coin);
  if (amount === 0) return 0;
  if (money.num === 0n) return Number.POSITIVE_INFINITY;
  return divideUp(BigInt(amount) * ratio.num * money.den, ratio.den * money.num * 100n);
}
