import { DomainError } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { Cell } from '../../../core/history/cell.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { assertBrandContactFormats } from './contact-formats.js';

/** A project's brand configuration as the API returns it (`brd_…`). */
export type Brand = Resource<'Brand'>;

/** A new brand as `POST /management/v1/projects/{projectId}/branding` takes it. */
export type BrandInput = Resource<'BrandCreateRequest'>;

/** Changes to a brand (`PUT …/branding/{brandingId}`): only the fields sent change. */
export type BrandChanges = Resource<'BrandUpdateRequest'>;

/**
 * The permission reminder of a brand created without one, the `default` of `BrandCreateRequest`
 * in the spec. The request parser fills it for a field left out; the store fills it for `null`,
 * which the answer's `permission_reminder` (a string) cannot show.
 */
const DEFAULT_PERMISSION_REMINDER = 'You are receiving this email because you opted in at our website.';

/** The brand of one project: a project has one at most, so the list has zero or one item. */
export class BrandStore {
  /** The project's brand, if it has one; `null` for none (a value an image can hold). */
  readonly #brand: Cell<Brand | null>;

  /** @param context - The service's ids. */
  constructor(private readonly context: ServiceContext) {
    this.#brand = context.tracked.cell<Brand | null>(null);
  }

  /** The project's brand, if it has one (zero or one item). */
  list(): Brand[] {
    const brand = this.#brand.value;
    return brand ? [brand] : [];
  }

  /**
   * The project's brand, by its id.
   * @throws ApiError 404 when the id is not the project's brand.
   */
  get(id: string): Brand {
    const brand = this.#brand.value;
    if (brand?.id !== id) throw ApiError.notFound('brand', id);
    return brand;
  }

  /**
   * Sets the project's brand; links and phone left out are `null`.
   * @throws DomainError `duplicate_found` (409) when the project has a brand already (the service
   *   allows one per project); ApiError 400 for a link or an email in the wrong format.
   */
  create(input: BrandInput): Brand {
    const existing = this.#brand.value;
    if (existing) {
      throw new DomainError('duplicate_found', 'Duplicated resource found', {
        details: `The project already has a brand (${existing.id}); a project has one at most, so update that one instead.`,
      });
    }
    assertBrandContactFormats(input);
    const { brand, address, contact } = input;
    const created: Brand = {
      id: this.context.ids('brd'),
      brand: {
        name: brand.name,
        privacy_policy_url: brand.privacy_policy_url ?? null,
        terms_of_use_url: brand.terms_of_use_url ?? null,
        permission_reminder: brand.permission_reminder ?? DEFAULT_PERMISSION_REMINDER,
        website_url: brand.website_url ?? null,
      },
      address: {
        street: address.street,
        city: address.city,
        postal: address.postal,
        state: address.state ?? null,
        country: address.country,
      },
      contact: { email: contact.email, phone: contact.phone ?? null },
    };
    this.#brand.value = created;
    return created;
  }

  /**
   * Changes the fields sent and keeps the others; a link, the postal code or the phone sent as
   * `null` is cleared.
   * @throws ApiError 404 when the id is not the project's brand; 400 for a link or an email in the wrong format.
   */
  update(id: string, changes: BrandChanges): Brand {
    const current = this.get(id);
    assertBrandContactFormats(changes);
    const updated: Brand = {
      ...current,
      brand: { ...current.brand, ...changes.brand },
      address: { ...current.address, ...changes.address },
      contact: { ...current.contact, ...changes.contact },
    };
    this.#brand.value = updated;
    return updated;
  }

  /**
   * Removes the project's brand for good; a new one may then be created.
   * @throws ApiError 404 when the id is not the project's brand.
   */
  delete(id: string): void {
    this.get(id);
    this.#brand.value = null;
  }
}
