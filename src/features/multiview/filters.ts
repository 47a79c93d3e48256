/**
 * Multiview filters (issue 5 item 4; the unit list's filter groups of spec 000 §2: unit status
 * (offline, transmitting, online), unit type, active alerts; search by name) and the wall layout,
 * saved in the user's preferences as `multiViewChannelsFilters` (spec 002 §3), a record of
 * filter group → selected values. Stored values are untrusted: unknown ones are dropped.
 */
import type { FilterSelection } from '../../domain/preferences.ts';
import { STATUS_FILTER_GROUPS, statusFilterGroup, type StatusFilterGroup } from '../../domain/units/status.ts';
import { UNIT_TYPE_GROUPS, unitTypeGroup, type UnitTypeGroup } from '../../domain/units/productTypes.ts';
import { applicationsOf, type StatusOfView } from '../fleet/statusColours.ts';
import { DEFAULT_LAYOUT, isMultiviewLayout, type MultiviewLayout } from './layouts.ts';

/** Keys inside multiViewChannelsFilters. */
export const FILTER_KEYS = { status: 'status', type: 'type', alerts: 'alerts', search: 'search', layout: 'layout' } as const;
/** The one value of the alerts group: only units with an active alert. */
export const ALERTS_ACTIVE = 'active';
/** Search text kept in preferences (characters). */
export const SEARCH_MAX_LENGTH = 100;

export interface MultiviewFilters {
  readonly statuses: readonly StatusFilterGroup[];
  readonly types: readonly UnitTypeGroup[];
  readonly alertsOnly: boolean;
  readonly search: string;
  readonly layout: MultiviewLayout;
}

export const NO_FILTERS: MultiviewFilters = { statuses: [], types: [], alertsOnly: false, search: '', layout: DEFAULT_LAYOUT };

function known<T extends string>(allowed: readonly T[], values: readonly string[] | undefined): T[] {
  return [...new Set((values ?? []).filter((v): v is T => (allowed as readonly string[]).includes(v)))];
}

/** The filters saved in preferences (unknown values dropped, defaults for the rest). */
export function readFilters(selection: FilterSelection): MultiviewFilters {
  const layout = selection[FILTER_KEYS.layout]?.[0];
  return {
    statuses: known(STATUS_FILTER_GROUPS, selection[FILTER_KEYS.status]),
    types: known(UNIT_TYPE_GROUPS, selection[FILTER_KEYS.type]),
    alertsOnly: selection[FILTER_KEYS.alerts]?.includes(ALERTS_ACTIVE) ?? false,
    search: (selection[FILTER_KEYS.search]?.[0] ?? '').slice(0, SEARCH_MAX_LENGTH),
    layout: isMultiviewLayout(layout) ? layout : DEFAULT_LAYOUT,
  };
}

/** The filters as they are saved (empty groups left out). */
export function writeFilters(filters: MultiviewFilters): FilterSelection {
  const search = filters.search.trim().slice(0, SEARCH_MAX_LENGTH);
  return {
    ...(filters.statuses.length > 0 ? { [FILTER_KEYS.status]: [...filters.statuses] } : {}),
    ...(filters.types.length > 0 ? { [FILTER_KEYS.type]: [...filters.types] } : {}),
    ...(filters.alertsOnly ? { [FILTER_KEYS.alerts]: [ALERTS_ACTIVE] } : {}),
    ...(search !== '' ? { [FILTER_KEYS.search]: [search] } : {}),
    [FILTER_KEYS.layout]: [filters.layout],
  };
}

/** What the filters read of a unit. */
export type FilteredUnit = StatusOfView & { readonly name: string; readonly type: string; readonly activeAlerts: number };

/** The filter groups (the layout is not a filter). */
export type MultiviewFilterGroups = Pick<MultiviewFilters, 'statuses' | 'types' | 'alertsOnly' | 'search'>;

/**
 * A test for the filters, with the search text prepared once (the wall matches up to 50,000
 * units with it): true when the unit passes every group (groups AND, values within a group OR;
 * an empty group passes all). Search: the name contains the text, case-insensitive (default
 * search key: name).
 */
export function filterMatcher(filters: MultiviewFilterGroups): (unit: FilteredUnit) => boolean {
  const { statuses, types, alertsOnly } = filters;
  const search = filters.search.trim().toLowerCase();
  return (unit) => {
    if (statuses.length > 0) {
      const group = statusFilterGroup(unit.status, applicationsOf(unit.applications, unit.videoState));
      if (!statuses.includes(group)) return false;
    }
    if (types.length > 0) {
      const group = unitTypeGroup(unit.type);
      if (group === null || !types.includes(group)) return false;
    }
    if (alertsOnly && unit.activeAlerts <= 0) return false;
    if (search !== '' && !unit.name.toLowerCase().includes(search)) return false;
    return true;
  };
}

/** filterMatcher for one unit. */
export function matchesFilters(unit: FilteredUnit, filters: MultiviewFilterGroups): boolean {
  return filterMatcher(filters)(unit);
}
