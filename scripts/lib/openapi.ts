import { readFileSync } from 'node:fs';
import { GENERATED, repoPath } from './paths.ts';

/** The subset of an OpenAPI 3.1 document that the generators read. */
export interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, PathItem>;
  /** Outbound requests the service makes (its webhook events), by event name. */
  webhooks?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, Parameter | Reference>;
    responses?: Record<string, Response | Reference>;
    requestBodies?: Record<string, RequestBody | Reference>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
  security?: SecurityRequirement[];
}

export interface Reference {
  $ref: string;
}
export type JsonSchema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;
interface SecurityScheme {
  type: string;
  name?: string;
  in?: string;
  flows?: { clientCredentials?: { scopes: Record<string, string> } };
}
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: JsonSchema;
  description?: string;
}
export interface MediaType {
  schema?: JsonSchema;
  /** Named examples: Example Objects (their payload under `value`) or references to them. */
  examples?: Record<string, unknown>;
  example?: unknown;
}
export interface RequestBody {
  required?: boolean;
  content: Record<string, MediaType>;
}
export interface Response {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
  responses: Record<string, Response | Reference>;
  security?: SecurityRequirement[];
  /** The service keeps the operation for older clients only. */
  deprecated?: boolean;
  /** The operationId to call instead of a deprecated operation. */
  'x-replaced-by'?: string;
  /** Where the service's own description stands on a deprecated operation (deprecated there, removed, never described). */
  'x-legacy'?: string;
}
type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: (Parameter | Reference)[] };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of a document with its method and path. */
export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: Operation;
  pathItem: PathItem;
}

/** Reads the bundled spec that feeds every generator. */
export const readBundledSpec = (): OpenApiDocument =>
  JSON.parse(readFileSync(repoPath(GENERATED.bundle), 'utf8')) as OpenApiDocument;

/** Lists every operation of a document in path order, then method order. */
export const listOperations = (doc: Pick<OpenApiDocument, 'paths'>): OperationEntry[] =>
  Object.entries(doc.paths).flatMap(([path, pathItem]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = pathItem[method];
      return operation ? [{ method, path, operation, pathItem }] : [];
    }),
  );

export const isReference = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && '$ref' in value;

/** Resolves a local `#/components/...` reference; anything else is a bundling bug. */
export const resolveRef = <T>(doc: OpenApiDocument, value: T | Reference): T => {
  if (!isReference(value)) return value;
  const pointer = value.$ref;
  if (!pointer.startsWith('#/')) throw new Error(`Unexpected external reference ${pointer} in the bundle`);
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`Unresolvable reference ${pointer}`);
  return resolveRef(doc, node as T | Reference);
};
