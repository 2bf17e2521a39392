/**
 * Snapshots of the customers, catalogue and rules areas: a restore takes back every write of
 * customers, orders, segments, custom events, consents and customers' answers to them, products,
 * SKUs, product collections, categories, locations, metadata and custom event schemas, validation
 * rules with their assignments, and stacking rules, and the same writes then give the same
 * answers, here and in a new service that loads the snapshot's JSON.
 */
import { describe, expect, test } from 'vitest';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';
import { clientOf, expectRoundTrips, managementClientOf } from './round-trip.js';
import { T0 } from '../support/setup.js';

const OPTIONS = {
  clock: { frozenAt: T0 },
  seed: 'snapshots-customers-catalog-rules',
  bulkJobs: { portionSize: 2 },
} as const;
const DAY = 86_400_000;

/** Clients of the service's primary project (server keys) and of its account (management keys), answered by `service.handle`. */
const clientsOf = (service: FullMockService) => ({
  server: clientOf(service),
  management: managementClientOf(service),
});

/** What a call answered: its status and its body. */
const answerOf = async (
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<{ status: number; body: unknown }> => {
  const { data, error, response } = await call;
  return { status: response.status, body: data ?? error ?? null };
};

/** The id in a call's answer. */
const idOf = (answer: { body: unknown }): string => String((answer.body as { id?: unknown } | null)?.id);

/** Uploads a CSV file as the `file` part of a multipart body, answered by `service.handle`. */
const upload = async (service: FullMockService, path: string, csv: string): Promise<unknown> => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'import.csv');
  const { appId, appToken } = service.projects.primary.keys;
  const response = await service.handle(
    new Request(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
      body: form,
    }),
  );
  return { status: response?.status, body: await response?.json() };
};

const PORTO = { junction: 'and', 'address.city': { conditions: { $is: ['Porto'] } } };
const GOLD = { junction: 'and', 'metadata.tier': { conditions: { $is: ['gold'] } } };
const FANS = { junction: 'and', 'events.review_left.count': { conditions: { $more_than: [1] } } };

/**
 * What the writes start from: metadata and custom event schemas, categories and stacking rules,
 * customers with orders and a custom event, a catalogue with a static and an automatic collection,
 * passive, static and active segments, a location, and a validation rule assigned to a campaign.
 */
const arrange = async (service: FullMockService) => {
  const { server, management } = clientsOf(service);
  const project = { params: { path: { projectId: service.projects.primary.id } } };
  await management.POST('/management/v1/projects/{projectId}/metadata-schemas', {
    ...project,
    body: {
      related_object: 'customer',
      properties: { tier: { type: 'string', array: false, optional: true } },
    } as never,
  });
  await management.POST('/management/v1/projects/{projectId}/custom-event-schemas', {
    ...project,
    body: { name: 'review_left', schema: { properties: { stars: { type: 'number', optional: true } } } } as never,
  });
  const seasonal = idOf(await answerOf(server.POST('/v1/categories', { body: { name: 'Seasonal', hierarchy: 1 } })));
  const loyal = idOf(await answerOf(server.POST('/v1/categories', { body: { name: 'Loyal', hierarchy: 2 } })));
  const stacking = idOf(
    await answerOf(
      management.POST('/management/v1/projects/{projectId}/stacking-rules', {
        ...project,
        body: { exclusive_categories: [seasonal] } as never,
      }),
    ),
  );

  const ana = idOf(
    await answerOf(
      server.POST('/v1/customers', {
        body: { source_id: 'ana', name: 'Ana', address: { city: 'Porto' }, metadata: { tier: 'gold' } },
      }),
    ),
  );
  await server.POST('/v1/customers', { body: { source_id: 'ben', name: 'Ben', address: { city: 'Lisbon' } } });
  const cho = idOf(
    await answerOf(
      server.POST('/v1/customers', { body: { source_id: 'cho', name: 'Cho', address: { city: 'Porto' } } }),
    ),
  );
  await server.POST('/v1/events', {
    body: { event: 'review_left', customer: { source_id: 'ana' }, metadata: { stars: 5 } } as never,
  });

  const mug = idOf(
    await answerOf(
      server.POST('/v1/products', { body: { source_id: 'mug', name: 'Mug', price: 1200, attributes: ['colour'] } }),
    ),
  );
  const blue = idOf(
    await answerOf(
      server.POST('/v1/products/{productId}/skus', {
        params: { path: { productId: mug } },
        body: { source_id: 'mug-blue', sku: 'Blue mug', price: 1300, attributes: { colour: 'blue' } } as never,
      }),
    ),
  );
  const tee = idOf(
    await answerOf(server.POST('/v1/products', { body: { source_id: 'tee', name: 'Tee', price: 2500 } })),
  );
  const picked = idOf(
    await answerOf(
      server.POST('/v1/product-collections', {
        body: {
          type: 'STATIC',
          name: 'Picked',
          products: [
            { id: mug, object: 'product' },
            { id: blue, product_id: mug, object: 'sku' },
          ],
        } as never,
      }),
    ),
  );
  const dear = idOf(
    await answerOf(
      server.POST('/v1/product-collections', {
        body: {
          type: 'AUTO_UPDATE',
          name: 'Dear',
          filter: { junction: 'and', price: { conditions: { $more_than: [2000] } } },
        } as never,
      }),
    ),
  );

  await server.POST('/v1/orders', {
    body: { source_id: 'order-1', customer: { source_id: 'ana' }, amount: 5000, status: 'PAID' } as never,
  });
  await server.POST('/v1/orders', {
    body: { source_id: 'order-2', customer: { source_id: 'ben' }, items: [{ product_id: mug, quantity: 2 }] } as never,
  });

  const porto = idOf(
    await answerOf(server.POST('/v1/segments', { body: { name: 'Porto', type: 'passive', filter: PORTO } as never })),
  );
  const fixed = idOf(
    await answerOf(
      server.POST('/v1/segments', { body: { name: 'Fixed', type: 'static', customers: ['ana', 'cho'] } as never }),
    ),
  );
  const gold = idOf(
    await answerOf(server.POST('/v1/segments', { body: { name: 'Gold', type: 'auto-update', filter: GOLD } as never })),
  );
  const location = service.projects.primary.state.locations.create({
    name: 'Old town',
    shape: { type: 'circle', format: 'distance', distance: { center: 'geo:41.1496,-8.6110', radius: '2 km' } },
  } as never).id;
  const newsletter = service.projects.primary.state.consents.create({ name: 'Newsletter', category: 'Email' }).id;

  const campaign = idOf(
    await answerOf(
      server.POST('/v1/campaigns', {
        body: {
          name: 'Coupons',
          campaign_type: 'DISCOUNT_COUPONS',
          type: 'AUTO_UPDATE',
          voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
        } as never,
      }),
    ),
  );
  await service.scheduler.drain();
  const rule = idOf(
    await answerOf(
      server.POST('/v1/validation-rules', {
        body: {
          name: 'Over 50',
          rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
        } as never,
      }),
    ),
  );
  const assignment = idOf(
    await answerOf(
      server.POST('/v1/validation-rules/{validationRuleId}/assignments', {
        params: { path: { validationRuleId: rule } },
        body: { related_object_type: 'campaign', related_object_id: campaign } as never,
      }),
    ),
  );
  return {
    seasonal,
    loyal,
    stacking,
    ana,
    cho,
    mug,
    blue,
    tee,
    picked,
    dear,
    porto,
    fixed,
    gold,
    location,
    newsletter,
    campaign,
    rule,
    assignment,
  };
};

type Arranged = Awaited<ReturnType<typeof arrange>>;

/** Many writes of the three areas through the API (locations through the state: the API only reads them); answers what the service answered. */
const writes = async (service: FullMockService, ids: Arranged): Promise<unknown[]> => {
  const { server, management } = clientsOf(service);
  const state = service.projects.primary.state;
  const project = { projectId: service.projects.primary.id };
  const answers: unknown[] = [];
  const record = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => {
    const answer = await answerOf(call);
    answers.push(answer);
    return answer;
  };
  const finished = async (answer: { body: unknown }) => {
    await service.scheduler.drain();
    const asyncActionId = String((answer.body as { async_action_id?: unknown } | null)?.async_action_id);
    await record(server.GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId } } }));
  };

  // Customers: created, upserted, updated (into and out of the active segment), deleted; custom events count on them.
  const dan = idOf(
    await record(
      server.POST('/v1/customers', {
        body: { source_id: 'dan', name: 'Dan', address: { city: 'Porto' }, metadata: { tier: 'gold' } },
      }),
    ),
  );
  await record(server.POST('/v1/customers', { body: { source_id: 'ana', email: 'ana@example.com' } }));
  await record(
    server.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: 'ben' } },
      body: { metadata: { tier: 'gold' }, address: { city: 'Porto' } },
    }),
  );
  await record(
    server.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: ids.ana } },
      body: { metadata: { tier: 'silver' } },
    }),
  );
  await record(
    server.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: ids.ana } },
      body: { metadata: { tier: 42 } } as never,
    }),
  );
  await record(
    server.POST('/v1/events', {
      body: { event: 'review_left', customer: { source_id: 'ana' }, metadata: { stars: 4 } } as never,
    }),
  );
  await record(
    server.POST('/v1/events', {
      body: { event: 'review_left', customer: { source_id: 'eve' }, metadata: { stars: 3 } } as never,
    }),
  );
  await record(server.POST('/v1/events', { body: { event: 'page_viewed', customer: ids.cho } as never }));
  await finished(
    await record(
      server.POST('/v1/customers/bulk/async', {
        body: [
          { source_id: 'ben', name: 'Benjamin' },
          { source_id: 'fay', address: { city: 'Braga' } },
        ],
      }),
    ),
  );
  await finished(
    await record(
      server.POST('/v1/customers/metadata/async', {
        body: { source_ids: ['dan', 'gus'], metadata: { newsletter: true } },
      }),
    ),
  );
  const customerCsv = await upload(
    service,
    '/v1/customers/importCSV',
    ['source_id,name,address_city,tier', 'hal,Hal,Porto,gold', 'ana,Ana Maria,,', ',Nobody,,'].join('\n'),
  );
  answers.push(customerCsv);
  await finished({ body: (customerCsv as { body: unknown }).body });
  await record(server.DELETE('/v1/customers/{customerId}', { params: { path: { customerId: 'fay' } } }));

  // Orders: created, paid, moved to another customer, canceled, imported.
  await record(
    server.POST('/v1/orders', {
      body: {
        source_id: 'order-3',
        customer: { source_id: 'dan' },
        items: [
          { product_id: ids.mug, quantity: 1 },
          { sku_id: ids.blue, quantity: 3 },
        ],
        status: 'PAID',
      } as never,
    }),
  );
  await record(
    server.PUT('/v1/orders/{orderId}', { params: { path: { orderId: 'order-2' } }, body: { status: 'PAID' } as never }),
  );
  await record(
    server.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: 'order-1' } },
      body: { customer: { source_id: 'dan' }, metadata: { channel: 'shop' } } as never,
    }),
  );
  await record(
    server.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: 'order-3' } },
      body: { status: 'CANCELED' } as never,
    }),
  );
  await finished(
    await record(
      server.POST('/v1/orders/import', {
        body: [
          { source_id: 'order-4', customer: { source_id: 'ben' }, amount: 900, status: 'FULFILLED' },
          { source_id: 'order-5', customer: 'cust_unknown', amount: 1 },
        ] as never,
      }),
    ),
  );

  // Segments: a passive one renamed and refiltered, one activated by use, a static one deleted, a new one created.
  await record(
    server.PUT(
      '/v1/segments/{segmentId}' as never,
      {
        params: { path: { segmentId: ids.porto } },
        body: { name: 'Porto folk', filter: { ...PORTO, 'metadata.tier': { conditions: { $is: ['gold'] } } } },
      } as never,
    ),
  );
  answers.push(state.segments.activate(ids.porto));
  await record(server.POST('/v1/segments', { body: { name: 'Fans', type: 'auto-update', filter: FANS } as never }));
  await record(
    server.POST('/v1/events', {
      body: { event: 'review_left', customer: { source_id: 'ana' }, metadata: { stars: 2 } } as never,
    }),
  );
  await record(server.DELETE('/v1/segments/{segmentId}', { params: { path: { segmentId: ids.fixed } } }));
  await record(
    server.POST('/v1/segments', { body: { name: 'Pair', type: 'static', customers: ['ben', 'dan'] } as never }),
  );

  // Products and SKUs: created, updated, deleted (to the bin, whose entry holds the source_id, and for good), in bulk and from files.
  const cap = await record(server.POST('/v1/products', { body: { source_id: 'cap', name: 'Cap', price: 3000 } }));
  await record(
    server.PUT('/v1/products/{productId}', {
      params: { path: { productId: ids.mug } },
      body: { price: 1500, metadata: { material: 'clay' } } as never,
    }),
  );
  const red = await record(
    server.POST('/v1/products/{productId}/skus', {
      params: { path: { productId: ids.mug } },
      body: { source_id: 'mug-red', sku: 'Red mug', attributes: { colour: 'red' } } as never,
    }),
  );
  await record(
    server.PUT('/v1/products/{productId}/skus/{skuId}', {
      params: { path: { productId: ids.mug, skuId: ids.blue } },
      body: { price: 1400 } as never,
    }),
  );
  await record(
    server.DELETE('/v1/products/{productId}/skus/{skuId}', {
      params: { path: { productId: ids.mug, skuId: idOf(red) } },
    }),
  );
  await record(server.DELETE('/v1/products/{productId}', { params: { path: { productId: ids.tee } } }));
  await record(server.POST('/v1/products', { body: { source_id: 'tee', name: 'Tee again' } }));
  await record(
    server.DELETE('/v1/products/{productId}', { params: { path: { productId: idOf(cap) }, query: { force: true } } }),
  );
  await record(server.POST('/v1/products', { body: { source_id: 'cap', name: 'Cap again' } }));
  await finished(
    await record(
      server.POST('/v1/products/bulk/async', {
        body: [
          { source_id: 'mug', name: 'Big mug' },
          { source_id: 'pen', name: 'Pen', price: 200 },
        ] as never,
      }),
    ),
  );
  await finished(
    await record(
      server.POST('/v1/products/metadata/async', { body: { source_ids: ['mug', 'ink'], metadata: { sale: true } } }),
    ),
  );
  const productCsv = await upload(
    service,
    '/v1/products/importCSV',
    ['name,source_id,price', 'Bag,bag,4000', 'Mugger,mug,', 'Bad,,x'].join('\n'),
  );
  answers.push(productCsv);
  await finished({ body: (productCsv as { body: unknown }).body });
  const skuCsv = await upload(
    service,
    '/v1/skus/importCSV',
    ['source_id,product_id,sku,price', 'bag-s,bag,Small bag,3500', 'mug-blue,mug,Navy mug,', 'x,nothing,,'].join('\n'),
  );
  answers.push(skuCsv);
  await finished({ body: (skuCsv as { body: unknown }).body });

  // Product collections: renamed, refiltered, created and deleted.
  await record(
    server.PUT(
      '/v1/product-collections/{productCollectionId}' as never,
      {
        params: { path: { productCollectionId: ids.dear } },
        body: { name: 'Dearest', filter: { junction: 'and', price: { conditions: { $more_than: [3500] } } } },
      } as never,
    ),
  );
  const cheap = await record(
    server.POST('/v1/product-collections', {
      body: {
        type: 'AUTO_UPDATE',
        name: 'Cheap',
        filter: { junction: 'and', price: { conditions: { $less_than: [1000] } } },
      } as never,
    }),
  );
  await record(
    server.DELETE('/v1/product-collections/{productCollectionId}', {
      params: { path: { productCollectionId: ids.picked } },
    }),
  );
  await record(
    server.GET('/v1/product-collections/{productCollectionId}/products', {
      params: { path: { productCollectionId: idOf(cheap) } },
    }),
  );

  // Validation rules: created, updated, assigned twice (the second refused), unassigned, deleted with their assignments.
  const over100 = await record(
    server.POST('/v1/validation-rules', {
      body: {
        name: 'Over 100',
        rules: { 1: { name: 'order.amount', conditions: { $more_than: [10_000] } }, logic: '1' },
      } as never,
    }),
  );
  await record(
    server.PUT('/v1/validation-rules/{validationRuleId}', {
      params: { path: { validationRuleId: ids.rule } },
      body: {
        name: 'Over 60',
        rules: { 1: { name: 'order.amount', conditions: { $more_than: [6000] } }, logic: '1' },
      } as never,
    }),
  );
  await record(
    server.POST('/v1/validation-rules/{validationRuleId}/assignments', {
      params: { path: { validationRuleId: idOf(over100) } },
      body: { related_object_type: 'campaign', related_object_id: ids.campaign } as never,
    }),
  );
  await record(
    server.POST('/v1/validation-rules/{validationRuleId}/assignments', {
      params: { path: { validationRuleId: idOf(over100) } },
      body: { related_object_type: 'campaign', related_object_id: ids.campaign } as never,
    }),
  );
  await record(
    server.DELETE('/v1/validation-rules/{validationRuleId}/assignments/{assignmentId}', {
      params: { path: { validationRuleId: ids.rule, assignmentId: ids.assignment } },
    }),
  );
  await record(
    server.DELETE('/v1/validation-rules/{validationRuleId}', { params: { path: { validationRuleId: idOf(over100) } } }),
  );
  await record(server.GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId: ids.campaign } } }));

  // Categories and stacking rules: a category in the rules is refused, then removed from them; the rules change.
  await record(
    server.PUT('/v1/categories/{categoryId}', {
      params: { path: { categoryId: ids.loyal } },
      body: { name: 'Loyalty', hierarchy: 3 } as never,
    }),
  );
  await record(
    management.PUT('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { ...project, stackingRulesId: ids.stacking } },
      body: { exclusive_categories: [ids.seasonal, ids.loyal], redeemables_limit: 5 } as never,
    }),
  );
  await record(server.DELETE('/v1/categories/{categoryId}', { params: { path: { categoryId: ids.seasonal } } }));
  await record(
    server.DELETE('/v1/categories/{categoryId}', {
      params: { path: { categoryId: ids.seasonal }, query: { remove_from_stacking_rules: true } },
    } as never),
  );
  await record(server.POST('/v1/categories', { body: { name: 'Seasonal', hierarchy: 4 } }));

  // Metadata and custom event schemas: changed, created and deleted.
  await record(
    management.PUT('/management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}', {
      params: { path: { ...project, metadataSchemaId: 'customer' } },
      body: { properties: { visits: { type: 'number', array: false, optional: true } } } as never,
    } as never),
  );
  await record(
    management.POST('/management/v1/projects/{projectId}/metadata-schemas', {
      params: { path: project },
      body: {
        related_object: 'order',
        properties: { channel: { type: 'string', array: false, optional: true } },
      } as never,
    }),
  );
  const page = await record(
    management.POST('/management/v1/projects/{projectId}/custom-event-schemas', {
      params: { path: project },
      body: { name: 'page_viewed', schema: { properties: { url: { type: 'string', optional: false } } } } as never,
    }),
  );
  await record(server.POST('/v1/events', { body: { event: 'page_viewed', customer: 'dan', metadata: {} } as never }));
  await record(
    management.PUT('/management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}', {
      params: { path: { ...project, customEventSchemaId: idOf(page) } },
      body: { schema: { properties: { url: { type: 'string', optional: true } } } } as never,
    }),
  );
  await record(server.POST('/v1/events', { body: { event: 'page_viewed', customer: 'dan', metadata: {} } as never }));

  // Consents: one more defined (through the state: the API only lists them), answers given, then all withdrawn but one.
  const sms = state.consents.create({ name: 'SMS offers' });
  answers.push(sms);
  await record(
    server.PUT('/v1/customers/{customerId}/consents', {
      params: { path: { customerId: 'ana' } },
      body: { [ids.newsletter]: true, [sms.id]: true },
    }),
  );
  await record(
    server.PUT('/v1/customers/{customerId}/consents', {
      params: { path: { customerId: ids.cho } },
      body: { unsubscribed: true, [sms.id]: true },
    }),
  );
  await record(server.GET('/v1/consents'));

  // A location, and a day later a permanent deletion that erases a customer's orders and static segments.
  answers.push(
    state.locations.create({
      name: 'Harbour',
      shape: { type: 'circle', format: 'distance', distance: { center: 'geo:41.14,-8.62', radius: '1 km' } },
    } as never),
  );
  service.clock.advance(DAY);
  await record(
    server.POST('/v1/customers/{customerId}/permanent-deletion', { params: { path: { customerId: 'dan' } } }),
  );
  await record(server.POST('/v1/customers/{customerId}/permanent-deletion', { params: { path: { customerId: dan } } }));

  // What the writes left: every list and activity of the three areas.
  await record(server.GET('/v1/customers', { params: { query: { order: 'source_id', limit: 100 } } }));
  await record(server.GET('/v1/customers', { params: { query: { segment_id: ids.gold, limit: 100 } } as never }));
  await record(server.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'ana' } } }));
  await record(
    server.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: ids.ana }, query: { order: 'created_at' } },
    } as never),
  );
  await record(server.GET('/v1/customers/{customerId}/segments', { params: { path: { customerId: ids.ana } } }));
  await record(server.GET('/v1/orders', { params: { query: { order: 'created_at', limit: 100 } } }));
  await record(server.GET('/v1/segments', { params: { query: { order: 'created_at' } } } as never));
  await record(
    server.GET('/v1/segments/{segmentId}/activities', {
      params: { path: { segmentId: ids.porto }, query: { order: 'created_at' } },
    } as never),
  );
  await record(server.GET('/v1/products', { params: { query: { order: 'created_at', limit: 100 } } }));
  await record(server.GET('/v1/product-collections', { params: { query: { order: 'created_at' } } }));
  await record(
    server.GET('/v1/product-collections/{productCollectionId}/activities', {
      params: { path: { productCollectionId: ids.dear }, query: { order: 'created_at' } },
    } as never),
  );
  await record(server.GET('/v1/validation-rules', { params: { query: { order: 'created_at' } } }));
  await record(server.GET('/v1/validation-rules-assignments', { params: { query: { order: 'created_at' } } }));
  await record(server.GET('/v1/categories'));
  await record(server.GET('/v1/locations', { params: { query: { order: 'created_at' } } } as never));
  await record(server.GET('/v1/metadata-schemas'));
  await record(
    management.GET('/management/v1/projects/{projectId}/custom-event-schemas', { params: { path: project } }),
  );
  await record(management.GET('/management/v1/projects/{projectId}/stacking-rules', { params: { path: project } }));
  answers.push(state.events.list().map((event) => [event.id, event.type, event.entity_id]));
  return JSON.parse(JSON.stringify(answers)) as unknown[];
};

describe('snapshots of customers, the catalogue and rules', () => {
  test('a restore takes back every write of the three areas, which then give the same answers, here and in a new service', async () => {
    await expectRoundTrips(OPTIONS, arrange, writes);
  }, 30_000);

  test('the writes did what they say: only the ones meant to be refused are', async () => {
    const service = fullService(createMockService(OPTIONS));
    const ids = await arrange(service);
    const answers = await writes(service, ids);
    const refused = answers.flatMap((answer) => {
      const { status, body } = answer as { status?: number; body?: { key?: unknown } };
      return typeof status === 'number' && status >= 400 ? [body?.key] : [];
    });
    // A metadata value of the wrong type, a source_id held by the bin, a second assignment, a category in the stacking rules, a custom event without its required attribute.
    expect(refused).toEqual([
      'metadata_validation_failed',
      'duplicate_source_id',
      'duplicate_found',
      'stacking_rules_exist',
      'metadata_validation_failed',
    ]);
    const jobs = answers.filter(
      (answer) => (answer as { body?: { object?: unknown } }).body?.object === 'async_action',
    );
    expect(jobs).toHaveLength(8);
    for (const job of jobs) expect(job).toMatchObject({ body: { status: 'DONE' } });
    expect(service.projects.primary.state.customers.find('dan')).toBeUndefined();
    expect(service.projects.primary.state.customers.get('ana')).toMatchObject({
      email: 'ana@example.com',
      name: 'Ana Maria',
    });
  }, 30_000);
});
