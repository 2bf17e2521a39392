/**
 * Fields of the service's error body beyond code, key and message.
 *
 * @example
 * ```ts
 * const extras: ApiErrorExtras = { details: 'Cannot find category with id cat_1', resourceId: 'cat_1', resourceType: 'category' };
 * ```
 */
export interface ApiErrorExtras {
  /** The specifics of this failure (`details`), for example the offending property. */
  details?: string;
  /** The id that was asked for (`resource_id`). */
  resourceId?: string;
  /** The type of that resource (`resource_type`), in snake_case. */
  resourceType?: string;
  /** Seconds, sent as `Retry-After` (429). */
  retryAfter?: number;
  /** The invalid redeemable of a validation or redemption (`redeemable_type`, `redeemable_id`). */
  redeemable?: { readonly type: 'voucher' | 'promotion_tier' | 'promotion_stack'; readonly id: string };
  /** The text a validation rule defines for its failure (`error.message`). */
  ruleMessage?: string;
}

/**
 * A failure that the mock answers with the service's error body. Handlers and stores throw it;
 * the dispatcher turns it into a response, so no failure ever becomes an unexplained 500.
 *
 * @example
 * ```ts
 * throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', { details: 'A category named "Summer" already exists.' });
 * ```
 */
export class ApiError extends Error {
  /** Always `ApiError`, so the error can be told apart after crossing module copies. */
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status of the answer, repeated as `code` in the body. */
    readonly status: number,
    /** The service's snake_case error key. */
    readonly key: string,
    message: string,
    /** Details, resource and `Retry-After` of the answer. */
    readonly extras: ApiErrorExtras = {},
  ) {
    super(message);
  }

  /** 404 for a resource that does not exist in the caller's project. */
  static notFound(resourceType: string, resourceId: string): ApiError {
    return new ApiError(404, 'not_found', 'Resource not found', {
      details: `Cannot find ${resourceType.replaceAll('_', ' ')} with id ${resourceId}`,
      resourceId,
      resourceType,
    });
  }

  /** 400 for a request that breaks the documented shape. */
  static invalidPayload(details: string): ApiError {
    return new ApiError(400, 'invalid_payload', 'Invalid payload', { details });
  }
}

/**
 * Runs a change whose refusals answer as 400 `invalid_payload` with their own message: the errors
 * a store or the clock throws for bad input (an unknown time zone, a clock moved back). An
 * `ApiError` passes as it is, and so does any error `isRefusal` does not accept.
 *
 * @param change - The change to run.
 * @param isRefusal - Which errors are refusals; every `Error` by default.
 * @returns What the change returns.
 */
export const refusalsAs400 = <T>(change: () => T, isRefusal: (error: Error) => boolean = () => true): T => {
  try {
    return change();
  } catch (error) {
    if (error instanceof Error && !(error instanceof ApiError) && isRefusal(error))
      throw ApiError.invalidPayload(error.message);
    throw error;
  }
};
