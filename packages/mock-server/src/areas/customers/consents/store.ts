import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { Customer, CustomerConsent, CustomerStore } from '../customers/store.js';

/** One of the project's consents: a marketing permission that customers give or withdraw. */
export type Consent = Resource<'Consent'>;

/** Consents presented together, for example on one sign-up form. */
export type ConsentGroup = Resource<'ConsentGroup'>;

/**
 * What defines a consent; the service's dashboard does it, the API only lists consents.
 *
 * @example
 * ```ts
 * const input: ConsentInput = { name: 'Partner offers', description: 'Offers of our partners by email.' };
 * ```
 */
export interface ConsentInput {
  /** The consent's name. */
  readonly name: string;
  /** What the customer agrees to. */
  readonly description?: string | null | undefined;
  /** Free-text category. */
  readonly category?: string | null | undefined;
}

/**
 * What defines a group of consents.
 *
 * @example
 * ```ts
 * const input: ConsentGroupInput = { name: 'Sign-up form', consents: ['cnst_0e1c7f3a2b9d4c5e61'] };
 * ```
 */
export interface ConsentGroupInput {
  /** The group's name. */
  readonly name: string;
  /** What the group is for. */
  readonly description?: string | null | undefined;
  /** Ids of the consents in the group. */
  readonly consents: readonly string[];
}

/** The body of `PUT /v1/customers/{customerId}/consents`: answers by consent id, and `unsubscribed`. */
export type ConsentAnswers = Readonly<Record<string, boolean | undefined>>;

const UNSUBSCRIBED = 'unsubscribed';

/**
 * The project's consents (marketing permissions) and their groups, and the customers' answers to
 * them. The definitions are kept here; each customer's answers are kept on the customer
 * (`system_metadata.consents`), so every view of the customer shows them.
 */
export class ConsentStore {
  readonly #consents: TrackedMap<string, Consent>;
  readonly #groups: TrackedMap<string, ConsentGroup>;

  constructor(
    private readonly context: ServiceContext,
    private readonly customers: CustomerStore,
  ) {
    this.#consents = context.tracked.map();
    this.#groups = context.tracked.map();
  }

  /**
   * Defines a consent, as the service's dashboard does.
   *
   * @param input - Its name, description and category.
   * @returns The consent (`cnst_…`), never changed since (`updated_at` null).
   */
  create(input: ConsentInput): Consent {
    const consent: Consent = {
      id: this.context.ids('cnst'),
      name: input.name,
      description: input.description ?? null,
      category: input.category ?? null,
      created_at: this.context.timestamp(),
      updated_at: null,
      object: 'consent',
    };
    this.#consents.set(consent.id, consent);
    return consent;
  }

  /**
   * Defines a group of consents, as the service's dashboard does.
   *
   * @param input - Its name, description and consents.
   * @returns The group (`cnstgr_…`).
   * @throws ApiError 404 for a consent id that names no consent of the project.
   */
  createGroup(input: ConsentGroupInput): ConsentGroup {
    const unknown = input.consents.find((id) => !this.#consents.has(id));
    if (unknown !== undefined) throw ApiError.notFound('consent', unknown);
    const group: ConsentGroup = {
      id: this.context.ids('cnstgr'),
      name: input.name,
      description: input.description ?? null,
      consents: [...input.consents],
      created_at: this.context.timestamp(),
      updated_at: null,
      object: 'consent_group',
    };
    this.#groups.set(group.id, group);
    return group;
  }

  /**
   * Every consent and every group, oldest first, as `GET /v1/consents` lists them.
   *
   * @returns The two lists.
   */
  list(): Resource<'ConsentList'> {
    const groups = [...this.#groups.values()];
    const consents = [...this.#consents.values()];
    return {
      groups: { object: 'list', data_ref: 'data', data: groups, total: groups.length },
      consents: { object: 'list', data_ref: 'data', data: consents, total: consents.length },
    };
  }

  /**
   * Records a customer's answers: `unsubscribed: true` withdraws every consent of the project,
   * then each consent named is given (`true`) or withdrawn (`false`), dated now. Consents not named
   * keep their answer.
   *
   * @param customerRef - The customer's id or `source_id`.
   * @param answers - The answers, by consent id.
   * @returns The customer after the change.
   * @throws ApiError 400 `invalid_payload` for an empty body or a key that names no consent of the
   *   project; 404 for an unknown customer.
   */
  record(customerRef: string, answers: ConsentAnswers): Customer {
    const named = Object.entries(answers).filter((entry): entry is [string, boolean] => entry[1] !== undefined);
    if (named.length === 0) throw ApiError.invalidPayload('The payload cannot be empty');
    const customer = this.customers.get(customerRef);
    const unknown = named.find(([id]) => id !== UNSUBSCRIBED && !this.#consents.has(id));
    if (unknown !== undefined) throw ApiError.invalidPayload(`${unknown[0]} is not a consent of the project.`);
    const date = this.context.timestamp();
    const withdrawn =
      answers[UNSUBSCRIBED] === true
        ? [...this.#consents.keys()].map((id) => [id, { value: false, date }] as const)
        : [];
    const given = named.filter(([id]) => id !== UNSUBSCRIBED).map(([id, value]) => [id, { value, date }] as const);
    if (withdrawn.length === 0 && given.length === 0) return customer;
    const before: Readonly<Record<string, CustomerConsent>> = customer.system_metadata?.consents ?? {};
    return this.customers.setConsents(customer.id, {
      ...before,
      ...Object.fromEntries(withdrawn),
      ...Object.fromEntries(given),
    });
  }
}
