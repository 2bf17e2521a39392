import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { ApiError } from '../../../http/api-error.js';
import type { StoredVoucher } from './types.js';

/** A validation session that holds back one redemption of a voucher, and credits or points. */
export interface HeldSession {
  /** The session key (`ssn_…`). */
  readonly key: string;
  /** When the session ends by itself, in epoch milliseconds. */
  readonly expiresAt: number;
  /** Gift card credits held back, in minor units. */
  readonly credits?: number | undefined;
  /** Loyalty points held back. */
  readonly points?: number | undefined;
}

/**
 * The validation sessions that hold vouchers back, by voucher and session key. The validations
 * open them, a redemption with the session's key ends its own, and a voucher's go when it is
 * removed. The voucher store owns them.
 */
export class VoucherSessions {
  /** The sessions that hold each voucher back, by voucher id, then by session key. */
  readonly #held: TrackedMap<string, TrackedMap<string, HeldSession>>;

  /**
   * @param context - The service's context: the sessions' containers are made in its tracked state, and its clock ends them.
   * @param vouchers - The vouchers the sessions hold, found by code or id.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly vouchers: { get(codeOrId: string): StoredVoucher },
  ) {
    this.#held = context.tracked.map();
  }

  /**
   * Opens (or, with the same key, replaces) a validation session that holds back one redemption
   * of the voucher; the validations area calls this.
   *
   * @throws ApiError 404 for an unknown voucher.
   */
  hold(codeOrId: string, session: HeldSession): void {
    const voucher = this.vouchers.get(codeOrId);
    const held = this.#held.get(voucher.id);
    if (held === undefined)
      this.#held.set(voucher.id, this.context.tracked.innerMap<string, HeldSession>().set(session.key, session));
    else held.set(session.key, session);
  }

  /** The sessions that still hold the voucher back: those not released and not past their end. */
  of(codeOrId: string): HeldSession[] {
    const now = this.context.clock.now();
    return [...(this.#held.get(this.vouchers.get(codeOrId).id)?.values() ?? [])].filter(
      (session) => session.expiresAt > now,
    );
  }

  /**
   * Ends a validation session before its time runs out.
   * @throws ApiError 404 for an unknown voucher, or a session the voucher does not hold (never
   *   opened, released already, or expired).
   */
  release(codeOrId: string, key: string): void {
    const voucher = this.vouchers.get(codeOrId);
    const held = this.#held.get(voucher.id);
    const session = held?.get(key);
    if (!held || !session || session.expiresAt <= this.context.clock.now()) throw ApiError.notFound('session', key);
    held.delete(key);
  }

  /** Ends every session of a voucher that leaves the project. */
  drop(voucherId: string): void {
    this.#held.delete(voucherId);
  }
}
