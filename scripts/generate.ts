/**
 * Regenerates every derived artifact from spec/openapi.yaml, in dependency order:
 * bundle → client types, webhook event types, resource API and its examples → mock schemas and answer shapes → parity report →
 * coverage report and README.md's coverage block (both built on the parity comparison).
 * Pass `--spec-only` to stop after the code (the reports read the mock's sources).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateAnswerShapes } from './generate/answer-shapes.ts';
import { bundleSpec } from './generate/bundle.ts';
import { generateClientExamples } from './generate/client-examples.ts';
import { generateClientResources } from './generate/client-resources.ts';
import { generateClientTypes } from './generate/client-types.ts';
import { generateDocumentedErrors } from './generate/documented-errors.ts';
import { generateMockSchemas } from './generate/mock-schemas.ts';
import { generateWebhookTypes } from './generate/webhook-types.ts';
import { readBundledSpec } from './lib/openapi.ts';
import { GENERATED, repoPath } from './lib/paths.ts';

for (const file of Object.values(GENERATED)) mkdirSync(dirname(repoPath(file)), { recursive: true });
bundleSpec();
await generateClientTypes();
const bundled = readBundledSpec();
generateWebhookTypes(bundled);
generateClientResources(bundled);
generateClientExamples(bundled);
generateMockSchemas(bundled);
generateAnswerShapes(bundled);
generateDocumentedErrors(bundled);
if (!process.argv.includes('--spec-only')) {
  const { writeParityReport } = await import('./spec-parity.ts');
  const { writeCoverageReport, writeReadmeCoverage } = await import('./generate/coverage.ts');
  const parity = await writeParityReport();
  writeCoverageReport(parity);
  writeReadmeCoverage(parity);
}
