/**
 * Map colours and styles per colour scheme: the offline basemap, the unit points (status colour by
 * a numeric property, one shared style per status and scheme), clusters and the selected unit. All
 * are canvas styles (docs/performance.md §5k: the units' WebGL layer cost a 70-180 ms compositor
 * commit per map render in software GL; the point source holds only the units near the view).
 */
import type { FeatureLike } from 'ol/Feature.js';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style.js';
import { USER_FACING_STATUSES, type UserFacingStatus } from '../../domain/units/status.ts';
import { STATUS_HEX } from '../fleet/statusColours.ts';

export const MAP_PALETTES = {
  dark: { sea: '#0b1017', land: '#1b222c', border: '#33404f', halo: '#0b0e13', text: '#ffffff', selectedRing: '#ffffff' },
  light: { sea: '#cfe0ec', land: '#f4f1ea', border: '#a9b4bf', halo: '#ffffff', text: '#1a1f26', selectedRing: '#1a1f26' },
} as const;
export type MapScheme = keyof typeof MAP_PALETTES;
export type MapPalette = (typeof MAP_PALETTES)[MapScheme];

/** Feature property of a unit point: its status index (statusIndex; a number, compared on every refresh). */
export const STATUS_PROP = 's';

export function statusIndex(status: UserFacingStatus): number {
  return USER_FACING_STATUSES.indexOf(status);
}

/** Unit point radius (px). */
export const POINT_RADIUS = 5;

/** Width of a unit point's halo (px). */
const POINT_HALO_PX = 1.25;

/**
 * A unit as a point coloured by its status, with a halo of the scheme (the point source holds only
 * units drawn as points: UnitDisplay). The styles are built once per scheme, one per status, and
 * shared by every point: the canvas renderer draws a shared circle style from one cached image.
 * An unknown status index draws as offline.
 */
export function unitPointStyle(palette: MapPalette): (feature: FeatureLike) => Style {
  const styles = USER_FACING_STATUSES.map(
    (status) =>
      new Style({
        image: new CircleStyle({ radius: POINT_RADIUS, fill: new Fill({ color: STATUS_HEX[status] }), stroke: new Stroke({ color: palette.halo, width: POINT_HALO_PX }) }),
      }),
  );
  const offline = styles[statusIndex('offline')] as Style;
  return (feature) => styles[feature.get(STATUS_PROP) as number] ?? offline;
}

/** The status of a status index (cluster features carry the index; unknown → offline). */
export function statusOfIndex(index: number): UserFacingStatus {
  return USER_FACING_STATUSES[index] ?? 'offline';
}

export function basemapStyle(palette: MapPalette): Style {
  return new Style({ fill: new Fill({ color: palette.land }), stroke: new Stroke({ color: palette.border, width: 0.8 }) });
}

/** Cluster radius grows with the log of its member count (px). */
export function clusterRadius(count: number): number {
  return Math.round(11 + 3.2 * Math.log2(Math.max(2, count)));
}

const clusterStyles = new Map<string, Style>();

export function clusterStyle(count: number, status: UserFacingStatus, palette: MapPalette): Style {
  const key = `${count}|${status}|${palette.halo}`;
  let style = clusterStyles.get(key);
  if (style === undefined) {
    const colour = STATUS_HEX[status];
    style = new Style({
      image: new CircleStyle({ radius: clusterRadius(count), fill: new Fill({ color: `${colour}d9` }), stroke: new Stroke({ color: palette.halo, width: 2 }) }),
      text: new Text({ text: String(count), font: '600 12px Inter, "Segoe UI", Roboto, Arial, sans-serif', fill: new Fill({ color: '#ffffff' }), stroke: new Stroke({ color: '#00000066', width: 2 }) }),
    });
    if (clusterStyles.size > 2000) clusterStyles.clear(); // bounded cache
    clusterStyles.set(key, style);
  }
  return style;
}

export function selectedStyle(status: UserFacingStatus, name: string, palette: MapPalette): Style {
  return new Style({
    image: new CircleStyle({ radius: 9, fill: new Fill({ color: STATUS_HEX[status] }), stroke: new Stroke({ color: palette.selectedRing, width: 3 }) }),
    text: new Text({
      text: name,
      offsetY: -20,
      font: '600 13px Inter, "Segoe UI", Roboto, Arial, sans-serif',
      fill: new Fill({ color: palette.text }),
      stroke: new Stroke({ color: palette.halo, width: 3 }),
    }),
  });
}
