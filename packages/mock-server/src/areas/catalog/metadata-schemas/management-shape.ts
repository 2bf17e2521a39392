import { listBody, wholeList } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { MetadataSchema } from './store.js';

/**
 * A metadata schema as the management API shows it: the same schema as `/v1/metadata-schemas`,
 * with its definitions spelled in snake_case (`object_type`, `min_length` …).
 */
export type ManagementMetadataSchema = Resource<'ManagementMetadataSchema'>;

type ManagementProperties = ManagementMetadataSchema['properties'];
type StoredProperties = MetadataSchema['properties'];

/** The rules whose names the two APIs spell differently: management spelling → stored (`/v1`) spelling. */
const STORED_NAMES: Readonly<Record<string, string>> = {
  object_type: 'objectType',
  min_length: 'minLength',
  max_length: 'maxLength',
  exact_length: 'exactLength',
};
const MANAGEMENT_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(STORED_NAMES).map(([management, stored]) => [stored, management]),
);

const renamed = (definition: object, names: Readonly<Record<string, string>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(definition).map(([key, value]) => [names[key] ?? key, value]));

/**
 * Definitions of a management request in the spelling the store keeps (that of `/v1/metadata-schemas`).
 *
 * @param properties - Definitions keyed by attribute name, in snake_case.
 * @returns The same definitions in camelCase.
 */
export const storedDefinitions = (properties: ManagementProperties): StoredProperties =>
  Object.fromEntries(
    Object.entries(properties).map(([name, definition]) => [name, renamed(definition, STORED_NAMES)]),
  ) as StoredProperties;

/**
 * A stored schema as the management API answers it: definitions in snake_case, each with its
 * `array` flag and `object_type` (`false` and `null` when the schema was defined without them, as
 * the service's examples show), and `updated_at` `null` until the first change.
 *
 * @param schema - The stored schema.
 * @returns The management answer.
 */
export const managementMetadataSchema = (schema: MetadataSchema): ManagementMetadataSchema => ({
  id: schema.id,
  related_object: schema.related_object,
  properties: Object.fromEntries(
    Object.entries(schema.properties).map(([name, definition]) => [
      name,
      { array: false, object_type: null, ...renamed(definition, MANAGEMENT_NAMES) },
    ]),
  ) as ManagementProperties,
  allow_defined_only: schema.allow_defined_only,
  created_at: schema.created_at,
  updated_at: schema.updated_at ?? null,
  object: schema.object,
});

/**
 * Every schema as `GET …/metadata-schemas` of the management API lists them: ordered by
 * `related_object`, as the service's example list is.
 *
 * @param schemas - The project's stored schemas.
 * @returns The list answer.
 */
export const managementMetadataSchemaList = (
  schemas: readonly MetadataSchema[],
): Resource<'ManagementMetadataSchemaList'> => {
  const data = schemas
    .map(managementMetadataSchema)
    .sort((a, b) => (a.related_object < b.related_object ? -1 : a.related_object > b.related_object ? 1 : 0));
  return listBody('data', wholeList(data), ['total']);
};
