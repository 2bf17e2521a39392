import { DomainError, type DomainErrorInit, type DomainErrorKey } from '../domain-error.js';
import type { StackingRulesSettings } from './rules.js';

/**
 * One entry of a validation or redemption request's `redeemables`, as far as the request checks
 * read it.
 *
 * @example
 * ```ts
 * const ref: StackedRedeemableRef = { object: 'voucher', id: 'SUMMER10', key: 'v_0e1c7f3a2b9d4c5e61' };
 * ```
 */
export interface StackedRedeemableRef {
  /** Kind of redeemable. */
  readonly object: 'voucher' | 'promotion_tier' | 'promotion_stack';
  /** The id as sent: a voucher code or `v_` id, a promotion tier or stack id. */
  readonly id: string;
  /**
   * What makes two entries the same redeemable, when `id` alone does not: a voucher sent once by
   * its code and once by its `v_` id is one voucher, so the caller passes the `v_` id here.
   * Defaults to `id`.
   */
  readonly key?: string | undefined;
}

/**
 * A stacked request refused because of its list of redeemables, naming the entry at fault (the
 * service's error body carries it as `redeemable_type` and `redeemable_id`).
 *
 * @example
 * ```ts
 * throw new StackedRedeemablesError('duplicated_redeemables', 'Duplicated redeemables detected', { object: 'voucher', id: 'SUMMER10' });
 * ```
 */
export class StackedRedeemablesError extends DomainError {
  /** The entry at fault, as the request sent it; `undefined` when the list as a whole is at fault. */
  readonly redeemable: { readonly object: StackedRedeemableRef['object']; readonly id: string } | undefined;

  /**
   * @param key - The service's error key.
   * @param message - Short summary.
   * @param redeemable - The entry at fault, if one is.
   * @param init - Details and cause, see {@link DomainErrorInit}.
   */
  constructor(
    key: DomainErrorKey,
    message: string,
    redeemable: StackedRedeemableRef | undefined,
    init: DomainErrorInit = {},
  ) {
    super(key, message, init);
    this.redeemable = redeemable === undefined ? undefined : { object: redeemable.object, id: redeemable.id };
  }
}

/**
 * Checks the list of redeemables of a validation or redemption request before anything is
 * evaluated: at least one entry and no more than the stacking rules' `redeemables_limit`, a
 * promotion stack only on its own, and no redeemable twice.
 *
 * @remarks
 * The reference names no key for a list longer than the project's `redeemables_limit` (a list
 * longer than 30 already breaks the request schema); we answer `invalid_redeemables`, the key
 * it uses for a list that cannot be processed as sent (unverified).
 *
 * @param redeemables - The request's redeemables, in request order.
 * @param rules - The stacking rules (only `redeemables_limit` is read).
 * @returns Nothing; returning means the list may be processed.
 * @throws DomainError `invalid_payload` for an empty list.
 * @throws StackedRedeemablesError `invalid_redeemables` (400) when the list is longer than
 *   `redeemables_limit`, or when a promotion stack comes with other entries (naming the stack);
 *   `duplicated_redeemables` (400) when an entry repeats an earlier one (naming the repeat).
 * @example
 * ```ts
 * checkStackedRedeemables(
 *   [{ object: 'voucher', id: 'SUMMER10' }, { object: 'voucher', id: 'SUMMER10' }],
 *   STACKING_RULES_DEFAULTS,
 * ); // throws duplicated_redeemables
 * ```
 */
export function checkStackedRedeemables(
  redeemables: readonly StackedRedeemableRef[],
  rules: Pick<StackingRulesSettings, 'redeemables_limit'>,
): void {
  if (redeemables.length === 0) {
    throw new DomainError('invalid_payload', 'Invalid payload', {
      details: 'Property .redeemables should NOT have fewer than 1 items',
    });
  }
  if (redeemables.length > rules.redeemables_limit) {
    throw new StackedRedeemablesError('invalid_redeemables', 'Invalid redeemables', undefined, {
      details: `The request sends ${redeemables.length} redeemables; the stacking rules allow at most ${rules.redeemables_limit} (redeemables_limit).`,
    });
  }
  const stack = redeemables.find(({ object }) => object === 'promotion_stack');
  if (stack !== undefined && redeemables.length > 1) {
    throw new StackedRedeemablesError('invalid_redeemables', 'Invalid redeemables', stack, {
      details: 'A promotion stack must be the only redeemable of the request.',
    });
  }
  const seen = new Set<string>();
  for (const redeemable of redeemables) {
    const identity = `${redeemable.object}\u0000${redeemable.key ?? redeemable.id}`;
    if (seen.has(identity)) {
      throw new StackedRedeemablesError('duplicated_redeemables', 'Duplicated redeemables detected', redeemable, {
        details: `Redeemable ${redeemable.id} is sent more than once.`,
      });
    }
    seen.add(identity);
  }
}
