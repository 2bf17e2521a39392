import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED, repoPath } from '../lib/paths.ts';

/** Bundles the multi-file spec into one JSON document with Redocly, the same tool that lints it. */
export const bundleSpec = (): void => {
  const out = repoPath(GENERATED.bundle);
  execFileSync('redocly', ['bundle', repoPath('spec/openapi.yaml'), '--output', out, '--ext', 'json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  // Re-serialise so the committed bundle has a stable, diff-friendly layout.
  writeFileSync(out, `${JSON.stringify(JSON.parse(readFileSync(out, 'utf8')), null, 2)}\n`);
};
