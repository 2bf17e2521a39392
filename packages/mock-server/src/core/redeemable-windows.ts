import {
  CAMPAIGN_VALIDITY_KEYS,
  type ValidityCheckResult,
  type ValidityWindowCheck,
  type ValidityWindowInput,
  type ValidityWindowOptions,
  compileValidityWindow,
} from '@voucherkit/domain';

/**
 * Whether a redeemable (a voucher, a promotion tier) can be used at an instant: its campaign's
 * validity window first (`campaign_not_active` …), then its own, with the keys of its kind. Each
 * window is compiled once per stored record; stores replace a record when it changes, so the
 * cache keys on the record itself and a change is never read stale.
 */
export class RedeemableWindows {
  readonly #compiled = new WeakMap<object, ValidityWindowCheck>();

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
    return this.#window(campaign, { keys: CAMPAIGN_VALIDITY_KEYS })(at);
  }

  #window(record: ValidityWindowInput & object, options: ValidityWindowOptions): ValidityWindowCheck {
    let check = this.#compiled.get(record);
    if (check === undefined) {
      check = compileValidityWindow(record, options);
      this.#compiled.set(record, check);
    }
    return check;
  }
}
