/**
 * Checks every published package the way a consumer's tooling sees it: its package.json has what
 * the registry's page shows (keywords, homepage, bugs, repository) and publishes it public, its
 * tarball carries a README, the licence and the changelog and stays under its size limit, publint checks the
 * package layout, and @arethetypeswrong/cli, with its default profile, the types of every entry
 * point under every module resolution it knows (node10, node16 from CJS and from ESM, bundler).
 * scripts/check-install.ts then installs the tarballs and uses them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoPath } from './lib/paths.ts';

/**
 * Each published package with the most its files may weigh unpacked, in bytes as npm counts them
 * (`unpackedSize`; npm prints a million bytes as 1 MB). Decision 0071 says what a tarball carries.
 */
const PACKAGES: Record<string, number> = {
  'packages/domain': 1_500_000,
  'packages/client': 2_000_000,
  'packages/mock-server': 5_000_000,
};
/** Files every tarball must hold, whatever `files` in package.json says. */
const REQUIRED_FILES = ['README.md', 'LICENSE', 'CHANGELOG.md'];
/** How many of a tarball's largest files the check prints. */
const LARGEST_SHOWN = 5;

/** The fields of package.json that the registry's page shows, and how it is published. */
interface RegistryFields {
  readonly keywords?: readonly string[];
  readonly homepage?: string;
  readonly bugs?: { readonly url?: string };
  readonly repository?: { readonly url?: string; readonly directory?: string };
  readonly publishConfig?: { readonly access?: string };
}

/** What the package.json in `dir` lacks of what the registry's page shows and of a public publish. */
const missingRegistryFields = (dir: string, manifest: RegistryFields): string[] =>
  [
    (manifest.keywords?.length ?? 0) > 0 ? '' : 'keywords',
    manifest.homepage ? '' : 'homepage',
    manifest.bugs?.url ? '' : 'bugs.url',
    manifest.repository?.url ? '' : 'repository.url',
    manifest.repository?.directory === dir ? '' : `repository.directory "${dir}"`,
    manifest.publishConfig?.access === 'public' ? '' : 'publishConfig.access "public"',
  ].filter((field) => field !== '');

interface Tarball {
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

/** What `npm pack` would put in the package's tarball, and its sizes. */
const tarball = (cwd: string): Tarball => {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8' });
  const [packed] = JSON.parse(output) as Tarball[];
  if (packed === undefined) throw new Error(`npm pack listed no tarball in ${cwd}`);
  return packed;
};

/** A size as npm prints it: a million bytes are 1 MB, a thousand 1 kB. */
const size = (bytes: number): string =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1_000).toFixed(1)} kB`;

for (const [dir, limit] of Object.entries(PACKAGES)) {
  const cwd = repoPath(dir);
  console.log(`\n▶ ${dir}`);
  const manifest = JSON.parse(readFileSync(repoPath(`${dir}/package.json`), 'utf8')) as RegistryFields;
  const lacking = missingRegistryFields(dir, manifest);
  if (lacking.length > 0) {
    console.error(`${dir}/package.json lacks ${lacking.join(', ')}: the registry's page shows them.`);
    process.exit(1);
  }
  console.log('package.json has keywords, homepage, bugs, repository and public access');
  const packed = tarball(cwd);
  console.log(
    `unpacked ${size(packed.unpackedSize)} (limit ${size(limit)}), packed ${size(packed.size)}, ${packed.files.length} files; the largest:`,
  );
  for (const file of [...packed.files].sort((a, b) => b.size - a.size).slice(0, LARGEST_SHOWN))
    console.log(`  ${size(file.size).padStart(9)}  ${file.path}`);
  if (packed.unpackedSize > limit) {
    console.error(
      `${dir} weighs ${size(packed.unpackedSize)} unpacked, over its limit of ${size(limit)}: see what its largest files carry (decision 0071).`,
    );
    process.exit(1);
  }
  const files = packed.files.map((file) => file.path);
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
