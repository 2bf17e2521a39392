import { describe, expect, test } from 'vitest';
import { expectUnknownIdsAndProjectsRefused } from '../../../support/management-not-found.js';
import { managementHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const projectId = () => mock.service.projects.primary.id;
const brands = () => mock.managementClient().management.brands;

/** The request of the service's own example, with the nulls it sends. */
const referenceExample = {
  brand: {
    name: 'Voucherify PSA',
    privacy_policy_url: null,
    terms_of_use_url: null,
    permission_reminder: 'You are receiving this email because you opted in at our website.',
    website_url: 'voucherify.io',
  },
  address: { street: 'Porcelanowa 23', city: 'Katowice', postal: '43-246', state: null, country: 'Poland' },
  contact: { email: 'support@voucherify.io', phone: null },
};

const minimal = {
  brand: { name: 'Corner Bakery' },
  address: { street: 'Rua Nova 1', city: 'Porto', postal: null, country: 'Portugal' },
  contact: { email: 'hello@corner.example' },
};

const DEFAULT_REMINDER = 'You are receiving this email because you opted in at our website.';

describe('branding', () => {
  test('one brand per project: created, listed, read, changed and deleted', async () => {
    expect(await brands().list(projectId())).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0 });
    const created = await brands().create(projectId(), referenceExample);
    expect(created).toEqual({ id: expect.stringMatching(/^brd_[0-9a-f]{18}$/), ...referenceExample });
    expect(await brands().list(projectId())).toEqual({ object: 'list', data_ref: 'data', data: [created], total: 1 });
    expect(await brands().get(projectId(), created.id)).toEqual(created);

    const updated = await brands().update(projectId(), created.id, {
      brand: { website_url: null, privacy_policy_url: 'https://voucherify.io/privacy' },
      contact: { phone: '+48 32 000 00 00' },
    });
    expect(updated).toEqual({
      ...created,
      brand: { ...created.brand, website_url: null, privacy_policy_url: 'https://voucherify.io/privacy' },
      contact: { email: 'support@voucherify.io', phone: '+48 32 000 00 00' },
    });
    expect(await brands().get(projectId(), created.id)).toEqual(updated);

    await brands().delete(projectId(), created.id);
    await expect(brands().get(projectId(), created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'brand',
      resourceId: created.id,
    });
    expect((await brands().list(projectId())).total).toBe(0);
    // Once deleted, the project may have a brand again.
    const again = await brands().create(projectId(), minimal);
    expect(again.id).not.toBe(created.id);
  });

  test('fields left out take the defaults: the standard permission reminder, null links, state and phone', async () => {
    expect(await brands().create(projectId(), minimal)).toEqual({
      id: expect.stringMatching(/^brd_/),
      brand: {
        name: 'Corner Bakery',
        privacy_policy_url: null,
        terms_of_use_url: null,
        permission_reminder: DEFAULT_REMINDER,
        website_url: null,
      },
      address: { street: 'Rua Nova 1', city: 'Porto', postal: null, state: null, country: 'Portugal' },
      contact: { email: 'hello@corner.example', phone: null },
    });
    const other = mock.service.projects.create({ name: 'Other' });
    const withNull = await brands().create(other.id, {
      ...minimal,
      brand: { name: 'Other', permission_reminder: null },
    });
    expect(withNull.brand.permission_reminder).toBe(DEFAULT_REMINDER);
    // On update a null permission reminder is no change.
    const kept = await brands().update(other.id, withNull.id, { brand: { permission_reminder: null } } as never);
    expect(kept.brand.permission_reminder).toBe(DEFAULT_REMINDER);
  });

  test('a second brand is refused with 409 and the first stays', async () => {
    const first = await brands().create(projectId(), minimal);
    await expect(brands().create(projectId(), referenceExample)).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
      details: expect.stringContaining(first.id),
    });
    expect((await brands().list(projectId())).data).toEqual([first]);
  });

  test('refuse missing fields, links that are not web addresses and emails that are not addresses (400)', async () => {
    await expect(brands().create(projectId(), { ...minimal, contact: {} } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .contact.email is required',
    });
    await expect(brands().create(projectId(), { ...minimal, brand: { name: null } } as never)).rejects.toMatchObject({
      status: 400,
      details: 'Property .brand.name should not be null',
    });
    await expect(
      brands().create(projectId(), { ...minimal, contact: { email: 'hello at corner' } }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .contact.email should be a valid email',
    });
    await expect(
      brands().create(projectId(), { ...minimal, brand: { name: 'X', terms_of_use_url: 'not a link' } }),
    ).rejects.toMatchObject({
      status: 400,
      details: 'Property .brand.terms_of_use_url should be a valid url',
    });
    await expect(
      brands().create(projectId(), { ...minimal, brand: { name: 'X', website_url: 'ftp://corner.example' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await brands().list(projectId())).total).toBe(0);
    const created = await brands().create(projectId(), {
      ...minimal,
      brand: { name: 'X', website_url: 'https://corner.example/shop', privacy_policy_url: '' },
    });
    await expect(brands().update(projectId(), created.id, { contact: { email: 'nobody' } })).rejects.toMatchObject({
      status: 400,
      details: 'Property .contact.email should be a valid email',
    });
    await expect(brands().update(projectId(), created.id, { address: { city: 42 } } as never)).rejects.toMatchObject({
      status: 400,
      details: 'Property .address.city should be string',
    });
    expect(await brands().get(projectId(), created.id)).toEqual(created);
  });

  test('unknown brands and unknown projects are 404', async () => {
    const created = await brands().create(projectId(), minimal);
    await expectUnknownIdsAndProjectsRefused(brands(), {
      projectId: projectId(),
      existingId: created.id,
      unknownId: 'brd_000000000000000000',
      resourceType: 'brand',
      create: minimal,
      update: {},
    });
  });

  test('answer plain HTTP requests; the cockpits of old requests are ignored', async () => {
    const headers = managementHeaders(mock.service);
    const path = `/management/v1/projects/${projectId()}/branding`;
    const created = await mock.raw(path, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...referenceExample, cockpits: { theme: 'green' } }),
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { id: string };
    expect(body).toEqual({ id: expect.stringMatching(/^brd_/), ...referenceExample });
    const changed = await mock.raw(`${path}/${body.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ address: { postal: null, state: 'Silesia' } }),
    });
    expect(await changed.json()).toMatchObject({
      address: { street: 'Porcelanowa 23', postal: null, state: 'Silesia' },
    });
    expect((await mock.raw(`${path}/${body.id}`, { method: 'DELETE', headers })).status).toBe(204);
    expect((await mock.raw(`${path}/${body.id}`, { headers })).status).toBe(404);
  });

  test('belong to one project: a brand of one is neither listed nor read in another, which may have its own', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const created = await brands().create(projectId(), minimal);
    expect((await brands().list(other.id)).total).toBe(0);
    await expect(brands().get(other.id, created.id)).rejects.toMatchObject({ status: 404, resourceType: 'brand' });
    await expect(brands().update(other.id, created.id, { brand: { name: 'Stolen' } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(brands().delete(other.id, created.id)).rejects.toMatchObject({ status: 404 });
    const own = await brands().create(other.id, referenceExample);
    expect((await brands().list(other.id)).data).toEqual([own]);
    expect((await brands().list(projectId())).data).toEqual([created]);
  });
});
