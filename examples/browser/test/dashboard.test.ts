import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM_MISSING, findChromium } from '../scripts/chromium.mjs';

// The sandbox of `npm start`, as a user starts it (its build, its demo data, its banner), and its
// dashboard driven by a real headless Chromium. With VOUCHERKIT_SCREENSHOTS=1 the test also
// writes the screenshots of docs/guides/sandbox.md, at a fixed viewport.
const bin = fileURLToPath(new URL('../../../packages/mock-server/bin/sandbox.mjs', import.meta.url));
const screenshots = new URL('../../../docs/guides/images/', import.meta.url);
const VIEWPORT = { width: 1200, height: 720 };

let sandbox: ChildProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let receiver: Server | undefined;
const received: string[] = [];
let banner = '';
let dashboardUrl = '';
let baseUrl = '';
let keys: Record<string, string> = {};

/** The banner's value of a label, such as `X-App-Id`. */
const bannerValue = (label: string): string => new RegExp(`^ {2}${label} +(\\S+)$`, 'm').exec(banner)?.[1] ?? '';

/** A call of the sandbox's API with the demo project's server keys, as curl would send it. */
const api = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'X-App-Id': keys['appId'] ?? '',
      'X-App-Token': keys['appToken'] ?? '',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
};

const shot = async (name: string): Promise<void> => {
  if (process.env['VOUCHERKIT_SCREENSHOTS'] !== '1') return;
  await page.screenshot({ path: fileURLToPath(new URL(`dashboard-${name}.png`, screenshots)) });
};

const view = async (id: string): Promise<void> => {
  await page.getByRole('navigation').getByRole('link', { name: id }).click();
};

beforeAll(async () => {
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error(CHROMIUM_MISSING);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));

  sandbox = spawn(process.execPath, [bin], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    sandbox?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Press Ctrl+C')) resolve(out);
    });
    sandbox?.once('exit', (code) => reject(new Error(`The sandbox stopped (${code}) before it listened:\n${out}`)));
  });
  dashboardUrl = /^Dashboard: (\S+)$/m.exec(banner)?.[1] ?? '';
  baseUrl = bannerValue('Base URL');
  keys = { appId: bannerValue('X-App-Id'), appToken: bannerValue('X-App-Token') };

  browser = await chromium.launch({
    // The system's Chromium: tests never download a browser.
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
  page.setDefaultTimeout(10_000);
  await page.goto(dashboardUrl);
  await page.getByText('live', { exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  sandbox?.kill();
  await new Promise((resolve) => receiver?.close(resolve));
});

test('the banner prints the address of the dashboard, which takes the keys from its fragment', () => {
  expect(dashboardUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_voucherkit\/#management_id=/);
  // The page keeps the keys for the tab and drops them from the address bar.
  expect(page.url()).toMatch(/\/_voucherkit\/#requests$/);
});

test('a request sent with curl appears in the request list, and opens to its answer and a curl command', async () => {
  await api('GET', '/v1/categories');
  const row = page.locator('tr[data-request-id]', { hasText: 'listCategories' }).first();
  await row.waitFor();
  await api('GET', '/v1/customers/nobody');
  await page.locator('tr[data-request-id]', { hasText: 'getCustomer' }).waitFor();
  await page.getByRole('searchbox', { name: 'Status' }).fill('404');
  await expect.poll(() => page.locator('tr[data-request-id]').count()).toBe(1);
  await page.getByRole('searchbox', { name: 'Status' }).fill('');
  await row.click();
  const detail = page.getByRole('region', { name: 'Request' });
  await detail.getByText('Seasonal').first().waitFor();
  expect(await detail.getByLabel('curl').textContent()).toBe(
    `curl -H 'X-App-Id: ${keys['appId']}' -H 'X-App-Token: ${keys['appToken']}' '${baseUrl}/v1/categories'`,
  );
  await shot('requests');
});

test('a delivery appears and is resent; a target is added for chosen events', async () => {
  await view('Webhooks');
  const target = `http://127.0.0.1:${(receiver?.address() as AddressInfo).port}/hooks`;
  await page.getByLabel('Target URL').fill(target);
  await page.getByLabel('customer.created').check();
  await page.getByRole('button', { name: 'Add target' }).click();
  await page.getByRole('cell', { name: target }).first().waitFor();
  await api('POST', '/v1/customers', { source_id: 'dashboard@example.com', name: 'Dana' });
  const delivered = page.locator('tr[data-delivery-id]', { hasText: 'DELIVERED' });
  await delivered.first().waitFor();
  expect(received).toHaveLength(1);
  await delivered.first().click();
  const detail = page.getByRole('region', { name: 'Delivery' });
  await detail.getByText('dashboard@example.com').first().waitFor();
  await detail.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => delivered.count()).toBe(2);
  expect(received).toHaveLength(2);
  expect(JSON.parse(received[1] ?? '')).toMatchObject({
    type: 'customer.created',
    data: { customer: { name: 'Dana' } },
  });
  await shot('webhooks');
});

test("a card's chart shows its points", async () => {
  // Ana's card has 75 points from the demo data; 40 more make a second step.
  const ana = await api('GET', '/v1/customers/ana@example.com');
  const { vouchers } = (await api('GET', `/v1/vouchers?customer=${String(ana['id'])}`)) as {
    vouchers: { code: string; type: string }[];
  };
  const card = vouchers.find((voucher) => voucher.type === 'LOYALTY_CARD')?.code ?? '';
  await api('POST', `/v1/loyalties/members/${card}/balance`, { points: 40 });
  await view('Data');
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.locator('tr[data-id]', { hasText: 'ana@example.com' }).click();
  const chart = page.getByRole('img', { name: /^Points of .* over time$/ });
  await chart.waitFor();
  expect(
    await chart.locator('circle').evaluateAll((dots) => dots.map((dot) => dot.getAttribute('data-value'))),
  ).toEqual(['75', '115']);
  await shot('data');
});

test('advancing the clock shows a voucher as expired in the data view', async () => {
  const clock = (await (
    await fetch(`${baseUrl}/_voucherkit/clock`, {
      headers: Object.fromEntries(
        ['X-Management-Id', 'X-Management-Token'].map((label) => [label, bannerValue(label)]),
      ),
    })
  ).json()) as { now: string };
  const expires = new Date(Date.parse(clock.now) + 2 * 86_400_000).toISOString();
  await api('POST', '/v1/vouchers/SOON-GONE', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 5 },
    expiration_date: expires,
  });
  await view('Data');
  await page.getByRole('tab', { name: 'Vouchers' }).click();
  // A voucher opens to its redemptions: the demo's WELCOME10 was redeemed once.
  await page.locator('tr[data-id]', { hasText: 'WELCOME10' }).click();
  const voucher = page.getByRole('region', { name: 'Item' });
  await voucher.getByText('redeemed 1 times').waitFor();
  expect(await voucher.locator('tbody tr').count()).toBe(1);
  const row = page.locator('tr[data-id]', { hasText: 'SOON-GONE' });
  await row.getByText('ACTIVE').waitFor();
  await view('Time and state');
  await page.getByRole('button', { name: '+7d' }).click();
  await view('Data');
  await row.getByText('EXPIRED').waitFor();
});

test('a snapshot is taken, downloaded and loaded back', async () => {
  await view('Time and state');
  await page.getByRole('button', { name: 'Take a snapshot' }).click();
  const taken = page.locator('tr[data-snapshot]').first();
  await taken.waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    taken.getByRole('button', { name: 'Download' }).click(),
  ]);
  const file = await download.path();
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 'voucherkit-snapshot' });
  await api('POST', '/v1/customers', { source_id: 'after-the-snapshot@example.com' });
  expect(download.suggestedFilename()).toBe('voucherkit-snap_1.json');
  await page.getByLabel('Load a file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: await readFile(file),
  });
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.getByRole('status').getByText('Loaded voucherkit-snap_1.json as snap_2.').waitFor();
  const customers = (await api('GET', '/v1/customers?limit=100')) as { customers: { source_id: string }[] };
  expect(customers.customers.map((customer) => customer.source_id)).not.toContain('after-the-snapshot@example.com');
  expect(customers.customers.map((customer) => customer.source_id)).toContain('dashboard@example.com');
  await shot('time');
});

test('each project shows its keys, copyable', async () => {
  await view('Projects and keys');
  const project = page.locator('section[data-project]').first();
  await project.getByText(keys['appToken'] ?? '').waitFor();
  expect(await project.getByRole('button', { name: 'Copy' }).count()).toBe(6);
});
