/**
 * Fails when a source file of the mock imports from an area above its own (docs/architecture.md):
 * areas depend one way, and a reaction that runs the other way subscribes to the event log.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AREAS, areaViolations } from './lib/areas.ts';
import { repoPath } from './lib/paths.ts';

const SRC = repoPath('packages/mock-server/src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const files = new Map(sourceFiles(SRC).map((path) => [relative(SRC, path), readFileSync(path, 'utf8')]));
const violations = areaViolations(files);
if (violations.length > 0) {
  console.error(
    `Imports against the direction of the areas (${AREAS.join(' → ')}):\n${violations.map((line) => `  ${line}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`The mock's areas depend one way (${AREAS.join(' → ')}): ${files.size} files checked.`);
