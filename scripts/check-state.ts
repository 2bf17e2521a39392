/**
 * Fails when a store of the mock keeps state outside its tracked containers (a `Map`, `Set` or
 * array made in a field, or a field that can be reassigned), which a snapshot's restore would
 * not take back. A field that is not state says why in a `not state:` comment.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoPath } from './lib/paths.ts';
import { stateFieldFindings } from './lib/state-fields.ts';

const SRC = repoPath('packages/mock-server/src');
const SCANNED = ['areas', 'core'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'history' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const files = SCANNED.flatMap((dir) => sourceFiles(join(SRC, dir)));
const findings = files.flatMap((path) => stateFieldFindings(relative(SRC, path), readFileSync(path, 'utf8')));
if (findings.length > 0) {
  console.error(
    `State outside tracked containers (make it with context.tracked, or say "not state:" and why):\n${findings.map((f) => `  ${f.file}:${f.line}  ${f.text}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Every store keeps its state in tracked containers: ${files.length} files checked.`);
