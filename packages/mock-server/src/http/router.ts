import { type OperationId, operations } from '../generated/operations.js';

/** Outcome of routing a method and path against the spec's operations. */
export type RouteMatch =
  | { kind: 'operation'; operationId: OperationId; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface CompiledPath {
  segments: (string | { param: string })[];
  methods: Map<string, OperationId>;
}

const compile = (): CompiledPath[] => {
  const byPath = new Map<string, CompiledPath>();
  for (const [operationId, operation] of Object.entries(operations) as [OperationId, (typeof operations)[OperationId]][]) {
    let compiled = byPath.get(operation.path);
    if (!compiled) {
      const segments = operation.path
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment.startsWith('{') ? { param: segment.slice(1, -1) } : segment));
      compiled = { segments, methods: new Map() };
      byPath.set(operation.path, compiled);
    }
    compiled.methods.set(operation.method, operationId);
  }
  // Static segments win over parameters, so `/v1/oauth/token` never reads as `{id}`.
  const weight = (path: CompiledPath): number => path.segments.filter((segment) => typeof segment !== 'string').length;
  return [...byPath.values()].sort((a, b) => weight(a) - weight(b));
};

/**
 * Builds a router over the generated operation table. Routing is a table lookup by segment,
 * never a hand-written switch on URLs.
 *
 * @example
 * const route = createRouter();
 * route('GET', '/v1/categories/cat_1'); // { kind: 'operation', operationId: 'getCategory', params: { categoryId: 'cat_1' } }
 */
export const createRouter = (): ((method: string, pathname: string) => RouteMatch) => {
  const paths = compile();
  return (method, pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    for (const path of paths) {
      if (path.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = path.segments.every((segment, index) => {
        const part = parts[index] as string;
        if (typeof segment === 'string') return segment === part;
        try {
          params[segment.param] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      });
      if (!matches) continue;
      const operationId = path.methods.get(method.toUpperCase());
      if (operationId) return { kind: 'operation', operationId, params };
      return { kind: 'method-not-allowed', allowed: [...path.methods.keys()] };
    }
    return { kind: 'not-found' };
  };
};
