import { type OperationId, routes } from '../generated/routes.js';
import { once } from './first-use.js';

/** Outcome of routing a method and path against the spec's operations. */
export type RouteMatch =
  | { kind: 'operation'; operationId: OperationId; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  /** A path that no operation has, asked with a method that no operation uses (`TRACE`, `FOO`). */
  | { kind: 'unknown-method'; allowed: string[] }
  | { kind: 'not-found' };

interface CompiledPath {
  segments: (string | { param: string })[];
  methods: Map<string, OperationId>;
  /** How many of its segments are parameters. */
  params: number;
}

const compile = (): CompiledPath[] => {
  const byPath = new Map<string, CompiledPath>();
  for (const [operationId, operation] of Object.entries(routes) as [OperationId, (typeof routes)[OperationId]][]) {
    let compiled = byPath.get(operation.path);
    if (!compiled) {
      const segments = operation.path
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment.startsWith('{') ? { param: segment.slice(1, -1) } : segment));
      const params = segments.filter((segment) => typeof segment !== 'string').length;
      compiled = { segments, methods: new Map(), params };
      byPath.set(operation.path, compiled);
    }
    compiled.methods.set(operation.method, operationId);
  }
  // Static segments win over parameters, so `/v1/oauth/token` never reads as `{id}`.
  return [...byPath.values()].sort((a, b) => a.params - b.params);
};

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const byMethodOrder = (a: string, b: string): number => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

const utf8 = new TextDecoder();

/**
 * Percent-decodes a path segment the way URLSearchParams decodes a query value: valid escapes
 * become bytes, anything else stays as it is, and bytes that are not UTF-8 become U+FFFD. Unlike
 * decodeURIComponent it never throws, so `%ZZ` or `%ED%A0%80` reach the operation as text and
 * are judged by its schema instead of making a known path look unknown.
 */
const decodeSegment = (segment: string): string => {
  if (!segment.includes('%')) return segment;
  const bytes: number[] = [];
  for (let index = 0; index < segment.length; index += 1) {
    const escape = segment[index] === '%' ? /^[0-9A-Fa-f]{2}$/.exec(segment.slice(index + 1, index + 3)) : null;
    if (escape) {
      bytes.push(Number.parseInt(escape[0], 16));
      index += 2;
    } else {
      // Path segments of a parsed URL are ASCII: the URL parser percent-encodes everything else.
      bytes.push(segment.charCodeAt(index) & 0xff);
    }
  }
  return utf8.decode(new Uint8Array(bytes));
};

/** Whether a template's fixed segments are those of the path (which has as many segments). */
const fixedSegmentsMatch = (path: CompiledPath, parts: readonly string[]): boolean => {
  for (let index = 0; index < parts.length; index += 1) {
    const segment = path.segments[index];
    if (typeof segment === 'string' && segment !== parts[index]) return false;
  }
  return true;
};

/** The values of a template's parameters in a path it matches, percent-decoded. */
const paramsOf = (path: CompiledPath, parts: readonly string[]): Record<string, string> => {
  const params: Record<string, string> = {};
  path.segments.forEach((segment, index) => {
    if (typeof segment !== 'string') params[segment.param] = decodeSegment(parts[index] as string);
  });
  return params;
};

/** The key of the templates whose second segment is a parameter (no path segment reads `{}`). */
const ANY = '{}';

/**
 * The templates a path may match, by its number of segments and its second segment (`v1/{word}/…`
 * tells the resources apart): for each word that some template has there, those with that word
 * or a parameter there; under {@link ANY}, those with a parameter there, for any other word. Each
 * list keeps the order of `paths`, so the most specific template still comes first.
 */
const candidateTable = (paths: readonly CompiledPath[]): Map<string, CompiledPath[]> => {
  const table = new Map<string, CompiledPath[]>();
  // Every list first, so that a template with a parameter there joins each list of its length in one pass.
  const listsOfLength = new Map<number, CompiledPath[][]>();
  const listFor = (length: number, word: string): void => {
    if (table.has(`${length} ${word}`)) return;
    const list: CompiledPath[] = [];
    table.set(`${length} ${word}`, list);
    const lists = listsOfLength.get(length);
    if (lists) lists.push(list);
    else listsOfLength.set(length, [list]);
  };
  for (const { segments } of paths) {
    const word = segments[1];
    listFor(segments.length, ANY);
    if (typeof word === 'string') listFor(segments.length, word);
  }
  for (const path of paths) {
    const word = path.segments[1];
    const lists =
      typeof word === 'string'
        ? [table.get(`${path.segments.length} ${word}`) ?? []]
        : (listsOfLength.get(path.segments.length) ?? []);
    for (const list of lists) list.push(path);
  }
  return table;
};

/**
 * The router over the generated operation table, built on first use and shared by every service
 * of the process: the table never changes. Routing is a table lookup by segment, never a
 * hand-written switch on URLs.
 */
export const createRouter = once((): ((method: string, pathname: string) => RouteMatch) => {
  const paths = compile();
  const methods = [...new Set(paths.flatMap((path) => [...path.methods.keys()]))].sort(byMethodOrder);
  // Paths without parameters come first in `paths` anyway; a lookup finds them without the scan.
  const fixed = new Map(
    paths
      .filter((path) => path.segments.every((segment) => typeof segment === 'string'))
      .map((path) => [path.segments.join('/'), path]),
  );
  const candidates = candidateTable(paths);
  return (method, pathname) => {
    const verb = method.toUpperCase();
    const parts = pathname.split('/').filter(Boolean);
    // A path may match several templates (`/v1/vouchers/qualification` is also `/v1/vouchers/{code}`):
    // the most specific one that has the method wins, and a 405 lists the methods of them all.
    const allowed = new Set<string>();
    const exact = fixed.get(parts.join('/'));
    if (exact) {
      const operationId = exact.methods.get(verb);
      if (operationId) return { kind: 'operation', operationId, params: {} };
      for (const known of exact.methods.keys()) allowed.add(known);
    }
    const some = candidates.get(`${parts.length} ${parts[1]}`) ?? candidates.get(`${parts.length} ${ANY}`) ?? [];
    for (const path of some) {
      if (path === exact || !fixedSegmentsMatch(path, parts)) continue;
      const operationId = path.methods.get(verb);
      if (operationId) return { kind: 'operation', operationId, params: paramsOf(path, parts) };
      for (const known of path.methods.keys()) allowed.add(known);
    }
    if (allowed.size > 0) return { kind: 'method-not-allowed', allowed: [...allowed].sort(byMethodOrder) };
    return methods.includes(verb) ? { kind: 'not-found' } : { kind: 'unknown-method', allowed: methods };
  };
});
