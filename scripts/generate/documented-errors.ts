import { writeFileSync } from 'node:fs';
import { type OpenApiDocument, type Reference, type Response, listOperations, resolveRef } from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';
import { jsonTable } from './json-table.ts';

const HEADER = GENERATED_HEADER('scripts/generate/documented-errors.ts');

/**
 * The `key`s that the examples of one response give, in the spec's order, each once; empty when
 * the response has no JSON example with a key.
 */
const exampleKeys = (doc: OpenApiDocument, response: Response | Reference): string[] => {
  const { content } = resolveRef(doc, response);
  const keys = Object.values(content?.['application/json']?.examples ?? {}).flatMap((example) => {
    const key = resolveRef(doc, example as { value?: { key?: unknown } } | Reference).value?.key;
    return typeof key === 'string' ? [key] : [];
  });
  return [...new Set(keys)];
};

/**
 * The error responses each operation documents: every status outside 2xx with the keys of its
 * examples. What tests and the untested report compare the mock's answers with.
 */
const writeDocumentedErrorsModule = (doc: OpenApiDocument): string => {
  const entries = listOperations(doc).map((entry) => {
    const id = entry.operation.operationId;
    if (!id) throw new Error(`${entry.method.toUpperCase()} ${entry.path} has no operationId`);
    const statuses = Object.entries(entry.operation.responses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, response]) => [status, exampleKeys(doc, response)]);
    return [id, Object.fromEntries(statuses)];
  });
  return `${HEADER}import type { OperationId } from './routes.js';

/**
 * The error responses the spec documents for each operation: by status (outside 2xx), the error
 * \`key\`s that the status's examples give, each once (none when it gives no example).
 *
 * @example
 * \`\`\`ts
 * documentedErrors.getCategory['404']; // ['not_found']
 * const statuses = Object.keys(documentedErrors.redeemStackedDiscounts); // ['400', '401', …]
 * \`\`\`
 */
export const documentedErrors: Readonly<Record<OperationId, Readonly<Record<string, readonly string[]>>>> = ${jsonTable(Object.fromEntries(entries))};
`;
};

/** Writes the documented error responses of every operation from the bundled spec. */
export const generateDocumentedErrors = (doc: OpenApiDocument): void => {
  writeFileSync(repoPath(GENERATED.mockDocumentedErrors), writeDocumentedErrorsModule(doc));
};
