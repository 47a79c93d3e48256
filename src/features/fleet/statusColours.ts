/**
 * The unit icon's status colour (spec 000 §4 "the unit icon reflects the status"): one Mantine
 * colour per user-facing group, shared by the unit list, the multiview tiles and the map.
 */
import type { UnitIconStatus } from '../../domain/units/status.ts';
import { unitIconStatus } from '../../domain/units/status.ts';
import type { Applications, UnitStatus } from '../../domain/units/status.ts';

export const STATUS_COLOURS = {
  offline: 'gray',
  online: 'green',
  streaming: 'red',
  storeAndForward: 'orange',
  upgrading: 'violet',
  fetchingLogs: 'cyan',
  speedTest: 'blue',
} as const satisfies Record<UnitIconStatus, string>;

/** The same colours as CSS hex (for canvases and WebGL styles that cannot read CSS variables). */
export const STATUS_HEX = {
  offline: '#868e96',
  online: '#40c057',
  streaming: '#fa5252',
  storeAndForward: '#fd7e14',
  upgrading: '#7950f2',
  fetchingLogs: '#15aabf',
  speedTest: '#228be6',
} as const satisfies Record<UnitIconStatus, string>;

/**
 * The applications map of a view's active application names (a key present means active); the
 * video application carries its reported state, so a speed test is not taken for streaming.
 */
export function applicationsOf(names: readonly string[], videoState?: string): Applications {
  const applications: Record<string, object> = {};
  for (const name of names) applications[name] = name === 'video' && videoState !== undefined ? { state: videoState } : {};
  return applications as Applications;
}

/** What the status rules need of a unit view. */
export type StatusOfView = { readonly status: UnitStatus; readonly applications: readonly string[]; readonly videoState?: string | undefined };

/**
 * The icon status of a unit view (status plus its active applications). The applications can only
 * change the icon of a unit whose status alone is "online" (userFacingStatus), and only when it has
 * some: no applications map is built for the others. The map, the wall's tiles and the list call
 * this per unit under a 60,000 events/s stream; building the map for every call was 6.7 % of the
 * map window's main-thread allocation (docs/performance.md §5h).
 */
export function iconStatusOf(unit: StatusOfView): UnitIconStatus {
  const alone = unitIconStatus(unit.status);
  if (alone !== 'online' || unit.applications.length === 0) return alone;
  return unitIconStatus(unit.status, applicationsOf(unit.applications, unit.videoState));
}
