import type { ProjectConfig } from '../core/project-config.js';
import type { OperationId } from '../generated/routes.js';
import { ApiError } from './api-error.js';
import type { RequestHeaders } from './incoming-request.js';

/** The project switches of client-side features that the mock's client-side operations use; each is off by default. */
type ClientSwitch =
  | 'client_redeem_enabled'
  | 'client_loyalty_events_enabled'
  | 'client_publish_enabled'
  | 'client_list_vouchers_enabled'
  | 'client_create_customer_enabled';

/** What each switch turns on, as a refusal names it. */
const FEATURES: Readonly<Record<ClientSwitch, string>> = {
  client_redeem_enabled: 'Redemption with client keys',
  client_loyalty_events_enabled: 'Custom events for loyalty and referral programmes from the client side',
  client_publish_enabled: 'Publication with client keys',
  client_list_vouchers_enabled: 'Listing vouchers with client keys',
  client_create_customer_enabled: 'Creating customers with client keys',
};

/** The switch a client-side request needs, by operation; operations not listed need none. */
const SWITCHES: Partial<Record<OperationId, (body: unknown) => ClientSwitch | undefined>> = {
  redeemStackedDiscountsClientSide: () => 'client_redeem_enabled',
  redeemVoucherClientSide: () => 'client_redeem_enabled',
  createPublicationClientSide: () => 'client_publish_enabled',
  listVouchersClientSide: () => 'client_list_vouchers_enabled',
  createCustomerClientSide: () => 'client_create_customer_enabled',
  trackCustomEventClientSide: (body) => {
    const { loyalty, referral } = (body ?? {}) as { loyalty?: unknown; referral?: unknown };
    return (loyalty ?? referral) === undefined ? undefined : 'client_loyalty_events_enabled';
  },
};

const forbidden = (details: string): ApiError => new ApiError(403, 'forbidden', 'Forbidden', { details });

/**
 * Whether an origin (`https://shop.example.com:8443`) is one of the allowed website addresses:
 * an address names a scheme and host (and port), or a host alone for any scheme; `*.example.com`
 * allows the subdomains of example.com, and `*` every origin.
 */
const allowedOrigin = (origin: string, trusted: readonly string[]): boolean => {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return trusted.some((entry) => {
    if (entry === '*') return true;
    if (entry.startsWith('*.')) return url.hostname.endsWith(entry.slice(1));
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
    try {
      const allowed = new URL(withScheme ? entry : `${url.protocol}//${entry}`);
      return allowed.protocol === url.protocol && allowed.host === url.host;
    } catch {
      return false;
    }
  });
};

/**
 * Checks a client-side request against its project's settings, as the service does before it
 * runs one (decision 0054):
 * - once the project names allowed website addresses (`client_trusted_domains`), the request's
 *   `Origin` must be one of them; a project that names none lets every origin in, so that tests
 *   outside a browser need no setup;
 * - redemption needs `client_redeem_enabled`, publication `client_publish_enabled`, listing
 *   vouchers `client_list_vouchers_enabled`, creating customers `client_create_customer_enabled`,
 *   and a custom event with `loyalty` or `referral` needs `client_loyalty_events_enabled`; all are
 *   off in a new project.
 *
 * @param path - The operation's path template; only `/client/…` operations are checked.
 * @throws ApiError 403 `forbidden`, whose details name the setting.
 */
export const checkClientAccess = (
  operationId: OperationId,
  path: string,
  headers: RequestHeaders,
  body: unknown,
  config: ProjectConfig,
): void => {
  if (!path.startsWith('/client/')) return;
  const trusted = config.client_trusted_domains ?? [];
  if (trusted.length > 0) {
    const origin = headers.get('origin');
    if (origin === null)
      throw forbidden(
        'The request has no Origin header; the project takes client-side requests only from its allowed website addresses (client_trusted_domains).',
      );
    if (!allowedOrigin(origin, trusted))
      throw forbidden(
        `The origin ${origin} is not one of the project's allowed website addresses (client_trusted_domains).`,
      );
  }
  const needed = SWITCHES[operationId]?.(body);
  if (needed !== undefined && config[needed] !== true)
    throw forbidden(`${FEATURES[needed]} is not enabled in the project's settings (${needed}).`);
};
