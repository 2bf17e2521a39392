/**
 * Loads each entry point given on the command line as ES module (`import()`) and as CommonJS
 * (`require`), and checks that both builds export the same names. scripts/check-install.ts runs
 * it on the lowest Node the packages declare, in a fresh project where the tarballs are installed.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const names = (module) =>
  Object.keys(module)
    .filter((name) => name !== 'default' && name !== 'module.exports')
    .sort();

let failed = false;
for (const specifier of process.argv.slice(2)) {
  const esm = names(await import(specifier));
  const cjs = names(require(specifier));
  const onlyEsm = esm.filter((name) => !cjs.includes(name));
  const onlyCjs = cjs.filter((name) => !esm.includes(name));
  if (onlyEsm.length > 0 || onlyCjs.length > 0) {
    failed = true;
    console.error(
      `✗ ${specifier}: only in ESM: ${onlyEsm.join(', ') || '-'}; only in CJS: ${onlyCjs.join(', ') || '-'}`,
    );
  } else console.log(`✓ ${specifier}: import() and require() give the same ${esm.length} exports`);
}
if (failed) process.exit(1);
