import { DEFAULT_CODE_CHARSET } from '@voucherkit/domain';
import type { Resource } from './resource.js';

/**
 * A project's settings as the management API shows them (`GET /management/v1/projects/{projectId}`),
 * without the id. Stored whole and replaced on every change, never changed in place.
 *
 * @example
 * ```ts
 * const { timezone, currency, webhook_token } = service.projects.primary.config;
 * ```
 */
export type ProjectConfig = Omit<Resource<'Project'>, 'id'>;

/**
 * The settings a new project may name (`POST /management/v1/projects`); the rest take the
 * service's defaults.
 *
 * @example
 * ```ts
 * const input: ProjectConfigInput = { name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'EUR' };
 * ```
 */
export type ProjectConfigInput = Partial<Omit<Resource<'ProjectCreateRequest'>, 'users'>>;

/**
 * Changes to a project's settings (`PUT /management/v1/projects/{projectId}`): only the fields
 * sent change.
 *
 * @example
 * ```ts
 * const changes: ProjectConfigChanges = { timezone: 'America/New_York', client_redeem_enabled: true };
 * ```
 */
export type ProjectConfigChanges = Resource<'ProjectUpdateRequest'>;

/** Characters of generated codes in a project whose codes ignore letter case: digits and capitals. */
const CASE_INSENSITIVE_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

type Notifications = ProjectConfig['api_usage_notifications'];

/** A usage warning that is off, as a new project's are until someone adds addresses. */
const OFF: Notifications['redemptions'] = { enabled: false, value: 80, emails: [], in_app: false };

const DEFAULT_NOTIFICATIONS: Notifications = {
  redemptions: OFF,
  messages: OFF,
  api_calls: OFF,
  bulk_api_calls: OFF,
  webhook_calls: OFF,
  cycle_calls: OFF,
};

const DEFAULT_CALLOUTS: ProjectConfig['webhooks_callout_notifications'] = {
  distributions: { email: false, in_app: false, emails: [] },
  webhooks: { email: false, in_app: false, emails: [] },
};

/** The default characters of generated codes: every letter of both cases, or capitals only when case does not count. */
const defaultCharset = (caseSensitive: boolean): string =>
  caseSensitive ? DEFAULT_CODE_CHARSET : CASE_INSENSITIVE_CHARSET;

/**
 * A new project's settings: what `input` names, and the service's defaults for the rest (UTC,
 * EUR, case-sensitive codes in cluster `eu1`, every client-side permission off, usage warnings
 * off, webhook payloads of v2024-01-01).
 *
 * @param input - Settings the request named.
 * @param fixed - What the service decides itself: the project's name when none is given, whether it
 *   is the sandbox project, and its webhook secret.
 * @returns The settings, ready to store.
 */
export const newProjectConfig = (
  input: ProjectConfigInput,
  fixed: { readonly name?: string; readonly isSandbox: boolean; readonly webhookToken: string },
): ProjectConfig => {
  const caseSensitive = input.case_sensitive_codes ?? true;
  return {
    name: input.name ?? fixed.name ?? 'Project',
    ...(input.description === undefined ? {} : { description: input.description }),
    timezone: input.timezone ?? 'UTC',
    currency: input.currency ?? 'EUR',
    dial_code: input.dial_code ?? null,
    webhook_version: input.webhook_version ?? 'v2024-01-01',
    client_trusted_domains: input.client_trusted_domains ?? [],
    client_redeem_enabled: input.client_redeem_enabled ?? false,
    client_publish_enabled: input.client_publish_enabled ?? false,
    client_list_vouchers_enabled: input.client_list_vouchers_enabled ?? false,
    client_create_customer_enabled: input.client_create_customer_enabled ?? false,
    client_loyalty_events_enabled: input.client_loyalty_events_enabled ?? false,
    client_set_voucher_expiration_date_enabled: input.client_set_voucher_expiration_date_enabled ?? false,
    webhooks_callout_notifications: input.webhooks_callout_notifications ?? DEFAULT_CALLOUTS,
    api_usage_notifications: { ...DEFAULT_NOTIFICATIONS, ...input.api_usage_notifications },
    cluster_id: input.cluster_id ?? 'eu1',
    case_sensitive_codes: caseSensitive,
    api_version: input.api_version ?? 'v2018-08-01',
    is_sandbox: fixed.isSandbox,
    webhook_token: fixed.webhookToken,
    default_code_config: { charset: defaultCharset(caseSensitive) },
  };
};

/**
 * The settings after a change: each field sent replaces the stored one, a usage warning replaces
 * only its own entry, and a `null` charset brings back the default characters. The code
 * case-sensitivity, the cluster, the API version, the sandbox mark and the webhook secret stay as they were.
 *
 * @param current - The stored settings.
 * @param changes - The fields of the request.
 * @returns New settings; `current` is left as it was.
 */
export const changedProjectConfig = (current: ProjectConfig, changes: ProjectConfigChanges): ProjectConfig => {
  const { api_usage_notifications: notifications, default_code_config: codes, ...rest } = changes;
  const sent = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const charset = codes?.charset === undefined ? current.default_code_config?.charset : codes.charset;
  return {
    ...current,
    ...sent,
    // Fixed at creation, whatever a request carries.
    cluster_id: current.cluster_id,
    case_sensitive_codes: current.case_sensitive_codes,
    api_version: current.api_version,
    is_sandbox: current.is_sandbox,
    ...(current.webhook_token === undefined ? {} : { webhook_token: current.webhook_token }),
    api_usage_notifications: { ...current.api_usage_notifications, ...notifications },
    default_code_config: { charset: charset ?? defaultCharset(current.case_sensitive_codes) },
  };
};
