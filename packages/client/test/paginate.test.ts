import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ServerError, VoucherkitError } from '../src/fetch.js';
import { paginate } from '../src/paginate.js';
import { BASE, SERVER_AUTH, T0, category, errorBody, testClient, useServer } from './helpers.js';

const server = useServer();

const action = (n: number) => ({
  id: `aa_${n}`,
  type: 'CAMPAIGN.VOUCHERS_GENERATE',
  status: 'DONE',
  progress: 100,
  object: 'async_action',
  // Newest first: a higher n is older.
  created_at: new Date(T0 - n * 60_000).toISOString(),
  updated_at: new Date(T0 - n * 60_000).toISOString(),
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Records each query string and answers with `respond(query)`. */
const listEndpoint = (path: string, respond: (query: URLSearchParams) => JsonBodyType) => {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${BASE}${path}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(Object.fromEntries(query));
      return HttpResponse.json(respond(query));
    }),
  );
  return queries;
};

const collect = async <T>(iterator: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
};

describe('paginate', () => {
  it('yields a single-response list (categories) once', async () => {
    const queries = listEndpoint('/v1/categories', () => ({
      object: 'list',
      data_ref: 'data',
      data: [category(1), category(2)],
      total: 2,
    }));
    const { client } = testClient(SERVER_AUTH);
    const names: string[] = [];
    for await (const found of client.paginate('/v1/categories')) names.push(found.name);
    expect(names).toEqual(['Category 1', 'Category 2']);
    expect(queries).toHaveLength(1);
  });

  it('reads the array named by data_ref', async () => {
    listEndpoint('/v1/metadata-schemas', () => ({
      object: 'list',
      data_ref: 'schemas',
      schemas: [
        {
          id: 'ms_1',
          related_object: 'customer',
          properties: {},
          allow_defined_only: false,
          created_at: '',
          object: 'metadata_schema',
        },
      ],
      total: 1,
    }));
    const { client } = testClient(SERVER_AUTH);
    const schemas = await collect(paginate(client, '/v1/metadata-schemas'));
    expect(schemas.map((schema) => schema.related_object)).toEqual(['customer']);
  });

  it('pages with page/limit until a short page', async () => {
    const all = range(1, 5).map(action);
    const queries = listEndpoint('/v1/async-actions', (query) => {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit'));
      return { object: 'list', data_ref: 'async_actions', async_actions: all.slice((page - 1) * limit, page * limit) };
    });
    const { client } = testClient(SERVER_AUTH);
    const ids = (
      await collect(client.paginate('/v1/async-actions', { params: { query: { limit: 2 } }, by: 'page' }))
    ).map((a) => a.id);
    expect(ids).toEqual(['aa_1', 'aa_2', 'aa_3', 'aa_4', 'aa_5']);
    expect(queries).toEqual([{ limit: '2' }, { limit: '2', page: '2' }, { limit: '2', page: '3' }]);
  });

  it('pages by total without asking for a page past the end', async () => {
    const all = range(1, 4).map(action);
    const queries = listEndpoint('/v1/async-actions', (query) => {
      const page = Number(query.get('page') ?? 1);
      return {
        object: 'list',
        data_ref: 'async_actions',
        async_actions: all.slice((page - 1) * 2, page * 2),
        total: 4,
      };
    });
    const { client } = testClient(SERVER_AUTH);
    expect(await collect(client.paginate('/v1/async-actions', { params: { query: { limit: 2 } } }))).toHaveLength(4);
    expect(queries).toHaveLength(2);
  });

  it('stops paging when has_more is false', async () => {
    const queries = listEndpoint('/v1/async-actions', () => ({
      object: 'list',
      data_ref: 'async_actions',
      async_actions: [action(1)],
      has_more: false,
    }));
    const { client } = testClient(SERVER_AUTH);
    expect(await collect(client.paginate('/v1/async-actions', { by: 'page' }))).toHaveLength(1);
    expect(queries).toHaveLength(1);
  });

  it('follows more_starting_after as starting_after_id', async () => {
    const pages: Record<string, JsonBodyType> = {
      first: {
        object: 'list',
        data_ref: 'data',
        data: [action(1), action(2)],
        has_more: true,
        more_starting_after: 'aa_2',
      },
      aa_2: {
        object: 'list',
        data_ref: 'data',
        data: [action(3), action(4)],
        has_more: true,
        more_starting_after: 'aa_4',
      },
      aa_4: { object: 'list', data_ref: 'data', data: [action(5)], has_more: false },
    };
    const queries = listEndpoint('/v1/async-actions', (query) => pages[query.get('starting_after_id') ?? 'first']);
    const { client } = testClient(SERVER_AUTH);
    const ids = (await collect(client.paginate('/v1/async-actions', { params: { query: { limit: 2 } } }))).map(
      (a) => a.id,
    );
    expect(ids).toEqual(['aa_1', 'aa_2', 'aa_3', 'aa_4', 'aa_5']);
    expect(queries).toEqual([
      { limit: '2' },
      { limit: '2', starting_after_id: 'aa_2' },
      { limit: '2', starting_after_id: 'aa_4' },
    ]);
  });

  it('follows has_more with the last created_at as end_date, skipping repeats of an inclusive cursor', async () => {
    const all = range(1, 5).map(action);
    const queries = listEndpoint('/v1/async-actions', (query) => {
      const end = query.get('end_date');
      // Inclusive end_date: the boundary item comes back again.
      const rest = end === null ? all : all.filter((a) => a.created_at <= end);
      const page = rest.slice(0, 2);
      return { object: 'list', data_ref: 'async_actions', async_actions: page, has_more: rest.length > 2 };
    });
    const { client } = testClient(SERVER_AUTH);
    const ids = (await collect(client.paginate('/v1/async-actions', { params: { query: { limit: 2 } } }))).map(
      (a) => a.id,
    );
    expect(ids).toEqual(['aa_1', 'aa_2', 'aa_3', 'aa_4', 'aa_5']);
    expect(queries[1]).toEqual({ limit: '2', end_date: action(2).created_at });
  });

  it('stops when a cursor does not move', async () => {
    const queries = listEndpoint('/v1/async-actions', () => ({
      object: 'list',
      data_ref: 'data',
      data: [action(1)],
      has_more: true,
      more_starting_after: 'aa_1',
    }));
    const { client } = testClient(SERVER_AUTH);
    expect(await collect(client.paginate('/v1/async-actions'))).toHaveLength(1);
    expect(queries).toHaveLength(2);
  });

  it('passes path parameters on every page', async () => {
    listEndpoint('/management/v1/projects/proj_1/stacking-rules', () => ({
      object: 'list',
      data_ref: 'data',
      data: [],
      total: 0,
    }));
    const { client } = testClient(SERVER_AUTH);
    const rules = await collect(
      client.paginate('/management/v1/projects/{projectId}/stacking-rules', {
        params: { path: { projectId: 'proj_1' } },
      }),
    );
    expect(rules).toEqual([]);
  });

  it('throws the typed error of a failed page, after yielding the earlier ones', async () => {
    server.use(
      http.get(`${BASE}/v1/async-actions`, ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') {
          return HttpResponse.json(errorBody(500, 'internal_error', 'boom'), { status: 500 });
        }
        return HttpResponse.json({
          object: 'list',
          data_ref: 'async_actions',
          async_actions: [action(1), action(2)],
          total: 9,
        });
      }),
    );
    const { client } = testClient(SERVER_AUTH, { retry: false });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const a of client.paginate('/v1/async-actions')) seen.push(a.id);
    })().catch((caught: unknown) => caught);
    expect(seen).toEqual(['aa_1', 'aa_2']);
    expect(error).toBeInstanceOf(ServerError);
  });

  it('throws NotFoundError on a 404 and a VoucherkitError on a body that is not a list', async () => {
    server.use(
      http.get(
        `${BASE}/v1/categories`,
        () => HttpResponse.json(errorBody(404, 'not_found', 'Resource not found'), { status: 404 }),
        { once: true },
      ),
      http.get(`${BASE}/v1/categories`, () => HttpResponse.json({ object: 'list', data_ref: 'items' })),
    );
    const { client } = testClient(SERVER_AUTH);
    await expect(collect(client.paginate('/v1/categories'))).rejects.toBeInstanceOf(NotFoundError);
    await expect(collect(client.paginate('/v1/categories'))).rejects.toThrow(VoucherkitError);
  });
});
