import { compileFilter } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { sortByOrder } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

/** A location as the API returns it. */
export type Location = Resource<'Location'>;

/** The list parameters of `GET /v1/locations` that the store applies. */
export interface LocationListQuery {
  /** Sort key; default `-created_at`, newest first. */
  readonly order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | undefined;
  /** The `filters` deep-object parameter as parsed from the query. */
  readonly filters?: unknown;
  /** Only locations created before this moment. */
  readonly endDate?: string | undefined;
}

/**
 * Locations of one project: named areas (a circle or a GeoJSON polygon) that `$in_location`
 * conditions refer to. The API only reads them; the dashboard draws them, so tests and the
 * sandbox add them with {@link create}.
 */
export class LocationStore {
  readonly #items: TrackedMap<string, Location>;

  constructor(private readonly context: ServiceContext) {
    this.#items = context.tracked.map();
  }

  /**
   * Adds a location, as the dashboard does.
   *
   * @param input - Its name and shape.
   * @returns The location.
   */
  create(input: Pick<Location, 'name' | 'shape'>): Location {
    const location: Location = {
      id: this.context.ids('loc'),
      object: 'location',
      name: input.name,
      shape: input.shape,
      created_at: this.context.timestamp(),
      updated_at: null,
    };
    this.#items.set(location.id, location);
    return location;
  }

  /**
   * The location with this id, if any.
   *
   * @param id - The location's id (`loc_…`).
   * @returns The location, or `undefined`.
   */
  find(id: string): Location | undefined {
    return this.#items.get(id);
  }

  /**
   * The location with this id.
   *
   * @param id - The location's id (`loc_…`).
   * @returns The location.
   * @throws ApiError 404.
   */
  get(id: string): Location {
    const location = this.find(id);
    if (!location) throw ApiError.notFound('location', id);
    return location;
  }

  /**
   * The locations that match the list's parameters, in the asked order (newest first by default).
   *
   * @param query - Order, filters and end date.
   * @returns The locations.
   * @throws DomainError `invalid_query_params` naming the offending part of `filters`.
   */
  list(query: LocationListQuery = {}): Location[] {
    const matches = compileFilter(query.filters, {
      source: { in: 'query', parameter: 'filters' },
      fields: ['name', 'created_at', 'updated_at'],
      now: this.context.clock.now(),
    });
    const end = query.endDate === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.endDate);
    const kept = [...this.#items.values()].filter(
      (location) => Date.parse(location.created_at) < end && matches(location),
    );
    return sortByOrder(kept, query.order ?? '-created_at');
  }
}
