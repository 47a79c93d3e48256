/**
 * "Is this point near the view?" on a map that repeats the world east and west (wrapX): the view
 * extent (map units, possibly beyond ±half a world after panning across the antimeridian) is
 * tested with the point and its copies one world to either side. The map shows points and
 * clusters only near the view, so a frame's work follows what is on screen, not the fleet.
 */
export type Extent = readonly [minX: number, minY: number, maxX: number, maxY: number];

/** The extent grown by `factor` of its own width and height on every side. */
export function grownExtent(extent: Extent, factor: number): Extent {
  const dx = (extent[2] - extent[0]) * factor;
  const dy = (extent[3] - extent[1]) * factor;
  return [extent[0] - dx, extent[1] - dy, extent[2] + dx, extent[3] + dy];
}

/** Whether (x, y), or a copy of it a world east or west, lies in `extent`; `worldWidth` in map units. */
export function inWrappedExtent(x: number, y: number, extent: Extent, worldWidth: number): boolean {
  if (y < extent[1] || y > extent[3]) return false;
  if (extent[2] - extent[0] >= worldWidth) return true;
  for (const shift of [0, -worldWidth, worldWidth]) {
    const sx = x + shift;
    if (sx >= extent[0] && sx <= extent[2]) return true;
  }
  return false;
}
