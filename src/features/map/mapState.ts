/**
 * The map's saved state (spec 002 §3 "Map data: zoom (default 3) and latLng (default 0,0)"): read
 * from preferences into the view, and taken back from the view to be saved. Positions are
 * rounded to 5 decimals (~1 m) and zoom to 2, so a map that has not moved saves nothing.
 */
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN, type MapData } from '../../domain/preferences.ts';

/** After the map stops moving, its state is saved once it has been still this long (ms). */
export const MAP_SAVE_DELAY_MS = 800;

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0; // + 0: no -0 in JSON
};

/** Longitude folded into [-180, 180] (the view may have panned around the world). */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** The MapData of a view: centre as [lon, lat] in degrees, and zoom. */
export function mapDataOf(centerLonLat: readonly [number, number], zoom: number): MapData {
  const [lng, lat] = centerLonLat;
  return {
    zoom: round(Math.min(MAP_ZOOM_MAX, Math.max(MAP_ZOOM_MIN, zoom)), 2),
    latLng: { lat: round(Math.min(90, Math.max(-90, lat)), 5), lng: round(wrapLongitude(lng), 5) },
  };
}

export function sameMapData(a: MapData, b: MapData): boolean {
  return a.zoom === b.zoom && a.latLng.lat === b.latLng.lat && a.latLng.lng === b.latLng.lng;
}
