import { DomainError } from '../domain-error.js';
import { readGeoPoint } from './geo-location.js';
import { daysInMonth } from '../time/zone.js';

/**
 * The value types a metadata property can have.
 *
 * @example
 * ```ts
 * const type: MetadataPropertyType = 'datetime';
 * ```
 */
export type MetadataPropertyType =
  | 'string'
  | 'number'
  | 'object'
  | 'date'
  | 'datetime'
  | 'geopoint'
  | 'boolean'
  | 'image_url';

/**
 * The rules of one metadata property, as a metadata schema's `properties` map holds them. Only
 * `type` is needed; every constraint that is absent or `null` does not apply.
 *
 * @example
 * ```ts
 * const rule: MetadataPropertyRules = { type: 'string', optional: false, maxLength: 20 };
 * ```
 */
export interface MetadataPropertyRules {
  /** Value type; with `array: true`, the type of each element. */
  readonly type: MetadataPropertyType;
  /** `false` makes the property required; absent means optional. */
  readonly optional?: boolean | null | undefined;
  /** The value is a list of values of `type`. */
  readonly array?: boolean | null | undefined;
  /** A retired definition: it is not enforced and does not count as defined. */
  readonly deleted?: boolean | null | undefined;
  /** For `object` values, the name of the nested schema describing them. */
  readonly objectType?: string | null | undefined;
  /** Shortest allowed string, in characters. */
  readonly minLength?: number | null | undefined;
  /** Longest allowed string, in characters. */
  readonly maxLength?: number | null | undefined;
  /** Required string length, in characters. */
  readonly exactLength?: number | null | undefined;
  /** The only values a string or number may take. */
  readonly eq?: readonly unknown[] | null | undefined;
  /** Numbers the value must not take. */
  readonly ne?: readonly number[] | null | undefined;
  /** A number must be below this. */
  readonly lt?: number | null | undefined;
  /** A number must be at most this. */
  readonly lte?: number | null | undefined;
  /** A number must be above this. */
  readonly gt?: number | null | undefined;
  /** A number must be at least this. */
  readonly gte?: number | null | undefined;
}

/**
 * The parts of a metadata schema that validation reads.
 *
 * @example
 * ```ts
 * const schema: MetadataSchemaRules = {
 *   properties: { location_id: { type: 'string', array: true, eq: ['L1', 'L2'] } },
 *   allow_defined_only: true,
 * };
 * ```
 */
export interface MetadataSchemaRules {
  /** One rule per property, keyed by the property name. */
  readonly properties: Readonly<Record<string, MetadataPropertyRules>>;
  /** When `true`, properties the schema does not define are rejected. */
  readonly allow_defined_only?: boolean | null | undefined;
}

/**
 * Options of {@link findMetadataViolations}.
 *
 * @example
 * ```ts
 * const options: MetadataValidationOptions = { resolveObjectType: (name) => nestedSchemas.get(name) };
 * ```
 */
export interface MetadataValidationOptions {
  /**
   * Looks up the nested schema named by an `object` property's `objectType`. Without it, or
   * when it returns `undefined`, an `object` value is only checked for being an object.
   */
  readonly resolveObjectType?: ((objectType: string) => MetadataSchemaRules | undefined) | undefined;
}

/**
 * Which rule a metadata value breaks: a missing required property (`required`), a property the
 * schema does not define under `allow_defined_only` (`not_defined`), a wrong value type
 * (`type`) or shape (`array`), or one of the named constraints.
 *
 * @example
 * ```ts
 * const reason: MetadataViolationReason = 'maxLength';
 * ```
 */
export type MetadataViolationReason =
  | 'required'
  | 'not_defined'
  | 'type'
  | 'array'
  | 'minLength'
  | 'maxLength'
  | 'exactLength'
  | 'eq'
  | 'ne'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte';

/**
 * One way in which metadata breaks its schema.
 *
 * @example
 * ```ts
 * const violation: MetadataViolation = {
 *   property: 'tags',
 *   path: 'tags[1]',
 *   reason: 'type',
 *   message: 'must be a string (actual value is 7)',
 * };
 * ```
 */
export interface MetadataViolation {
  /** The top-level metadata property concerned. */
  readonly property: string;
  /** Where exactly: the property, an array element (`tags[1]`) or a nested field (`payment.method`). */
  readonly path: string;
  /** The rule broken. */
  readonly reason: MetadataViolationReason;
  /** What is wrong, in the service's wording, for example `must be a string (actual value is 7)`. */
  readonly message: string;
}

const TYPE_NAMES: Readonly<Record<MetadataPropertyType, string>> = {
  string: 'a string',
  number: 'a number',
  object: 'an object',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'an ISO 8601 date and time',
  geopoint: 'a geopoint (latitude, longitude)',
  boolean: 'a boolean',
  image_url: 'a URL pointing to JPG/JPEG or PNG resource',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))$/u;
const IMAGE_PATH = /\.(?:jpe?g|png)$/iu;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCalendarDate = (year: number, month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

const isDate = (value: string): boolean => {
  const match = DATE.exec(value);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
};

const isDatetime = (value: string): boolean => {
  const match = DATETIME.exec(value);
  if (match === null) return false;
  const [, year, month, day, hour, minute, second = '0', offsetHour = '0', offsetMinute = '0'] = match;
  return (
    isCalendarDate(Number(year), Number(month), Number(day)) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHour) <= 23 &&
    Number(offsetMinute) <= 59
  );
};

const isGeopoint = (value: unknown): boolean => readGeoPoint(value) !== undefined;

const isImageUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && IMAGE_PATH.test(url.pathname);
  } catch {
    return false;
  }
};

const hasType = (value: unknown, type: MetadataPropertyType): boolean => {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'date':
      return typeof value === 'string' && isDate(value);
    case 'datetime':
      return typeof value === 'string' && isDatetime(value);
    case 'geopoint':
      return isGeopoint(value);
    case 'image_url':
      return typeof value === 'string' && isImageUrl(value);
  }
};

const show = (value: unknown): string => {
  if (typeof value === 'string') return `'${value}'`;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
};

const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

interface Location {
  readonly property: string;
  readonly path: string;
}

type Check = (value: unknown, at: Location) => MetadataViolation[];

/** A constraint that is set on the rule, and whether the value keeps it. */
type Constraint = readonly [reason: MetadataViolationReason, applies: boolean, holds: () => boolean, text: string];

const broken = (value: unknown, at: Location, constraints: readonly Constraint[]): MetadataViolation[] =>
  constraints
    .filter(([, applies, holds]) => applies && !holds())
    .map(([reason, , , text]) => ({ ...at, reason, message: `${text} (actual value is ${show(value)})` }));

const allowedValues = (rule: MetadataPropertyRules): readonly unknown[] => (isSet(rule.eq) ? rule.eq : []);

/** Length and equality constraints of strings; lengths count Unicode characters, not UTF-16 units. */
const stringViolations = (value: string, rule: MetadataPropertyRules, at: Location): MetadataViolation[] => {
  const length = [...value].length;
  const { minLength: min, maxLength: max, exactLength: exact } = rule;
  const eq = allowedValues(rule);
  return broken(value, at, [
    ['minLength', isSet(min), () => length >= (min ?? 0), `must be at least ${String(min)} characters long`],
    ['maxLength', isSet(max), () => length <= (max ?? 0), `must be at most ${String(max)} characters long`],
    ['exactLength', isSet(exact), () => length === exact, `must be exactly ${String(exact)} characters long`],
    ['eq', eq.length > 0, () => eq.includes(value), `must be equal to one of ${eq.join(',')}`],
  ]);
};

/** Equality and comparison constraints of numbers. */
const numberViolations = (value: number, rule: MetadataPropertyRules, at: Location): MetadataViolation[] => {
  const { ne, lt, lte, gt, gte } = rule;
  const eq = allowedValues(rule);
  return broken(value, at, [
    ['eq', eq.length > 0, () => eq.includes(value), `must be equal to one of ${eq.join(',')}`],
    ['ne', isSet(ne), () => !(ne ?? []).includes(value), `must not be equal to any of ${(ne ?? []).join(',')}`],
    ['lt', isSet(lt), () => value < (lt ?? 0), `must be less than ${String(lt)}`],
    ['lte', isSet(lte), () => value <= (lte ?? 0), `must be less than or equal to ${String(lte)}`],
    ['gt', isSet(gt), () => value > (gt ?? 0), `must be greater than ${String(gt)}`],
    ['gte', isSet(gte), () => value >= (gte ?? 0), `must be greater than or equal to ${String(gte)}`],
  ]);
};

const singleValueCheck =
  (rule: MetadataPropertyRules, options: MetadataValidationOptions): Check =>
  (value, at) => {
    if (!hasType(value, rule.type)) {
      const message = `must be ${TYPE_NAMES[rule.type]} (actual value is ${show(value)})`;
      return [{ ...at, reason: 'type', message }];
    }
    if (typeof value === 'string' && rule.type === 'string') return stringViolations(value, rule, at);
    if (typeof value === 'number') return numberViolations(value, rule, at);
    if (rule.type === 'object' && isPlainObject(value) && isSet(rule.objectType)) {
      const nested = options.resolveObjectType?.(rule.objectType);
      if (nested !== undefined) return violationsOf(value, nested, options, at);
    }
    return [];
  };

const propertyViolations = (
  value: unknown,
  rule: MetadataPropertyRules,
  options: MetadataValidationOptions,
  at: Location,
): MetadataViolation[] => {
  const check = singleValueCheck(rule, options);
  if (rule.array !== true) return check(value, at);
  if (!Array.isArray(value)) {
    return [{ ...at, reason: 'array', message: `must be an array (actual value is ${show(value)})` }];
  }
  return value.flatMap((element: unknown, index) => check(element, { ...at, path: `${at.path}[${index}]` }));
};

/** Checks one object against one schema; `parent` is set for nested objects. */
const violationsOf = (
  metadata: Readonly<Record<string, unknown>>,
  schema: MetadataSchemaRules,
  options: MetadataValidationOptions,
  parent?: Location,
): MetadataViolation[] => {
  const live = Object.entries(schema.properties).filter(([, rule]) => rule.deleted !== true);
  const rules = new Map(live);
  const locate = (name: string): Location =>
    parent === undefined
      ? { property: name, path: name }
      : { property: parent.property, path: `${parent.path}.${name}` };

  const found: MetadataViolation[] = [];
  for (const [name, value] of Object.entries(metadata)) {
    const rule = rules.get(name);
    if (rule === undefined) {
      if (schema.allow_defined_only === true) {
        const message = 'is not defined in the metadata schema';
        found.push({ ...locate(name), reason: 'not_defined', message });
      }
    } else if (isSet(value)) {
      found.push(...propertyViolations(value, rule, options, locate(name)));
    }
  }
  for (const [name, rule] of live) {
    if (rule.optional === false && !isSet(metadata[name])) {
      found.push({ ...locate(name), reason: 'required', message: 'is required' });
    }
  }
  return found;
};

/**
 * Lists every way in which metadata breaks a metadata schema. Checked: the type of each defined
 * property (each element's type for `array: true`), required properties (`optional: false`),
 * string lengths and `eq` for strings, `eq`, `ne`, `lt`, `lte`, `gt`, `gte` for numbers, nested
 * objects when their schema can be resolved, and undefined properties when
 * `allow_defined_only` is set. Deleted definitions are ignored.
 *
 * @remarks
 * Value formats: `date` is `YYYY-MM-DD` (a real calendar day); `datetime` is ISO 8601 with a
 * time zone (`2020-03-11T09:00:00.000Z`); `geopoint` is the text `latitude,longitude` with an
 * optional `geo:` prefix (the dashboard's form, `geo:37.786971,-122.399677`) or an object
 * `{ latitude, longitude }`, within ±90 and ±180; `image_url` is an http(s) URL whose path ends in
 * `.jpg`, `.jpeg` or `.png`, as the service demands. A property whose value is `null` counts as
 * absent.
 *
 * @param metadata - The metadata sent; `null` or `undefined` counts as no metadata.
 * @param schema - The schema of the resource type.
 * @param options - See {@link MetadataValidationOptions}.
 * @returns The violations, those of the properties sent first (in their order), then the missing
 *   required properties (in schema order); empty when the metadata is valid.
 * @example
 * ```ts
 * findMetadataViolations({ size: 'XL' }, { properties: { size: { type: 'number' } } });
 * // [{ property: 'size', path: 'size', reason: 'type', message: "must be a number (actual value is 'XL')" }]
 * ```
 */
export function findMetadataViolations(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
  schema: MetadataSchemaRules,
  options: MetadataValidationOptions = {},
): MetadataViolation[] {
  return violationsOf(metadata ?? {}, schema, options);
}

/**
 * Throws when metadata breaks its metadata schema; see {@link findMetadataViolations} for what is
 * checked.
 *
 * @param metadata - The metadata sent; `null` or `undefined` counts as no metadata.
 * @param schema - The schema of the resource type.
 * @param options - See {@link MetadataValidationOptions}.
 * @returns Nothing; returning means the metadata is valid.
 * @throws DomainError `metadata_validation_failed`; the message names the first offending
 *   property and `details` lists every violation as `path: message`, separated by `; `.
 * @example
 * ```ts
 * assertValidMetadata({ tier: 'gold' }, { properties: { tier: { type: 'string', eq: ['silver'] } } });
 * // throws: metadata validation failed for tier
 * ```
 */
export function assertValidMetadata(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
  schema: MetadataSchemaRules,
  options: MetadataValidationOptions = {},
): void {
  const violations = findMetadataViolations(metadata, schema, options);
  const [first] = violations;
  if (first !== undefined) {
    throw new DomainError('metadata_validation_failed', `metadata validation failed for ${first.property}`, {
      details: violations.map((violation) => `${violation.path}: ${violation.message}`).join('; '),
    });
  }
}
