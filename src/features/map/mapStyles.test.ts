import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import type CircleStyle from 'ol/style/Circle.js';
import { USER_FACING_STATUSES } from '../../domain/units/status.ts';
import { STATUS_HEX } from '../fleet/statusColours.ts';
import { MAP_PALETTES, POINT_RADIUS, STATUS_PROP, statusIndex, unitPointStyle } from './mapStyles.ts';

/** The fill and halo colours and the radius a unit point with this status index is drawn with. */
function drawn(style: ReturnType<typeof unitPointStyle>, index: unknown): { fill: unknown; halo: unknown; radius: number } {
  const image = style(new Feature({ geometry: new Point([0, 0]), [STATUS_PROP]: index })).getImage() as CircleStyle;
  return { fill: image.getFill()?.getColor(), halo: image.getStroke()?.getColor(), radius: image.getRadius() };
}

describe('unitPointStyle (the canvas style of the unit points)', () => {
  it('colours each point by its status index, with the scheme’s halo', () => {
    for (const scheme of ['dark', 'light'] as const) {
      const style = unitPointStyle(MAP_PALETTES[scheme]);
      for (const status of USER_FACING_STATUSES) {
        expect(drawn(style, statusIndex(status))).toEqual({ fill: STATUS_HEX[status], halo: MAP_PALETTES[scheme].halo, radius: POINT_RADIUS });
      }
    }
  });

  it('draws an unknown or missing status index as offline', () => {
    const style = unitPointStyle(MAP_PALETTES.dark);
    for (const index of [-1, USER_FACING_STATUSES.length, undefined, 1.5]) expect(drawn(style, index).fill).toBe(STATUS_HEX.offline);
  });

  it('shares one style per status between points (no object per point and frame)', () => {
    const style = unitPointStyle(MAP_PALETTES.light);
    const a = style(new Feature({ [STATUS_PROP]: 0 }));
    const b = style(new Feature({ [STATUS_PROP]: 0 }));
    expect(a).toBe(b);
    expect(style(new Feature({ [STATUS_PROP]: 1 }))).not.toBe(a);
  });
});
