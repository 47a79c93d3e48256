/**
 * The Devices screen (spec 001 §2 "Devices: filters, add camera, edit device and edit server, LU-Link
 * settings"): its filters (saved in the preference manageDeviceFilters), counters and the LU-Link
 * rule. Pure.
 */
import type { FormErrors } from './validation/check.ts';
import { firstError } from './validation/check.ts';
import { integer, maxValue, minValue, number, requiredNumber, type NumberInput } from './validation/fields.ts';
import type { ServerState, ServerType } from './servers.ts';

/** Device kinds the screen lists: field units, cameras (units of a camera brand), servers. */
export const DEVICE_KINDS = ['unit', 'camera', 'server'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Status filter values: a unit's displayed status class or a server's state, on one scale. */
export const DEVICE_STATUS_FILTERS = ['offline', 'idle', 'busy'] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

/** The filters the screen saves in manageDeviceFilters (spec 002 §3): kinds, statuses, server types. */
export interface DeviceFilters {
  readonly kinds?: readonly string[];
  readonly statuses?: readonly string[];
  readonly serverTypes?: readonly string[];
}

export interface DeviceFacts {
  readonly kind: DeviceKind;
  readonly status: DeviceStatusFilter;
  readonly serverType?: ServerType;
}

/** True when the device passes every filter (an empty filter passes all). Server types filter servers only. */
export function deviceMatchesFilters(device: DeviceFacts, filters: DeviceFilters): boolean {
  const has = (list: readonly string[] | undefined, value: string) => list === undefined || list.length === 0 || list.includes(value);
  if (!has(filters.kinds, device.kind)) return false;
  if (!has(filters.statuses, device.status)) return false;
  if (device.kind === 'server' && device.serverType !== undefined && !has(filters.serverTypes, device.serverType)) return false;
  return true;
}

export type DeviceCounters = Record<DeviceKind | DeviceStatusFilter, number>;

/** The counters above the table: per kind and per status. */
export function deviceCounters(devices: readonly DeviceFacts[]): DeviceCounters {
  const counters: DeviceCounters = { unit: 0, camera: 0, server: 0, offline: 0, idle: 0, busy: 0 };
  for (const d of devices) {
    counters[d.kind] += 1;
    counters[d.status] += 1;
  }
  return counters;
}

/** A server's state on the status scale (they are the same three words). */
export const serverStatusFilter = (state: ServerState): DeviceStatusFilter => state;

/** LU-Link bitrate cap (ours): 0 = no cap, else 100-20000 kbps. */
export const LULINK_BITRATE_KBPS = { min: 100, max: 20_000 } as const;

export function luLinkErrors(form: { readonly enabled: boolean; readonly serverId: string | null; readonly maxBitrateKbps: NumberInput }, SERVER_REQUIRED = 'Choose the server the unit links to'): FormErrors<'serverId' | 'maxBitrateKbps'> {
  const errors: FormErrors<'serverId' | 'maxBitrateKbps'> = {};
  if (form.enabled && form.serverId === null) errors.serverId = SERVER_REQUIRED;
  if (form.maxBitrateKbps !== 0 && form.maxBitrateKbps !== '0') {
    const rate = firstError(form.maxBitrateKbps, [requiredNumber, number, integer, minValue(LULINK_BITRATE_KBPS.min), maxValue(LULINK_BITRATE_KBPS.max)]);
    if (rate !== null) errors.maxBitrateKbps = rate;
  }
  return errors;
}

/** A unit's displayed status on the status filter's scale: offline, idle, or busy (any work). */
export function unitStatusFilter(status: string): DeviceStatusFilter {
  if (status === 'offline') return 'offline';
  return status === 'idle' ? 'idle' : 'busy';
}
