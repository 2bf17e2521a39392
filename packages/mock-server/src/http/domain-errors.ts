import type { DomainError } from '@voucherkit/domain';
import { ApiError } from './api-error.js';

/**
 * HTTP status of each domain error key. The service answers every broken business rule with
 * 400 unless listed here, so only the exceptions are written down.
 */
const STATUS_BY_KEY: Readonly<Record<string, number>> = {
  not_found: 404,
  duplicate_found: 409,
  stacking_rules_exist: 409,
  resource_in_use: 409,
};

/** The one mapping from domain failures to the service's error responses. */
export const fromDomainError = (error: DomainError): ApiError =>
  new ApiError(STATUS_BY_KEY[error.key] ?? 400, error.key, error.message, error.details === undefined ? {} : { details: String(error.details) });
