import type { Resource } from '../../../core/resource.js';

/**
 * Every field of every member of a union of request shapes, each optional: a request body read
 * whichever variant of an `anyOf` it matched (a voucher of any kind, a campaign of any type).
 *
 * @example
 * ```ts
 * type Fields = AnyVariant<{ type: 'GIFT_VOUCHER'; gift: Gift } | { type: 'DISCOUNT_VOUCHER'; discount: Discount }>;
 * // { type?: 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER'; gift?: Gift; discount?: Discount }
 * ```
 */
export type AnyVariant<U> = {
  [K in U extends unknown ? keyof U : never]?: (U extends { readonly [P in K]?: infer V } ? V : never) | undefined;
};

/**
 * A voucher as the API returns it.
 *
 * @example
 * ```ts
 * const voucher: Voucher = service.projects.primary.state.vouchers.get('SUMMER-10');
 * ```
 */
export type Voucher = Resource<'Voucher'>;

/**
 * A voucher as it is stored: without the categories and rule assignments, which are read from
 * their stores when the voucher is shown, and without the links of its lists, which follow from
 * its code. `holder_id` is there from the start, `undefined` (which
 * JSON leaves out) until the voucher is published, so that V8 keeps it inside the object with
 * the other fields instead of in a second array.
 *
 * @example
 * ```ts
 * const stored: StoredVoucher = { ...voucher, categories: undefined };
 * ```
 */
export type StoredVoucher = Omit<
  Voucher,
  'categories' | 'validation_rules_assignments' | 'holder_id' | 'publish' | 'redemption'
> & {
  readonly holder_id?: string | undefined;
  /** `publish` without its `url`, which follows from the code and is added when the voucher is shown (`listUrls`, decision 0051). */
  readonly publish?: Omit<NonNullable<Voucher['publish']>, 'url'> | undefined;
  /** `redemption` without its `url`, likewise. */
  readonly redemption?: Omit<NonNullable<Voucher['redemption']>, 'url'> | undefined;
};

/**
 * The fields of a new voucher, from `POST /v1/vouchers`, `POST /v1/vouchers/{code}` or an import.
 *
 * @example
 * ```ts
 * const input: VoucherCreateInput = { type: 'GIFT_VOUCHER', gift: { amount: 5000 }, code: 'GIFT-1' };
 * ```
 */
export type VoucherCreateInput = Omit<AnyVariant<Resource<'VoucherCreateRequest'>>, 'redemption'> & {
  /** Redemption limit (null: unlimited) and, for imports, how many redemptions the voucher already had. */
  readonly redemption?:
    | { readonly quantity?: number | null | undefined; readonly redeemed_quantity?: number | undefined }
    | undefined;
};

/** The changes of `PUT /v1/vouchers/{code}`. */
export type VoucherUpdateInput = AnyVariant<Resource<'VoucherUpdateRequest'>>;

/** The settings of vouchers added to a campaign (`POST /v1/campaigns/{campaignId}/vouchers[/{code}]`). */
export type CampaignVoucherInput = Resource<'CampaignVoucherCreateInBulkRequest'>;

/** A change of the balance of a card as `POST /v1/vouchers/{code}/balance` takes it. */
export type BalanceChangeInput = Resource<'VoucherBalanceUpdateRequest'>;

/** A card transaction as the API lists it. */
export type VoucherTransaction = Resource<'VoucherTransaction'>;

/** A campaign as the API returns it. */
export type Campaign = Resource<'Campaign'>;
