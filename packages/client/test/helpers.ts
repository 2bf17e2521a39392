import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type AuthOptions, createClient, type VoucherkitClientOptions } from '../src/fetch.js';

export const BASE = 'https://api.test';
export const T0 = Date.parse('2026-01-01T00:00:00.000Z');

export const SERVER_AUTH = { type: 'server', appId: 'app-id-1', appToken: 'app-token-secret-1' } as const;
export const CLIENT_AUTH = {
  type: 'client',
  clientAppId: 'client-id-1',
  clientToken: 'client-token-secret-1',
  origin: 'https://shop.test',
} as const;
export const MANAGEMENT_AUTH = {
  type: 'management',
  managementId: 'mgmt-id-1',
  managementToken: 'mgmt-token-secret-1',
} as const;
export const OAUTH_AUTH = {
  type: 'oauth',
  appId: 'app-id-1',
  appToken: 'app-token-secret-1',
  scopes: ['categories', 'async-actions'],
} as const;

/** One MSW server per test file; every test installs its own handlers with `server.use`. */
export const useServer = () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
};

/** A controllable clock whose sleeps advance time instantly and are recorded. */
export const fakeRuntime = (start = T0) => {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
    random: () => 0.5,
  };
};

/** A client against {@link BASE} with a fake runtime. */
export const testClient = <A extends AuthOptions>(auth: A, extra: Partial<VoucherkitClientOptions<A>> = {}) => {
  const runtime = fakeRuntime();
  const client = createClient<A>({
    baseUrl: BASE,
    auth,
    sleep: runtime.sleep,
    now: runtime.now,
    random: runtime.random,
    ...extra,
  });
  return { client, runtime };
};

export const errorBody = (code: number, key: string, message: string, extra: Record<string, unknown> = {}) => ({
  code,
  key,
  message,
  request_id: `v-req-${code}`,
  ...extra,
});

export const category = (n: number) => ({
  id: `cat_${n}`,
  name: `Category ${n}`,
  hierarchy: n,
  object: 'category' as const,
  created_at: new Date(T0 + n * 1000).toISOString(),
});
