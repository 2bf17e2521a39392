/**
 * Run by the mock-server's build after tsup, in the package's folder: writes the sandbox's
 * dashboard to `dist/dashboard/` (scripts/lib/dashboard-build.ts) and says how much it weighs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDashboard } from './lib/dashboard-build.ts';

const out = join(process.cwd(), 'dist', 'dashboard');
mkdirSync(out, { recursive: true });
for (const [name, text] of Object.entries(await buildDashboard())) {
  writeFileSync(join(out, name), text);
  console.log(`dist/dashboard/${name}: ${Buffer.byteLength(text)} bytes, ${gzipSync(text).byteLength} gzipped`);
}
