import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

type Inapplicable = Resource<'ValidationRedeemableInapplicable'>;
type Skipped = Resource<'ValidationRedeemableSkipped'>;

/**
 * Why a legacy validation failed: the `reason` (the failure's own summary) and the `error`, the
 * service's error without the redeemable it names, or only the text a validation rule defines.
 */
export interface LegacyFailure {
  readonly reason: string;
  readonly error: Resource<'LegacyValidationError'>;
}

/** Failures of the request rather than of the code: a legacy validation answers them with their status, not `valid: false`. */
const REQUEST_FAILURES: ReadonlySet<string> = new Set(['missing_reward', 'invalid_reward', 'missing_customer']);

/** The redeemables a legacy validation describes when it fails; another thing not found (a reward) is the request's failure. */
const DESCRIBED: ReadonlySet<string> = new Set(['voucher', 'promotion_tier']);

/**
 * The failure of the one redeemable of a legacy validation, as its answer shows it: variant (ii),
 * `{ message }`, when a validation rule defines its own text, else the service's error
 * (`code`, `key`, `message`, `details`, `request_id` and, for an unknown code, the resource).
 *
 * @param outcome - The redeemable's outcome in the engine's validation.
 * @param requestId - The request's id, for a skipped redeemable's error.
 * @returns The `reason` and `error` to answer.
 * @throws ApiError when the failure is the request's: a loyalty card without its reward or
 *   customer, a reward that is not a pay-with-points one, a reward not found (404).
 */
export const legacyFailure = (outcome: Inapplicable | Skipped, requestId: string): LegacyFailure => {
  if (outcome.status === 'SKIPPED') {
    const { key = 'invalid_redeemables', message = 'Invalid redeemables' } = outcome.result.details ?? {};
    return { reason: message, error: { code: 400, key, message, details: outcome.id, request_id: requestId } };
  }
  const { error } = outcome.result;
  const requestFailure =
    REQUEST_FAILURES.has(error.key) || (error.resource_type !== undefined && !DESCRIBED.has(error.resource_type));
  if (requestFailure) {
    throw new ApiError(error.code, error.key, error.message, {
      ...(error.details === undefined ? {} : { details: error.details }),
      ...(error.resource_id === undefined ? {} : { resourceId: error.resource_id }),
      ...(error.resource_type === undefined ? {} : { resourceType: error.resource_type }),
      ...(error.error?.message === undefined ? {} : { ruleMessage: error.error.message }),
    });
  }
  const { redeemable_type: _type, redeemable_id: _id, error: text, ...body } = error;
  return { reason: error.message, error: text?.message === undefined ? body : { message: text.message } };
};

/**
 * The error of a failed legacy redemption: the engine's, without the redeemable it names (the
 * legacy error body has no `redeemable_type` or `redeemable_id`); `resource_id` still names the
 * stored failed redemption.
 *
 * @param error - What the engine threw.
 * @returns The error to throw instead.
 */
export const legacyRedemptionError = (error: unknown): unknown => {
  if (!(error instanceof ApiError) || error.extras.redeemable === undefined) return error;
  const { redeemable: _redeemable, ...extras } = error.extras;
  return new ApiError(error.status, error.key, error.message, extras);
};
