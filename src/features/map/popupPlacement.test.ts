import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { placePopup, POPUP_GAP_PX, POPUP_MARGIN_PX } from './popupPlacement.ts';

const MAP = { width: 1152, height: 707 };
const POPUP = { width: 300, height: 230 };

describe('placePopup: the map pop-up stays inside the map', () => {
  it('sits centred above its point when there is room, as the pop-up always did', () => {
    expect(placePopup([500, 400], POPUP, MAP)).toEqual({ offset: [-150, -POPUP_GAP_PX - 230], below: false });
  });

  it('slides left at the right edge and hangs below its point near the top (the clipped close button)', () => {
    const place = placePopup([MAP.width - 28, 60], POPUP, MAP);
    expect(place.below).toBe(true);
    const [dx, dy] = place.offset;
    expect(MAP.width - 28 + dx + POPUP.width).toBe(MAP.width - POPUP_MARGIN_PX);
    expect(dy).toBe(POPUP_GAP_PX);
  });

  const sizes = fc.record({
    map: fc.record({ width: fc.integer({ min: 320, max: 2_560 }), height: fc.integer({ min: 320, max: 1_440 }) }),
    popup: fc.record({ width: fc.integer({ min: 40, max: 300 }), height: fc.integer({ min: 40, max: 300 }) }),
  });

  it('keeps the whole pop-up MARGIN_PX inside the map wherever its point is, off the map too', () => {
    fc.assert(
      fc.property(sizes, fc.double({ min: -2, max: 3, noNaN: true }), fc.double({ min: -2, max: 3, noNaN: true }), ({ map, popup }, fx, fy) => {
        const anchor: [number, number] = [fx * map.width, fy * map.height];
        const { offset } = placePopup(anchor, popup, map);
        const left = anchor[0] + offset[0];
        const top = anchor[1] + offset[1];
        // Whole pixels: within half a pixel of the margin.
        expect(left).toBeGreaterThanOrEqual(POPUP_MARGIN_PX - 0.5);
        expect(top).toBeGreaterThanOrEqual(POPUP_MARGIN_PX - 0.5);
        expect(left + popup.width).toBeLessThanOrEqual(map.width - POPUP_MARGIN_PX + 0.5);
        expect(top + popup.height).toBeLessThanOrEqual(map.height - POPUP_MARGIN_PX + 0.5);
      }),
      { numRuns: 500 },
    );
  });

  it('never covers its point when it fits above or below it, and goes above whenever it fits there', () => {
    fc.assert(
      fc.property(sizes, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), ({ map, popup }, fx, fy) => {
        const anchor: [number, number] = [fx * map.width, fy * map.height];
        const fitsAbove = anchor[1] - POPUP_GAP_PX - popup.height >= POPUP_MARGIN_PX;
        const fitsBelow = anchor[1] + POPUP_GAP_PX + popup.height <= map.height - POPUP_MARGIN_PX;
        const { offset, below } = placePopup(anchor, popup, map);
        expect(below).toBe(!fitsAbove && (fitsBelow || map.height - anchor[1] > anchor[1]));
        if (!fitsAbove && !fitsBelow) return;
        // The gap to the point: the pop-up's bottom edge above it, or its top edge below it.
        if (below) expect(offset[1]).toBeGreaterThanOrEqual(POPUP_GAP_PX - 0.5);
        else expect(offset[1] + popup.height).toBeLessThanOrEqual(-POPUP_GAP_PX + 0.5);
        // Centred on the point unless an edge is nearer than half the pop-up.
        if (anchor[0] - popup.width / 2 >= POPUP_MARGIN_PX && anchor[0] + popup.width / 2 <= map.width - POPUP_MARGIN_PX) expect(Math.abs(offset[0] + popup.width / 2)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 500 },
    );
  });
});
