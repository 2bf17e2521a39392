/**
 * Run by each package's build after tsup, in the package's folder: keeps one copy of the
 * declarations of each entry point of its `exports` that can do with one
 * (scripts/lib/declarations-once.ts), and says which.
 */
import { basename, join } from 'node:path';
import { declarationsOnce } from './lib/declarations-once.ts';
import { packageEntries } from './lib/package-entries.ts';

const packageDir = process.cwd();
const entries = packageEntries(packageDir).map((entry) => basename(entry.source, '.ts'));
for (const entry of declarationsOnce(join(packageDir, 'dist'), entries))
  console.log(
    entry.shared
      ? `DTS ${entry.name}: one copy, dist/${entry.name}.d.ts re-exports dist/${entry.name}.d.cts`
      : `DTS ${entry.name}: ESM and CJS copies, as it imports ${entry.packages.join(', ') || 'a default export'}`,
  );
