/**
 * Fails when a generated file differs from what the spec produces: regenerates everything, then
 * asks git whether any generated path changed. Generated code is never edited by hand.
 */
import { execFileSync } from 'node:child_process';
import { GENERATED, repoPath } from './lib/paths.ts';

execFileSync('tsx', [repoPath('scripts/generate.ts')], { stdio: 'inherit' });
const files = Object.values(GENERATED);
const changed = execFileSync('git', ['status', '--porcelain', '--', ...files], {
  cwd: repoPath('.'),
  encoding: 'utf8',
}).trim();
if (changed !== '') {
  console.error(`Generated files are stale; run \`npm run generate\` and commit the result:\n${changed}`);
  process.exit(1);
}
console.log(`Generated files are fresh (${files.length} checked).`);
