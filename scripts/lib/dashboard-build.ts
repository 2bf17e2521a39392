/**
 * The sandbox's dashboard, bundled from `packages/mock-server/src/dashboard/` into one minified
 * script and one style sheet (decision 0078): written to the mock-server's `dist/dashboard/` by
 * its build (`scripts/build-dashboard.ts`), and served as they come by a sandbox that runs from
 * the sources (`src/sandbox/dashboard-assets.ts`).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The dashboard's files as the browser loads them: the script and the style sheet. */
export interface DashboardFiles {
  readonly 'dashboard.js': string;
  readonly 'dashboard.css': string;
}

/** Bundles the dashboard's sources, in memory. */
export const buildDashboard = async (): Promise<DashboardFiles> => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../packages/mock-server/src/dashboard/main.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    outdir: 'dashboard',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const text = (extension: string): string =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return { 'dashboard.js': text('.js'), 'dashboard.css': text('.css') };
};
