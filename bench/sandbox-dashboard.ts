/**
 * What the sandbox's dashboard costs the requests: a category read (`GET /v1/categories/{id}`)
 * through `listen`, driven as `sandbox-http` drives it (10 keep-alive connections from a worker
 * thread), with no dashboard open and with the dashboard open in Chromium on its request list,
 * which follows every request live through the event stream; interleaved rounds of the same run.
 * Goal: ratio with / without ≥ 0.9 (decision 0078). The rate per second of the server's thread's
 * CPU time leaves out the browser, which shares the machine's cores; the rate by the wall clock
 * counts it. Skipped, saying so, where no Chromium is found.
 *
 *   npm run bench -- sandbox-dashboard
 */
import { type Browser, type Page, chromium } from 'playwright-core';
import { createMockService } from '@voucherkit/mock-server';
import { listen } from '@voucherkit/mock-server/node';
import { CHROMIUM_MISSING, findChromium } from '../examples/browser/scripts/chromium.mjs';
import { label, median } from './lib/measure.ts';
import { type Call, type Load, load } from './sandbox-http.ts';

const ROUNDS = 4;
const DURATION_S = 2;

export const sandboxDashboard = async (): Promise<string[]> => {
  const title = `Sandbox with its dashboard open (medians of ${ROUNDS} rounds of ${DURATION_S} s, each side first every other round, 10 keep-alive connections)`;
  const executablePath = findChromium();
  if (executablePath === undefined) return [title, `  skipped: ${CHROMIUM_MISSING}`];
  const service = createMockService({ seed: 'bench-dashboard' });
  const { state, keys } = service.projects.primary;
  const category = state.categories.create({ name: 'Bench', hierarchy: 1 });
  const call: Call = {
    method: 'GET',
    path: `/v1/categories/${category.id}`,
    headers: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken },
  };
  const sandbox = await listen(service, { port: 0 });
  const { managementId, managementToken } = service.management;
  const dashboard = `${sandbox.url}/_voucherkit/#${new URLSearchParams({ management_id: managementId, management_token: managementToken })}`;
  let browser: Browser | undefined;
  let followed = 0;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const page: Page = await browser.newPage({ viewport: { width: 1200, height: 720 } });
    const open = async (): Promise<void> => {
      const response = await page.goto(dashboard);
      if (response !== null && !response.ok())
        throw new Error(`The dashboard answered ${response.status()}: ${await response.text()}`);
      await page.getByText('live', { exact: true }).waitFor();
    };
    const runs = { none: [] as Load[], open: [] as Load[] };
    // A first run of each side warms the JIT up and is not counted.
    await load(sandbox.url, call, 1);
    await open();
    await load(sandbox.url, call, 1);
    const withNone = async (): Promise<void> => {
      await page.goto('about:blank');
      runs.none.push(await load(sandbox.url, call, DURATION_S));
    };
    const withOpen = async (): Promise<void> => {
      await open();
      runs.open.push(await load(sandbox.url, call, DURATION_S));
      // The page's list shows the newest requests it was told of, whichever the stream batched.
      await page.locator('tr[data-request-id]').first().waitFor();
      const shown = (await page.locator('.toolbar .muted').textContent()) ?? '';
      followed = Math.max(followed, Number(/^(\d+) requests/.exec(shown)?.[1] ?? 0));
    };
    // Each side goes first every other round, so that neither gains from coming after the other.
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        await withNone();
        await withOpen();
      } else {
        await withOpen();
        await withNone();
      }
    }
    const rates = (side: Load[]): string =>
      `${median(side.map((run) => run.wall)).toFixed(0)} requests/s (${median(side.map((run) => run.cpu)).toFixed(0)} per CPU second)`;
    const ratio = (by: keyof Load): string =>
      median(runs.open.map((run, index) => run[by] / (runs.none[index] as Load)[by])).toFixed(2);
    return [
      title,
      `  category read: GET /v1/categories/{id}`,
      `    ${label('no dashboard open')}${rates(runs.none)}`,
      `    ${label('dashboard open on the live request list')}${rates(runs.open)}`,
      `    ${label('ratio open / none (goal ≥ 0.9)')}${ratio('wall')} (by CPU time ${ratio('cpu')})`,
      `    ${label('requests the page kept listed')}${followed}`,
    ];
  } finally {
    await browser?.close();
    await sandbox.close();
  }
};
