/**
 * What counts as a successful referral in a referral programme (`referral_program`): the
 * referee redeeming the code, or a custom event of the programme's name sent with the code.
 *
 * @example
 * ```ts
 * const programme: ReferralConversionSettings = { conversion_event_type: 'custom_event', custom_event: { name: 'signed_up' } };
 * ```
 */
export interface ReferralConversionSettings {
  /** `redemption` (the default) or `custom_event`. */
  readonly conversion_event_type?: 'redemption' | 'custom_event' | null | undefined;
  /** The event that counts, for `custom_event`: by its name, or by its schema's id. */
  readonly custom_event?:
    | { readonly id?: string | null | undefined; readonly name?: string | null | undefined }
    | null
    | undefined;
}

/**
 * Something a referee did with a referral code: redeemed it, or had a custom event sent with it
 * (by name, and the id of its schema when the project defines one).
 *
 * @example
 * ```ts
 * const trigger: ReferralTrigger = { kind: 'custom_event', name: 'signed_up', schemaId: 'ms_1' };
 * ```
 */
export type ReferralTrigger =
  | { readonly kind: 'redemption' }
  | { readonly kind: 'custom_event'; readonly name: string; readonly schemaId?: string | undefined };

/**
 * Why something done with a referral code is not a referral: the programme counts another event,
 * the referrer used their own code, or this referee was counted for the code already.
 *
 * @example
 * ```ts
 * const reason: NoReferral = 'already_referred';
 * ```
 */
export type NoReferral = 'other_event' | 'own_code' | 'already_referred';

/**
 * Whether a referee's redemption or custom event converts a referral. A code refers each customer
 * once: the referee and the referrer are rewarded for the first conversion only.
 *
 * @param settings - The programme's `referral_program`.
 * @param trigger - What the referee did.
 * @param parties - The code's referrer and the referee, and whether the referee converted with this code before.
 * @returns `true`, or why not.
 * @example
 * ```ts
 * referralConverts({}, { kind: 'redemption' }, { referrerId: 'cust_a', refereeId: 'cust_b', referredBefore: false }); // true
 * referralConverts({}, { kind: 'redemption' }, { referrerId: 'cust_a', refereeId: 'cust_a', referredBefore: false }); // 'own_code'
 * ```
 */
export const referralConverts = (
  settings: ReferralConversionSettings,
  trigger: ReferralTrigger,
  parties: { readonly referrerId: string; readonly refereeId: string; readonly referredBefore: boolean },
): true | NoReferral => {
  const counted = settings.conversion_event_type ?? 'redemption';
  if (trigger.kind !== counted) return 'other_event';
  if (trigger.kind === 'custom_event') {
    const { id, name } = settings.custom_event ?? {};
    const named =
      (name !== undefined && name !== null && name === trigger.name) ||
      (id !== undefined && id !== null && id === trigger.schemaId);
    if (!named) return 'other_event';
  }
  if (parties.refereeId === parties.referrerId) return 'own_code';
  return parties.referredBefore ? 'already_referred' : true;
};

/**
 * A referral tier of referrers: a reward for each referee (`minimum_referees` absent), or once, at
 * the given number of referees.
 *
 * @example
 * ```ts
 * const tier: ReferrerTierRule = { id: 'rt_1', minimum_referees: 5 };
 * ```
 */
export interface ReferrerTierRule {
  /** The tier's id. */
  readonly id: string;
  /** The number of referees that earns the reward, once; absent or `null`: every referee earns it. */
  readonly minimum_referees?: number | null | undefined;
}

/**
 * The tiers whose reward a referrer earns with their `referees`-th referee: every tier that
 * rewards each referee, and the tiers of exactly that many referees.
 *
 * @param tiers - The programme's referral tiers.
 * @param referees - The referrer's referees so far, the new one included (1 or more).
 * @returns The tiers that reward now, in the order given.
 * @example
 * ```ts
 * referrerTiersReached([{ id: 'each' }, { id: 'five', minimum_referees: 5 }], 5).map((tier) => tier.id); // ['each', 'five']
 * ```
 */
export const referrerTiersReached = <Tier extends ReferrerTierRule>(tiers: readonly Tier[], referees: number): Tier[] =>
  tiers.filter(
    (tier) =>
      tier.minimum_referees === undefined || tier.minimum_referees === null || tier.minimum_referees === referees,
  );
