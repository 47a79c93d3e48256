/**
 * The unit list's columns (issue 5 item 3; spec 000 §3 unit fields): ids, layout and the value
 * each one sorts by. The column ids are what preferences.gridPrefs.unitList saves.
 */
import { compareVersions } from '../../domain/versions.ts';
import { USER_FACING_STATUSES } from '../../domain/units/status.ts';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';

export const UNIT_COLUMNS = ['status', 'name', 'type', 'serial', 'channel', 'delay', 'bitrate', 'battery', 'alerts', 'version', 'location'] as const;
export type UnitColumn = (typeof UNIT_COLUMNS)[number];

/** Always shown: a row must say what the unit is and how it is. */
export const FIXED_COLUMNS: readonly UnitColumn[] = ['status', 'name'];

/** Shown when the user has chosen nothing (location is one click away in the column menu). */
export const DEFAULT_COLUMNS: readonly UnitColumn[] = ['status', 'name', 'type', 'serial', 'channel', 'delay', 'bitrate', 'battery', 'alerts', 'version'];

/** CSS grid track of each column: a minimum width in px and a share of the spare width. */
export const COLUMN_TRACKS: Readonly<Record<UnitColumn, { readonly minPx: number; readonly share: number }>> = {
  status: { minPx: 150, share: 1.2 },
  name: { minPx: 170, share: 2 },
  type: { minPx: 90, share: 0.8 },
  serial: { minPx: 110, share: 1 },
  // Ours (issue 17 item 6): 190 px holds a channel name of ~24 characters ("Events-Music-Distributor"); 110 cut them.
  channel: { minPx: 190, share: 1.6 },
  delay: { minPx: 110, share: 0.7 },
  bitrate: { minPx: 100, share: 0.8 },
  battery: { minPx: 80, share: 0.6 },
  alerts: { minPx: 70, share: 0.5 },
  version: { minPx: 80, share: 0.6 },
  location: { minPx: 140, share: 1.4 },
};

/** The grid-template-columns of the visible columns. */
export function gridTemplate(columns: readonly UnitColumn[]): string {
  return columns.map((column) => `minmax(${COLUMN_TRACKS[column].minPx}px, ${COLUMN_TRACKS[column].share}fr)`).join(' ');
}

const STATUS_ORDER = new Map<string, number>(USER_FACING_STATUSES.map((status, index) => [status, index]));

/** What a column sorts by; undefined (no value) always sorts last. */
export type SortValue = string | number | undefined;

/** The location text of a unit: its address, else its coordinates to 2 decimals (≈1 km), else undefined. */
export function locationOf(unit: UnitView): string | undefined {
  if (unit.address !== undefined && unit.address !== '') return unit.address;
  if (unit.lat === undefined || unit.lng === undefined) return undefined;
  return `${unit.lat.toFixed(2)}, ${unit.lng.toFixed(2)}`;
}

export function sortValue(column: UnitColumn, unit: UnitView): SortValue {
  switch (column) {
    case 'status':
      return STATUS_ORDER.get(iconStatusOf(unit));
    case 'name':
      return unit.name;
    case 'type':
      return unit.type;
    case 'serial':
      return unit.serial;
    case 'channel':
      return unit.channelId ?? undefined;
    case 'delay':
      return unit.delayMs;
    case 'bitrate':
      return unit.uplinkKbps ?? 0;
    case 'battery':
      return unit.battery?.percentage;
    case 'alerts':
      return unit.activeAlerts;
    case 'version':
      return unit.swVersion;
    case 'location':
      return locationOf(unit);
    default:
      return assertColumn(column);
  }
}

function assertColumn(column: never): never {
  throw new Error(`unknown unit column: ${String(column)}`);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Ascending order of two sort values of one column (versions as dotted numbers); no value last. */
export function compareSortValues(column: UnitColumn, a: SortValue, b: SortValue): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (column === 'version') return compareVersions(String(a), String(b));
  return collator.compare(String(a), String(b));
}

export function isUnitColumn(value: string): value is UnitColumn {
  return (UNIT_COLUMNS as readonly string[]).includes(value);
}
