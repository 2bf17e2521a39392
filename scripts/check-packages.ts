/**
 * Checks every published package the way a consumer's tooling sees it: publint for the package
 * layout and @arethetypeswrong/cli, with its default profile, for the types of every entry point
 * under every module resolution it knows (node10, node16 from CJS and from ESM, bundler).
 */
import { execFileSync } from 'node:child_process';
import { repoPath } from './lib/paths.ts';

const PACKAGES = ['packages/domain', 'packages/client', 'packages/mock-server'];

for (const dir of PACKAGES) {
  const cwd = repoPath(dir);
  console.log(`\n▶ ${dir}`);
  execFileSync('publint', ['--strict'], { cwd, stdio: 'inherit' });
  execFileSync('attw', ['--pack', '.', '--format', 'table-flipped'], { cwd, stdio: 'inherit' });
}
