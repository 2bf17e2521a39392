import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Page, type Request, chromium } from 'playwright-core';
import { createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { type HttpSandbox, listen } from '@voucherkit/mock-server/node';
import { type PreviewServer, build, preview } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM_MISSING, findChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

let server: PreviewServer | undefined;
let context: BrowserContext | undefined;
let userDataDir: string | undefined;
let origin = '';

// The app is built and served as it would be deployed, then driven by a real headless Chromium.
beforeAll(async () => {
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error(CHROMIUM_MISSING);
  await build({ root, logLevel: 'warn' });
  server = await preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: true } });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview reported no local address');
  origin = new URL(url).origin;

  userDataDir = await mkdtemp(join(tmpdir(), 'voucherkit-example-browser-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    // The system's Chromium: tests never download a browser.
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir !== undefined) await rm(userDataDir, { recursive: true, force: true });
});

const openApp = async (browser: BrowserContext): Promise<Page> => {
  const page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(origin);
  await page.locator('#status', { hasText: /Mock service ready|did not start/ }).waitFor();
  if (!(await page.locator('#status').textContent())?.includes('ready')) {
    throw new Error(`The app did not start: ${(await page.getByRole('alert').textContent()) ?? ''}`);
  }
  // startMockWorker resolved, so the worker is active and controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  return page;
};

const createCategory = async (page: Page, name: string, hierarchy: number): Promise<void> => {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Hierarchy').fill(String(hierarchy));
  await page.getByRole('button', { name: 'Create' }).click();
};

test('creates and lists categories through the mock in the Service Worker, and shows its errors', async () => {
  if (context === undefined) throw new Error('Chromium did not start');
  const requests: Request[] = [];
  const failed: string[] = [];
  const pageErrors: string[] = [];
  context.on('request', (request) => requests.push(request));
  context.on('requestfailed', (request) =>
    failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`),
  );
  context.on('weberror', (error) => pageErrors.push(error.error().message));
  const page = await openApp(context);

  await createCategory(page, 'Summer', 1);
  await page.locator('#categories li', { hasText: 'Summer' }).waitFor();
  await createCategory(page, 'Clearance', 2);
  await page.locator('#categories li', { hasText: 'Clearance' }).waitFor();
  // The service lists newest first.
  expect(await page.locator('#categories li').allTextContents()).toEqual([
    'Clearance (hierarchy 2)',
    'Summer (hierarchy 1)',
  ]);

  await createCategory(page, 'Summer', 3);
  await page.getByRole('alert').filter({ hasText: 'duplicate_found' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toBe(
    '409 duplicate_found: A category named "Summer" already exists.',
  );
  expect(await page.locator('#categories li').count()).toBe(2);

  // Nothing left the page for a real network: every request went to the page's own origin, and
  // every API call was answered by the Service Worker.
  expect(failed).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(
    requests.map((request) => new URL(request.url()).origin).filter((requestOrigin) => requestOrigin !== origin),
  ).toEqual([]);
  const apiCalls = requests.filter((request) => new URL(request.url()).pathname.startsWith('/api/'));
  expect(apiCalls.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([
    'GET /api/v1/categories',
    'POST /api/v1/categories',
    'GET /api/v1/categories',
    'POST /api/v1/categories',
    'GET /api/v1/categories',
    'POST /api/v1/categories',
  ]);
  for (const call of apiCalls) expect((await call.response())?.fromServiceWorker()).toBe(true);
});

test('a page of another origin validates a code through the HTTP sandbox with client-side keys', async () => {
  if (context === undefined) throw new Error('Chromium did not start');
  const service = createMockService();
  const sandbox: HttpSandbox = await listen(service, { port: 0 });
  try {
    // The page's origin and the sandbox's differ by port: every call is cross-origin, preflighted
    // for the client's X-Client-* and X-Voucherify-Channel headers.
    expect(new URL(sandbox.url).origin).not.toBe(origin);
    const { appId, appToken, clientAppId, clientToken } = service.projects.primary.keys;
    const server = createClient({ baseUrl: sandbox.url, auth: { type: 'server', appId, appToken } });
    await server.vouchers.create('BROWSER10', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
    });

    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto(`${origin}/sandbox.html`);
    const check = async (url: string, code: string): Promise<void> => {
      await page.getByLabel('Sandbox URL').fill(url);
      await page.getByLabel('X-Client-Application-Id').fill(clientAppId);
      await page.getByLabel('X-Client-Token').fill(clientToken);
      await page.getByLabel('Code').fill(code);
      await page.getByLabel('Order amount (minor units)').fill('25000');
      await page.getByRole('button', { name: 'Validate' }).click();
    };

    await check(sandbox.url, 'BROWSER10');
    await page.getByRole('status').filter({ hasText: 'Valid' }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Valid: 2500 off');
    expect(failed).toEqual([]);

    await check(sandbox.url, 'NO-SUCH-CODE');
    await page.getByRole('status').filter({ hasText: 'Not valid' }).waitFor();

    // Nothing listens there: the browser reports no more than a failed fetch, and the client's
    // error names the URL and the likely causes.
    const closed = await listen(createMockService(), { port: 0 });
    await closed.close();
    await check(closed.url, 'BROWSER10');
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Could not reach' }).waitFor();
    expect(await alert.textContent()).toContain(`POST ${closed.url}/client/v1/validations`);
    expect(await alert.textContent()).toContain('CORS');
    await page.close();
  } finally {
    await sandbox.close();
  }
});
