import { copyOrEmpty, perVersion } from '../../../core/immutable.js';
import type { Resource } from '../../../core/resource.js';
import type { Campaign, StoredVoucher, Voucher } from './types.js';

/**
 * The short form of a campaign that events embed.
 *
 * @param campaign - The campaign.
 * @returns Its `SimpleCampaign` form.
 */
export const simpleCampaign: (campaign: Campaign) => Resource<'SimpleCampaign'> = perVersion(
  (campaign: Campaign): Resource<'SimpleCampaign'> => ({
    id: campaign.id,
    name: campaign.name,
    campaign_type: campaign.campaign_type,
    type: campaign.type,
    is_referral_code: campaign.is_referral_code ?? false,
    auto_join: campaign.auto_join,
    join_once: campaign.join_once,
    active: campaign.active,
    category_id: campaign.category_id,
    category: campaign.category ?? null,
    metadata: copyOrEmpty(campaign.metadata),
    start_date: campaign.start_date ?? null,
    expiration_date: campaign.expiration_date ?? null,
    description: campaign.description ?? null,
    ...(campaign.created_at === undefined ? {} : { created_at: campaign.created_at }),
    ...(campaign.updated_at ? { updated_at: campaign.updated_at } : {}),
    object: 'campaign',
  }),
);

/**
 * The short form of a voucher that events embed.
 *
 * @param voucher - The voucher.
 * @returns Its `SimpleVoucher` form; `campaign` and `campaign_id` are empty for a standalone voucher.
 */
export const simpleVoucher = (voucher: StoredVoucher): Resource<'SimpleVoucher'> => ({
  id: voucher.id,
  code: voucher.code,
  campaign: voucher.campaign ?? '',
  campaign_id: voucher.campaign_id ?? '',
  ...(voucher.type === undefined ? {} : { type: voucher.type }),
  ...(voucher.gift ? { gift: { ...voucher.gift, effect: voucher.gift.effect ?? 'APPLY_TO_ORDER' } } : {}),
  ...(voucher.loyalty_card ? { loyalty_card: voucher.loyalty_card } : {}),
  is_referral_code: voucher.is_referral_code ?? false,
  category_id: voucher.category_id ?? null,
  active: voucher.active ?? null,
  ...(voucher.holder_id === undefined ? {} : { holder_id: voucher.holder_id }),
  object: 'voucher',
});

/** The two hex digits of each byte. */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The hex digits of a text's UTF-8 bytes: read in place for an ASCII text, as most codes are. */
const hex = (text: string): string => {
  let digits = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) {
      digits = '';
      for (const byte of new TextEncoder().encode(text)) digits += BYTE_HEX[byte] as string;
      return digits;
    }
    digits += BYTE_HEX[code] as string;
  }
  return digits;
};

/**
 * The images that encode a voucher's code (`assets`), as the service links them: a QR code and a
 * barcode whose id encodes the code. The mock serves no images; the addresses are the service's
 * form, so an app can show or store them.
 *
 * @param code - The voucher code.
 * @returns `assets` of the voucher.
 */
export const voucherAssets = (
  code: string,
): { qr: { id: string; url: string }; barcode: { id: string; url: string } } => {
  const id = hex(code);
  return {
    qr: { id, url: `https://dl.voucherify.io/api/v1/assets/qr/${id}` },
    barcode: { id, url: `https://dl.voucherify.io/api/v1/assets/barcode/${id}` },
  };
};

/** A voucher's list link (`publish.url`, `redemption.url`). */
export const listPath = (code: string, what: 'publications' | 'redemptions'): string =>
  `/v1/vouchers/${encodeURIComponent(code)}/${what}?page=1&limit=10`;

/**
 * The `publish` and `redemption` of a stored voucher with their links, to spread over it: the
 * store keeps them without, since they follow from the code (decision 0051).
 *
 * @param voucher - The stored voucher.
 * @returns Its two lists as the API shows them (absent lists stay absent).
 */
export const listUrls = (
  voucher: StoredVoucher,
): { publish: Voucher['publish'] | undefined; redemption: Voucher['redemption'] | undefined } => ({
  publish: voucher.publish && { ...voucher.publish, url: listPath(voucher.code, 'publications') },
  redemption: voucher.redemption && { ...voucher.redemption, url: listPath(voucher.code, 'redemptions') },
});

/**
 * A stored voucher with the links of its lists, as events that embed the whole voucher show it.
 *
 * @param voucher - The stored voucher.
 * @returns The voucher with `publish.url` and `redemption.url`.
 */
export const withListUrls = (voucher: StoredVoucher): Omit<Voucher, 'categories' | 'validation_rules_assignments'> =>
  ({ ...voucher, ...listUrls(voucher) }) as Omit<Voucher, 'categories' | 'validation_rules_assignments'>;

/**
 * A voucher as client keys see it (`GET /client/v1/vouchers`): its code, whether it is on, its
 * dates, metadata and images, and nothing of its value, holder or use.
 *
 * @param voucher - The stored voucher.
 * @returns The voucher's client-side view.
 */
export const clientVoucher = (voucher: StoredVoucher): Resource<'ClientVoucher'> =>
  // What the voucher leaves unset stays unset, as in its other views.
  ({
    code: voucher.code,
    active: voucher.active,
    metadata: { ...voucher.metadata },
    assets: voucherAssets(voucher.code),
    object: 'voucher',
    start_date: voucher.start_date,
    expiration_date: voucher.expiration_date,
    created_at: voucher.created_at,
  }) as Resource<'ClientVoucher'>;
