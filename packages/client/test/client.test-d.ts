import { describe, expectTypeOf, it } from 'vitest';
import {
  type AsyncAction,
  type AuthOptions,
  type ClientKeyAuth,
  type NotWithTheseKeys,
  createClient,
  type ErrorBody,
  type ListItem,
  type ListPath,
  type OAuthToken,
  type OAuthTokenManager,
  type Schemas,
  unwrap,
  type VoucherkitClient,
  type VoucherkitFetchClient,
} from '../src/fetch.js';
import { paginate } from '../src/paginate.js';
import { createClient as createMainClient } from '../src/index.js';

declare const client: VoucherkitFetchClient;
declare const main: VoucherkitClient;
type Category = Schemas['Category'];

describe('raw calls', () => {
  it('types data and error from the spec', async () => {
    const { data, error } = await client.GET('/v1/categories/{categoryId}', {
      params: { path: { categoryId: 'cat_1' } },
    });
    if (data) expectTypeOf(data).toEqualTypeOf<Category>();
    if (error) expectTypeOf(error).toEqualTypeOf<ErrorBody>();
  });

  it('types list envelopes', async () => {
    const { data } = await client.GET('/v1/categories');
    expectTypeOf(data).toEqualTypeOf<Schemas['CategoryList'] | undefined>();
  });

  it('rejects wrong paths, params and bodies', () => {
    // @ts-expect-error: no such path
    void client.GET('/v1/category');
    // @ts-expect-error: the path parameter is required
    void client.GET('/v1/categories/{categoryId}');
    // @ts-expect-error: wrong path parameter name
    void client.GET('/v1/categories/{categoryId}', { params: { path: { id: 'cat_1' } } });
    // @ts-expect-error: categories cannot be PATCHed
    void client.PATCH('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_1' } } });
    // @ts-expect-error: hierarchy is a number
    void client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: '1' } });
    // @ts-expect-error: name is required
    void client.POST('/v1/categories', { body: { hierarchy: 1 } });
    // @ts-expect-error: limit is a number
    void client.GET('/v1/async-actions', { params: { query: { limit: 'ten' } } });
    void client.GET('/v1/async-actions', { params: { query: { limit: 10 } } });
  });
});

describe('unwrap', () => {
  it('returns the success body', async () => {
    const category = await unwrap(client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: 1 } }));
    expectTypeOf(category).toEqualTypeOf<Category>();
    const action = await unwrap(
      client.GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId: 'aa_1' } } }),
    );
    expectTypeOf(action.status).toEqualTypeOf<'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED'>();
  });

  it('returns nothing useful for 204s, without making later code unreachable', async () => {
    const deleted = await unwrap(
      client.DELETE('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_1' } } }),
    );
    expectTypeOf(deleted).not.toBeAny();
    expectTypeOf(deleted).toEqualTypeOf<undefined>();
  });
});

describe('paginate', () => {
  it('yields the items named by data_ref', async () => {
    for await (const category of paginate(client, '/v1/categories')) expectTypeOf(category).toEqualTypeOf<Category>();
    for await (const schema of client.paginate('/v1/metadata-schemas'))
      expectTypeOf(schema).toEqualTypeOf<Schemas['MetadataSchema']>();
    for await (const action of client.paginate('/v1/async-actions', { params: { query: { limit: 100 } } })) {
      expectTypeOf(action).toEqualTypeOf<AsyncAction>();
    }
    expectTypeOf<ListItem<'/management/v1/projects/{projectId}/stacking-rules'>>().toEqualTypeOf<
      Schemas['StackingRules']
    >();
  });

  it('accepts only list paths and their parameters', () => {
    expectTypeOf<'/v1/categories'>().toExtend<ListPath>();
    expectTypeOf<'/v1/categories/{categoryId}'>().not.toExtend<ListPath>();
    // @ts-expect-error: not a list
    void client.paginate('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_1' } } });
    // @ts-expect-error: the project id is required
    void client.paginate('/management/v1/projects/{projectId}/stacking-rules');
    // @ts-expect-error: unknown pagination style
    void client.paginate('/v1/categories', { by: 'offset' });
    void client.paginate('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: { projectId: 'proj_1' } },
    });
  });
});

describe('the resource API', () => {
  it('types arguments and results from the spec, and has no raw methods in the main entry', async () => {
    expectTypeOf(await main.categories.get('cat_1')).toEqualTypeOf<Category>();
    expectTypeOf(await main.categories.create({ name: 'Summer', hierarchy: 1 })).toEqualTypeOf<Category>();
    expectTypeOf(await main.categories.delete('cat_1', { remove_from_stacking_rules: true })).toBeVoid();
    expectTypeOf(await main.vouchers.get('SUMMER10')).toEqualTypeOf<Schemas['Voucher']>();
    expectTypeOf(await main.promotions.tiers.listAll()).toEqualTypeOf<Schemas['PromotionTierList']>();
    expectTypeOf(await main.distributions.exports.download('exp_1', { token: 't' })).toEqualTypeOf<string>();
    // @ts-expect-error: hierarchy is a number
    void main.categories.create({ name: 'Summer', hierarchy: '1' });
    // @ts-expect-error: the path value is required
    void main.categories.get();
    expectTypeOf(main).not.toHaveProperty('GET');
    expectTypeOf(createMainClient({ auth: { type: 'server', appId: 'a', appToken: 't' } })).not.toHaveProperty('POST');
    expectTypeOf(client.vouchers.get).toEqualTypeOf(main.vouchers.get);
  });

  it('leaves request fields with a spec default optional, and keeps response fields the service always sends', async () => {
    // `scenario` (default ALL) and the options' `limit` and `sorting_rule` have defaults.
    const result = await main.qualifications.checkEligibility({
      customer: { id: 'cust_1' },
      options: { expand: ['redeemable'] },
    });
    expectTypeOf(result).toEqualTypeOf<Schemas['QualificationResult']>();
    expectTypeOf<Schemas['ValidationRedeemableSkippedResultNoEffect']['key']>().toEqualTypeOf<'no_effect'>();
    expectTypeOf<Schemas['SimpleCampaign']['object']>().toEqualTypeOf<'campaign'>();
  });

  it('requires no more than the service does, and admits null only where null clears a field (decision 0036)', async () => {
    // A voucher without `type` is a discount voucher.
    expectTypeOf(
      await main.vouchers.create('SUMMER10', { discount: { type: 'PERCENT', percent_off: 10 } }),
    ).toEqualTypeOf<Schemas['Voucher']>();
    // Adding a voucher to a campaign and rolling back need no body.
    void main.campaigns.addVoucher('camp_1');
    void main.redemptions.rollbackStackable('r_1');
    // On updates, null clears a date, a validity setting or the metadata.
    void main.campaigns.update('camp_1', { expiration_date: null, validity_hours: null, metadata: null });
    void main.vouchers.update('SUMMER10', { start_date: null });
    // Elsewhere an optional field keeps its type: null means "not given" on the wire, not in the types.
    // @ts-expect-error: category is a string when given
    void main.vouchers.create('SUMMER10', { discount: { type: 'PERCENT', percent_off: 10 }, category: null });
    // @ts-expect-error: a category's name is required
    void main.categories.create({ hierarchy: 1 });
  });
});

describe('a client typed by its keys', () => {
  const server = createMainClient({ auth: { type: 'server', appId: 'id', appToken: 'token' } });
  const browser = createMainClient({ auth: { type: 'client', clientAppId: 'id', clientToken: 'token' } });
  const admin = createMainClient({ auth: { type: 'management', managementId: 'id', managementToken: 'token' } });
  const scoped = createMainClient({ auth: { type: 'oauth', appId: 'id', appToken: 'token', scopes: ['vouchers'] } });
  const clientScoped = createMainClient({
    auth: { type: 'oauth', appId: 'id', appToken: 'token', scopes: ['client_api'] },
  });
  const order = { redeemables: [{ object: 'voucher' as const, id: 'SUMMER10' }], order: { amount: 1000 } };

  it('accepts the operations of its own kind of keys', async () => {
    expectTypeOf(await server.vouchers.get('SUMMER10')).toEqualTypeOf<Schemas['Voucher']>();
    expectTypeOf(await browser.clientSide.validateStackable(order)).toEqualTypeOf<Schemas['ValidationResult']>();
    expectTypeOf(await admin.management.projects.list()).toEqualTypeOf<Schemas['ProjectList']>();
    expectTypeOf(await scoped.vouchers.get('SUMMER10')).toEqualTypeOf<Schemas['Voucher']>();
    void clientScoped.clientSide.validateStackable(order);
  });

  it("refuses another kind's operations, saying what they need and what the client holds", () => {
    // @ts-expect-error: a server operation with client-side keys
    void browser.vouchers.get('SUMMER10');
    // @ts-expect-error: a client-side operation with server keys
    void server.clientSide.validateStackable(order);
    // @ts-expect-error: a management operation with server keys
    void server.management.projects.list();
    // @ts-expect-error: a server operation with management keys
    void admin.categories.list();
    // @ts-expect-error: an operation outside the token's scopes
    void scoped.categories.list();
    // @ts-expect-error: OAuth tokens never reach the management API
    void scoped.management.projects.list();
    expectTypeOf(browser.vouchers.get).toEqualTypeOf<
      NotWithTheseKeys<'client.vouchers.get needs server-side keys, or an OAuth token with scope api or vouchers; this client holds client-side keys'>
    >();
    expectTypeOf(server.management.projects.list).toEqualTypeOf<
      NotWithTheseKeys<'client.management.projects.list needs management keys; this client holds server-side keys'>
    >();
    const twoScopes = createMainClient({
      auth: { type: 'oauth', appId: 'id', appToken: 'token', scopes: ['vouchers', 'customers'] },
    });
    expectTypeOf(twoScopes.management.projects.list).toEqualTypeOf<
      NotWithTheseKeys<'client.management.projects.list needs management keys; this client holds an OAuth token with other scopes'>
    >();
    expectTypeOf(scoped.categories.list).toEqualTypeOf<
      NotWithTheseKeys<'client.categories.list needs server-side keys, or an OAuth token with scope api or categories; this client holds an OAuth token with other scopes'>
    >();
  });

  it('offers every operation when the keys are not known at compile time, and the raw entry stays untyped by keys', async () => {
    const unknownKeys = createMainClient({ auth: {} as AuthOptions });
    void unknownKeys.vouchers.get('SUMMER10');
    void unknownKeys.clientSide.validateStackable(order);
    const anyScopes = createMainClient({
      auth: { type: 'oauth', appId: 'id', appToken: 'token', scopes: [] as string[] },
    });
    void anyScopes.categories.list();
    const raw = createClient({ auth: { type: 'client', clientAppId: 'id', clientToken: 'token' } });
    expectTypeOf(await raw.vouchers.get('SUMMER10')).toEqualTypeOf<Schemas['Voucher']>();
  });

  it('passes where a client of any keys is expected', () => {
    const takesAny = (client: VoucherkitClient): VoucherkitClient => client;
    takesAny(server);
    takesAny(browser);
    takesAny(admin);
    takesAny(scoped);
    const named: VoucherkitClient<ClientKeyAuth> = browser;
    // @ts-expect-error: the named type refuses what the keys refuse
    void named.vouchers.get('SUMMER10');
  });
});

describe('publications', () => {
  it('reads the one published code as a string, whether one code or several were published', async () => {
    const publication = await main.distributions.publications.create({
      campaign: { name: 'Welcome' },
      customer: { source_id: 'ana' },
    });
    expectTypeOf(publication.voucher?.code).toEqualTypeOf<string | undefined>();
    if ('vouchers' in publication) expectTypeOf(publication.vouchers).toEqualTypeOf<string[]>();
  });
});

describe('createClient', () => {
  it('has a token manager exactly for OAuth', () => {
    const oauth = createClient({ auth: { type: 'oauth', appId: 'a', appToken: 't', scopes: ['api'] } });
    expectTypeOf(oauth.oauth).toEqualTypeOf<OAuthTokenManager>();
    expectTypeOf(oauth.oauth.getToken).returns.resolves.toEqualTypeOf<OAuthToken>();
    const server = createClient({ auth: { type: 'server', appId: 'a', appToken: 't' } });
    expectTypeOf(server.oauth).toEqualTypeOf<undefined>();
    expectTypeOf(client.oauth).toEqualTypeOf<OAuthTokenManager | undefined>();
  });

  it('checks the credentials', () => {
    // @ts-expect-error: server keys need appToken
    createClient({ auth: { type: 'server', appId: 'a' } });
    // @ts-expect-error: unknown auth type
    createClient({ auth: { type: 'basic', user: 'a' } });
    // @ts-expect-error: OAuth needs scopes
    createClient({ auth: { type: 'oauth', appId: 'a', appToken: 't' } });
    // @ts-expect-error: retry takes numbers
    createClient({ auth: { type: 'server', appId: 'a', appToken: 't' }, retry: { retries: 'many' } });
  });

  it('waits for async actions with the action type', () => {
    expectTypeOf(client.waitForAsyncAction('aa_1')).resolves.toEqualTypeOf<AsyncAction>();
  });
});

describe('numbered rules', () => {
  it('takes named fields beside the numbered entries, and types each exactly', () => {
    const part = {
      name: 'order.items.any',
      conditions: { $is: [{ id: 'prod_1', type: 'product_or_sku', object: 'product' }] },
    } as const;
    void main.validationRules.create({
      name: 'Mug and lamp',
      rules: { logic: '1', 1: { name: 'order.amount', conditions: { $more_than: [5000] } } },
      bundle_rules: { limit: 2, 1: part, 2: part },
    });
    const bundle = {} as NonNullable<Schemas['ValidationRuleBase']['bundle_rules']>;
    expectTypeOf(bundle.limit).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(bundle['1']?.name).toEqualTypeOf<'order.items.any' | undefined>();
    const rules = {} as NonNullable<Schemas['ValidationRuleBase']['rules']>;
    expectTypeOf(rules.logic).toEqualTypeOf<string | undefined>();
    // @ts-expect-error: a bundle's limit is a number
    void main.validationRules.create({ name: 'Bad', bundle_rules: { limit: 'two' } });
  });
});
