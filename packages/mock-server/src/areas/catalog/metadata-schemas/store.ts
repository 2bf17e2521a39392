import { DomainError, assertValidMetadata } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { ApiError } from '../../../http/api-error.js';
import type { Resource } from '../../../core/resource.js';

/** A metadata schema as the API returns it. */
export type MetadataSchema = Resource<'MetadataSchema'>;
type Properties = MetadataSchema['properties'];

/**
 * Metadata schemas of one project, one per resource type (`related_object`). A schema is
 * addressed by its id or by the name of the resource type it describes.
 */
export class MetadataSchemaStore {
  readonly #items: TrackedMap<string, MetadataSchema>;

  constructor(private readonly context: ServiceContext) {
    this.#items = context.tracked.map();
  }

  /** All schemas, oldest first. */
  list(): MetadataSchema[] {
    return [...this.#items.values()];
  }

  /** The schema with this id or for this resource type, if any. */
  find(idOrResource: string): MetadataSchema | undefined {
    return (
      this.#items.get(idOrResource) ??
      [...this.#items.values()].find((schema) => schema.related_object === idOrResource)
    );
  }

  /**
   * The schema with this id or for this resource type.
   * @throws ApiError 404 when there is no such schema.
   */
  get(idOrResource: string): MetadataSchema {
    const schema = this.find(idOrResource);
    if (!schema) throw ApiError.notFound('metadata_schema', idOrResource);
    return schema;
  }

  /**
   * Creates the schema of a resource type.
   * @throws DomainError `duplicate_found` when that resource type already has one, or the name is a schema id.
   */
  create(
    relatedObject: string,
    input: { properties: Properties; allow_defined_only?: boolean | undefined },
  ): MetadataSchema {
    if (relatedObject.startsWith('ms_') || this.find(relatedObject)) {
      throw new DomainError('duplicate_found', 'Duplicated resource found', {
        details: `A metadata schema for "${relatedObject}" already exists; update it instead.`,
      });
    }
    const schema: MetadataSchema = {
      id: this.context.ids('ms'),
      related_object: relatedObject,
      properties: input.properties,
      allow_defined_only: input.allow_defined_only ?? false,
      created_at: this.context.timestamp(),
      object: 'metadata_schema',
    };
    this.#items.set(schema.id, schema);
    return schema;
  }

  /**
   * Adds or replaces the given properties; properties not named stay as they are. A definition
   * sent replaces the stored one whole, but keeps its type: "You cannot change the type of an
   * existing schema", says the reference of the management update, which manages these schemas.
   *
   * @throws ApiError 404 when there is no such schema; 400 `invalid_payload` when a definition's type would change.
   */
  update(
    idOrResource: string,
    patch: { properties?: Properties | undefined; allow_defined_only?: boolean | undefined },
  ): MetadataSchema {
    const current = this.get(idOrResource);
    for (const [name, definition] of Object.entries(patch.properties ?? {})) {
      const stored = current.properties[name];
      if (stored && stored.type !== definition.type) {
        throw ApiError.invalidPayload(
          `Property .properties.${name}.type cannot be changed from ${stored.type} to ${definition.type}`,
        );
      }
    }
    const updated: MetadataSchema = {
      ...current,
      properties: { ...current.properties, ...patch.properties },
      ...(patch.allow_defined_only === undefined ? {} : { allow_defined_only: patch.allow_defined_only }),
      updated_at: this.context.timestamp(),
    };
    this.#items.set(updated.id, updated);
    return updated;
  }

  /**
   * Checks the metadata of a resource against the schema of its type; without a schema for
   * that type, any metadata is valid.
   *
   * @param relatedObject - The resource type (`customer`, `product`, `order` …).
   * @param metadata - The metadata the resource will have.
   * @throws DomainError `metadata_validation_failed` naming every violation.
   */
  assertValid(relatedObject: string, metadata: Readonly<Record<string, unknown>> | null | undefined): void {
    const schema = [...this.#items.values()].find((candidate) => candidate.related_object === relatedObject);
    if (schema) assertValidMetadata(metadata, schema as Parameters<typeof assertValidMetadata>[1]);
  }

  /**
   * Removes a schema; metadata of that resource type is no longer checked.
   * @throws ApiError 404 when there is no such schema.
   */
  delete(idOrResource: string): void {
    this.#items.delete(this.get(idOrResource).id);
  }
}
