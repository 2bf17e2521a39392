import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

type BinEntry = Resource<'BinEntry'>;

/** The `filters` query of `GET /v1/trash-bin`, as the spec has it. */
export type BinListFilters = Resource<'BinListFilters'>;

type Field = 'id' | 'resource_type' | 'resource_name' | 'resource_id';
const FIELDS: readonly string[] = ['id', 'resource_type', 'resource_name', 'resource_id'] satisfies readonly Field[];

const asList = (operand: unknown): readonly unknown[] => (Array.isArray(operand) ? operand : [operand]);

/** The text operators of the spec's `FilterConditionsString`; every bin field always has a value. */
const OPERATORS: Readonly<Record<string, (value: string, operand: unknown) => boolean>> = {
  $is: (value, operand) => value === operand,
  $is_not: (value, operand) => value !== operand,
  $in: (value, operand) => asList(operand).includes(value),
  $not_in: (value, operand) => !asList(operand).includes(value),
  $has_value: () => true,
  $is_unknown: () => false,
  $starts_with: (value, operand) => value.startsWith(String(operand)),
  $ends_with: (value, operand) => value.endsWith(String(operand)),
  $contains: (value, operand) => value.includes(String(operand)),
  $not_contain: (value, operand) => !value.includes(String(operand)),
};

const unsupported = (details: string): ApiError =>
  new ApiError(400, 'invalid_query_params', 'Invalid query parameters', { details });

/**
 * Turns the bin's `filters` query into a test of one entry: conditions on `id`, `resource_type`,
 * `resource_name` and `resource_id` with the spec's text operators (`$is`, `$is_not`, `$in`,
 * `$not_in`, `$starts_with`, `$ends_with`, `$contains`, `$not_contain`, `$has_value`,
 * `$is_unknown`), all of a field's operators holding, fields combined by `junction` (AND by
 * default). The query is checked once, before any entry is tested. This is the one place to
 * hand over to a shared filter engine.
 *
 * @param filters - The parsed `filters` query, if any.
 * @returns A predicate over bin entries.
 * @throws ApiError 400 `invalid_query_params` for a field or operator the bin does not filter on.
 */
export const binFilter = (filters: BinListFilters | undefined): ((entry: BinEntry) => boolean) => {
  const { junction, ...fields } = filters ?? {};
  const tests: ((entry: BinEntry) => boolean)[] = [];
  for (const [field, spec] of Object.entries(fields as Record<string, unknown>)) {
    if (!FIELDS.includes(field))
      throw unsupported(
        `Query parameter filters[${field}] is not a filter of the bin; it filters on ${FIELDS.join(', ')}`,
      );
    const { conditions = {}, ...other } = (spec ?? {}) as { conditions?: Record<string, unknown> };
    const stray = Object.keys(other)[0];
    if (stray !== undefined)
      throw unsupported(
        `Query parameter filters[${field}][${stray}] is not supported; use filters[${field}][conditions]`,
      );
    const checks = Object.entries(conditions).map(([operator, operand]) => {
      const test = OPERATORS[operator];
      if (!test)
        throw unsupported(
          `Query parameter filters[${field}][conditions][${operator}] is not a condition of this filter`,
        );
      return (value: string) => test(value, operand);
    });
    if (checks.length > 0) tests.push((entry) => checks.every((check) => check(entry[field as Field])));
  }
  if (tests.length === 0) return () => true;
  return junction?.toUpperCase() === 'OR'
    ? (entry) => tests.some((test) => test(entry))
    : (entry) => tests.every((test) => test(entry));
};
