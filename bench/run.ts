/**
 * `npm run bench`: the project's performance figures, each measured against a reference or a
 * target in the same run (these machines are shared and noisy, so ratios and per-run figures are
 * what count). Runs against the built packages, as an app would; `npm run bench` passes
 * `--expose-gc` so the memory figures count live data only.
 */
import { PARTS, SECTIONS, type Section } from './sections.ts';

// With names (`node --expose-gc bench/run.ts loyalty-nightly lists`), only those sections or parts.
const named = process.argv.slice(2);
const known: Readonly<Record<string, Section>> = { ...SECTIONS, ...PARTS };
const unknown = named.filter((name) => !(name in known));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; the names are: ${Object.keys(known).join(', ')}`);
  process.exit(2);
}
// Each section prints as soon as it is done, so a long or failing run still shows what it measured.
console.log('Voucherkit benchmark');
for (const name of named.length > 0 ? named : Object.keys(SECTIONS))
  console.log(`\n${(await (known[name] as Section)()).join('\n')}`);
