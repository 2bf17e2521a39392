import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  type MetadataPropertyType,
  type MetadataSchemaRules,
  assertValidMetadata,
  findMetadataViolations,
} from './validation.js';

const schemaOf = (properties: MetadataSchemaRules['properties'], allowDefinedOnly = false): MetadataSchemaRules => ({
  properties,
  allow_defined_only: allowDefinedOnly,
});

const check = (type: MetadataPropertyType, value: unknown) =>
  findMetadataViolations({ value }, schemaOf({ value: { type, optional: true } }));

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Valid values of each type. */
const validValue: Record<MetadataPropertyType, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  object: fc.dictionary(fc.string(), fc.jsonValue()),
  date: fc
    .record({
      year: fc.integer({ min: 0, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  datetime: fc
    .date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  geopoint: fc.oneof(
    fc
      .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
      .map(([latitude, longitude]) => ({ latitude, longitude })),
    fc
      .tuple(fc.integer({ min: -90_000, max: 90_000 }), fc.integer({ min: -180_000, max: 180_000 }), fc.boolean())
      .map(([lat, lng, geo]) => `${geo ? 'geo:' : ''}${lat / 1000},${lng / 1000}`),
  ),
  image_url: fc
    .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.constantFrom('.jpg', '.JPEG', '.png'))
    .map(([scheme, host, extension]) => `${scheme}://${host}/images/photo${extension}`),
};

const TYPES = Object.keys(validValue) as MetadataPropertyType[];

/** Values of a type that cannot pass for another one: free text without digits or colons is no date, geopoint or URL. */
const otherValue = (type: MetadataPropertyType): fc.Arbitrary<unknown> =>
  type === 'string' ? fc.string().filter((text) => !/[\d:]/u.test(text)) : validValue[type];

/** Which types accept values of another type: a date is also a string, and so on. */
const alsoAccepts = (type: MetadataPropertyType, valueType: MetadataPropertyType): boolean =>
  type === valueType ||
  (type === 'string' && ['date', 'datetime', 'image_url'].includes(valueType)) ||
  (type === 'object' && valueType === 'geopoint') ||
  (type === 'string' && valueType === 'geopoint') ||
  (type === 'geopoint' && valueType === 'object');

describe('findMetadataViolations: types', () => {
  it.each(TYPES)('accepts every valid %s', (type) => {
    fc.assert(
      fc.property(validValue[type], (value) => {
        expect(check(type, value)).toEqual([]);
      }),
    );
  });

  it.each(TYPES)('refuses values of other types for %s', (type) => {
    const others = TYPES.filter((other) => !alsoAccepts(type, other));
    fc.assert(
      fc.property(fc.constantFrom(...others).chain(otherValue), (value) => {
        const violations = check(type, value);
        expect(violations).toHaveLength(1);
        expect(violations[0]).toMatchObject({ property: 'value', path: 'value', reason: 'type' });
      }),
    );
  });

  it('refuses non-finite numbers and numeric strings for number', () => {
    for (const value of [Number.NaN, Infinity, '12']) expect(check('number', value)[0]?.reason).toBe('type');
  });

  it('checks dates as real calendar days in YYYY-MM-DD', () => {
    for (const good of ['2024-02-29', '2000-02-29', '1999-12-31']) expect(check('date', good)).toEqual([]);
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-4-1',
      '2024-01-01T00:00:00Z',
      '20240101',
    ]) {
      expect(check('date', bad)[0]?.message).toBe(`must be a date (YYYY-MM-DD) (actual value is '${bad}')`);
    }
  });

  it('checks datetimes as ISO 8601 with a time zone', () => {
    for (const good of [
      '2020-03-11T09:00:00.000Z',
      '2020-03-11T09:00:00Z',
      '2020-03-11T09:00Z',
      '2020-03-11T09:00:00+02:00',
      '2020-03-11T09:00:00.123456-0530',
    ]) {
      expect(check('datetime', good)).toEqual([]);
    }
    for (const bad of [
      '2020-03-11T09:00:00',
      '2020-03-11',
      '2020-03-11T24:00:00Z',
      '2020-02-30T09:00:00Z',
      '2020-03-11 09:00:00Z',
      '2020-03-11T09:60:00Z',
    ]) {
      expect(check('datetime', bad)[0]?.reason).toBe('type');
    }
  });

  it('checks geopoints as latitude,longitude text or object within range', () => {
    for (const good of ['37.786971, -122.399677', 'geo:37.786971,-122.399677', { latitude: -90, longitude: 180 }]) {
      expect(check('geopoint', good)).toEqual([]);
    }
    for (const bad of [
      '91,0',
      '0,181',
      'geo:a,b',
      '1;2',
      { latitude: 1 },
      { latitude: 1, longitude: 2, altitude: 3 },
      { latitude: '1', longitude: 2 },
      [1, 2],
    ]) {
      expect(check('geopoint', bad)[0]?.reason).toBe('type');
    }
  });

  it('checks image urls as http(s) urls of JPG/JPEG or PNG resources, like the service', () => {
    expect(check('image_url', 'https://cdn.example.com/a/b.png?size=2')).toEqual([]);
    expect(check('image_url', 'http.com')[0]?.message).toBe(
      "must be a URL pointing to JPG/JPEG or PNG resource (actual value is 'http.com')",
    );
    for (const bad of [
      'https://example.com/a.gif',
      'ftp://example.com/a.png',
      'https://example.com/',
      'not a url.png',
    ]) {
      expect(check('image_url', bad)[0]?.reason).toBe('type');
    }
  });
});

describe('findMetadataViolations: arrays', () => {
  const schema = schemaOf({ location_id: { type: 'string', array: true, eq: ['L1', 'L2', 'L3'] } });

  it('requires an array and checks every element', () => {
    expect(findMetadataViolations({ location_id: ['L1', 'L3'] }, schema)).toEqual([]);
    expect(findMetadataViolations({ location_id: [] }, schema)).toEqual([]);
    expect(findMetadataViolations({ location_id: 'L1' }, schema)).toEqual([
      {
        property: 'location_id',
        path: 'location_id',
        reason: 'array',
        message: "must be an array (actual value is 'L1')",
      },
    ]);
    expect(findMetadataViolations({ location_id: ['L1', 7, 'L9', null] }, schema)).toEqual([
      {
        property: 'location_id',
        path: 'location_id[1]',
        reason: 'type',
        message: 'must be a string (actual value is 7)',
      },
      {
        property: 'location_id',
        path: 'location_id[2]',
        reason: 'eq',
        message: "must be equal to one of L1,L2,L3 (actual value is 'L9')",
      },
      {
        property: 'location_id',
        path: 'location_id[3]',
        reason: 'type',
        message: 'must be a string (actual value is null)',
      },
    ]);
  });

  it('accepts arrays of valid elements of any type, and refuses a single element', () => {
    for (const type of TYPES) {
      fc.assert(
        fc.property(fc.array(validValue[type], { maxLength: 5 }), (values) => {
          const arraySchema = schemaOf({ value: { type, array: true } });
          expect(findMetadataViolations({ value: values }, arraySchema)).toEqual([]);
        }),
        { numRuns: 30 },
      );
    }
    expect(findMetadataViolations({ value: 1 }, schemaOf({ value: { type: 'number', array: true } }))[0]?.reason).toBe(
      'array',
    );
  });

  it('refuses an array where a single value is expected', () => {
    expect(check('string', ['a'])[0]?.reason).toBe('type');
  });
});

describe('findMetadataViolations: constraints', () => {
  const strings = schemaOf({
    code: { type: 'string', minLength: 2, maxLength: 4 },
    pin: { type: 'string', exactLength: 4 },
  });

  it('checks string lengths in characters', () => {
    expect(findMetadataViolations({ code: 'ab', pin: '1234' }, strings)).toEqual([]);
    expect(findMetadataViolations({ code: '😀😀', pin: 'ąęćż' }, strings)).toEqual([]);
    const reasons = findMetadataViolations({ code: 'a', pin: '12345' }, strings).map((v) => v.reason);
    expect(reasons).toEqual(['minLength', 'exactLength']);
    expect(findMetadataViolations({ code: 'abcde' }, strings)[0]).toMatchObject({
      reason: 'maxLength',
      message: "must be at most 4 characters long (actual value is 'abcde')",
    });
  });

  it('checks length bounds for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 10 }), fc.nat(10), fc.nat(10), (value, min, max) => {
        const violations = findMetadataViolations(
          { s: value },
          schemaOf({ s: { type: 'string', minLength: min, maxLength: max } }),
        );
        const expected = [...(value.length < min ? ['minLength'] : []), ...(value.length > max ? ['maxLength'] : [])];
        expect(violations.map((violation) => violation.reason)).toEqual(expected);
      }),
    );
  });

  it('checks number bounds, eq and ne', () => {
    const numbers = schemaOf({ n: { type: 'number', gt: 0, lte: 10, ne: [5], eq: null } });
    expect(findMetadataViolations({ n: 10 }, numbers)).toEqual([]);
    expect(findMetadataViolations({ n: 0 }, numbers).map((v) => v.reason)).toEqual(['gt']);
    expect(findMetadataViolations({ n: 10.5 }, numbers).map((v) => v.reason)).toEqual(['lte']);
    expect(findMetadataViolations({ n: 5 }, numbers)[0]).toMatchObject({
      reason: 'ne',
      message: 'must not be equal to any of 5 (actual value is 5)',
    });
    const strict = schemaOf({ n: { type: 'number', gte: 1, lt: 3, eq: [1, 2] } });
    expect(findMetadataViolations({ n: 2 }, strict)).toEqual([]);
    expect(findMetadataViolations({ n: 1.5 }, strict).map((v) => v.reason)).toEqual(['eq']);
    expect(findMetadataViolations({ n: 3 }, strict).map((v) => v.reason)).toEqual(['eq', 'lt']);
    expect(findMetadataViolations({ n: 0 }, strict).map((v) => v.reason)).toEqual(['eq', 'gte']);
  });

  it('agrees with the comparison for any number', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (value, bound) => {
          const reasons = (rule: 'lt' | 'lte' | 'gt' | 'gte') =>
            findMetadataViolations({ n: value }, schemaOf({ n: { type: 'number', [rule]: bound } })).length === 0;
          expect(reasons('lt')).toBe(value < bound);
          expect(reasons('lte')).toBe(value <= bound);
          expect(reasons('gt')).toBe(value > bound);
          expect(reasons('gte')).toBe(value >= bound);
        },
      ),
    );
  });

  it('ignores empty eq lists and constraints that do not fit the type', () => {
    expect(findMetadataViolations({ s: 'x' }, schemaOf({ s: { type: 'string', eq: [], lt: 0 } }))).toEqual([]);
    expect(findMetadataViolations({ d: '2024-01-01' }, schemaOf({ d: { type: 'date', maxLength: 1 } }))).toEqual([]);
  });
});

describe('findMetadataViolations: presence and definitions', () => {
  const schema = schemaOf({
    tier: { type: 'string', optional: false },
    note: { type: 'string', optional: true },
    legacy: { type: 'number', optional: false, deleted: true },
  });

  it('requires properties with optional: false, treating null as absent', () => {
    expect(findMetadataViolations({ tier: 'gold' }, schema)).toEqual([]);
    expect(findMetadataViolations({}, schema)).toEqual([
      { property: 'tier', path: 'tier', reason: 'required', message: 'is required' },
    ]);
    expect(findMetadataViolations({ tier: null }, schema)[0]?.reason).toBe('required');
    expect(findMetadataViolations(undefined, schema)[0]?.reason).toBe('required');
    expect(findMetadataViolations(null, schema)[0]?.reason).toBe('required');
  });

  it('accepts missing or null optional properties', () => {
    expect(findMetadataViolations({ tier: 'gold', note: null }, schema)).toEqual([]);
    expect(findMetadataViolations({}, schemaOf({ a: { type: 'string' } }))).toEqual([]);
  });

  it('ignores deleted definitions', () => {
    expect(findMetadataViolations({ tier: 'gold', legacy: 'text' }, schema)).toEqual([]);
  });

  it('allows undefined properties unless allow_defined_only is set', () => {
    expect(findMetadataViolations({ tier: 'gold', extra: 1 }, schema)).toEqual([]);
    const strict = { ...schema, allow_defined_only: true };
    expect(findMetadataViolations({ tier: 'gold', extra: 1, legacy: 2 }, strict)).toEqual([
      { property: 'extra', path: 'extra', reason: 'not_defined', message: 'is not defined in the metadata schema' },
      { property: 'legacy', path: 'legacy', reason: 'not_defined', message: 'is not defined in the metadata schema' },
    ]);
  });

  it('lists the sent properties in order, then the missing ones', () => {
    const many = schemaOf({ a: { type: 'number', optional: false }, b: { type: 'number' }, c: { type: 'number' } });
    expect(findMetadataViolations({ c: 'x', b: 'y' }, many).map((v) => v.path)).toEqual(['c', 'b', 'a']);
  });
});

describe('findMetadataViolations: nested objects', () => {
  const payment: MetadataSchemaRules = {
    properties: { method: { type: 'string', optional: false, eq: ['card', 'cash'] }, tax: { type: 'number' } },
    allow_defined_only: true,
  };
  const schema = schemaOf({
    payment: { type: 'object', objectType: 'payment' },
    history: { type: 'object', objectType: 'payment', array: true },
  });
  const resolveObjectType = (name: string) => (name === 'payment' ? payment : undefined);

  it('checks nested objects against their schema when it can be resolved', () => {
    expect(findMetadataViolations({ payment: { method: 'card', tax: 2 } }, schema, { resolveObjectType })).toEqual([]);
    expect(
      findMetadataViolations({ payment: { tax: 'x', other: 1 }, history: [{ method: 'iou' }] }, schema, {
        resolveObjectType,
      }),
    ).toEqual([
      { property: 'payment', path: 'payment.tax', reason: 'type', message: "must be a number (actual value is 'x')" },
      {
        property: 'payment',
        path: 'payment.other',
        reason: 'not_defined',
        message: 'is not defined in the metadata schema',
      },
      { property: 'payment', path: 'payment.method', reason: 'required', message: 'is required' },
      {
        property: 'history',
        path: 'history[0].method',
        reason: 'eq',
        message: "must be equal to one of card,cash (actual value is 'iou')",
      },
    ]);
  });

  it('only checks for an object when the nested schema is unknown', () => {
    expect(findMetadataViolations({ payment: { anything: true } }, schema)).toEqual([]);
    expect(
      findMetadataViolations({ payment: { anything: true } }, schema, { resolveObjectType: () => undefined }),
    ).toEqual([]);
    expect(findMetadataViolations({ payment: 'card' }, schema)[0]?.reason).toBe('type');
  });
});

describe('assertValidMetadata', () => {
  const schema = schemaOf({
    location_id: { type: 'string', array: true, eq: ['L1', 'L2', 'L3'] },
    ImageURL: { type: 'image_url' },
    tier: { type: 'string', optional: false },
  });

  it('returns for valid metadata', () => {
    expect(() => assertValidMetadata({ tier: 'gold', location_id: ['L2'] }, schema)).not.toThrow();
  });

  it('throws metadata_validation_failed naming the first property and listing all', () => {
    const error = catchDomainError(() => assertValidMetadata({ ImageURL: 'http.com', location_id: 'L1' }, schema));
    expect(error.key).toBe('metadata_validation_failed');
    expect(error.message).toBe('metadata validation failed for ImageURL');
    expect(error.details).toBe(
      "ImageURL: must be a URL pointing to JPG/JPEG or PNG resource (actual value is 'http.com'); " +
        "location_id: must be an array (actual value is 'L1'); tier: is required",
    );
  });

  it('throws when a nested property breaks its schema', () => {
    const nested = schemaOf({ payment: { type: 'object', objectType: 'payment' } });
    const payment = schemaOf({ method: { type: 'string', optional: false } });
    const error = catchDomainError(() =>
      assertValidMetadata({ payment: {} }, nested, { resolveObjectType: () => payment }),
    );
    expect(error.message).toBe('metadata validation failed for payment');
    expect(error.details).toBe('payment.method: is required');
  });
});
