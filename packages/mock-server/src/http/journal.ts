import type { OperationId } from '../generated/routes.js';
import { Followers } from '../core/followers.js';
import type { HandlerContext } from './handler.js';

/** Requests a journal keeps by default, the newest. */
const DEFAULT_JOURNAL_SIZE = 1_000;

/**
 * One request the mock answered, as a test asks about it: the operation, what was sent (parsed
 * and typed by the operation: its path and query parameters and its body), who sent it, and what
 * the mock answered.
 *
 * @typeParam Id - The operation; every operation by default.
 * @example
 * ```ts
 * const [call] = service.journal.calls('redeemStackedDiscounts');
 * call?.body?.redeemables[0]?.id; // typed from the spec
 * call?.status; // 200
 * ```
 */
export type JournalEntry<Id extends OperationId = OperationId> = Id extends OperationId
  ? {
      /** The operation the request reached. */
      readonly operationId: Id;
      readonly method: string;
      /** The path as it was routed (without the base URL's path). */
      readonly path: string;
      /** The address called, in full (base URL, path and query string). */
      readonly url: string;
      /** The path parameters, as the operation reads them. */
      readonly params: HandlerContext<Id>['params'] | undefined;
      /** The query parameters, parsed and typed; `undefined` when they were refused. */
      readonly query: HandlerContext<Id>['query'] | undefined;
      /** The body, parsed and typed; `undefined` when the operation takes none or it was refused. */
      readonly body: HandlerContext<Id>['body'] | undefined;
      /** Which keys called: server, client, OAuth token or management; `none` when they were refused. */
      readonly principal: 'server' | 'client' | 'oauth' | 'management' | 'none';
      /** The project the request acted on, when the keys named one. */
      readonly projectId: string | undefined;
      /** The HTTP status answered. */
      readonly status: number;
      /** The service's error key, for an error. */
      readonly errorKey: string | undefined;
      /** The body answered, as the client received it (`null` for none); parsed from the answer's text when first read. */
      readonly response: unknown;
      /** When it was answered, on the mock's clock. */
      readonly at: string;
      /** How long the mock took to answer, in milliseconds of real time. */
      readonly durationMs: number;
      /** The request id (`v-…`) of the answer. */
      readonly requestId: string;
    }
  : never;

/** Where an entry made by {@link answeredEntry} keeps its answer: the body's text until `response` is first read, then the parsed body. */
const BODY = Symbol('body');
/** Whether {@link BODY} holds the parsed body yet. */
const PARSED = Symbol('parsed');

interface Answered {
  [BODY]: unknown;
  [PARSED]: boolean;
}

const RESPONSE_WHEN_READ: PropertyDescriptor = {
  enumerable: true,
  get(this: Answered): unknown {
    if (!this[PARSED]) {
      this[BODY] = JSON.parse(this[BODY] as string);
      this[PARSED] = true;
    }
    return this[BODY];
  },
};

/**
 * A journal entry whose `response` is the body as the client received it, parsed from the answer's
 * text when first read. A kept entry holds one string instead of the objects the answer was made
 * of, which the collector would otherwise copy for as long as the journal keeps the entry. An
 * answer without a text (no body, a 204) keeps `body` as it is. Where the entry keeps the text is
 * not enumerable: the entry equals a plain object of its fields, as `toEqual` compares them.
 *
 * @param fields - The entry but its `response`, made for it: it becomes the entry, not copied.
 * @param text - The answer's body text, if it has one.
 * @param body - The body the answer was made of.
 * @returns The entry.
 */
export const answeredEntry = (
  fields: Omit<JournalEntry, 'response'>,
  text: string | null | undefined,
  body: unknown,
): JournalEntry => {
  const parsed = typeof text !== 'string';
  return Object.defineProperties(fields, {
    [BODY]: { value: parsed ? body : text, writable: true },
    [PARSED]: { value: parsed, writable: true },
    response: RESPONSE_WHEN_READ,
  }) as unknown as JournalEntry;
};

/**
 * Which requests {@link RequestJournal.calls} returns; every field left out matches all.
 *
 * @example
 * ```ts
 * const filter: JournalFilter = { projectId: 'proj_eu', status: 400 };
 * ```
 */
export interface JournalFilter {
  /** Only requests that acted on this project. */
  readonly projectId?: string | undefined;
  /** Only requests answered with this status. */
  readonly status?: number | undefined;
  /** Only requests answered with this error key. */
  readonly errorKey?: string | undefined;
}

/**
 * The requests the mock answered, newest kept (a ring buffer of `size` entries, 1,000 by default,
 * so a long run holds memory flat; `0` keeps none). Tests read it to ask what the app sent.
 *
 * @example
 * ```ts
 * const service = createMockService({ journal: { size: 5_000 } });
 * // … the app under test calls the API …
 * service.journal.calls('redeemStackedDiscounts').map((call) => call.body?.order?.amount);
 * service.journal.clear();
 * ```
 */
export class RequestJournal {
  readonly #entries: (JournalEntry | undefined)[];
  #next = 0;
  #count = 0;
  readonly #followers = new Followers<JournalEntry>();

  constructor(
    /** How many requests it keeps, the newest; `0` keeps none. */
    readonly size: number = DEFAULT_JOURNAL_SIZE,
  ) {
    if (!Number.isInteger(size) || size < 0)
      throw new RangeError(`journal.size must be a whole number of requests >= 0, not ${size}`);
    this.#entries = new Array<JournalEntry | undefined>(size);
  }

  /** Records an answered request, dropping the oldest beyond the size. */
  record(entry: JournalEntry): void {
    this.#followers.tell(entry);
    if (this.size === 0) return;
    this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % this.size;
    if (this.#count < this.size) this.#count += 1;
  }

  /**
   * The kept requests, oldest first: of one operation (typed by it), or of all.
   *
   * @param operationId - The operation; every one when left out.
   * @param filter - Project, status and error key to keep.
   * @returns The matching requests.
   */
  calls<Id extends OperationId = OperationId>(operationId?: Id, filter: JournalFilter = {}): JournalEntry<Id>[] {
    const kept: JournalEntry<Id>[] = [];
    const first = (this.#next - this.#count + this.size) % Math.max(1, this.size);
    for (let index = 0; index < this.#count; index += 1) {
      const entry = this.#entries[(first + index) % this.size] as JournalEntry;
      if (operationId !== undefined && entry.operationId !== operationId) continue;
      if (filter.projectId !== undefined && entry.projectId !== filter.projectId) continue;
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      if (filter.errorKey !== undefined && entry.errorKey !== filter.errorKey) continue;
      kept.push(entry as JournalEntry<Id>);
    }
    return kept;
  }

  /**
   * Calls a function with each request as it is recorded, until the function this returns is
   * called: what the sandbox's dashboard follows live. The listener runs on the request's path, so
   * it should only note the entry and do its work later.
   *
   * @param listener - Called with each new entry.
   * @returns A function that stops the calls.
   * @example
   * ```ts
   * const stop = service.journal.follow((entry) => console.log(entry.method, entry.path, entry.status));
   * stop();
   * ```
   */
  follow(listener: (entry: JournalEntry) => void): () => void {
    return this.#followers.add(listener);
  }

  /** Forgets every kept request. */
  clear(): void {
    this.#entries.fill(undefined);
    this.#next = 0;
    this.#count = 0;
  }
}
