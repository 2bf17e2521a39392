import type { WebhookEvent } from '@voucherkit/client';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog, EventType, ServiceEvent } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type Sendout, webhookEnvelope } from './envelope.js';
import { webhookSigner } from './signature.js';
import type { Webhook, WebhookStore } from './store.js';
import { ApiError } from '../../../http/api-error.js';

/** How long a delivery waits for a 2xx by default: the service's 10 seconds. */
const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** Deliveries a project keeps for reading by default, the newest. */
const DEFAULT_WEBHOOK_RETENTION = 10_000;

const MINUTE_MS = 60_000;

/**
 * The service's waits before each retry of a delivery that got no 2xx: 1, 2, 4 … 1024 minutes,
 * then a day. After the last retry fails the webhook is switched off.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  ...Array.from({ length: 11 }, (_, retry) => 2 ** retry * MINUTE_MS),
  24 * 60 * MINUTE_MS,
];

/**
 * One try to post a delivery.
 *
 * @example
 * ```ts
 * const attempt: WebhookAttempt = { at: '2026-01-01T00:00:00.000Z', status: 503, durationMs: 4 };
 * ```
 */
export interface WebhookAttempt {
  /** When it was sent, on the mock's clock. */
  readonly at: string;
  /** The endpoint's HTTP status, when it answered. */
  readonly status?: number;
  /** Why there was no answer: the time-out, or the network error. */
  readonly error?: string;
  /** How long it took, in real milliseconds. */
  readonly durationMs: number;
}

/**
 * Where a delivery stands: waiting for its first attempt or a retry, answered with a 2xx, failed
 * through every retry (its webhook is then off), or dropped because its webhook was deleted or
 * switched off before it could go.
 *
 * @example
 * ```ts
 * const status: WebhookDeliveryStatus = 'DELIVERED';
 * ```
 */
export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELED';

/**
 * A webhook sendout and its attempts, as a test or a developer debugging an endpoint reads it.
 *
 * @example
 * ```ts
 * const [delivery] = project.state.webhookDeliveries.list({ type: 'redemption.succeeded' });
 * delivery?.payload.data; // the redemption, as the endpoint received it
 * ```
 */
export interface WebhookDelivery {
  /** The sendout's id (`whs_…`), the same in every attempt. */
  readonly id: string;
  /** The configuration it went out for (`wh_…`). */
  readonly webhookId: string;
  /** The address it is posted to: the configuration's `target_url` when the event happened. */
  readonly targetUrl: string;
  /** The event's name. */
  readonly type: EventType;
  /** The event behind it (`evred_…`, `evcus_…` …). */
  readonly eventId: string;
  /** When the sendout was made (the envelope's `created_at`). */
  readonly createdAt: string;
  /** Where it stands. */
  readonly status: WebhookDeliveryStatus;
  /** Every attempt so far, oldest first. */
  readonly attempts: readonly WebhookAttempt[];
  /** When the next attempt is due, while the delivery is `PENDING`. */
  readonly nextAttemptAt: string | undefined;
  /** The envelope posted. */
  readonly payload: WebhookEvent;
  /** The exact body posted: the JSON of `payload`. */
  readonly body: string;
  /** The `x-voucherify-signature` sent with it, once it was first attempted. */
  readonly signature: string | undefined;
}

/**
 * Which deliveries {@link WebhookDeliveriesView.list} returns; every field left out matches all.
 *
 * @example
 * ```ts
 * const filter: WebhookDeliveryFilter = { type: 'redemption.succeeded', status: 'FAILED' };
 * ```
 */
export interface WebhookDeliveryFilter {
  /** Only sendouts of this event. */
  readonly type?: EventType | undefined;
  /** Only sendouts of this configuration (`wh_…`). */
  readonly webhookId?: string | undefined;
  /** Only sendouts that stand here. */
  readonly status?: WebhookDeliveryStatus | undefined;
}

/** A delivery as it is kept (never changed in place): the event by reference, the body made again when it is needed. */
interface StoredDelivery extends Sendout {
  readonly event: ServiceEvent;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: readonly WebhookAttempt[];
  readonly nextAttemptAt: number | undefined;
  readonly signature: string | undefined;
}

/** What deliveries need of the project: its id and webhook secret (read at each attempt) and its configurations. */
export interface DeliveryDependencies {
  /** The project's event log, whose events become deliveries. */
  readonly events: EventLog;
  /** The project's configurations. */
  readonly webhooks: WebhookStore;
  /** The project's id, for `project_id`. */
  readonly projectId: () => string;
  /** The project's webhook secret, which signs. */
  readonly webhookToken: () => string;
}

/** Why a POST got no answer, in a line: the network error and its cause (`ECONNREFUSED` …). */
const failureOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

/**
 * The project's outbound webhooks (v2024-01-01). Every event of the project's log that an active
 * configuration subscribes to becomes a delivery: its envelope is POSTed with `fetch` to the
 * configuration's `target_url`, signed in `x-voucherify-signature`. Anything but a 2xx within the
 * time-out (10 s by default) is retried on the service's schedule on the mock's clock and
 * scheduler ({@link WEBHOOK_RETRY_DELAYS_MS}); after the last failure the configuration is
 * switched off. In-process the `fetch` is the one MSW intercepts, so a test receives deliveries
 * with its own handler; in the sandbox it is a real HTTP POST. The newest deliveries are kept for
 * reading (10,000 by default).
 *
 * With a manual scheduler, `scheduler.drain()` waits for each attempt; with the automatic one,
 * attempts go out side by side and {@link WebhookDeliveries.settled} waits for them.
 */
export class WebhookDeliveries {
  readonly #deliveries: TrackedMap<string, StoredDelivery>;
  // not state: the attempts on their way now, which `settled` waits for (a restore does not call them back).
  readonly #inFlight = new Set<Promise<void>>();
  // not state: the signer of the secret in `#signedWith`, made again when the project's secret changes.
  #sign: ((body: string) => string | Promise<string>) | undefined;
  // not state: the secret `#sign` signs with.
  #signedWith = '';

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: DeliveryDependencies,
  ) {
    this.#deliveries = context.tracked.map();
    deps.events.subscribe((event) => this.#enqueue(event));
  }

  /** The kept deliveries that match, oldest first. */
  list(filter: WebhookDeliveryFilter = {}): WebhookDelivery[] {
    const kept: WebhookDelivery[] = [];
    for (const stored of this.#deliveries.values()) {
      if (filter.type !== undefined && stored.event.type !== filter.type) continue;
      if (filter.webhookId !== undefined && stored.webhookId !== filter.webhookId) continue;
      if (filter.status !== undefined && stored.status !== filter.status) continue;
      kept.push(this.#shown(stored));
    }
    return kept;
  }

  /** The delivery with this id, if it is still kept. */
  find(id: string): WebhookDelivery | undefined {
    const stored = this.#deliveries.get(id);
    return stored && this.#shown(stored);
  }

  /**
   * Sends a kept delivery's event again to the same configuration, as a new delivery with attempts
   * of its own (made now, posted to the configuration's current `target_url`).
   *
   * @throws ApiError 404 for a delivery that is not kept, 400 when its configuration was deleted
   *   or is switched off.
   */
  resend(id: string): WebhookDelivery {
    const stored = this.#deliveries.get(id);
    if (stored === undefined) throw ApiError.notFound('webhook delivery', id);
    if (!this.deps.webhooks.isActive(stored.webhookId))
      throw ApiError.invalidPayload(
        `The webhook ${stored.webhookId} was deleted or is switched off: switch it on to send to it again.`,
      );
    const again = this.#deliver(stored.event, this.deps.webhooks.get(stored.webhookId));
    this.#trim();
    return this.#shown(again);
  }

  /** Resolves once no attempt is on its way (with the automatic scheduler, attempts run by themselves). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** Forgets every kept delivery; those waiting for a retry are dropped with them. */
  clear(): void {
    this.#deliveries.clear();
  }

  #enqueue(event: ServiceEvent): void {
    const subscribers = this.deps.webhooks.subscribers(event.type);
    if (subscribers.length === 0) return;
    for (const webhook of subscribers) this.#deliver(event, webhook);
    this.#trim();
  }

  /** A new delivery of an event to a configuration, its first attempt scheduled now. */
  #deliver(event: ServiceEvent, webhook: Webhook): StoredDelivery {
    const delivery: StoredDelivery = {
      id: this.context.ids('whs'),
      createdAt: this.context.timestamp(),
      projectId: this.deps.projectId(),
      webhookId: webhook.id,
      targetUrl: webhook.target_url,
      event,
      status: 'PENDING',
      attempts: [],
      nextAttemptAt: this.context.clock.now(),
      signature: undefined,
    };
    this.#store(delivery.id, delivery);
    this.#schedule(delivery.id, 0);
    return delivery;
  }

  #schedule(id: string, delayMs: number): void {
    const { scheduler } = this.context;
    scheduler.schedule(() => {
      const attempt = this.#attempt(id).finally(() => this.#inFlight.delete(attempt));
      this.#inFlight.add(attempt);
      // The automatic scheduler runs its tasks one after another: a slow endpoint must not hold up
      // the others (or the bulk jobs), so attempts go out side by side there.
      return scheduler.mode === 'manual' ? attempt : undefined;
    }, delayMs);
  }

  async #attempt(id: string): Promise<void> {
    const delivery = this.#deliveries.get(id);
    if (delivery?.status !== 'PENDING') return;
    if (!this.deps.webhooks.isActive(delivery.webhookId)) {
      this.#store(id, { ...delivery, status: 'CANCELED', nextAttemptAt: undefined });
      return;
    }
    const body = JSON.stringify(webhookEnvelope(delivery, delivery.event));
    const signed = delivery.signature ?? this.#signer()(body);
    const signature = typeof signed === 'string' ? signed : await signed;
    const timeoutMs = this.context.settings.webhooks?.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    const at = this.context.timestamp();
    const started = performance.now();
    let outcome: { status: number } | { error: string };
    // A timer of its own, cleared once the answer is in: `AbortSignal.timeout` would fire (and
    // build its error) for every delivery ten seconds later.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(delivery.targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-voucherify-signature': signature },
        body,
        signal: controller.signal,
      });
      // Read to the end, within the same time-out: the answer counts once it has all arrived.
      await response.arrayBuffer();
      outcome = { status: response.status };
    } catch (error) {
      outcome = { error: controller.signal.aborted ? `no answer within ${timeoutMs} ms` : failureOf(error) };
    } finally {
      clearTimeout(timer);
    }
    const attempts = [...delivery.attempts, { at, ...outcome, durationMs: Math.round(performance.now() - started) }];
    const current = this.#deliveries.get(id) ?? delivery;
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      this.#store(id, { ...current, status: 'DELIVERED', attempts, signature, nextAttemptAt: undefined });
      return;
    }
    const wait = WEBHOOK_RETRY_DELAYS_MS[attempts.length - 1];
    if (wait === undefined) {
      this.#store(id, { ...current, status: 'FAILED', attempts, signature, nextAttemptAt: undefined });
      this.deps.webhooks.disable(delivery.webhookId);
      return;
    }
    this.#store(id, { ...current, attempts, signature, nextAttemptAt: this.context.clock.now() + wait });
    this.#schedule(id, wait);
  }

  /** Keeps a delivery as it now stands, and tells whoever follows the deliveries. */
  #store(id: string, delivery: StoredDelivery): void {
    this.#deliveries.set(id, delivery);
    this.context.deliveryFollowers?.tell({ projectId: delivery.projectId, id });
  }

  /** Signs with the project's current secret. */
  #signer(): (body: string) => string | Promise<string> {
    const secret = this.deps.webhookToken();
    if (this.#sign === undefined || secret !== this.#signedWith)
      [this.#sign, this.#signedWith] = [webhookSigner(secret), secret];
    return this.#sign;
  }

  /** Drops the oldest deliveries beyond the retention. */
  #trim(): void {
    const retention = this.context.settings.webhooks?.retention ?? DEFAULT_WEBHOOK_RETENTION;
    for (const id of this.#deliveries.keys()) {
      if (this.#deliveries.size <= retention) return;
      this.#deliveries.delete(id);
    }
  }

  #shown(stored: StoredDelivery): WebhookDelivery {
    const payload = webhookEnvelope(stored, stored.event);
    return {
      id: stored.id,
      webhookId: stored.webhookId,
      targetUrl: stored.targetUrl,
      type: stored.event.type,
      eventId: stored.event.id,
      createdAt: stored.createdAt,
      status: stored.status,
      attempts: stored.attempts,
      nextAttemptAt: stored.nextAttemptAt === undefined ? undefined : new Date(stored.nextAttemptAt).toISOString(),
      payload,
      body: JSON.stringify(payload),
      signature: stored.signature,
    };
  }
}
