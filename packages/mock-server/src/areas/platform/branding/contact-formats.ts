import { ApiError } from '../../../http/api-error.js';

/** The parts of a brand request whose format the service checks: its links and its email. */
export interface BrandContactFields {
  /** Name and links; only the links are checked. */
  readonly brand?:
    | {
        readonly privacy_policy_url?: string | null;
        readonly terms_of_use_url?: string | null;
        readonly website_url?: string | null;
      }
    | undefined;
  /** Contact details; only the email is checked. */
  readonly contact?: { readonly email?: string | undefined } | undefined;
}

const LINKS = ['privacy_policy_url', 'terms_of_use_url', 'website_url'] as const;
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//iu;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/**
 * Whether a link is a web address. The scheme may be left out: the service's own example of a
 * brand has `website_url: "voucherify.io"`.
 */
const isWebAddress = (value: string): boolean => {
  if (/\s/u.test(value)) return false;
  try {
    const url = new URL(SCHEME.test(value) ? value : `https://${value}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * Refuses a brand whose links are not web addresses or whose email is not an address. The
 * service's description of the brand requests says each link "must be a valid URL format" and the
 * email "a valid email format". A link left out, `null` or empty is not checked: it names no page.
 *
 * @param input - A brand as created or the changes to one.
 * @throws ApiError 400 `invalid_payload` naming the first field in the wrong format.
 */
export const assertBrandContactFormats = (input: BrandContactFields): void => {
  for (const link of LINKS) {
    const value = input.brand?.[link];
    if (typeof value === 'string' && value !== '' && !isWebAddress(value))
      throw ApiError.invalidPayload(`Property .brand.${link} should be a valid url`);
  }
  const email = input.contact?.email;
  if (email !== undefined && !EMAIL.test(email))
    throw ApiError.invalidPayload('Property .contact.email should be a valid email');
};
