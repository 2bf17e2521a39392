import {
  CAMPAIGN_VALIDITY_KEYS,
  type ValidityCheckResult,
  type ValidityWindowCheck,
  type ValidityWindowInput,
  type ValidityWindowOptions,
  compileValidityWindow,
} from '@voucherkit/domain';

/** How a campaign's window is read: one object, by which its windows of dates alone are kept. */
const CAMPAIGN_OPTIONS: ValidityWindowOptions = { keys: CAMPAIGN_VALIDITY_KEYS };

/** How many windows of plain dates a {@link RedeemableWindows} keeps by their dates before it starts again. */
const PLAIN_WINDOWS_KEPT = 4096;

/** A date of a window in {@link plainKey}: no date's part begins another's, so the key reads back one way. */
const datePart = (date: string | null | undefined): string =>
  date === null ? 'n' : date === undefined ? 'u' : `s${date.length}:${date}`;

/**
 * The text that names a window made of dates and a switch alone (no timeframe, days or hours), by
 * which such windows are compiled once whatever record holds them; `undefined` for any other.
 */
const plainKey = (window: ValidityWindowInput): string | undefined => {
  const { start_date: start, expiration_date: expiration, active } = window;
  if (
    (window.validity_timeframe !== undefined && window.validity_timeframe !== null) ||
    (window.validity_day_of_week !== undefined && window.validity_day_of_week !== null) ||
    (window.validity_hours !== undefined && window.validity_hours !== null) ||
    (typeof start !== 'string' && start !== null && start !== undefined) ||
    (typeof expiration !== 'string' && expiration !== null && expiration !== undefined) ||
    (typeof active !== 'boolean' && active !== null && active !== undefined)
  )
    return undefined;
  return `${datePart(start)}${datePart(expiration)}${active === null ? 'n' : active === undefined ? 'u' : active ? 't' : 'f'}`;
};

/**
 * Whether a redeemable (a voucher, a promotion tier) can be used at an instant: its campaign's
 * validity window first (`campaign_not_active` …), then its own, with the keys of its kind. A
 * window of dates alone is compiled once for those dates: a voucher redeemed again is a new
 * record with the same window. Any other is compiled once per stored record; stores replace a
 * record when it changes, so that cache keys on the record itself and a change is never read
 * stale.
 */
export class RedeemableWindows {
  readonly #compiled = new WeakMap<object, ValidityWindowCheck>();
  // not state: windows of dates alone, compiled, by their `plainKey`, for each way of reading them (own, campaign); what they answer follows from the key.
  readonly #plain = new Map<ValidityWindowOptions, Map<string, ValidityWindowCheck>>();

  /** @param own - How the redeemable's own window is read (its failure keys). */
  constructor(private readonly own: ValidityWindowOptions = {}) {}

  /** The campaign's window (when there is a campaign), then the redeemable's own, at `at`. */
  check(
    redeemable: ValidityWindowInput & object,
    campaign: (ValidityWindowInput & object) | undefined,
    at: number,
  ): ValidityCheckResult {
    if (campaign) {
      const result = this.campaign(campaign, at);
      if (!result.active) return result;
    }
    return this.#window(redeemable, this.own)(at);
  }

  /** The campaign's window alone, at `at` (a promotion stack has no window of its own). */
  campaign(campaign: ValidityWindowInput & object, at: number): ValidityCheckResult {
    return this.#window(campaign, CAMPAIGN_OPTIONS)(at);
  }

  #window(record: ValidityWindowInput & object, options: ValidityWindowOptions): ValidityWindowCheck {
    const key = plainKey(record);
    if (key !== undefined) {
      let plain = this.#plain.get(options);
      if (plain === undefined) {
        plain = new Map();
        this.#plain.set(options, plain);
      }
      let check = plain.get(key);
      if (check === undefined) {
        check = compileValidityWindow(record, options);
        if (plain.size >= PLAIN_WINDOWS_KEPT) plain.clear();
        plain.set(key, check);
      }
      return check;
    }
    let check = this.#compiled.get(record);
    if (check === undefined) {
      check = compileValidityWindow(record, options);
      this.#compiled.set(record, check);
    }
    return check;
  }
}
