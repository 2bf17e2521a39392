import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { AnyVariant, VoucherCreateInput } from './types.js';

type Discount = Resource<'Discount'>;

/** One voucher of a JSON import, standalone or into a campaign. */
export type VoucherImportItem = AnyVariant<Resource<'CampaignImportVoucherItem'>>;

/**
 * The settings of an imported voucher, from a JSON import item. A standalone voucher without a
 * `type` is a gift card when it has `gift`, otherwise a discount voucher. In a campaign, the
 * campaign decides the kind: the item's `type` (which validation fills with its variant's default)
 * is not read.
 *
 * @param item - The item as sent.
 * @param standalone - Whether the voucher joins no campaign (then its kind comes from the item).
 * @returns The voucher's creation input.
 */
export const importedVoucher = (item: VoucherImportItem, standalone: boolean): VoucherCreateInput => {
  const type = standalone
    ? (item.type ?? (item.gift ? 'GIFT_VOUCHER' : item.loyalty_card ? 'LOYALTY_CARD' : 'DISCOUNT_VOUCHER'))
    : undefined;
  const { redemption, type: _declared, ...rest } = item;
  return {
    ...rest,
    ...(type === undefined ? {} : { type }),
    ...(redemption === undefined ? {} : { redemption }),
  } as VoucherCreateInput;
};

/** CSV column names the import reads, by their normalized form; other columns become metadata. */
const COLUMNS = new Set([
  'code',
  'voucher_type',
  'discount_type',
  'value',
  'category',
  'start_date',
  'expiration_date',
  'redemption_limit',
  'redeemed_quantity',
  'active',
  'additional_info',
]);

const ALIASES: Readonly<Record<string, string>> = { type: 'voucher_type', quantity: 'redemption_limit' };

/** A column name as the import matches it: lower case, with `_` for spaces and dashes (`Voucher Type` is `voucher_type`). */
const normalize = (column: string): string => {
  const name = column
    .trim()
    .toLowerCase()
    .replaceAll(/[\s-]+/g, '_');
  return ALIASES[name] ?? name;
};

const bad = (column: string, value: string, expected: string): ApiError =>
  ApiError.invalidPayload(`Column ${column} should be ${expected} (actual value is ${JSON.stringify(value)})`);

const integer = (column: string, value: string): number => {
  const number = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(number)) throw bad(column, value, 'an integer');
  return number;
};

const timestamp = (column: string, value: string): string => {
  if (Number.isNaN(Date.parse(value))) throw bad(column, value, 'an ISO 8601 timestamp');
  return new Date(Date.parse(value)).toISOString();
};

const discountOf = (type: string, value: number): Discount => {
  switch (type.toUpperCase()) {
    case 'AMOUNT':
      return { type: 'AMOUNT', amount_off: value };
    case 'PERCENT':
      return { type: 'PERCENT', percent_off: value };
    case 'FIXED':
      return { type: 'FIXED', fixed_amount: value };
    default:
      throw bad('discount_type', type, 'one of AMOUNT, PERCENT, FIXED');
  }
};

/**
 * The settings of a voucher from one row of an imported CSV file. Columns are matched by name
 * without regard to case, spaces or dashes: `code` (required), `voucher_type`
 * (`DISCOUNT_VOUCHER`, `GIFT_VOUCHER`, `LOYALTY_CARD`), `discount_type` (`AMOUNT`, `PERCENT`,
 * `FIXED`; unit discounts need a product and cannot be imported from CSV), `value` (the discount's amount or percent, the gift card's credits in minor
 * units, the loyalty card's points), `category`, `start_date`, `expiration_date`,
 * `redemption_limit`, `redeemed_quantity`, `active` and `additional_info`. Every other column
 * becomes a metadata key; empty cells are left out.
 *
 * @param values - The row's values by column name.
 * @param campaignVoucherType - The kind of the campaign's vouchers, when importing into one;
 *   `value` then overrides the campaign's discount, credits or points.
 * @returns The voucher's creation input.
 * @throws ApiError 400 `invalid_payload` naming the column whose value cannot be read.
 */
export const voucherFromCsvRow = (
  values: Readonly<Record<string, string>>,
  campaignVoucherType?: string,
): VoucherCreateInput => {
  const known: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    if (value === '') continue;
    const name = normalize(column);
    if (COLUMNS.has(name)) known[name] = value;
    else metadata[column.trim()] = value;
  }
  const code = known['code'];
  if (code === undefined) throw ApiError.invalidPayload('Column code is required and must not be empty');
  const type = (known['voucher_type']?.toUpperCase() ??
    campaignVoucherType ??
    (known['discount_type'] ? 'DISCOUNT_VOUCHER' : undefined)) as VoucherCreateInput['type'];
  if (type !== undefined && type !== 'DISCOUNT_VOUCHER' && type !== 'GIFT_VOUCHER' && type !== 'LOYALTY_CARD') {
    throw bad('voucher_type', known['voucher_type'] ?? '', 'one of DISCOUNT_VOUCHER, GIFT_VOUCHER, LOYALTY_CARD');
  }
  const value = known['value'] === undefined ? undefined : Number(known['value']);
  if (value !== undefined && !Number.isFinite(value)) throw bad('value', known['value'] ?? '', 'a number');
  const input: Record<string, unknown> = { code, ...(type === undefined ? {} : { type }) };
  if (type === 'GIFT_VOUCHER' && value !== undefined)
    input['gift'] = { amount: integer('value', known['value'] ?? '') };
  if (type === 'LOYALTY_CARD' && value !== undefined)
    input['loyalty_card'] = { points: integer('value', known['value'] ?? '') };
  if (type === 'DISCOUNT_VOUCHER' && known['discount_type'] !== undefined) {
    if (value === undefined) throw ApiError.invalidPayload('Column value is required with discount_type');
    input['discount'] = discountOf(known['discount_type'], value);
  }
  if (campaignVoucherType === undefined && type === undefined) {
    throw ApiError.invalidPayload('Column voucher_type or discount_type is required for a voucher without a campaign');
  }
  if (known['category'] !== undefined) input['category'] = known['category'];
  if (known['start_date'] !== undefined) input['start_date'] = timestamp('start_date', known['start_date']);
  if (known['expiration_date'] !== undefined)
    input['expiration_date'] = timestamp('expiration_date', known['expiration_date']);
  const quantity = known['redemption_limit'];
  const redeemed = known['redeemed_quantity'];
  if (quantity !== undefined || redeemed !== undefined) {
    input['redemption'] = {
      ...(quantity === undefined ? {} : { quantity: integer('redemption_limit', quantity) }),
      ...(redeemed === undefined ? {} : { redeemed_quantity: integer('redeemed_quantity', redeemed) }),
    };
  }
  const active = known['active']?.toLowerCase();
  if (active !== undefined) {
    if (active !== 'true' && active !== 'false') throw bad('active', known['active'] ?? '', 'true or false');
    input['active'] = active === 'true';
  }
  if (known['additional_info'] !== undefined) input['additional_info'] = known['additional_info'];
  if (Object.keys(metadata).length > 0) input['metadata'] = metadata;
  return input as VoucherCreateInput;
};
