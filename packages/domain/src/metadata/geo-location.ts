/**
 * A position on Earth in decimal degrees.
 */
export interface GeoPoint {
  /** Degrees north (negative: south), -90 to 90. */
  readonly latitude: number;
  /** Degrees east (negative: west), -180 to 180. */
  readonly longitude: number;
}

/**
 * The area of a location as the API describes it: a circle (`distance` with a `geo:` centre and
 * a radius with its unit) or a GeoJSON polygon or multi-polygon (positions as
 * `[longitude, latitude]`, the outer ring first, then holes).
 */
export type LocationShape =
  | { readonly type: 'circle'; readonly distance: { readonly center: string; readonly radius: string } }
  | {
      readonly type: 'polygon';
      readonly geojson:
        | { readonly type: 'Polygon'; readonly coordinates: readonly (readonly (readonly number[])[])[] }
        | {
            readonly type: 'MultiPolygon';
            readonly coordinates: readonly (readonly (readonly (readonly number[])[])[])[];
          };
    };

const GEOPOINT = /^(?:geo:)?\s*([+-]?\d+(?:\.\d+)?)\s*,\s*([+-]?\d+(?:\.\d+)?)\s*$/u;
const DISTANCE = /^\s*(\d+(?:\.\d+)?)\s*(m|km|mi|ft)?\s*$/iu;
const METRES_PER: Readonly<Record<string, number>> = { m: 1, km: 1000, mi: 1609.344, ft: 0.3048 };
/** Mean radius of the Earth (IUGG), in metres: the haversine distance's sphere. */
const EARTH_RADIUS_M = 6_371_008.8;

const inRange = (point: GeoPoint): GeoPoint | undefined =>
  Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180 ? point : undefined;

/**
 * Reads a geopoint as metadata holds it: the text `latitude,longitude` with an optional `geo:`
 * prefix, or an object `{ latitude, longitude }` and nothing else, within ±90 and ±180.
 *
 * @param value - Any value.
 * @returns The point, or `undefined` when the value is not a geopoint.
 */
export function readGeoPoint(value: unknown): GeoPoint | undefined {
  if (typeof value === 'string') {
    const match = GEOPOINT.exec(value);
    return match === null ? undefined : inRange({ latitude: Number(match[1]), longitude: Number(match[2]) });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length !== 2)
    return undefined;
  const { latitude, longitude } = value as Record<string, unknown>;
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  )
    return undefined;
  return inRange({ latitude, longitude });
}

/**
 * The great-circle distance between two points, in metres (haversine, on a sphere of the
 * Earth's mean radius).
 *
 * @param a - One point.
 * @param b - The other point.
 * @returns The distance in metres.
 */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point lies inside a ring of `[longitude, latitude]` positions (ray casting on the plane of degrees). */
const inRing = (point: GeoPoint, ring: readonly (readonly number[])[]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    const crosses =
      yi > point.latitude !== yj > point.latitude &&
      point.longitude < ((xj - xi) * (point.latitude - yi)) / (yj - yi) + xi;
    if (crosses) inside = !inside;
  }
  return inside;
};

const inPolygon = (point: GeoPoint, rings: readonly (readonly (readonly number[])[])[]): boolean => {
  const [outer, ...holes] = rings;
  return outer !== undefined && inRing(point, outer) && !holes.some((hole) => inRing(point, hole));
};

/**
 * Whether a geopoint lies inside a location's area: what `$in_location` asks of a metadata
 * geopoint. A circle holds the points at most its radius from its centre (radius units `m`,
 * `km`, `mi`, `ft`; metres without one); a polygon holds the points inside its outer ring and
 * outside its holes, a multi-polygon those inside any of its polygons. A value that is not a
 * geopoint, or a shape that cannot be read, holds nothing.
 *
 * @param shape - The location's shape.
 * @param value - The value to place: a geopoint as {@link readGeoPoint} reads it.
 * @returns `true` when the point is inside.
 */
export function locationContains(shape: LocationShape, value: unknown): boolean {
  const point = readGeoPoint(value);
  if (point === undefined) return false;
  if (shape.type === 'circle') {
    const center = readGeoPoint(shape.distance.center);
    const radius = DISTANCE.exec(shape.distance.radius);
    if (center === undefined || radius === null) return false;
    const metres = Number(radius[1]) * (METRES_PER[(radius[2] ?? 'm').toLowerCase()] ?? 1);
    return distanceMetres(center, point) <= metres;
  }
  const { geojson } = shape;
  return geojson.type === 'Polygon'
    ? inPolygon(point, geojson.coordinates)
    : geojson.coordinates.some((polygon) => inPolygon(point, polygon));
}
