import { describe, it, expect } from 'vitest';
import { unwrapRing, worldFeatures } from './basemap.ts';

describe('unwrapRing', () => {
  it('leaves a ring within 180° of longitude alone', () => {
    const ring = [[170, -16], [179.9, -16], [179.9, -17], [170, -16]];
    expect(unwrapRing(ring)).toBe(ring);
  });

  it('moves the western part of a ring across the antimeridian east of 180°', () => {
    expect(unwrapRing([[179, -16], [-179.5, -16], [-179.5, -17], [179, -16]])).toEqual([[179, -16], [180.5, -16], [180.5, -17], [179, -16]]);
  });
});

describe('worldFeatures', () => {
  it('reads the bundled countries (Natural Earth 1:110m has 177)', () => {
    const features = worldFeatures();
    expect(features).toHaveLength(177);
  });

  it('has no country wider than half the world once unwrapped (no band across the map)', () => {
    const worldWidth = 2 * 20037508.34; // EPSG:3857 metres
    for (const country of worldFeatures()) {
      const [minX = 0, , maxX = 0] = country.getGeometry()?.getExtent() ?? [];
      if (country.get('name') === 'Antarctica') continue; // the one shape that truly spans every longitude
      expect(maxX - minX, String(country.get('name'))).toBeLessThan(worldWidth / 2);
    }
  });
});
