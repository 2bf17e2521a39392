/**
 * `npm start`'s build: builds only the packages whose sources changed since their last build
 * (scripts/lib/build-changed.ts), so a second start, or a start beside another, does not build
 * again.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildChanged } from './lib/build-changed.ts';
import { repoPath } from './lib/paths.ts';

const PACKAGES = [
  { dir: 'packages/domain', dependsOn: [] },
  { dir: 'packages/client', dependsOn: [] },
  { dir: 'packages/mock-server', dependsOn: ['packages/domain', 'packages/client'] },
];

const built = await buildChanged(repoPath('.'), PACKAGES, (dir) => {
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: join(repoPath('.'), dir), stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`The build of ${dir} failed`);
});
console.log(built.length === 0 ? 'The packages are built from their current sources.' : `Built ${built.join(', ')}.`);
