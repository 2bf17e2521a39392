/**
 * Typed client for the promotions, vouchers and loyalty API: one method per operation, named as
 * the official SDK names them and typed from the spec, with authentication (keys or OAuth),
 * retries, typed errors, pagination, async actions and typed webhook events.
 *
 * @example
 * ```ts
 * import { createClient, NotFoundError } from '@voucherkit/client';
 *
 * const client = createClient({ auth: { type: 'server', appId: 'id', appToken: 'secret' } });
 * const category = await client.categories.create({ name: 'Summer', hierarchy: 1 });
 * const voucher = await client.vouchers.get('SUMMER10').catch((error: unknown) => {
 *   if (error instanceof NotFoundError) return undefined;
 *   throw error;
 * });
 * ```
 *
 * @module @voucherkit/client
 */
import type { components } from './generated/schema.js';

export type { $defs, components, operations, paths, webhooks } from './generated/schema.js';

/**
 * The spec's schemas by name, for example `Schemas['Category']`.
 *
 * @example
 * ```ts
 * const category: Schemas['Category'] = await client.categories.get(categoryId);
 * ```
 */
export type Schemas = components['schemas'];

export {
  type AppInfo,
  DEFAULT_BASE_URL,
  type VoucherkitClientOptions,
  type VoucherkitHelpers,
} from './client-options.js';
export { createClient, type VoucherkitClient } from './create-client.js';
export type { KeyedResources, NotWithTheseKeys } from './keyed-resources.js';
export type { CallOptions } from './call-options.js';
export type * from './generated/resources.js';
export type { AuthOptions, ClientKeyAuth, ManagementKeyAuth, OAuthAuth, ServerKeyAuth } from './credentials.js';
export type { OAuthToken, OAuthTokenIntrospection, OAuthTokenManager } from './oauth-token-manager.js';
export { defaultRetryOptions, type FetchFunction, type RetryOptions } from './retrying-fetch.js';
export type { Sleep } from './runtime.js';
export {
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  type ErrorBody,
  NotFoundError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  ServerError,
  VoucherkitError,
  type VoucherkitErrorInit,
} from './errors.js';
export { type FetchResultLike, type SuccessData, unwrap } from './unwrap.js';
export {
  type ListItem,
  type ListParams,
  type ListPath,
  type PaginateArgs,
  type PaginateInit,
  type PaginateOptions,
  type PaginationStyle,
} from './paginate.js';
export {
  type AsyncAction,
  AsyncActionFailedError,
  AsyncActionTimeoutError,
  type WaitForAsyncActionOptions,
} from './async-actions.js';
export type {
  DistributionWebhookEvent,
  DistributionWebhookEventMap,
  DistributionWebhookEventType,
  WebhookEvent,
  WebhookEventMap,
  WebhookEventType,
  WorkflowWebhookEvent,
  WorkflowWebhookEventMap,
} from './generated/webhook-events.js';
export {
  constructWebhookEvent,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventInput,
  WebhookSignatureError,
  type WebhookSignatureInput,
} from './webhooks.js';
