/**
 * Where the map's pop-up goes against the point it belongs to, so that it always stays inside the
 * map (a cluster near the right edge had its pop-up, close button first, cut off by the edge, or
 * under the map's "Fit to fleet" button). Pure: pixels in, the pop-up's top-left offset out.
 *
 * Above its point, centred, GAP_PX clear of it, as before, when it fits there; below when only
 * below fits (a point near the top); then slid sideways, and as a last resort up or down, to stay
 * MARGIN_PX inside the map's edges. It follows its point on every frame, so a pan or a moving
 * cluster never carries it past an edge: it slides along the edge instead of the map panning.
 */

/** Pixels between the pop-up and its point (the cluster bubble's radius is up to ~15 px). */
export const POPUP_GAP_PX = 16;
/** Pixels kept free between the pop-up and the map's edges. */
export const POPUP_MARGIN_PX = 8;

export interface Size {
  width: number;
  height: number;
}

export interface PopupPlacement {
  /** The pop-up's top-left corner from its point, in pixels (whole ones: no blurred text). */
  offset: [number, number];
  /** True when the pop-up hangs below its point (no room above it). */
  below: boolean;
}

/** `value` kept in [low, high]; `low` when the range is empty (the pop-up is larger than the room). */
function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}

/**
 * The pop-up's place for a point at `anchor` (pixels from the map's top-left; it may lie outside
 * the map), a pop-up of `popup` size in a map of `map` size.
 */
export function placePopup(anchor: readonly [number, number], popup: Size, map: Size, gap = POPUP_GAP_PX, margin = POPUP_MARGIN_PX): PopupPlacement {
  const [x, y] = anchor;
  const aboveTop = y - gap - popup.height;
  const belowTop = y + gap;
  const fitsAbove = aboveTop >= margin;
  const fitsBelow = belowTop + popup.height <= map.height - margin;
  // Neither fits: the side with more room, overlapping the point as little as it can.
  const below = !fitsAbove && (fitsBelow || map.height - y > y);
  const top = clamp(below ? belowTop : aboveTop, margin, map.height - margin - popup.height);
  const left = clamp(x - popup.width / 2, margin, map.width - margin - popup.width);
  return { offset: [Math.round(left - x), Math.round(top - y)], below };
}
