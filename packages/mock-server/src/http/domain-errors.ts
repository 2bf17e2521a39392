import type { DomainError, DomainErrorKey } from '@voucherkit/domain';
import { ApiError } from './api-error.js';

/** HTTP status of each domain error key: the one table from business failures to statuses. */
const STATUS_BY_KEY: Readonly<Record<DomainErrorKey, number>> = {
  invalid_payload: 400,
  invalid_query_params: 400,
  invalid_scope: 400,
  invalid_code_config: 400,
  invalid_validation_rules: 400,
  metadata_validation_failed: 400,
  duplicate_found: 409,
  stacking_rules_exist: 409,
  invalid_order: 400,
  invalid_amount: 400,
  gift_amount_exceeded: 400,
  loyalty_card_points_exceeded: 400,
  duplicated_redeemables: 400,
  invalid_redeemables: 400,
};

/** Maps a domain failure to the service's error response. */
export const fromDomainError = (error: DomainError): ApiError =>
  new ApiError(
    STATUS_BY_KEY[error.key],
    error.key,
    error.message,
    error.details === undefined ? {} : { details: error.details },
  );
