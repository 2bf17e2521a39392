import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED, repoPath } from '../lib/paths.ts';

/**
 * Bundles the multi-file spec into one JSON document with Redocly, the same tool that lints it.
 * Components are not listed in spec/openapi.yaml: the bundle collects every entry the operations
 * reach and names it after the entry.
 */
export const bundleSpec = (): void => {
  const out = repoPath(GENERATED.bundle);
  execFileSync('redocly', ['bundle', repoPath('spec/openapi.yaml'), '--output', out, '--ext', 'json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const bundle = JSON.parse(readFileSync(out, 'utf8')) as { components?: Record<string, Record<string, unknown>> };
  // Redocly names each component after the entry it comes from and suffixes `-2` on a clash: two
  // files defining the same name would silently become two types, so a clash is an error.
  const clashes = Object.entries(bundle.components ?? {}).flatMap(([section, entries]) =>
    Object.keys(entries)
      .filter((name) => /-\d+$/.test(name))
      .map((name) => `components.${section}.${name}`),
  );
  if (clashes.length > 0)
    throw new Error(`Two spec entries share a name (bundled as ${clashes.join(', ')}); rename one.`);
  // Re-serialise so the committed bundle has a stable, diff-friendly layout.
  writeFileSync(out, `${JSON.stringify(bundle, null, 2)}\n`);
};
