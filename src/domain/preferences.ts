/**
 * User preferences (spec 002 §3 "User preferences", "Map data", "Unit alert settings"; spec 000
 * §3). Stored per user through GET/PUT userPreferences/vue; on load the stored value is untrusted:
 * mergePreferences keeps each known field that has the right type and fills the rest with defaults.
 */
import { LU_SMART_COUNTRY_DEFAULT, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from './constants.ts';
import type { UnitId } from './brand.ts';
import { CHANNEL_MODE_FILTERS, CHANNEL_PLAYING_FILTERS, CHANNEL_TYPE_FILTERS, type ChannelFilters } from './channels.ts';
import { FILE_DATE_FILTERS, FILE_KINDS, type FileFilters } from './files.ts';
import { VR_FILTERS, type VrFilter } from './videoReturn.ts';
import { DEFAULT_UNIT_ALERT_SETTINGS, UNIT_ALERT_FLAGS, type UnitAlertSettings } from './units/alertSettings.ts';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One grid's saved layout: visible column ids in display order, and its sort. */
export interface GridPrefs {
  readonly columns: readonly string[];
  readonly sortState: { readonly column: string; readonly direction: SortDirection } | null;
}

/** Filter panels owned by other areas (units, multiview): filter group → selected values. */
export type FilterSelection = Readonly<Record<string, readonly string[]>>;

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** Spec 002 §3 "Map data: zoom (default 3) and latLng (default 0,0)". */
export interface MapData {
  readonly zoom: number;
  readonly latLng: LatLng;
}

export interface UserPreferences {
  readonly groupId: string | null;
  readonly inventoryId: string | null;
  readonly inventoryName: string | null;
  readonly deviceFilters: FilterSelection;
  readonly multiViewChannelsFilters: FilterSelection;
  readonly manageChannelsFilters: ChannelFilters;
  readonly manageDeviceFilters: FilterSelection;
  /** Spec: "filesFilters (date filter and type filter)": date and kinds. */
  readonly filesFilters: FileFilters;
  readonly vrFilters: readonly VrFilter[];
  /** Per grid id. */
  readonly gridPrefs: Readonly<Record<string, GridPrefs>>;
  /** The flags of units/alertSettings.ts (spec 000 §3, 002 §3), all on by default. */
  readonly unitAlertsSettings: Readonly<UnitAlertSettings>;
  readonly luSmartCountry: string;
  readonly graphicsRegion: string | null;
  readonly currentRoute: string | null;
  /** px; null = the layout's own width. */
  readonly leftPanelWidth: number | null;
  /** Open (true) or closed flags of the filter panels, per panel id. */
  readonly filterPanelsOpen: Readonly<Record<string, boolean>>;
  readonly unitListExpanded: boolean;
  readonly manageDeviceInventory: string | null;
  readonly manageDeviceGroup: string | null;
  readonly lastSelectedUnit: UnitId | null;
  readonly mapData: MapData;
}

/** Spec 002 §3 "luSmartCountry (default usa)". */
export const DEFAULT_LU_SMART_COUNTRY = LU_SMART_COUNTRY_DEFAULT;
/** Spec 002 §3 map defaults. */
export const DEFAULT_MAP_ZOOM = MAP_DEFAULT_ZOOM;
export const DEFAULT_MAP_CENTER: LatLng = MAP_DEFAULT_CENTER;
/** Zoom levels a web map can show (OpenLayers/Google: 0 to 28). */
export const MAP_ZOOM_MIN = 0;
export const MAP_ZOOM_MAX = 28;

/** A fresh default object on every call (callers may keep it). */
export function defaultPreferences(): UserPreferences {
  return {
    groupId: null,
    inventoryId: null,
    inventoryName: null,
    deviceFilters: {},
    multiViewChannelsFilters: {},
    manageChannelsFilters: { types: [], modes: [], playing: [] },
    manageDeviceFilters: {},
    filesFilters: { kinds: [], date: 'any' },
    vrFilters: [],
    gridPrefs: {},
    unitAlertsSettings: { ...DEFAULT_UNIT_ALERT_SETTINGS },
    luSmartCountry: DEFAULT_LU_SMART_COUNTRY,
    graphicsRegion: null,
    currentRoute: null,
    leftPanelWidth: null,
    filterPanelsOpen: {},
    unitListExpanded: false,
    manageDeviceInventory: null,
    manageDeviceGroup: null,
    lastSelectedUnit: null,
    mapData: { zoom: DEFAULT_MAP_ZOOM, latLng: { ...DEFAULT_MAP_CENTER } },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading untrusted stored preferences. Only own properties are read (never the prototype), and
// records are rebuilt with Object.fromEntries so a "__proto__" key stays a plain key.

type Loose = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(record: Loose, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function finite(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value + 0 : null; // + 0 turns -0 into 0 (JSON cannot keep -0)
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value);
}

/** Known values only, each once, in stored order. */
function listOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is T => oneOf(allowed, item)))];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((item): item is string => typeof item === 'string'))] : [];
}

function recordOf<T>(value: unknown, read: (item: unknown) => T | null): Record<string, T> {
  if (!isRecord(value)) return {};
  const entries: [string, T][] = [];
  for (const key of Object.keys(value)) {
    const item = read(value[key]);
    if (item !== null) entries.push([key, item]);
  }
  return Object.fromEntries(entries);
}

function readFilterSelection(value: unknown): FilterSelection {
  return recordOf(value, (item) => (Array.isArray(item) ? strings(item) : null));
}

function readChannelFilters(value: unknown): ChannelFilters {
  const record = isRecord(value) ? value : {};
  return {
    types: listOf(CHANNEL_TYPE_FILTERS, own(record, 'types')),
    modes: listOf(CHANNEL_MODE_FILTERS, own(record, 'modes')),
    playing: listOf(CHANNEL_PLAYING_FILTERS, own(record, 'playing')),
  };
}

function readFileFilters(value: unknown): FileFilters {
  const record = isRecord(value) ? value : {};
  const date = own(record, 'date');
  return { kinds: listOf(FILE_KINDS, own(record, 'kinds')), date: oneOf(FILE_DATE_FILTERS, date) ? date : 'any' };
}

function readGridPrefs(value: unknown): GridPrefs | null {
  if (!isRecord(value)) return null;
  const sort = own(value, 'sortState');
  let sortState: GridPrefs['sortState'] = null;
  if (isRecord(sort)) {
    const column = text(own(sort, 'column'));
    const direction = own(sort, 'direction');
    if (column !== null && oneOf(SORT_DIRECTIONS, direction)) sortState = { column, direction };
  }
  return { columns: strings(own(value, 'columns')), sortState };
}

/** A flag that is missing or not a boolean keeps its default (on). */
function readAlertSettings(value: unknown): UnitAlertSettings {
  const record = isRecord(value) ? value : {};
  const settings: UnitAlertSettings = { ...DEFAULT_UNIT_ALERT_SETTINGS };
  for (const flag of UNIT_ALERT_FLAGS) {
    const stored = own(record, flag);
    if (typeof stored === 'boolean') settings[flag] = stored;
  }
  return settings;
}

function readMapData(value: unknown): MapData {
  const record = isRecord(value) ? value : {};
  const latLng = own(record, 'latLng');
  const lat = isRecord(latLng) ? finite(own(latLng, 'lat'), -90, 90) : null;
  const lng = isRecord(latLng) ? finite(own(latLng, 'lng'), -180, 180) : null;
  return {
    zoom: finite(own(record, 'zoom'), MAP_ZOOM_MIN, MAP_ZOOM_MAX) ?? DEFAULT_MAP_ZOOM,
    // a centre is kept only whole: half a stored position is not a place the user chose
    latLng: lat !== null && lng !== null ? { lat, lng } : { ...DEFAULT_MAP_CENTER },
  };
}

/**
 * The stored preferences (an object, or its JSON text) merged over the defaults. Unknown fields are
 * dropped; a known field of the wrong type, or a list value the product does not know, falls back
 * to its default. Never throws on any input.
 */
export function mergePreferences(stored: unknown): UserPreferences {
  let input = stored;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      input = null;
    }
  }
  const defaults = defaultPreferences();
  if (!isRecord(input)) return defaults;
  const get = (key: keyof UserPreferences): unknown => own(input, key);
  const bool = (key: keyof UserPreferences, fallback: boolean): boolean => {
    const value = get(key);
    return typeof value === 'boolean' ? value : fallback;
  };
  return {
    groupId: text(get('groupId')),
    inventoryId: text(get('inventoryId')),
    inventoryName: text(get('inventoryName')),
    deviceFilters: readFilterSelection(get('deviceFilters')),
    multiViewChannelsFilters: readFilterSelection(get('multiViewChannelsFilters')),
    manageChannelsFilters: readChannelFilters(get('manageChannelsFilters')),
    manageDeviceFilters: readFilterSelection(get('manageDeviceFilters')),
    filesFilters: readFileFilters(get('filesFilters')),
    vrFilters: listOf(VR_FILTERS, get('vrFilters')),
    gridPrefs: recordOf(get('gridPrefs'), readGridPrefs),
    unitAlertsSettings: readAlertSettings(get('unitAlertsSettings')),
    luSmartCountry: text(get('luSmartCountry')) ?? defaults.luSmartCountry,
    graphicsRegion: text(get('graphicsRegion')),
    currentRoute: text(get('currentRoute')),
    leftPanelWidth: finite(get('leftPanelWidth'), 0, Number.MAX_SAFE_INTEGER),
    filterPanelsOpen: recordOf(get('filterPanelsOpen'), (item) => (typeof item === 'boolean' ? item : null)),
    unitListExpanded: bool('unitListExpanded', defaults.unitListExpanded),
    manageDeviceInventory: text(get('manageDeviceInventory')),
    manageDeviceGroup: text(get('manageDeviceGroup')),
    lastSelectedUnit: text(get('lastSelectedUnit')) as UnitId | null,
    mapData: readMapData(get('mapData')),
  };
}
