// A consumer calling seven operations across the API through the published client.
import { createClient } from '@voucherkit/client';

const client = createClient({ auth: { type: 'server', appId: 'id', appToken: 'token' } });

export const checkout = async (): Promise<unknown[]> => {
  const voucher = await client.vouchers.get('SUMMER10');
  const campaigns = await client.campaigns.list({ limit: 10 });
  const customer = await client.customers.create({ source_id: 'ada@example.com', name: 'Ada' });
  const order = await client.orders.get('ord_1');
  const validation = await client.validations.validateStackable({
    redeemables: [{ object: 'voucher', id: 'SUMMER10' }],
  });
  const members = await client.loyalties.listMembers('camp_1');
  const category = await client.categories.create({ name: 'Summer', hierarchy: 1 });
  return [voucher.code, campaigns.campaigns.length, customer.id, order.id, validation.valid, members, category.id];
};
