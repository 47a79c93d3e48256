/**
 * The user preferences (spec 002 §3 "User preferences", "Map data", "Unit alert settings"; §7 GET
 * and PUT userPreferences/vue). The answer is the whole set, every field filled (defaults for what
 * was never saved). A save names only the fields it changes; each is checked for its JSON type
 * here, then sanitised by the domain (mergePreferences: list values the product does not know are
 * dropped) before it is stored.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { FreeNumber, RefTo } from './common.ts';
import { CHANNEL_MODE_FILTERS, CHANNEL_PLAYING_FILTERS, CHANNEL_TYPE_FILTERS } from '../../domain/channels.ts';
import { FILE_DATE_FILTERS, FILE_KINDS } from '../../domain/files.ts';
import { VR_FILTERS } from '../../domain/videoReturn.ts';
import { UNIT_ALERT_FLAGS, type UnitAlertFlag } from '../../domain/units/alertSettings.ts';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN, SORT_DIRECTIONS } from '../../domain/preferences.ts';

const TAGS = ['preferences'] as const;

/** Longest text a preference holds (a route, an id, a country). */
export const PREFERENCE_TEXT_MAX_LENGTH = 2048;
/** Most items of a list preference. */
export const PREFERENCE_LIST_MAX_ITEMS = 1000;
/** Most keys a map-shaped preference holds (filters by name, grids, panels): bounds a stored save (issue 16 item 4). */
export const PREFERENCE_MAP_MAX_KEYS = 100;

const Text = Schema.String.check(Schema.isMaxLength(PREFERENCE_TEXT_MAX_LENGTH));
const FilterSelection = Schema.Record(Schema.String, Schema.Array(Schema.String));

/** The 8 unit alert flags (spec 002 §3), all on by default. */
export const UnitAlertsSettings = Schema.Struct(
  Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, Schema.Boolean])) as Record<UnitAlertFlag, typeof Schema.Boolean>,
);

/** The whole preferences, as the server answers them (every field present). */
export const Preferences = Schema.Struct({
  groupId: Schema.NullOr(Schema.String),
  inventoryId: Schema.NullOr(Schema.String),
  inventoryName: Schema.NullOr(Schema.String),
  deviceFilters: FilterSelection,
  multiViewChannelsFilters: FilterSelection,
  // Optional as in the domain's ChannelFilters; the server always fills the three.
  manageChannelsFilters: Schema.Struct({
    types: Schema.optionalKey(Schema.Array(Schema.Literals(CHANNEL_TYPE_FILTERS))),
    modes: Schema.optionalKey(Schema.Array(Schema.Literals(CHANNEL_MODE_FILTERS))),
    playing: Schema.optionalKey(Schema.Array(Schema.Literals(CHANNEL_PLAYING_FILTERS))),
  }),
  manageDeviceFilters: FilterSelection,
  filesFilters: Schema.Struct({ kinds: Schema.Array(Schema.Literals(FILE_KINDS)), date: Schema.Literals(FILE_DATE_FILTERS) }),
  vrFilters: Schema.Array(Schema.Literals(VR_FILTERS)),
  gridPrefs: Schema.Record(
    Schema.String,
    Schema.Struct({
      columns: Schema.Array(Schema.String),
      sortState: Schema.NullOr(Schema.Struct({ column: Schema.String, direction: Schema.Literals(SORT_DIRECTIONS) })),
    }),
  ),
  unitAlertsSettings: UnitAlertsSettings,
  luSmartCountry: Schema.String,
  graphicsRegion: Schema.NullOr(Schema.String),
  currentRoute: Schema.NullOr(Schema.String),
  /** px; null = the layout's own width. */
  leftPanelWidth: Schema.NullOr(Schema.Finite),
  filterPanelsOpen: Schema.Record(Schema.String, Schema.Boolean),
  unitListExpanded: Schema.Boolean,
  manageDeviceInventory: Schema.NullOr(Schema.String),
  manageDeviceGroup: Schema.NullOr(Schema.String),
  lastSelectedUnit: Schema.NullOr(Schema.String),
  mapData: Schema.Struct({
    zoom: Schema.Finite.check(Schema.isBetween({ minimum: MAP_ZOOM_MIN, maximum: MAP_ZOOM_MAX })),
    latLng: Schema.Struct({ lat: Schema.Finite, lng: Schema.Finite }),
  }),
});
export type Preferences = typeof Preferences.Type;

/**
 * The parts of a save: the shape of each preference, with free texts where the preference holds
 * one of a list (a filter, a file kind): values the product does not know are dropped by the
 * domain, not refused, so an older console's saved filters never fail a save.
 */
const TextList = Schema.Array(Text).check(Schema.isMaxLength(PREFERENCE_LIST_MAX_ITEMS));
const SelectionChanges = Schema.Record(Text, TextList).check(Schema.isMaxProperties(PREFERENCE_MAP_MAX_KEYS));
const ChannelFiltersChanges = Schema.Struct({ types: Schema.optionalKey(TextList), modes: Schema.optionalKey(TextList), playing: Schema.optionalKey(TextList) });
const FileFiltersChanges = Schema.Struct({ kinds: Schema.optionalKey(TextList), date: Schema.optionalKey(Text) });
const GridPrefsChanges = Schema.Record(
  Text,
  Schema.Struct({ columns: Schema.optionalKey(TextList), sortState: Schema.optionalKey(Schema.NullOr(Schema.Struct({ column: Text, direction: Text }))) }),
).check(Schema.isMaxProperties(PREFERENCE_MAP_MAX_KEYS));
// Numbers are bounded to what a float keeps exactly; the domain drops values out of the product's range.
const MapDataChanges = Schema.Struct({
  zoom: Schema.optionalKey(FreeNumber),
  latLng: Schema.optionalKey(Schema.Struct({ lat: FreeNumber, lng: FreeNumber })),
});

/** A save: any of the fields, each of its JSON type; no other field. */
export const PreferencesChanges = Schema.Struct({
  groupId: Schema.optionalKey(Schema.NullOr(RefTo('group'))),
  inventoryId: Schema.optionalKey(Schema.NullOr(RefTo('inventory'))),
  inventoryName: Schema.optionalKey(Schema.NullOr(Text)),
  deviceFilters: Schema.optionalKey(SelectionChanges),
  multiViewChannelsFilters: Schema.optionalKey(SelectionChanges),
  manageChannelsFilters: Schema.optionalKey(ChannelFiltersChanges),
  manageDeviceFilters: Schema.optionalKey(SelectionChanges),
  filesFilters: Schema.optionalKey(FileFiltersChanges),
  vrFilters: Schema.optionalKey(TextList),
  gridPrefs: Schema.optionalKey(GridPrefsChanges),
  unitAlertsSettings: Schema.optionalKey(
    Schema.Struct(Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, Schema.optionalKey(Schema.Boolean)])) as Record<UnitAlertFlag, Schema.optionalKey<typeof Schema.Boolean>>),
  ),
  luSmartCountry: Schema.optionalKey(Text),
  graphicsRegion: Schema.optionalKey(Schema.NullOr(Text)),
  currentRoute: Schema.optionalKey(Schema.NullOr(Text)),
  leftPanelWidth: Schema.optionalKey(Schema.NullOr(FreeNumber)),
  filterPanelsOpen: Schema.optionalKey(Schema.Record(Text, Schema.Boolean).check(Schema.isMaxProperties(PREFERENCE_MAP_MAX_KEYS))),
  unitListExpanded: Schema.optionalKey(Schema.Boolean),
  manageDeviceInventory: Schema.optionalKey(Schema.NullOr(Text)),
  manageDeviceGroup: Schema.optionalKey(Schema.NullOr(Text)),
  lastSelectedUnit: Schema.optionalKey(Schema.NullOr(Text)),
  mapData: Schema.optionalKey(MapDataChanges),
});
export type PreferencesChanges = typeof PreferencesChanges.Type;

export const getPreferences = endpoint({
  method: 'GET',
  path: 'userPreferences/vue',
  summary: 'The signed-in user’s preferences (defaults filled in)',
  tags: TAGS,
  response: Preferences,
});

export const savePreferences = endpoint({
  method: 'PUT',
  path: 'userPreferences/vue',
  summary: 'Save preferences: the given fields replace the stored ones, the others are kept; answers the whole set',
  tags: TAGS,
  body: PreferencesChanges,
  response: Preferences,
});

export const PREFERENCE_ENDPOINTS = [getPreferences, savePreferences] as const;
