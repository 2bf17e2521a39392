/**
 * A consumer of the published packages, which scripts/check-install.ts type-checks and runs as a
 * Vitest 4 test in a fresh project where the tarballs are installed beside MSW: the client
 * typed by its keys, the mock behind MSW, the domain, and the mock's matchers on Vitest's `expect`.
 */
import { createClient } from '@voucherkit/client';
import { isDomainError, parseScopes } from '@voucherkit/domain';
import { createMockService, type MockServerMatchers, mockServerMatchers } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

// The typing that the mock's matchers document for Vitest 4 and 5 alike.
/* eslint-disable @typescript-eslint/no-namespace, @typescript-eslint/no-empty-object-type -- chai's types are a namespace */
declare global {
  namespace Chai {
    interface Assertion extends MockServerMatchers<void> {}
  }
}
/* eslint-enable @typescript-eslint/no-namespace, @typescript-eslint/no-empty-object-type */
expect.extend(mockServerMatchers);

const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } });
const server = setupServer(...service.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const { baseUrl } = service;
const { appId, appToken, clientAppId, clientToken } = service.projects.primary.keys;
const { managementId, managementToken } = service.management;

test('each kind of keys makes the calls it may', async () => {
  const app = createClient({ baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
  await app.customers.create({ source_id: 'ana' });
  const browser = createClient({ baseUrl, auth: { type: 'client', clientAppId, clientToken }, retry: false });
  await browser.clientSide.validateStackable({ redeemables: [{ object: 'voucher', id: 'NONE' }] });
  const admin = createClient({ baseUrl, auth: { type: 'management', managementId, managementToken }, retry: false });
  await admin.management.projects.list();
  const scoped = createClient({
    baseUrl,
    auth: { type: 'oauth', appId, appToken, scopes: ['categories'] },
    retry: false,
  });
  await scoped.categories.list();
  await scoped.close();
  // @ts-expect-error: client-side keys cannot read a voucher, a server operation
  const refused = () => browser.vouchers.get('NONE');
  expect(refused).toBeTypeOf('function');

  expect(service).toHaveReceived('createCustomer', { source_id: 'ana' });
  expect(service).toHaveReceivedTimes('validateStackedDiscountsClientSide', 1);
  expect(service).toHaveAnswered('listProjects', 200);
  expect(service).toHaveAnswered('listCategories', 200);
});

test('the domain throws the service error keys', () => {
  expect(() => parseScopes('', ['api'])).toThrow(expect.objectContaining({ key: 'invalid_scope' }));
  expect(isDomainError(new Error('other'))).toBe(false);
});
