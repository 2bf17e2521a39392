/**
 * Requests shaped as a client generated from the service's description sends them, through our
 * client and the mock: every field the caller leaves unset goes as `null` (`asGeneratedClientSends`
 * fills the reference's fields), and bodies with nothing to say are left out. The mock must take
 * them as the service does (decision 0036): `null` means "not given", or "clear it" where the
 * service clears, and a customer described without id or `source_id` is created on writes and read
 * unsaved on validations.
 */
import { readFileSync } from 'node:fs';
import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { type FullMockService, fullService } from '@voucherkit/mock-server/internals';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asGeneratedClientSends, referenceBodySchema } from './lib/null-variants.ts';
import type { OpenApiDocument } from './lib/openapi.ts';
import { compareDocuments } from './lib/parity.ts';
import { GENERATED, REFERENCE, repoPath } from './lib/paths.ts';

const reference = JSON.parse(readFileSync(repoPath(REFERENCE.api), 'utf8')) as OpenApiDocument;
const parity = compareDocuments(
  JSON.parse(readFileSync(repoPath(GENERATED.bundle), 'utf8')) as OpenApiDocument,
  reference,
);

/** The body of one of our operations as a generated client sends it: unset fields as `null`. */
const sent = <T>(operationId: string, body: Record<string, unknown> | Record<string, unknown>[]): T => {
  const schema = referenceBodySchema(reference, parity, operationId);
  if (schema === undefined) throw new Error(`The reference has no JSON body for ${operationId}`);
  return asGeneratedClientSends(reference, schema, body) as T;
};

const server = setupServer();
let service: FullMockService;
let client: VoucherkitClient;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  service = fullService(createMockService({ strict: true, clock: { frozenAt: '2026-01-01T00:00:00.000Z' } }));
  server.resetHandlers(...service.handlers);
  const { appId, appToken } = service.projects.primary.keys;
  client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
});
afterAll(() => server.close());

const state = () => service.projects.primary.state;
const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const ORDER = { amount: 10_000, items: [{ source_id: 'mug', related_object: 'product', quantity: 2, price: 5000 }] };

describe('a generated client', () => {
  it('sends null for every field it leaves unset', () => {
    const body = sent<Record<string, unknown>>('validateStackedDiscounts', {
      redeemables: [{ object: 'voucher', id: 'X' }],
    });
    expect(body).toMatchObject({
      customer: null,
      order: null,
      session: null,
      options: null,
      redeemables: [{ object: 'voucher', id: 'X', gift: null, reward: null }],
    });
  });
});

describe('vouchers', () => {
  it('are created without type as discount vouchers, with unset fields and a null redemption quantity read as not given', async () => {
    const voucher = await client.vouchers.create(
      'NULLS-1',
      sent('createVoucher', { discount: PERCENT, redemption: { quantity: null } }),
    );
    expect(voucher).toMatchObject({
      code: 'NULLS-1',
      type: 'DISCOUNT_VOUCHER',
      discount: PERCENT,
      active: true,
      start_date: null,
      metadata: {},
    });
    expect(voucher.redemption?.quantity).toBeNull();
    const gift = await client.vouchers.generate(
      sent('generateRandomCode', { type: 'GIFT_VOUCHER', gift: { amount: 5000 } }),
    );
    expect(gift).toMatchObject({ type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 } });
    expect(gift.code).toMatch(/^.{8,}$/);
  });

  it('are updated with unset dates, validity and metadata cleared, as the service clears what is sent as null', async () => {
    await client.vouchers.create('NULLS-2', {
      type: 'DISCOUNT_VOUCHER',
      discount: PERCENT,
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T00:00:00.000Z',
      validity_day_of_week: [1, 2],
      metadata: { tier: 'gold' },
    });
    const updated = await client.vouchers.update('NULLS-2', sent('updateVoucher', { additional_info: 'winter' }));
    expect(updated).toMatchObject({
      additional_info: 'winter',
      start_date: null,
      expiration_date: null,
      validity_day_of_week: null,
      metadata: {},
    });
    const kept = await client.vouchers.update('NULLS-2', { expiration_date: '2027-01-31T00:00:00.000Z' });
    expect(kept).toMatchObject({ additional_info: 'winter', expiration_date: '2027-01-31T00:00:00.000Z' });
  });
});

describe('campaigns', () => {
  it('are created and updated with nulls, and a null expiration_date clears the date', async () => {
    const campaign = await client.campaigns.create(
      sent('createCampaign', {
        name: 'Nulls',
        campaign_type: 'DISCOUNT_COUPONS',
        expiration_date: '2026-06-30T00:00:00.000Z',
        voucher: { discount: PERCENT },
      }),
    );
    expect(campaign).toMatchObject({
      name: 'Nulls',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'AUTO_UPDATE',
      expiration_date: '2026-06-30T00:00:00.000Z',
    });
    expect(campaign.voucher).toMatchObject({ type: 'DISCOUNT_VOUCHER', discount: PERCENT });
    const updated = await client.campaigns.update(campaign.id, { expiration_date: null, description: 'Open-ended' });
    // The cleared date is left out of the answer, as the service leaves it out.
    expect(updated).toMatchObject({ description: 'Open-ended' });
    expect(updated).not.toHaveProperty('expiration_date');
  });

  it('add one voucher when the client sends no body', async () => {
    const campaign = await client.campaigns.create({
      name: 'Bodiless',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT },
    });
    const voucher = await client.campaigns.addVoucher(campaign.id);
    expect(voucher).toMatchObject({ campaign_id: campaign.id, type: 'DISCOUNT_VOUCHER', discount: PERCENT });
    const chosen = await client.campaigns.addCertainVoucher(campaign.id, 'CHOSEN-1');
    expect(chosen).toMatchObject({ code: 'CHOSEN-1', campaign_id: campaign.id });
    expect(state().vouchers.idsOfCampaign(campaign.id)).toHaveLength(2);
  });
});

describe('customers and products', () => {
  it('are created and updated with unset fields as null', async () => {
    const customer = await client.customers.create(
      sent('createCustomer', { source_id: 'ana', name: 'Ana', metadata: { tier: 'gold' } }),
    );
    expect(customer).toMatchObject({ source_id: 'ana', name: 'Ana', metadata: { tier: 'gold' } });
    expect(customer.email ?? null).toBeNull();
    const renamed = await client.customers.update('ana', sent('updateCustomer', { name: 'Ana S.' }));
    expect(renamed).toMatchObject({ name: 'Ana S.' });
    const product = await client.products.create(sent('createProduct', { source_id: 'mug', name: 'Mug', price: 5000 }));
    expect(product).toMatchObject({ source_id: 'mug', name: 'Mug', price: 5000, attributes: [], metadata: {} });
    const repriced = await client.products.update(product.id, sent('updateProduct', { price: 4500 }));
    expect(repriced).toMatchObject({ name: 'Mug', price: 4500 });
  });
});

describe('a customer described without id or source_id', () => {
  it('is created with an order, and each order creates its own', async () => {
    const order = await client.orders.create(
      sent('createOrder', { ...ORDER, customer: { name: 'Guest', email: 'guest@example.com' } }),
    );
    const guest = state().customers.get(order.customer_id ?? '');
    expect(guest).toMatchObject({ name: 'Guest', email: 'guest@example.com', source_id: null });
    expect(order).toMatchObject({ amount: 10_000, status: 'CREATED', customer: { id: guest.id, object: 'customer' } });
    const again = await client.orders.create(
      sent('createOrder', { ...ORDER, customer: { name: 'Guest', email: 'guest@example.com' } }),
    );
    expect(again.customer_id).not.toBe(guest.id);
    expect(state().customers.size).toBe(2);
  });

  it('is created by a publication and holds the code', async () => {
    await client.vouchers.create('PUBLISH-ME', { type: 'DISCOUNT_VOUCHER', discount: PERCENT });
    const publication = await client.distributions.publications.create(
      sent('createPublication', { voucher: 'PUBLISH-ME', customer: { name: 'Guest', email: 'g@example.com' } }),
    );
    expect(state().customers.get(publication.customer_id ?? '')).toMatchObject({
      email: 'g@example.com',
      source_id: null,
    });
  });

  it('is read unsaved by validations and qualifications, whose rules see its metadata, and created by a redemption', async () => {
    const rule = await client.validationRules.create({
      name: 'Gold only',
      type: 'basic',
      rules: { 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } }, logic: '1' },
    } as never);
    const voucher = await client.vouchers.create('GOLD', { type: 'DISCOUNT_VOUCHER', discount: PERCENT });
    await client.validationRules.createAssignment(rule.id, {
      related_object_type: 'voucher',
      related_object_id: voucher.id,
    });
    const redeemables = [{ object: 'voucher', id: 'GOLD' }];
    const silver = await client.validations.validateStackable(
      sent('validateStackedDiscounts', { redeemables, order: ORDER, customer: { metadata: { tier: 'silver' } } }),
    );
    expect(silver.valid).toBe(false);
    const gold = await client.validations.validateStackable(
      sent('validateStackedDiscounts', {
        redeemables,
        order: ORDER,
        customer: { name: 'Guest', metadata: { tier: 'gold' } },
      }),
    );
    expect(gold.valid).toBe(true);
    const qualified = await client.qualifications.checkEligibility(
      sent('checkEligibility', { order: ORDER, customer: { metadata: { tier: 'gold' } } }),
    );
    expect(qualified.redeemables.data.map((redeemable) => redeemable.id)).toContain('GOLD');
    expect(state().customers.size).toBe(0);
    const redeemed = await client.redemptions.redeemStackable(
      sent('redeemStackedDiscounts', {
        redeemables,
        order: ORDER,
        customer: { name: 'Guest', metadata: { tier: 'gold' } },
      }),
    );
    const [redemption] = redeemed.redemptions ?? [];
    expect(state().customers.get(redemption?.customer_id ?? '')).toMatchObject({
      name: 'Guest',
      source_id: null,
      metadata: { tier: 'gold' },
    });
  });
});

describe('validations and redemptions', () => {
  it('take a null customer, order and session as left out, and a rollback without a body', async () => {
    await client.vouchers.create('PLAIN', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } });
    const body = sent('validateStackedDiscounts', { redeemables: [{ object: 'voucher', id: 'PLAIN' }], order: ORDER });
    const validation = await client.validations.validateStackable(body as never);
    expect(validation).toMatchObject({ valid: true, order: { amount: 10_000, total_amount: 9500 } });
    const redeemed = await client.redemptions.redeemStackable(
      sent('redeemStackedDiscounts', { redeemables: [{ object: 'voucher', id: 'PLAIN' }], order: ORDER }),
    );
    const parent = redeemed.parent_redemption?.id ?? redeemed.redemptions?.[0]?.id ?? '';
    const rollback = await client.redemptions.rollbackStackable(parent);
    expect(rollback.rollbacks?.[0]).toMatchObject({ status: 'SUCCEEDED' });
  });
});
