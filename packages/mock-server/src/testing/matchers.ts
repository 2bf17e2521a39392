import type { EventType } from '../core/event-log.js';
import type { OperationId } from '../generated/routes.js';
import type { HandlerContext } from '../http/handler.js';
import type { JournalEntry, RequestJournal } from '../http/journal.js';
import type { MockService } from '../service.js';

/**
 * A value with every field optional, to any depth: the part of a request body a matcher checks.
 *
 * @typeParam T - The full shape.
 * @example
 * ```ts
 * const part: DeepPartial<{ order: { amount: number; items: unknown[] } }> = { order: { amount: 5000 } };
 * ```
 */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? readonly DeepPartial<Item>[]
  : T extends object
    ? { readonly [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * The matchers' signatures, for augmenting your test runner's assertion type. In Vitest (4 and 5
 * alike), augment chai's assertion, whose methods Vitest's `expect` offers as its own; in Jest,
 * `jest.Matchers<R>`.
 *
 * @typeParam R - What a matcher returns in the runner (`void`, or the assertion itself).
 * @example
 * ```ts
 * import type { MockServerMatchers } from '@voucherkit/mock-server';
 * declare global {
 *   namespace Chai {
 *     interface Assertion extends MockServerMatchers<void> {}
 *   }
 * }
 * ```
 */
export interface MockServerMatchers<R = unknown> {
  /** The mock answered a request of the operation, whose body (when given) contains `body`. */
  toHaveReceived<Id extends OperationId>(
    operationId: Id,
    body?: DeepPartial<NonNullable<HandlerContext<Id>['body']>>,
  ): R;
  /** The mock answered exactly `times` requests of the operation. */
  toHaveReceivedTimes(operationId: OperationId, times: number): R;
  /** The mock answered a request of the operation with this status, or with this error key. */
  toHaveAnswered(operationId: OperationId, statusOrErrorKey: number | string): R;
  /** A webhook of this event went out and was answered with a 2xx (in any project). */
  toHaveDelivered(eventType: EventType): R;
}

/**
 * What a matcher's `this` offers in Vitest and Jest that these matchers read.
 *
 * @example
 * ```ts
 * const context: MatcherContext = { isNot: false, equals: Object.is };
 * ```
 */
export interface MatcherContext {
  /** Whether the assertion is negated (`.not`). */
  readonly isNot?: boolean;
  /** The runner's deep equality, which knows asymmetric matchers (`expect.any(String)`). */
  readonly equals?: (a: unknown, b: unknown) => boolean;
}

/**
 * What a matcher answers, as Vitest and Jest read it.
 *
 * @example
 * ```ts
 * const result: MatcherResult = { pass: true, message: () => 'expected no createCustomer request' };
 * ```
 */
export interface MatcherResult {
  /** Whether the expectation holds. */
  readonly pass: boolean;
  /** What to print when it does not (or, negated, when it does). */
  readonly message: () => string;
}

/** Whether `actual` has everything `expected` names: objects key by key, arrays item by item, asymmetric matchers (`expect.any(…)`) by their own rule. */
const contains = (actual: unknown, expected: unknown, equals: (a: unknown, b: unknown) => boolean): boolean => {
  if (
    expected !== null &&
    typeof expected === 'object' &&
    typeof (expected as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  )
    return equals(actual, expected);
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => contains(actual[index], item, equals))
    );
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) =>
      contains((actual as Record<string, unknown>)[key], value, equals),
    );
  }
  return Object.is(actual, expected);
};

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** The journal behind what `expect` got: a mock service or a journal. */
const journalOf = (received: unknown): RequestJournal => {
  const journal = (received as Partial<MockService> | undefined)?.journal ?? received;
  if (
    journal === null ||
    typeof journal !== 'object' ||
    typeof (journal as Partial<RequestJournal>).calls !== 'function'
  ) {
    throw new TypeError('expect(…) must be given the mock service (or its journal) for the mock server matchers');
  }
  return journal as RequestJournal;
};

/** What the mock received, counted by operation, for a failure message. */
const summary = (journal: RequestJournal): string => {
  const counts = new Map<string, number>();
  for (const call of journal.calls()) counts.set(call.operationId, (counts.get(call.operationId) ?? 0) + 1);
  return counts.size === 0 ? 'no request at all' : [...counts].map(([id, count]) => `${id} ×${count}`).join(', ');
};

const listCalls = (calls: readonly JournalEntry[], part: (call: JournalEntry) => unknown): string =>
  calls.map((call, index) => `  ${index + 1}. ${show(part(call))}`).join('\n');

/**
 * Matchers for Vitest and Jest about what the mock received and sent: `expect.extend(mockServerMatchers)`,
 * then `expect(service).toHaveReceived('redeemStackedDiscounts', { order: { amount: 5000 } })`. A
 * failure lists what the mock received instead.
 *
 * @example
 * ```ts
 * import { mockServerMatchers } from '@voucherkit/mock-server';
 * expect.extend(mockServerMatchers);
 * expect(service).toHaveReceivedTimes('createCustomer', 1);
 * expect(service).toHaveAnswered('redeemStackedDiscounts', 'quantity_exceeded');
 * ```
 */
export const mockServerMatchers = {
  toHaveReceived(this: MatcherContext, received: unknown, operationId: OperationId, body?: unknown): MatcherResult {
    const journal = journalOf(received);
    const calls = journal.calls(operationId);
    const equals = this.equals ?? Object.is;
    const pass = calls.some((call) => body === undefined || contains(call.body, body, equals));
    const wanted =
      body === undefined ? `a ${operationId} request` : `a ${operationId} request with a body containing ${show(body)}`;
    return {
      pass,
      message: () =>
        pass
          ? `expected no ${operationId} request${body === undefined ? '' : ` with a body containing ${show(body)}`}, but the mock received ${calls.length}`
          : calls.length === 0
            ? `expected ${wanted}, but the mock received none; it received ${summary(journal)}`
            : `expected ${wanted}; the ${operationId} requests it received had these bodies:\n${listCalls(calls, (call) => call.body)}`,
    };
  },

  toHaveReceivedTimes(this: MatcherContext, received: unknown, operationId: OperationId, times: number): MatcherResult {
    const journal = journalOf(received);
    const count = journal.calls(operationId).length;
    return {
      pass: count === times,
      message: () =>
        `expected ${this.isNot ? 'not ' : ''}${times} ${operationId} request${times === 1 ? '' : 's'}, the mock received ${count}; all it received: ${summary(journal)}`,
    };
  },

  toHaveAnswered(
    this: MatcherContext,
    received: unknown,
    operationId: OperationId,
    statusOrErrorKey: number | string,
  ): MatcherResult {
    const journal = journalOf(received);
    const calls = journal.calls(operationId);
    const pass = calls.some((call) =>
      typeof statusOrErrorKey === 'number' ? call.status === statusOrErrorKey : call.errorKey === statusOrErrorKey,
    );
    const answers = calls.map((call) =>
      call.errorKey === undefined ? String(call.status) : `${call.status} ${call.errorKey}`,
    );
    return {
      pass,
      message: () =>
        `expected ${this.isNot ? 'no ' : 'an '}answer ${statusOrErrorKey} to ${operationId}; ${calls.length === 0 ? `there was no ${operationId} request (the mock received ${summary(journal)})` : `it answered ${answers.join(', ')}`}`,
    };
  },

  toHaveDelivered(this: MatcherContext, received: unknown, eventType: EventType): MatcherResult {
    const service = received as Partial<MockService> | undefined;
    if (!service?.projects) throw new TypeError('expect(…) must be given the mock service for toHaveDelivered');
    const deliveries = service.projects.list().flatMap((project) => project.state.webhookDeliveries.list());
    const pass = deliveries.some((delivery) => delivery.type === eventType && delivery.status === 'DELIVERED');
    const sent = deliveries.map((delivery) => `${delivery.type} (${delivery.status})`);
    return {
      pass,
      message: () =>
        `expected ${this.isNot ? 'no ' : 'a '}delivered ${eventType} webhook; the mock's deliveries: ${sent.length === 0 ? 'none (is a webhook configured, and did the scheduler run?)' : sent.join(', ')}`,
    };
  },
};
