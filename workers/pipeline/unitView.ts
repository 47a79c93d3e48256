/**
 * A unit's whole view as the UI draws it (diff.ts UnitView), read from the model's record: one
 * function for the worker's diffs (fleetPipeline.ts) and for the server's columnar snapshot
 * answer (snapshotOfFleet.ts, issue 15 item 3), so both sides make the same bytes from the same
 * record. Pure: the pipeline's own state (a pressed button's transition, fetched capabilities) is
 * passed in.
 */
import type { Links, UnitRecord } from '../model/fleetModel.ts';
import { linksOfRecord } from '../model/fleetModel.ts';

/** The per-link fields of a layout (port, name, type): link objects or a usage shape's links (fleetModel.ts linkLayoutOf). */
type LinkLayout = readonly { readonly port: string; readonly name?: string | undefined; readonly type?: string | undefined }[];
import type { ButtonTransition, LinkView, UnitView } from './diff.ts';

export function videoStateOf(unit: UnitRecord): string | undefined {
  const raw = unit.raw as { video?: { state?: unknown }; applications?: Record<string, { state?: string }> };
  const reported = raw.video?.state;
  if (typeof reported === 'string') return reported;
  return raw.applications?.['video']?.state;
}


/** The battery as last reported: unit.status carries it (null: mains powered), else the unit's own. */
export function batteryOf(unit: UnitRecord): UnitView['battery'] {
  const raw = unit.raw as { battery?: UnitView['battery'] | null };
  if (raw.battery !== undefined) return raw.battery ?? undefined;
  return unit.data.battery ?? undefined;
}

/** unit.status video.onAir as reported (read leniently like the video state: the schema keeps `video` as an extra). */
export function onAirOf(unit: UnitRecord): boolean {
  const raw = unit.raw as { video?: { onAir?: unknown } };
  return raw.video?.onAir === true;
}

export function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberField(record: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The links as views draw them (kbps). */
export function linksOf(unit: UnitRecord): LinkView[] {
  return linksOfRecord(unit).map((link) => {
    return {
      port: link.port,
      name: link.name ?? link.port,
      type: link.type,
      connected: link.connected ?? false,
      enabled: link.enabled ?? true,
      uplinkKbps: link.uplinkKbps ?? 0,
      downlinkKbps: link.downlinkKbps ?? 0,
      signal: signalOf(link),
    };
  });
}

/** A link's signal as views draw it (0–100), undefined when none is reported. */
export function signalOf(link: Links[number]): number | undefined {
  return link.signalQuality ?? numberField(link as Record<string, unknown>, 'signal');
}

/** True when two link lists have the same links in the same order (port, name, type): a usage patch can carry only numbers. */
export function sameLinkLayout(before: LinkLayout, after: LinkLayout): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let i = 0; i < before.length; i += 1) {
    const a = before[i];
    const b = after[i];
    if (a === undefined || b === undefined || a.port !== b.port || a.name !== b.name || a.type !== b.type) return false;
  }
  return true;
}

export function uplinkOf(links: readonly LinkView[]): number {
  let sum = 0;
  for (const link of links) sum += link.uplinkKbps;
  return sum;
}

/** The list/tile/unit-page fields of a unit view: identity, config (delay ms, channel), links (kbps). */
export function detailsOf(unit: UnitRecord): Pick<UnitView, 'serial' | 'swVersion' | 'channelId' | 'delayMs' | 'uplinkKbps' | 'links' | 'address'> {
  const data = unit.data as Record<string, unknown>;
  const config = (unit.config ?? unit.data.config) as Record<string, unknown> | undefined;
  const links = linksOf(unit);
  const channel = config?.['channelId'];
  return {
    serial: stringField(data, 'serial'),
    swVersion: stringField(config, 'swVersion') ?? stringField(data, 'swVersion'),
    channelId: typeof channel === 'string' ? channel : channel === null ? null : undefined,
    delayMs: numberField(config, 'delay'),
    uplinkKbps: uplinkOf(links),
    links,
    address: stringField(data, 'address'),
  };
}

/** The whole view of `unit`; `transition` and `capabilities` are the pipeline's (none on the server). */
export function unitViewOf(unit: UnitRecord, transition: ButtonTransition | null, capabilities: unknown): UnitView {
  const data = unit.data;
  return {
    id: unit.id,
    rev: unit.rev,
    name: data.name,
    type: data.type,
    status: unit.status,
    state: unit.raw.state,
    videoState: videoStateOf(unit),
    applications: Object.keys(unit.raw.applications ?? {}),
    activeAlerts: unit.counted.activeAlerts,
    battery: batteryOf(unit),
    lat: data.lat,
    lng: data.lng,
    transition,
    capabilities,
    ...detailsOf(unit),
    onAir: onAirOf(unit),
    speedTest: unit.speedTest,
    social: unit.social,
  };
}
