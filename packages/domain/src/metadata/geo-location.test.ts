import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LocationShape, distanceMetres, locationContains, readGeoPoint } from './geo-location.js';

const circle = (center: string, radius: string): LocationShape => ({ type: 'circle', distance: { center, radius } });
const square: LocationShape = {
  type: 'polygon',
  geojson: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ],
  },
};

describe('readGeoPoint', () => {
  it('reads the text and object forms within range', () => {
    expect(readGeoPoint('geo:37.786971,-122.399677')).toEqual({ latitude: 37.786971, longitude: -122.399677 });
    expect(readGeoPoint(' 41.1 , -8.6 ')).toEqual({ latitude: 41.1, longitude: -8.6 });
    expect(readGeoPoint({ latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2 });
    expect(readGeoPoint('91,0')).toBeUndefined();
    expect(readGeoPoint({ latitude: 1, longitude: 2, altitude: 3 })).toBeUndefined();
    expect(readGeoPoint(['1', '2'])).toBeUndefined();
  });
});

describe('distanceMetres', () => {
  it('is symmetric, zero for a point and one degree of the equator is about 111.2 km', () => {
    expect(Math.round(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }))).toBe(111195);
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat1, lon1, lat2, lon2) => {
          const a = { latitude: lat1, longitude: lon1 };
          const b = { latitude: lat2, longitude: lon2 };
          expect(distanceMetres(a, a)).toBe(0);
          expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
          expect(distanceMetres(a, b)).toBeLessThanOrEqual(Math.PI * 6_371_008.8 + 1e-6);
        },
      ),
    );
  });
});

describe('locationContains', () => {
  it('holds the points of a circle within its radius, in the radius unit', () => {
    const warsaw = circle('geo:52.2297,21.0122', '1.5 km');
    expect(locationContains(warsaw, 'geo:52.2300,21.0100')).toBe(true);
    expect(locationContains(warsaw, 'geo:52.4064,16.9252')).toBe(false);
    expect(locationContains(circle('0,0', '111200'), '0,1')).toBe(true);
    expect(locationContains(circle('0,0', '111190 m'), '0,1')).toBe(false);
    expect(locationContains(circle('0,0', '70 mi'), '0,1')).toBe(true);
    expect(locationContains(circle('0,0', 'far'), '0,0')).toBe(false);
  });

  it('holds the points inside a polygon but outside its holes, and inside any polygon of a multi-polygon', () => {
    expect(locationContains(square, '2,2')).toBe(true);
    expect(locationContains(square, '5,5')).toBe(false);
    expect(locationContains(square, '11,5')).toBe(false);
    const multi: LocationShape = {
      type: 'polygon',
      geojson: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
              [0, 0],
            ],
          ],
          [
            [
              [20, 20],
              [21, 20],
              [21, 21],
              [20, 21],
              [20, 20],
            ],
          ],
        ],
      },
    };
    expect(locationContains(multi, { latitude: 20.5, longitude: 20.5 })).toBe(true);
    expect(locationContains(multi, { latitude: 10, longitude: 10 })).toBe(false);
  });

  it('holds nothing that is not a geopoint', () => {
    expect(locationContains(square, 'somewhere')).toBe(false);
    expect(locationContains(square, null)).toBe(false);
  });
});
