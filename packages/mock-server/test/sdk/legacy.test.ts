/**
 * The official Voucherify SDK's calls of the operations the service deprecated, removed from its
 * description or never described, against the HTTP sandbox: the older qualifications and activity
 * lists, consents, validation-rule validation, and the client-side publish, voucher list and
 * customer creation.
 */
import { VoucherifyClientSide } from '@voucherify/sdk';
import { describe, expect, test } from 'vitest';
import type { FullMockService } from '../../src/service.js';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-legacy');

const clientSide = (service: FullMockService, url: string) => {
  const { clientAppId, clientToken } = service.projects.primary.keys;
  return VoucherifyClientSide({
    clientApplicationId: clientAppId,
    clientSecretKey: clientToken,
    apiUrl: url,
    origin: 'https://shop.example',
  });
};

describe('server side (VoucherifyServerSide)', () => {
  test('vouchers.qualifications.examine and campaigns.qualifications.examine', async () => {
    const { sdk } = await sandbox({
      arrange: ({ projects, clock }) => {
        const { vouchers, campaigns } = projects.primary.state;
        vouchers.create({
          code: 'SDK-GENERIC',
          type: 'DISCOUNT_VOUCHER',
          discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
        });
        clock.advance(1000);
        campaigns.create({
          name: 'SDK Coupons',
          campaign_type: 'DISCOUNT_COUPONS',
          vouchers_count: 1,
          voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
        });
      },
    });
    const vouchers = await sdk.vouchers.qualifications.examine({ order: { amount: 2000 } } as never, {
      audienceRulesOnly: false,
      limit: 5,
    });
    expect(vouchers).toMatchObject({ object: 'list', total: 1, data_ref: 'data' });
    expect(vouchers.data?.map((voucher) => voucher.code)).toEqual(['SDK-GENERIC']);
    const campaigns = await sdk.campaigns.qualifications.examine({ customer: { source_id: 'sdk-ana' } } as never, {
      order: '-created_at',
    });
    expect(campaigns.data.map((campaign) => campaign.name)).toEqual(['SDK Coupons']);
    await expect(sdk.vouchers.qualifications.examine({}, { limit: 60 })).rejects.toMatchObject({
      code: 400,
      key: 'invalid_query_params',
    });
  });

  test('customers.listActivities and loyalties.getMemberActivities, with and without the campaign', async () => {
    const { sdk, service } = await sandbox({ demo: true });
    const activities = await sdk.customers.listActivities('ana@example.com', { limit: 2, order: 'created_at' });
    expect(activities).toMatchObject({ object: 'list', data_ref: 'data' });
    expect(activities.data).toHaveLength(2);
    expect(activities.total).toBeGreaterThan(2);
    expect(activities.data[0]).toMatchObject({ type: 'customer.created' });
    await expect(sdk.customers.listActivities('nobody@example.com')).rejects.toMatchObject({
      code: 404,
      key: 'not_found',
    });

    const club = service.projects.primary.state.campaigns.get('Members Club');
    const [card] = service.projects.primary.state.vouchers.list({ campaign_id: club.id }).items;
    const member = await sdk.loyalties.getMemberActivities(null, card?.code ?? '');
    expect(member).toMatchObject({ object: 'list', data_ref: 'activities' });
    expect(member.total).toBe(member.activities.length);
    expect(member.activities[0]).toMatchObject({ object: 'event', type: expect.stringMatching(/^customer\./) });
    expect(await sdk.loyalties.getMemberActivities(club.id, card?.code ?? '')).toEqual(member);
    await expect(sdk.loyalties.getMemberActivities(null, 'NO-SUCH-CARD')).rejects.toMatchObject({ code: 404 });
  });

  test('consents.list and customers.updateConsents: the demo’s consents, and answers kept on the customer', async () => {
    const { sdk } = await sandbox({ demo: true });
    const listed = await sdk.consents.list();
    expect(listed.consents.data.map((consent) => consent.name)).toEqual(['Newsletter', 'Partner offers']);
    expect(listed.groups.data).toEqual([expect.objectContaining({ name: 'Sign-up form', object: 'consent_group' })]);
    const [newsletter, partners] = listed.consents.data;
    // A 204: nothing to read.
    await sdk.customers.updateConsents('ana@example.com', { [partners?.id ?? '']: true });
    const ana = await sdk.customers.get('ana@example.com');
    expect(
      (ana as { system_metadata?: { consents?: Record<string, { value: boolean }> } }).system_metadata?.consents,
    ).toMatchObject({
      [newsletter?.id ?? '']: { value: true },
      [partners?.id ?? '']: { value: true },
    });
    await expect(sdk.customers.updateConsents('ana@example.com', {})).rejects.toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
    await expect(sdk.customers.updateConsents('nobody@example.com', { unsubscribed: true })).rejects.toMatchObject({
      code: 404,
    });
  });

  test('validationRules.validate', async () => {
    const { sdk } = await sandbox();
    const rule = await sdk.validationRules.create({
      name: 'Over 50',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
    } as never);
    expect(await sdk.validationRules.validate(rule.id, { order: { amount: 6000 } })).toMatchObject({
      valid: true,
      rule_id: rule.id,
      applicable_to: { object: 'list', total: 0 },
    });
    expect(await sdk.validationRules.validate(rule.id, { order: { amount: 100 } })).toMatchObject({
      valid: false,
      rule_id: rule.id,
    });
    await expect(sdk.validationRules.validate('val_0000000000000000ff')).rejects.toMatchObject({
      code: 404,
      key: 'not_found',
    });
  });
});

describe('client side (VoucherifyClientSide)', () => {
  test('publish names the campaign in the query; listVouchers, createCustomer with double opt-in, listConsents and updateConsents', async () => {
    const { service, url } = await sandbox({
      demo: true,
      arrange: (arranged) =>
        arranged.projects.configure(arranged.projects.primary.id, {
          client_publish_enabled: true,
          client_list_vouchers_enabled: true,
          client_create_customer_enabled: true,
        }),
    });
    const client = clientSide(service, url);
    const published = await client.publish('Summer Sale', { customer: { source_id: 'web-visitor' } });
    expect(published).toMatchObject({
      result: 'SUCCESS',
      channel: 'Voucherify.js',
      tracking_id: 'web-visitor',
      voucher: { campaign: 'Summer Sale' },
      vouchers_id: [expect.stringMatching(/^v_/)],
    });

    const listed = await client.listVouchers({ campaign: 'Summer Sale', limit: 2 });
    expect(listed).toMatchObject({
      object: 'list',
      data_ref: 'vouchers',
      total: service.projects.primary.state.vouchers.list({ campaign: 'Summer Sale' }).total,
    });
    expect(listed.vouchers).toHaveLength(2);
    expect(Object.keys(listed.vouchers[0] ?? {}).sort()).toEqual([
      'active',
      'assets',
      'code',
      'created_at',
      'expiration_date',
      'metadata',
      'object',
      'start_date',
    ]);

    const customer = await client.createCustomer({ source_id: 'web-signup', email: 'web@example.com' }, true);
    expect(customer).toMatchObject({ source_id: 'web-signup', email: 'web@example.com', object: 'customer' });

    const consents = await client.listConsents();
    const [newsletter] = consents.consents.data;
    await client.updateConsents('web-signup', { [newsletter?.id ?? '']: true });
    expect(
      service.projects.primary.state.customers.get('web-signup').system_metadata?.consents?.[newsletter?.id ?? '']
        ?.value,
    ).toBe(true);
  });

  test('a project with the switches off refuses publish, listVouchers and createCustomer with 403', async () => {
    const { service, url } = await sandbox({ demo: true });
    const client = clientSide(service, url);
    await expect(client.publish('Summer Sale', { customer: { source_id: 'web-visitor' } })).rejects.toMatchObject({
      code: 403,
      key: 'forbidden',
    });
    await expect(client.listVouchers()).rejects.toMatchObject({ code: 403 });
    await expect(client.createCustomer({ source_id: 'web-signup' })).rejects.toMatchObject({ code: 403 });
    expect(service.projects.primary.state.customers.find('web-signup')).toBeUndefined();
  });
});
