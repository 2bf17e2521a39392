// An app that creates a client and calls three operations; `npm run bench` bundles it with esbuild.
import { createClient } from '@voucherkit/client';

const client = createClient({ auth: { type: 'client', clientAppId: 'id', clientToken: 'token' } });

export const checkout = async (code: string): Promise<unknown[]> => [
  await client.clientSide.validateStackable({ redeemables: [{ object: 'voucher', id: code }] }),
  await client.clientSide.redeemStackable({ redeemables: [{ object: 'voucher', id: code }] }),
  await client.clientSide.listPromotionTiers(),
];
