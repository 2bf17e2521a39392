/**
 * Checks every published package the way a consumer's tooling sees it: its tarball carries a
 * README and the licence, publint checks the package layout, and @arethetypeswrong/cli, with its
 * default profile, the types of every entry point under every module resolution it knows
 * (node10, node16 from CJS and from ESM, bundler).
 */
import { execFileSync } from 'node:child_process';
import { repoPath } from './lib/paths.ts';

const PACKAGES = ['packages/domain', 'packages/client', 'packages/mock-server'];
/** Files every tarball must hold, whatever `files` in package.json says. */
const REQUIRED_FILES = ['README.md', 'LICENSE'];

/** The paths of the files `npm pack` would put in the package's tarball. */
const tarballFiles = (cwd: string): string[] => {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8' });
  const [tarball] = JSON.parse(output) as { files: { path: string }[] }[];
  return tarball?.files.map((file) => file.path) ?? [];
};

for (const dir of PACKAGES) {
  const cwd = repoPath(dir);
  console.log(`\n▶ ${dir}`);
  const files = tarballFiles(cwd);
  const missing = REQUIRED_FILES.filter((file) => !files.includes(file));
  if (missing.length > 0) {
    console.error(
      `The tarball of ${dir} lacks ${missing.join(' and ')}; add ${missing.map((file) => `${dir}/${file}`).join(' and ')}.`,
    );
    process.exit(1);
  }
  console.log(`tarball holds ${REQUIRED_FILES.join(' and ')}`);
  execFileSync('publint', ['--strict'], { cwd, stdio: 'inherit' });
  execFileSync('attw', ['--pack', '.', '--format', 'table-flipped'], { cwd, stdio: 'inherit' });
}
