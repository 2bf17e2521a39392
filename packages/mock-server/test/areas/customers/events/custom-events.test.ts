import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

describe('custom events', () => {
  test('tracking creates an unknown customer, answers the event, and shows in the customer activity', async () => {
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/events', {
      body: {
        event: 'newsletter_subscribed',
        customer: { source_id: 'ana', name: 'Ana' },
        metadata: { channel: 'web' },
        referral: { code: 'REF-1' },
      },
    });
    const ana = state().customers.get('ana');
    expect(data).toEqual({
      object: 'event',
      type: 'newsletter_subscribed',
      // A customer without metadata comes without the key, as the service sends it.
      customer: { object: 'customer', id: ana.id, source_id: 'ana', name: 'Ana', email: null },
      referral: { code: 'REF-1' },
      loyalty: null,
      metadata: { channel: 'web' },
    });
    const activity = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: ana.id } },
    });
    expect(activity.data?.data.map((entry) => entry.type)).toEqual(['customer.custom_event', 'customer.created']);
    expect(activity.data?.data[0]?.data?.data).toMatchObject({
      event: {
        id: expect.stringMatching(/^evcus_/),
        object: 'event',
        type: 'newsletter_subscribed',
        customer: { id: ana.id },
        metadata: { channel: 'web' },
      },
      event_schema: { name: 'newsletter_subscribed' },
      customer: { id: ana.id },
      referral: null,
      loyalty: null,
    });
  });

  test('segments select on a customer’s custom events (events.<name>.count), and an active segment reacts', async () => {
    const { segments, customers } = state();
    customers.upsert({ source_id: 'ana' });
    const fans = segments.create({
      name: 'Reviewers',
      type: 'auto-update',
      filter: { junction: 'and', 'events.review_left.count': { conditions: { $more_than: [1] } } },
    });
    const client = mock.serverClient();
    const track = () => client.POST('/v1/events', { body: { event: 'review_left', customer: 'ana' } });
    await track();
    expect(segments.includes(fans.id, customers.get('ana'))).toBe(false);
    await track();
    expect(segments.includes(fans.id, customers.get('ana'))).toBe(true);
    const members = await client.GET('/v1/customers', { params: { query: { segment_id: fans.id } } });
    expect(members.data?.customers.map((customer) => customer.source_id)).toEqual(['ana']);
    expect(state().events.list({ type: 'customer.segment.entered' })).toHaveLength(1);
  });

  test('the client-side endpoint takes client keys and records the CLIENT_API channel', async () => {
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const response = await mock.raw('/client/v1/events', {
      method: 'POST',
      headers: {
        'X-Client-Application-Id': clientAppId,
        'X-Client-Token': clientToken,
        'content-type': 'application/json',
        origin: 'https://shop.example.com',
      },
      body: JSON.stringify({ event: 'page_viewed', customer: { source_id: 'visitor-1' } }),
    });
    expect(response.status).toBe(200);
    const [event] = state().events.list({ type: 'customer.custom_event' });
    expect(event?.event_source).toEqual({ channel: 'CLIENT_API' });
    const unknown = await mock
      .serverClient()
      .POST('/v1/events', { body: { event: 'x', customer: { id: 'cust_000000000000000000' } } });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'customer' });
    // A customer described without id or source_id is created, as redemptions do (decision 0036).
    const anonymous = await mock
      .serverClient()
      .POST('/v1/events', { body: { event: 'x', customer: { name: 'Nobody' } } });
    expect(anonymous.response.status).toBe(200);
    expect(
      state()
        .customers.list({})
        .items.find((customer) => customer.name === 'Nobody'),
    ).toMatchObject({ source_id: null });
  });
});
