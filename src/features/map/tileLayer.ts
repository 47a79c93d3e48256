/**
 * The optional XYZ tile layer (the client configuration's mapTileUrl), in a module of its own so
 * createUnitMap.ts imports it only when a tile URL is configured: OpenLayers' tile source, tile
 * grid, tile renderer and reprojection (~26 kB minified) are then not part of the map's first
 * paint, which draws the offline basemap (docs/performance.md §7).
 */
import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';

export function createTileLayer(url: string): TileLayer<XYZ> {
  return new TileLayer({ source: new XYZ({ url, crossOrigin: 'anonymous' }) });
}
