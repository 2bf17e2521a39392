/**
 * Checks every published package the way a consumer's tooling sees it: publint for the package
 * layout and @arethetypeswrong/cli for the types under each module resolution mode.
 */
import { execFileSync } from 'node:child_process';
import { repoPath } from './lib/paths.ts';

const PACKAGES = ['packages/domain', 'packages/client', 'packages/mock-server'];

for (const dir of PACKAGES) {
  const cwd = repoPath(dir);
  console.log(`\n▶ ${dir}`);
  execFileSync('publint', ['--strict'], { cwd, stdio: 'inherit' });
  execFileSync('attw', ['--pack', '.', '--profile', 'node16', '--format', 'table-flipped'], { cwd, stdio: 'inherit' });
}
