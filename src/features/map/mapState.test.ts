import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '../../domain/preferences.ts';
import { mapDataOf, sameMapData, wrapLongitude } from './mapState.ts';

describe('mapDataOf', () => {
  it('keeps the spec 002 §3 defaults (zoom 3, centre 0,0) as they are', () => {
    expect(mapDataOf([DEFAULT_MAP_CENTER.lng, DEFAULT_MAP_CENTER.lat], DEFAULT_MAP_ZOOM)).toEqual({ zoom: 3, latLng: { lat: 0, lng: 0 } });
  });

  it('rounds to 5 decimals of a degree and 2 of zoom', () => {
    expect(mapDataOf([2.3522219, 48.856614], 4.123456)).toEqual({ zoom: 4.12, latLng: { lat: 48.85661, lng: 2.35222 } });
  });

  it.each([
    [-0.000001, 0],
    [190, -170],
    [-190, 170],
    [540, -180],
  ])('folds longitude %d into %d', (lng, folded) => {
    expect(mapDataOf([lng, 0], 3).latLng.lng).toBe(folded);
    expect(wrapLongitude(lng) + 0).toBeCloseTo(folded);
  });

  it('always answers a position mergePreferences keeps', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -5, max: 40, noNaN: true }), (lng, lat, zoom) => {
        const data = mapDataOf([lng, lat], zoom);
        expect(data.latLng.lng).toBeGreaterThanOrEqual(-180);
        expect(data.latLng.lng).toBeLessThanOrEqual(180);
        expect(Math.abs(data.latLng.lat)).toBeLessThanOrEqual(90);
        expect(data.zoom).toBeGreaterThanOrEqual(0);
        expect(data.zoom).toBeLessThanOrEqual(28);
        expect(Object.is(data.latLng.lng, -0)).toBe(false);
      }),
    );
  });
});

describe('sameMapData', () => {
  it('sees a map that has not moved as unchanged, and any move as a change', () => {
    const a = mapDataOf([10, 20], 3);
    expect(sameMapData(a, mapDataOf([10.000001, 20], 3))).toBe(true);
    expect(sameMapData(a, mapDataOf([10.0001, 20], 3))).toBe(false);
    expect(sameMapData(a, mapDataOf([10, 20], 4))).toBe(false);
  });
});
