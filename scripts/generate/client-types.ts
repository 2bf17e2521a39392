import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';

/** Writes the client's `paths`, `components` and `operations` types with openapi-typescript. */
export const generateClientTypes = async (): Promise<void> => {
  const ast = await openapiTS(pathToFileURL(repoPath(GENERATED.bundle)), { alphabetize: false });
  writeFileSync(repoPath(GENERATED.clientTypes), `${GENERATED_HEADER('openapi-typescript')}\n${astToString(ast)}`);
};
