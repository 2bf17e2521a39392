import { patchMetadata } from '@voucherkit/domain/internals';
import type { Resource } from '../../../core/resource.js';
import { sharedWhenEmpty } from '../../../core/immutable.js';

/** A customer as the API returns it. */
export type Customer = Resource<'CustomerWithSummaryLoyaltyReferral'>;

/**
 * The editable profile fields of a customer, as create, update and bulk requests send them.
 *
 * @example
 * ```ts
 * const profile: CustomerProfile = { name: 'Ana', address: { city: 'Porto' }, metadata: { vip: true } };
 * ```
 */
export type CustomerProfile = Resource<'CustomerBase'>;

/**
 * A customer in a request: an object with the customer's data, named by `id` or `source_id`, or
 * the id or `source_id` as a plain string (the spec's `Customer`).
 */
export type CustomerReference = Resource<'Customer'>;

type Address = NonNullable<Customer['address']>;

/**
 * The address after a change: `null` clears it, an object changes the parts it names (a part
 * sent as `null` is cleared), and the top-level `country` some callers send fills
 * `address.country` when the address does not name one.
 */
const nextAddress = (current: Customer['address'], patch: CustomerProfile): Customer['address'] | undefined => {
  if (patch.address === null) return null;
  let address: Address | undefined =
    patch.address === undefined ? (current ?? undefined) : { ...current, ...patch.address };
  if (patch.country !== undefined && (address?.country === undefined || address.country === null)) {
    address = { ...address, country: patch.country };
  }
  return address;
};

/**
 * Applies the fields a request sends to a customer's profile and leaves the others as they are.
 * `birthday` (deprecated) fills `birthdate` when that is not sent; `Name` fills `name` likewise.
 *
 * @param current - The customer before the change.
 * @param patch - The profile fields sent.
 * @returns The customer with the new profile; `updated_at` is not touched.
 */
export const applyProfile = <T extends Customer>(current: T, patch: CustomerProfile): T => {
  const next: T = { ...current };
  const name = patch.name ?? patch.Name;
  if (name !== undefined) next.name = name;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.email !== undefined) next.email = patch.email;
  if (patch.phone !== undefined) next.phone = patch.phone;
  const birthdate = patch.birthdate ?? patch.birthday;
  if (birthdate !== undefined) next.birthdate = birthdate;
  const address = nextAddress(current.address, patch);
  if (address === undefined) delete next.address;
  else next.address = address;
  if (patch.metadata !== undefined) next.metadata = sharedWhenEmpty(patchMetadata(current.metadata, patch.metadata));
  return next;
};

const PROFILE_FIELDS = ['name', 'description', 'email', 'phone', 'birthdate', 'address', 'metadata'] as const;

/**
 * Whether two versions of a customer differ in a profile field: what decides whether a change
 * is a profile change that sends `customer.updated`.
 *
 * @param before - The customer before the change.
 * @param after - The customer after it.
 * @returns `true` when a profile field changed.
 */
export const profileChanged = (before: Customer, after: Customer): boolean =>
  PROFILE_FIELDS.some(
    // The same value (a field the change left alone) is the same JSON: only the others are written out.
    (field) =>
      before[field] !== after[field] && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  );

/**
 * A customer in the short form that events and other objects embed (the spec's `SimpleCustomer`).
 *
 * @param customer - A stored customer.
 * @returns The short form.
 */
export const simpleCustomer = (
  customer: Customer,
): Resource<'SimpleCustomer'> & { name: string | null; email: string | null; metadata: Record<string, unknown> } => ({
  id: customer.id,
  source_id: customer.source_id,
  name: customer.name ?? null,
  email: customer.email ?? null,
  metadata: sharedWhenEmpty(customer.metadata),
  object: 'customer',
});
