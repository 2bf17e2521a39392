/**
 * Writes the examples that operations carry for the client's documentation (`x-client-example`)
 * as functions of a type-checked file, so an example that no longer compiles fails `npm run
 * typecheck` instead of misleading whoever copies it.
 */
import { writeFileSync } from 'node:fs';
import { type OpenApiDocument, listOperations } from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';

/** The operations' examples by operation id, in the spec's order. */
const clientExamples = (doc: OpenApiDocument): [string, string][] =>
  listOperations(doc).flatMap((entry) => {
    const example = (entry.operation as { 'x-client-example'?: string })['x-client-example'];
    return example === undefined
      ? []
      : [[entry.operation.operationId ?? `${entry.method} ${entry.path}`, example.trimEnd()]];
  });

export const generateClientExamples = (doc: OpenApiDocument): void => {
  const functions = clientExamples(doc).map(
    ([operationId, example]) =>
      `/** The example of \`${operationId}\`. */\nexport const ${operationId} = async (): Promise<void> => {\n${example
        .split('\n')
        .map((line) => (line === '' ? '' : `  ${line}`))
        .join('\n')}\n};`,
  );
  const source = `${GENERATED_HEADER('scripts/generate/client-examples.ts')}// The examples of the client's methods (x-client-example), compiled with the client's types; never run.
import type { VoucherkitClient } from '@voucherkit/client';

/** The client the examples call. */
declare const client: VoucherkitClient;
/** A loyalty programme the examples refer to. */
declare const club: { readonly id: string };

${functions.join('\n\n')}
`;
  writeFileSync(repoPath(GENERATED.clientExamples), source);
};
