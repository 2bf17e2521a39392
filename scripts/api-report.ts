/**
 * Writes the API report of every public entry point (`npm run api`), or, with `--check`
 * (`npm run check:api`, part of `npm test`), fails when a committed report differs from the
 * entry's API, naming the entry and showing the difference (decision 0065).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { apiReports, compilerOptions, reportFiles, reportProblems } from './lib/api-report.ts';
import { publishedPackages } from './lib/package-entries.ts';
import { repoPath } from './lib/paths.ts';

const root = repoPath('.');
const packages = publishedPackages(root);
const started = performance.now();
const reports = apiReports(root, packages, compilerOptions(root));
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(1);

if (process.argv.includes('--check')) {
  const problems = reportProblems(root, packages, reports);
  if (problems.length > 0) {
    console.error(problems.join('\n\n'));
    console.error(
      '\nThe public API changed: run `npm run api`, review the reports and commit them' +
        ' (a change users see also needs a changeset).',
    );
    process.exit(1);
  }
  console.log(`API reports are up to date (${reports.size} entry points, ${seconds()}s).`);
} else {
  for (const file of packages.flatMap(reportFiles))
    if (!reports.has(file)) {
      rmSync(file);
      console.log(`removed ${relative(root, file)}`);
    }
  for (const [file, { text }] of reports) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`API reports written (${reports.size} entry points, ${seconds()}s).`);
}
