/**
 * Fails when the docs site leaves something out. Every export of every public entry point (each
 * subpath of each package's `exports` but `./internals`) needs a summary and an `@example`; every
 * property and method of an exported class or interface needs a summary; every markdown page of
 * docs/ must be a page of the site. Reads the reflections that the same `npm run docs` writes as JSON
 * (typedoc.json's `json` output, outside the site: decision 0070), so it judges exactly what the
 * site shows.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONOutput } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import { packageEntries } from './lib/package-entries.ts';
import { repoPath } from './lib/paths.ts';

/** Where typedoc.json has `npm run docs` write the reflections. */
const REFLECTIONS = (
  JSON.parse(readFileSync(repoPath('typedoc.json'), 'utf8')) as { outputs: { name: string; path: string }[] }
).outputs.find((output) => output.name === 'json')?.path;
/**
 * Eight times what the JSON weighs today and a fifth of the longest string Node can hold, which
 * typedoc writes the JSON from: a larger file means types are copied at every use again (0022).
 */
const MAX_REFLECTIONS_BYTES = 100_000_000;
/** Where the site is written; its pages are output, not sources. */
const SITE = 'docs/api';
const PACKAGES = ['packages/client', 'packages/domain', 'packages/mock-server'];
/** What the site is built from: reflections older than any of these are stale. */
const SOURCES = [
  'typedoc.json',
  'scripts/typedoc-plugin.mjs',
  'scripts/typedoc',
  'docs',
  ...PACKAGES.flatMap((dir) => [`${dir}/src`, `${dir}/typedoc.json`, `${dir}/package.json`]),
];
/**
 * Generated types whose members are the spec's paths, schemas, operations and events
 * (openapi-typescript's, and the resource API's maps of list paths): the spec's descriptions
 * document those, not TSDoc. The types themselves are still checked.
 */
const GENERATED_TYPES: Readonly<Record<string, readonly string[]>> = {
  '@voucherkit/client': ['paths', 'components', 'operations', 'webhooks', 'ListItems', 'ListParameters'],
};

type Declaration = JSONOutput.DeclarationReflection;

const newestChange = (path: string): number => {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined || path === repoPath(SITE)) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
};

/** Repository-relative paths of the markdown files under `dir`, the site's own output excepted. */
const markdownPages = (dir: string): string[] =>
  readdirSync(repoPath(dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === SITE ? [] : markdownPages(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });

const readReflections = (): JSONOutput.ProjectReflection => {
  if (REFLECTIONS === undefined) {
    console.error('typedoc.json has no `json` output: check:docs reads the reflections from it.');
    process.exit(1);
  }
  const file = repoPath(REFLECTIONS);
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined || SOURCES.some((source) => newestChange(repoPath(source)) > stats.mtimeMs)) {
    console.error(`${REFLECTIONS} is missing or older than the sources; run \`npm run docs\` first.`);
    process.exit(1);
  }
  if (stats.size > MAX_REFLECTIONS_BYTES) {
    console.error(
      `${REFLECTIONS} has ${Math.round(stats.size / 1e6)} MB, over ${MAX_REFLECTIONS_BYTES / 1e6} MB: some type is copied where it is used instead of linked (docs/decisions/0022).`,
    );
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as JSONOutput.ProjectReflection;
};

/**
 * The import specifier of every public entry point of a package: `@voucherkit/mock-server/node` for
 * `./node`. `./internals`, of the packages' own use and outside semver, is not on the site
 * (decision 0064).
 */
const entryPointsOf = (dir: string): string[] =>
  packageEntries(repoPath(dir))
    .filter((entry) => !entry.internal)
    .map((entry) => entry.specifier);

/** Every comment typedoc may show for a reflection: its own, its signatures', its accessors'. */
const commentsOf = (reflection: Declaration): JSONOutput.Comment[] =>
  [
    reflection.comment,
    ...(reflection.signatures ?? []).map((signature) => signature.comment),
    reflection.getSignature?.comment,
    reflection.setSignature?.comment,
  ].filter((comment): comment is JSONOutput.Comment => comment !== undefined);

const hasSummary = (reflection: Declaration): boolean =>
  commentsOf(reflection).some((comment) => comment.summary.some((part) => part.text.trim() !== ''));

const hasExample = (reflection: Declaration): boolean =>
  commentsOf(reflection).some((comment) => comment.blockTags?.some((tag) => tag.tag === '@example') ?? false);

const MEMBER_KINDS = new Set<ReflectionKind>([ReflectionKind.Property, ReflectionKind.Method, ReflectionKind.Accessor]);
const CONTAINER_KINDS = new Set<ReflectionKind>([ReflectionKind.Class, ReflectionKind.Interface]);

const project = readReflections();
const problems: string[] = [];
const missing = (where: string, what: string): void => {
  problems.push(`  ${where}: ${what}`);
};

for (const dir of PACKAGES) {
  const expected = entryPointsOf(dir);
  const packageName = expected[0] ?? dir;
  const documented = project.children?.find((child) => child.name === packageName);
  if (documented === undefined) {
    missing(packageName, 'not in the site (typedoc.json entryPoints)');
    continue;
  }
  // A package with one entry point is itself the module; with several, each is a child module.
  const modules =
    expected.length === 1
      ? [documented]
      : (documented.children ?? []).filter((child) => child.kind === ReflectionKind.Module);
  for (const entry of expected) {
    if (!modules.some((module) => module.name === entry))
      missing(entry, 'entry point not in the site (typedoc entryPoints, `@module` name)');
  }
  const generated = new Set(GENERATED_TYPES[packageName] ?? []);
  for (const module of modules) {
    // References re-export a declaration that is checked where it is declared.
    for (const symbol of (module.children ?? []).filter((child) => child.kind !== ReflectionKind.Reference)) {
      const where = `${module.name} › ${symbol.name}`;
      if (!hasSummary(symbol)) missing(where, 'no summary');
      if (!hasExample(symbol)) missing(where, 'no @example');
      if (!CONTAINER_KINDS.has(symbol.kind) || generated.has(symbol.name)) continue;
      for (const member of symbol.children ?? []) {
        // Inherited members are checked on the class or interface that declares them.
        if (!MEMBER_KINDS.has(member.kind) || member.inheritedFrom !== undefined) continue;
        if (!hasSummary(member)) missing(`${where}.${member.name}`, 'no summary');
      }
    }
  }
}

// Pages of the site are the files that typedoc registered for a reflection (documents, readmes).
const registry = project.files ?? { entries: {}, reflections: {} };
const pages = new Set<string>(
  Object.entries(registry.entries).flatMap(([id, path]) => (id in registry.reflections ? [path] : [])),
);
for (const page of markdownPages('docs')) {
  if (!pages.has(page)) missing(page, 'not a page of the site (typedoc.json projectDocuments)');
}

if (problems.length > 0) {
  console.error(`${problems.length} documentation gaps (exports need a summary and an @example, members a summary):`);
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  'Every export has a summary and an example, every member of an exported class or interface a summary, every page of docs/ is in the site.',
);
