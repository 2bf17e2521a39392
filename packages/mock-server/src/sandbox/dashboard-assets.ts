import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/** The dashboard's files as the browser loads them: the script and the style sheet. */
interface DashboardFiles {
  readonly 'dashboard.js': string;
  readonly 'dashboard.css': string;
}

/** The type of each file the dashboard serves. */
const TYPES: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
};

/** The page: its script and style sheet, by their paths under the control API's prefix. */
const page = (prefix: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Voucherkit sandbox</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${prefix}/dashboard.css">
<script type="module" src="${prefix}/dashboard.js"></script>
</head>
<body><main id="app"><p>Loading the dashboard…</p></main></body>
</html>
`;

/**
 * The dashboard's script and style sheet: from `dist/dashboard/`, where the package's build wrote
 * them, or, when the sandbox runs from the TypeScript sources (a checkout without a build), bundled
 * from the sources with esbuild on first use.
 */
const loadFiles = async (): Promise<DashboardFiles> => {
  // From the sources, the module's URL is a `.ts` file's (tsx may add a query to it).
  if (new URL(import.meta.url).pathname.endsWith('.ts')) {
    // In a checkout: the repository's build of the dashboard, which the package never carries.
    const builder = new URL('../../../../scripts/lib/dashboard-build.ts', import.meta.url).href;
    const { buildDashboard } = (await import(builder)) as { buildDashboard: () => Promise<DashboardFiles> };
    return buildDashboard();
  }
  const read = (name: keyof DashboardFiles) => readFile(new URL(`./dashboard/${name}`, import.meta.url), 'utf8');
  return { 'dashboard.js': await read('dashboard.js'), 'dashboard.css': await read('dashboard.css') };
};

/**
 * The dashboard's files, served by the HTTP sandbox under the control API's prefix: the page at
 * the prefix itself (`/_voucherkit/`), its script and its style sheet beside it. The files are
 * read (or bundled) with the first request for one of them and kept.
 *
 * @param prefix - The control API's prefix, after the base URL's path (`/_voucherkit`).
 * @returns A server of the files: `false` for a path that is none of them.
 */
export const dashboardAssets = (prefix: string) => {
  let files: Promise<Readonly<Record<string, string>>> | undefined;
  const pathOf = (name: string): string => (name === 'index.html' ? `${prefix}/` : `${prefix}/${name}`);
  const names = new Map(Object.keys(TYPES).map((name) => [pathOf(name), name]));
  names.set(prefix, 'index.html');
  return (method: string, path: string, outgoing: ServerResponse): boolean => {
    const name = names.get(path);
    if (name === undefined || (method !== 'GET' && method !== 'HEAD')) return false;
    files ??= loadFiles().then((loaded) => ({ ...loaded, 'index.html': page(prefix) }));
    void files
      .then((loaded) => {
        const body = loaded[name] ?? '';
        outgoing.writeHead(200, {
          'content-type': TYPES[name] ?? 'application/octet-stream',
          'content-length': String(Buffer.byteLength(body)),
          'cache-control': 'no-cache',
        });
        outgoing.end(method === 'HEAD' ? undefined : body);
      })
      .catch((error: unknown) => {
        files = undefined;
        // A dist/ built by tsup alone lacks the dashboard: the package's `build` script adds it.
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        const message = `The dashboard could not be loaded: ${error instanceof Error ? error.message : String(error)}\n${missing ? "Its files are built by the package's build: run `npm run build` in a checkout, or reinstall @voucherkit/mock-server.\n" : ''}`;
        outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
      });
    return true;
  };
};
