import type { Client } from 'openapi-fetch';
import type { CallOptions } from './call-options.js';
import { RESOURCE_TABLE } from './generated/resource-table.js';
import type { Resources } from './generated/resources.js';
import type { paths } from './generated/schema.js';
import { unwrap } from './unwrap.js';

type Table = { readonly [name: string]: string | Table };
type LooseClient = {
  request(
    method: string,
    path: string,
    init: Record<string, unknown>,
  ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

const toForm = (body: unknown): string => new URLSearchParams(body as Record<string, string>).toString();

const toFormData = (body: unknown): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
};

/**
 * One method of the resource API from its table entry (`"bq POST /v1/…"`): positional path
 * values, then the body, then the query, then call options; the result is unwrapped, so a failed
 * response throws the typed error.
 */
const compileMethod = (client: LooseClient, spec: string) => {
  const [flags = '', method = 'GET', path = '/'] = spec.split(' ');
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const hasBody = /[bfm]/.test(flags);
  const hasQuery = flags.includes('q');
  return (...args: unknown[]): Promise<unknown> => {
    const pathValues = Object.fromEntries(names.map((name, index) => [name, args[index]]));
    let next = names.length;
    const body = hasBody ? args[next++] : undefined;
    const query = hasQuery ? args[next++] : undefined;
    const { headers, signal, idempotent } = (args[next] ?? {}) as CallOptions;
    return unwrap(
      client.request(method, path, {
        params: { path: pathValues, ...(query === undefined ? {} : { query }) },
        ...(body === undefined ? {} : { body }),
        ...(flags.includes('m') ? { bodySerializer: toFormData } : {}),
        ...(flags.includes('f') ? { bodySerializer: toForm } : {}),
        ...(flags.includes('t') ? { parseAs: 'text' } : {}),
        headers: {
          ...(flags.includes('f') ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        ...(signal === undefined ? {} : { signal }),
        ...(idempotent === undefined ? {} : { idempotent }),
      }),
    );
  };
};

/**
 * A method that reads its table entry on its first call: a client has some 270 methods, and a
 * test file makes a client to call a few of them.
 */
const bindMethod = (client: LooseClient, spec: string) => {
  let call: ((...args: unknown[]) => Promise<unknown>) | undefined;
  return (...args: unknown[]): Promise<unknown> => {
    call ??= compileMethod(client, spec);
    return call(...args);
  };
};

const bindGroup = (client: LooseClient, table: Table): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(table).map(([name, entry]) => [
      name,
      typeof entry === 'string' ? bindMethod(client, entry) : bindGroup(client, entry),
    ]),
  );

/**
 * Builds the resource API (`client.vouchers.get(code)`, `client.promotions.tiers.listAll()`, …)
 * over an openapi-fetch client of the API. Every method is typed from the spec, returns the
 * response body and throws the {@link VoucherkitError} subclass of a failed response.
 *
 * @param client - An openapi-fetch client of these paths (the one `createClient` makes).
 * @returns The resource groups.
 */
export const createResources = (client: Client<paths>): Resources =>
  // The table and the interfaces are generated from the same spec entries, method by method.
  bindGroup(client as unknown as LooseClient, RESOURCE_TABLE as unknown as Table) as unknown as Resources;
