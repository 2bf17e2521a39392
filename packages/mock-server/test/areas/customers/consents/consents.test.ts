/**
 * Consents (marketing permissions): the project's consents and groups, listed with server or
 * client keys, and each customer's answers, recorded on the customer and taken back by a snapshot's
 * restore like any other write.
 */
import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const primary = () => mock.service.projects.primary;
const state = () => primary().state;
const later = () => mock.service.clock.advance(1000);
const now = () => mock.service.clock.date().toISOString();

const browser = (origin = 'https://shop.example.com') => {
  const { clientAppId, clientToken } = primary().keys;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'client', clientAppId, clientToken, origin },
    retry: false,
  });
};

/** A newsletter and a partner-offers consent in a sign-up group, and Ana. */
const arrange = () => {
  const newsletter = state().consents.create({
    name: 'Newsletter',
    description: 'Weekly offers by email.',
    category: 'Email',
  });
  const partners = state().consents.create({ name: 'Partner offers' });
  const form = state().consents.createGroup({ name: 'Sign-up form', consents: [newsletter.id, partners.id] });
  const ana = state().customers.upsert({ source_id: 'ana' }, { silent: true }).customer;
  later();
  return { newsletter, partners, form, ana };
};

describe('GET /v1/consents and /client/v1/consents', () => {
  test('list every consent and group, oldest first, unchanged since defined', async () => {
    const { newsletter, partners, form } = arrange();
    const listed = await mock.serverClient().consents.list();
    expect(listed).toEqual({
      groups: {
        object: 'list',
        data_ref: 'data',
        data: [{ ...form, object: 'consent_group', updated_at: null }],
        total: 1,
      },
      consents: { object: 'list', data_ref: 'data', data: [newsletter, partners], total: 2 },
    });
    expect(newsletter.id).toMatch(/^cnst_/);
    expect(form.id).toMatch(/^cnstgr_/);
    expect(partners).toMatchObject({ description: null, category: null, updated_at: null, object: 'consent' });
    expect(await browser().clientSide.listConsents()).toEqual(listed);
  });

  test('an empty project lists none; wrong keys are 401', async () => {
    expect(await mock.serverClient().consents.list()).toMatchObject({
      groups: { data: [], total: 0 },
      consents: { data: [], total: 0 },
    });
    expect((await mock.raw('/v1/consents', { headers: { 'x-app-id': 'nope', 'x-app-token': 'nope' } })).status).toBe(
      401,
    );
    expect(
      (
        await mock.raw('/client/v1/consents', {
          headers: { 'x-client-application-id': 'nope', 'x-client-token': 'nope' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('PUT /v1/customers/{customerId}/consents', () => {
  test("records the answers on the customer, dated, and moves the customer's updated_at; unnamed consents keep theirs", async () => {
    const { newsletter, partners, ana } = arrange();
    const customers = mock.serverClient().customers;
    await customers.updateConsents('ana', { [newsletter.id]: true, [partners.id]: false });
    const given = now();
    const stored = await customers.get(ana.id);
    expect(stored.system_metadata).toEqual({
      consents: { [newsletter.id]: { value: true, date: given }, [partners.id]: { value: false, date: given } },
    });
    expect(stored.updated_at).toBe(given);
    later();
    await customers.updateConsents(ana.id, { [partners.id]: true });
    expect((await customers.get('ana')).system_metadata?.consents).toEqual({
      [newsletter.id]: { value: true, date: given },
      [partners.id]: { value: true, date: now() },
    });
  });

  test('unsubscribed: true withdraws every consent of the project, then applies the others', async () => {
    const { newsletter, partners } = arrange();
    const customers = mock.serverClient().customers;
    await customers.updateConsents('ana', { [newsletter.id]: true });
    later();
    await customers.updateConsents('ana', { unsubscribed: true });
    expect((await customers.get('ana')).system_metadata?.consents).toEqual({
      [newsletter.id]: { value: false, date: now() },
      [partners.id]: { value: false, date: now() },
    });
    await customers.updateConsents('ana', { unsubscribed: true, [partners.id]: true });
    expect((await customers.get('ana')).system_metadata?.consents?.[partners.id]?.value).toBe(true);
  });

  test('the answers survive a snapshot and its restore takes them back', async () => {
    const { newsletter, ana } = arrange();
    const snapshot = mock.service.snapshot();
    await mock.serverClient().customers.updateConsents('ana', { [newsletter.id]: true });
    const image = JSON.parse(JSON.stringify(mock.service.snapshot()));
    mock.service.restore(snapshot);
    expect(state().customers.get(ana.id).system_metadata).toEqual({});
    expect(state().consents.list().consents.total).toBe(2);
    mock.service.restore(image);
    expect(state().customers.get(ana.id).system_metadata?.consents?.[newsletter.id]?.value).toBe(true);
  });

  test('errors: an empty body, a key that is no consent or a value that is not a boolean 400, an unknown customer 404, wrong keys 401', async () => {
    const { newsletter } = arrange();
    const customers = mock.serverClient().customers;
    await expect(customers.updateConsents('ana', {})).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'The payload cannot be empty',
    });
    await expect(customers.updateConsents('ana', { cnst_0000000000000000ff: true })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('cnst_0000000000000000ff'),
    });
    await expect(customers.updateConsents('ana', { [newsletter.id]: 'yes' } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    await expect(customers.updateConsents('nobody', { [newsletter.id]: true })).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'customer',
    });
    const wrong = await mock.raw('/v1/customers/ana/consents', {
      method: 'PUT',
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    expect(state().customers.get('ana').system_metadata).toEqual({});
    const raw = await mock.raw('/v1/customers/ana/consents', {
      method: 'PUT',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ [newsletter.id]: true }),
    });
    expect(raw.status).toBe(204);
    expect(await raw.text()).toBe('');
  });
});

describe('PUT /client/v1/customers/{customerId}/consents', () => {
  test('records answers from a web page, and follows the project’s allowed website addresses', async () => {
    const { newsletter } = arrange();
    await browser().clientSide.updateConsents('ana', { [newsletter.id]: true });
    expect(state().customers.get('ana').system_metadata?.consents?.[newsletter.id]?.value).toBe(true);
    mock.service.projects.configure(primary().id, { client_trusted_domains: ['https://shop.example.com'] });
    await expect(
      browser('https://evil.example').clientSide.updateConsents('ana', { [newsletter.id]: false }),
    ).rejects.toMatchObject({ status: 403, key: 'forbidden' });
    await expect(browser('https://evil.example').clientSide.listConsents()).rejects.toMatchObject({
      status: 403,
      key: 'forbidden',
    });
    await browser().clientSide.updateConsents('ana', { [newsletter.id]: false });
    expect(state().customers.get('ana').system_metadata?.consents?.[newsletter.id]?.value).toBe(false);
    await expect(browser().clientSide.updateConsents('nobody', { [newsletter.id]: true })).rejects.toMatchObject({
      status: 404,
    });
    await expect(browser().clientSide.updateConsents('ana', {})).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
  });
});
