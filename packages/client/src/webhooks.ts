import { VoucherkitError } from './errors.js';
import type { WebhookEvent } from './generated/webhook-events.js';

/**
 * The header in which the service sends a webhook's signature.
 *
 * @example
 * ```ts
 * const signature = request.headers.get(WEBHOOK_SIGNATURE_HEADER);
 * ```
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-voucherify-signature';

/**
 * Input of {@link verifyWebhookSignature}.
 *
 * @example
 * ```ts
 * const input: WebhookSignatureInput = { payload: rawBody, signature: headerValue, secret: process.env.WEBHOOK_SECRET! };
 * ```
 */
export interface WebhookSignatureInput {
  /** The raw request body, exactly as received (do not re-serialize parsed JSON). */
  readonly payload: string | Uint8Array;
  /** The hex HMAC-SHA256 from the `x-voucherify-signature` header. */
  readonly signature: string | null | undefined;
  /** The project's webhook secret. */
  readonly secret: string;
}

/**
 * Thrown by {@link constructWebhookEvent} when the signature does not match the body.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof WebhookSignatureError) return new Response(null, { status: 400 }); }
 * ```
 */
export class WebhookSignatureError extends VoucherkitError {
  override readonly name: string = 'WebhookSignatureError';
}

const encoder = new TextEncoder();

const hexToBytes = (hex: string): Uint8Array | undefined => {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

/**
 * Compares two byte arrays in time that depends only on their length, not on where they differ.
 *
 * @param a - First array.
 * @param b - Second array.
 * @returns `true` when both hold the same bytes.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // The length of an HMAC is public; only the content must not leak through timing.
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Checks that a webhook body was signed with the project's secret: the hex HMAC-SHA256 of the
 * raw body, compared in constant time. Uses Web Crypto, so it runs in browsers, Node, Deno and
 * edge runtimes (and is therefore async).
 *
 * @param input - Raw body, signature header value and secret.
 * @returns `true` when the signature matches; `false` when it is missing, malformed or wrong.
 * @example
 * ```ts
 * const ok = await verifyWebhookSignature({
 *   payload: await request.text(),
 *   signature: request.headers.get('x-voucherify-signature'),
 *   secret: process.env.WEBHOOK_SECRET!,
 * });
 * ```
 */
export async function verifyWebhookSignature(input: WebhookSignatureInput): Promise<boolean> {
  const expected = hexToBytes(input.signature?.trim() ?? '');
  if (expected === undefined || expected.length === 0) return false;
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(input.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const payload = typeof input.payload === 'string' ? encoder.encode(input.payload) : input.payload;
  const actual = new Uint8Array(await crypto.subtle.sign('HMAC', key, new Uint8Array(payload)));
  return timingSafeEqual(actual, expected);
}

/**
 * Input of {@link constructWebhookEvent} with a parser that validates and types the event.
 *
 * @typeParam T - The event type that `parse` produces.
 * @example
 * ```ts
 * const input: WebhookEventInput<MyEvent> = { payload, signature, secret, parse: myEventSchema.parse };
 * ```
 */
export interface WebhookEventInput<T> extends WebhookSignatureInput {
  /** Validates and types the parsed JSON, for example a zod schema's `parse`. */
  readonly parse: (json: unknown) => T;
}

/**
 * Verifies a webhook's signature, parses its JSON body and hands it to `parse`.
 *
 * @param input - Raw body, signature header value, secret and parser.
 * @returns Whatever `parse` returns.
 * @throws {@link WebhookSignatureError} when the signature is missing or does not match.
 * @example
 * ```ts
 * const event = await constructWebhookEvent({ payload: rawBody, signature, secret, parse: eventSchema.parse });
 * ```
 */
export function constructWebhookEvent<T>(input: WebhookEventInput<T>): Promise<T>;
/**
 * Verifies a project webhook's signature and parses its JSON body into a {@link WebhookEvent},
 * which narrows by `type`.
 *
 * The body is typed, not validated: it is trusted as the service's once the signature matches.
 * Distribution channels and workflow callouts post other shapes (their `type` is a name you chose,
 * or absent); read those with `parse`, for example as a {@link DistributionWebhookEvent}.
 *
 * @param input - Raw body, signature header value and secret.
 * @returns The sendout.
 * @throws {@link WebhookSignatureError} when the signature is missing or does not match.
 * @example
 * ```ts
 * const event = await constructWebhookEvent({
 *   payload: rawBody,
 *   signature: headers['x-voucherify-signature'],
 *   secret: process.env.WEBHOOK_SECRET!,
 * });
 * if (event.type === 'redemption.succeeded') console.log(event.data.redemption.id);
 * ```
 */
export function constructWebhookEvent(input: WebhookSignatureInput): Promise<WebhookEvent>;
export async function constructWebhookEvent(
  input: WebhookSignatureInput & { readonly parse?: (json: unknown) => unknown },
): Promise<unknown> {
  if (!(await verifyWebhookSignature(input))) {
    throw new WebhookSignatureError('Webhook signature does not match the body; check the secret and use the raw body');
  }
  const text = typeof input.payload === 'string' ? input.payload : new TextDecoder().decode(input.payload);
  const json: unknown = JSON.parse(text);
  return input.parse ? input.parse(json) : json;
}
