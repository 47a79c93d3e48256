/**
 * The offline world basemap (issue 5 item 5): country shapes of world-atlas (Natural Earth
 * 1:110m, TopoJSON, bundled with the console: no tile server needed), as map features.
 */
import GeoJSON from 'ol/format/GeoJSON.js';
import type Feature from 'ol/Feature.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

type Ring = number[][];

/**
 * A ring that crosses the antimeridian (Fiji, Chukotka) is stored with longitudes on both sides
 * of ±180°; drawn as is, it spans the whole world as a thin band. Such a ring (longitude span
 * over 180°) gets its western longitudes moved by +360°, so it is drawn just east of 180°.
 */
export function unwrapRing(ring: Ring): Ring {
  let min = Infinity;
  let max = -Infinity;
  for (const [lng = 0] of ring) {
    if (lng < min) min = lng;
    if (lng > max) max = lng;
  }
  if (max - min <= 180) return ring;
  return ring.map(([lng = 0, lat = 0]) => [lng < 0 ? lng + 360 : lng, lat]);
}

function unwrapGeometry(geometry: { type: string; coordinates?: unknown }): void {
  if (geometry.type === 'Polygon') geometry.coordinates = (geometry.coordinates as Ring[]).map(unwrapRing);
  if (geometry.type === 'MultiPolygon') geometry.coordinates = (geometry.coordinates as Ring[][]).map((polygon) => polygon.map(unwrapRing));
}

export function worldFeatures(): Feature[] {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
  const geojson = feature(topology, topology.objects.countries);
  for (const country of geojson.features) if (country.geometry !== null) unwrapGeometry(country.geometry);
  return new GeoJSON().readFeatures(geojson, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
}
