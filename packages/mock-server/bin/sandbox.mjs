#!/usr/bin/env node
// Starts the mock service as a local HTTP sandbox with demo data (see README: `npm start`);
// `--help` lists its options.
// An installed package runs its build. In a checkout of the repository that has no build, the
// sources run as they are, through tsx and the package's tsconfig (decision 0073).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/sandbox.js', import.meta.url);
const sources = new URL('../src/sandbox.ts', import.meta.url);

const load = async () => {
  if (existsSync(built)) return import(built.href);
  if (!existsSync(sources)) throw new Error(`${fileURLToPath(built)} is missing: reinstall @voucherkit/mock-server.`);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(sources.href, {
    parentURL: import.meta.url,
    tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
  });
};

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const { main } = await load();
await main(process.argv.slice(2), version);
