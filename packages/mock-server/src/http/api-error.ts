/** Fields of the service's error body beyond code, key and message. */
export interface ApiErrorExtras {
  details?: string;
  resourceId?: string;
  resourceType?: string;
  /** Seconds, sent as `Retry-After` (429). */
  retryAfter?: number;
}

/**
 * A failure that the mock answers with the service's error body. Handlers and stores throw it;
 * the dispatcher turns it into a response, so no failure ever becomes an unexplained 500.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
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
