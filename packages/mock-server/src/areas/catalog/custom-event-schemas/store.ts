import { DomainError, assertValidMetadata } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

/**
 * A custom event schema as the API returns it (`ms_…`): a custom event's name and the attributes
 * (metadata) its events may carry.
 */
export type CustomEventSchema = Resource<'CustomEventSchema'>;

/** A new custom event schema as `POST …/custom-event-schemas` takes it. */
export type CustomEventSchemaInput = Resource<'CustomEventSchemaCreateRequest'>;

/** Changes to a custom event schema (`PUT …/custom-event-schemas/{customEventSchemaId}`). */
export type CustomEventSchemaChanges = Resource<'CustomEventSchemaBase'>;

type Properties = NonNullable<CustomEventSchemaChanges['schema']>['properties'];

/**
 * The custom events of one project, by name, with the attributes each may carry. Tracked events
 * (`POST /v1/events`) whose name has a schema have their metadata checked against it.
 */
export class CustomEventSchemaStore {
  readonly #items: TrackedMap<string, CustomEventSchema>;

  /** @param context - The service's ids and clock. */
  constructor(private readonly context: ServiceContext) {
    this.#items = context.tracked.map();
  }

  /** All schemas, newest first (the order of the service's example list). */
  list(): CustomEventSchema[] {
    return [...this.#items.values()].reverse();
  }

  /**
   * The schema with this id.
   * @throws ApiError 404 when the project has no such schema.
   */
  get(id: string): CustomEventSchema {
    const schema = this.#items.get(id);
    if (!schema) throw ApiError.notFound('custom_event_schema', id);
    return schema;
  }

  /** The schema of the custom event with this name, if the project defines it. */
  findByName(name: string): CustomEventSchema | undefined {
    return [...this.#items.values()].find((schema) => schema.name === name);
  }

  /**
   * Defines a custom event; its attributes may be none (`schema.properties` is `{}`).
   * @throws DomainError `duplicate_found` (409) when the project defines that name already.
   */
  create(input: CustomEventSchemaInput): CustomEventSchema {
    const taken = this.findByName(input.name);
    if (taken) {
      throw new DomainError('duplicate_found', 'Duplicated resource found', {
        details: `A custom event schema named "${input.name}" already exists (${taken.id}); update it instead.`,
      });
    }
    const schema: CustomEventSchema = {
      id: this.context.ids('ms'),
      name: input.name,
      schema: { properties: input.schema.properties },
      created_at: this.context.timestamp(),
      object: 'custom-event-schema',
    };
    this.#items.set(schema.id, schema);
    return schema;
  }

  /**
   * Adds or replaces the attributes sent; the others stay as they are. Unlike a metadata
   * schema's, an attribute's type may change; `deleted: true` retires an attribute.
   * @throws ApiError 404 when the project has no such schema.
   */
  update(id: string, changes: CustomEventSchemaChanges): CustomEventSchema {
    const current = this.get(id);
    const properties: Properties = { ...current.schema?.properties, ...changes.schema?.properties };
    const updated: CustomEventSchema = { ...current, schema: { properties }, updated_at: this.context.timestamp() };
    this.#items.set(id, updated);
    return updated;
  }

  /**
   * Removes a schema for good; events of its name are no longer checked.
   * @throws ApiError 404 when the project has no such schema.
   */
  delete(id: string): void {
    this.#items.delete(this.get(id).id);
  }

  /**
   * Checks a tracked event's metadata against the schema of its name: each attribute has its
   * type, and each one that is not optional is present; retired attributes are not checked, and
   * attributes the schema does not name are allowed. An event whose name has no schema is not
   * checked (decision 0042).
   *
   * @param name - The event's name (`event` of `POST /v1/events`).
   * @param metadata - The event's metadata.
   * @returns The schema the event follows, if its name has one.
   * @throws DomainError `metadata_validation_failed` (400) naming every violation.
   */
  checkEvent(
    name: string,
    metadata: Readonly<Record<string, unknown>> | null | undefined,
  ): CustomEventSchema | undefined {
    const schema = this.findByName(name);
    if (schema) assertValidMetadata(metadata, { properties: schema.schema?.properties ?? {} });
    return schema;
  }
}
