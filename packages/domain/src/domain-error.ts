/**
 * The service's error keys that the domain package raises. Each equals the `key` of the error
 * body the service answers with, so the mock server can map a key to its HTTP status in one
 * exhaustive table (`Record<DomainErrorKey, number>`).
 *
 * @example
 * ```ts
 * const status: Record<DomainErrorKey, number> = {
 *   invalid_payload: 400,
 *   invalid_query_params: 400,
 *   invalid_scope: 400,
 *   invalid_code_config: 400,
 *   invalid_validation_rules: 400,
 *   metadata_validation_failed: 400,
 *   duplicate_found: 409,
 *   stacking_rules_exist: 409,
 *   invalid_order: 400,
 *   invalid_amount: 400,
 *   gift_amount_exceeded: 400,
 *   loyalty_card_points_exceeded: 400,
 *   duplicated_redeemables: 400,
 *   invalid_redeemables: 400,
 * };
 * ```
 */
export type DomainErrorKey =
  | 'invalid_payload'
  // A malformed query parameter, such as a list filter with an unknown operator.
  | 'invalid_query_params'
  | 'invalid_scope'
  | 'invalid_code_config'
  // A validation rule set that cannot be stored: unknown rule name, bad logic, missing property …
  | 'invalid_validation_rules'
  | 'metadata_validation_failed'
  | 'duplicate_found'
  | 'stacking_rules_exist'
  /** An order line has a quantity, price or amount that is not a non-negative integer. */
  | 'invalid_order'
  /** The order's amount or discounts are not non-negative integers, or the discounts exceed the amount. */
  | 'invalid_amount'
  /** A gift card is asked for more credits than its balance. */
  | 'gift_amount_exceeded'
  /** A loyalty card is asked for more points than its balance. */
  | 'loyalty_card_points_exceeded'
  /** A validation or redemption request that sends the same redeemable twice. */
  | 'duplicated_redeemables'
  /**
   * A validation or redemption request whose list of redeemables cannot be processed as sent:
   * a promotion stack with other entries, or more entries than the stacking rules allow.
   */
  | 'invalid_redeemables';

/**
 * What a {@link DomainError} is built from besides its key and message.
 *
 * @example
 * ```ts
 * const init: DomainErrorInit = { details: 'Property .redeemables_limit should be <= 30' };
 * ```
 */
export interface DomainErrorInit {
  /** Specifics of the failure in the service's wording, for example the offending property. */
  readonly details?: string | undefined;
  /** The error that caused this one. */
  readonly cause?: unknown;
}

/**
 * A broken business rule or invalid input, raised by a domain function. `key` equals the
 * service's snake_case error key, `message` is short lower-case text, and `details` (when
 * present) says exactly what failed, ready for the `details` field of the service's error body.
 *
 * @example
 * ```ts
 * throw new DomainError('invalid_scope', 'unknown scope: coupons', { details: 'Invalid scope: coupons' });
 * ```
 */
export class DomainError extends Error {
  /** Always `DomainError`; {@link isDomainError} also recognises copies of this class by it. */
  override readonly name: string = 'DomainError';
  /** The service's error key, for example `invalid_payload`. */
  readonly key: DomainErrorKey;
  /** Specifics of the failure; `undefined` when the message says it all. */
  readonly details: string | undefined;

  /**
   * @param key - The service's error key.
   * @param message - Short lower-case summary.
   * @param init - Optional details and cause, see {@link DomainErrorInit}.
   */
  constructor(key: DomainErrorKey, message: string, init: DomainErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.key = key;
    this.details = init.details;
  }
}

/**
 * Tells whether a value is a {@link DomainError}, optionally one with the given key. Works
 * across bundle copies of this package because it checks the shape as well as the class.
 *
 * @param value - Anything caught.
 * @param key - When given, the error must also carry this key.
 * @returns `true` when `value` is a domain error (with `key`, if given).
 * @example
 * ```ts
 * try {
 *   return parseScopes(input, allowedScopes);
 * } catch (error) {
 *   if (isDomainError(error, 'invalid_scope')) return [];
 *   throw error;
 * }
 * ```
 */
export function isDomainError(value: unknown, key?: DomainErrorKey): value is DomainError {
  const isOne =
    value instanceof DomainError ||
    (value instanceof Error && value.name === 'DomainError' && typeof Reflect.get(value, 'key') === 'string');
  return isOne && (key === undefined || Reflect.get(value, 'key') === key);
}
