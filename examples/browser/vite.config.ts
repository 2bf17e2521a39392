import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const publicDir = join(root, 'public');

/**
 * Writes MSW's `mockServiceWorker.js` into the public dir with msw's own CLI before every dev
 * server or build, so the served worker always matches the installed msw (a stale worker makes
 * `worker.start()` fail its integrity check). The file is generated, hence gitignored.
 */
const mswWorkerScript = (): Plugin => ({
  name: 'msw-worker-script',
  config(_config, env) {
    // `vite preview` serves the built files, which already hold the script.
    if (env.isPreview) return;
    const packageJson = createRequire(import.meta.url).resolve('msw/package.json');
    const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: { msw: string } };
    execFileSync(process.execPath, [join(dirname(packageJson), bin.msw), 'init', publicDir, '--no-save'], {
      cwd: root,
      stdio: 'pipe',
    });
  },
});

export default defineConfig({
  root,
  publicDir,
  plugins: [mswWorkerScript()],
  // The mock's chunk carries MSW, the stores and the domain (~600 kB minified); the app's first
  // chunk and the schemas' chunk are smaller.
  build: {
    chunkSizeWarningLimit: 800,
    // Two pages: the categories app with the mock in its Service Worker, and a page that calls
    // the HTTP sandbox from another origin.
    rolldownOptions: { input: { main: join(root, 'index.html'), sandbox: join(root, 'sandbox.html') } },
  },
});
