/**
 * Map colours and styles per colour scheme: the offline basemap, the unit points (a WebGL flat
 * style: status colour by a numeric property, hidden points filtered out on the GPU), clusters
 * and the selected unit (canvas styles, few features).
 */
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style.js';
import type { FlatStyleLike } from 'ol/style/flat.js';
import { USER_FACING_STATUSES, type UserFacingStatus } from '../../domain/units/status.ts';
import { STATUS_HEX } from '../fleet/statusColours.ts';

export const MAP_PALETTES = {
  dark: { sea: '#0b1017', land: '#1b222c', border: '#33404f', halo: '#0b0e13', text: '#ffffff', selectedRing: '#ffffff' },
  light: { sea: '#cfe0ec', land: '#f4f1ea', border: '#a9b4bf', halo: '#ffffff', text: '#1a1f26', selectedRing: '#1a1f26' },
} as const;
export type MapScheme = keyof typeof MAP_PALETTES;
export type MapPalette = (typeof MAP_PALETTES)[MapScheme];

/** Feature property of a unit point: its status index (a number: WebGL reads numbers). */
export const STATUS_PROP = 's';

export function statusIndex(status: UserFacingStatus): number {
  return USER_FACING_STATUSES.indexOf(status);
}

/** Unit point radius (px). */
export const POINT_RADIUS = 5;

/** A unit as a point coloured by its status (the point source holds only units drawn as points: UnitDisplay). */
export function unitPointStyle(): FlatStyleLike {
  const colours = USER_FACING_STATUSES.flatMap((status, i) => [i, STATUS_HEX[status]]);
  return {
    'circle-radius': POINT_RADIUS,
    'circle-fill-color': ['match', ['get', STATUS_PROP], ...colours, STATUS_HEX.offline],
    'circle-stroke-color': ['var', 'halo'],
    'circle-stroke-width': 1.25,
  };
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
