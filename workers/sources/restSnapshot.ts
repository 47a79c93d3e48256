/**
 * Decodes the REST snapshot (GET devices/fetch?crnt_vcg_uid=<group>: {watermark, units: [{rev,
 * unit}], channels: [{id, rev, name?, version?, status?}], servers}) and one unit (GET devices/fetch_by_id/{id})
 * at the edge. The shapes are the contract's (DeviceSnapshot and UnitView of
 * src/protocol/rest/units.ts: every field read here is named through their types), decoded by hand
 * rather than by their Schemas: a 50,000-unit snapshot is a hot path (docs/performance.md), and the
 * event schemas are what the model keeps. Lenient where the server is looser than the event
 * schemas, strict elsewhere:
 * - `null` fields (battery, lat, lng of a unit without them) are read as absent;
 * - rev 0 is accepted (an entity that has not changed since the server started: any event of it
 *   has rev ≥ 1 and is applied);
 * - a unit or channel that does not decode is skipped and named in `problems`, never fatal.
 */
import { Schema } from 'effect';
import { decodeWith } from '../../src/protocol/issueText.ts';
import type { Decoded } from '../../src/protocol/issueText.ts';
import { isDataOf } from '../../src/protocol/payloadGuards.ts';
import { ChannelStatusDataSchema, UnitDataSchema } from '../../src/protocol/payloads.ts';
import type { UnitData } from '../../src/protocol/payloads.ts';
import type { ChannelSnapshot, FleetSnapshot, UnitSnapshot } from '../../src/protocol/snapshot.ts';
import type { DeviceSnapshot, UnitView } from '../../src/protocol/rest/units.ts';

/** A contract shape whose fields are not checked yet: each read goes through the type's own names. */
type Unchecked<T> = { readonly [K in keyof T]?: unknown };
type SnapshotEntry = DeviceSnapshot['units'][number];
type SnapshotChannel = DeviceSnapshot['channels'][number];

export type DecodedRestSnapshot = { readonly watermark: number; readonly snapshot: FleetSnapshot; readonly problems: readonly string[] };

const decodeUnitData = decodeWith(UnitDataSchema, 'unit');
const decodeChannelStatus = decodeWith(ChannelStatusDataSchema, 'status');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRev(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * A copy of `value` without its null-valued keys (one level). `Object.keys`, the same keys in the
 * same order as `Object.entries`, without a [key, value] array per key: ~16 arrays per unit, 800,000
 * at 50,000 units in the worker's snapshot decode (docs/performance.md §7f).
 */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const field = value[key];
    if (field !== null) out[key] = field;
  }
  return out;
}

/** Whole-unit data; the fast guard keeps extra fields (e.g. `video` in the status), the Schema names a bad field. */
export function decodeUnit(raw: unknown): Decoded<UnitData> {
  if (!isRecord(raw)) return { ok: false, error: 'unit: expected an object' };
  const cleaned = withoutNulls(raw);
  if (isDataOf('unit.added', cleaned)) return { ok: true, value: cleaned as UnitData };
  return decodeUnitData(cleaned);
}

export function decodeRestSnapshot(raw: unknown): Decoded<DecodedRestSnapshot> {
  if (!isRecord(raw)) return { ok: false, error: 'snapshot: expected an object' };
  const body = raw as Unchecked<DeviceSnapshot>;
  const watermark = body.watermark;
  if (typeof watermark !== 'number' || !Number.isSafeInteger(watermark) || watermark < 0) {
    return { ok: false, error: 'snapshot.watermark: expected a non-negative integer' };
  }
  const problems: string[] = [];
  const units: UnitSnapshot[] = [];
  const rawUnits = Array.isArray(body.units) ? (body.units as unknown[]) : [];
  rawUnits.forEach((raw, index) => {
    const entry = raw as Unchecked<SnapshotEntry>;
    if (!isRecord(raw) || !isRev(entry.rev)) {
      problems.push(`units[${index}].rev: expected a non-negative integer`);
      return;
    }
    const unit = decodeUnit(entry.unit);
    if (!unit.ok) problems.push(`units[${index}].${unit.error}`);
    else units.push({ rev: entry.rev, unit: unit.value });
  });
  const channels: ChannelSnapshot[] = [];
  const rawChannels = Array.isArray(body.channels) ? (body.channels as unknown[]) : [];
  rawChannels.forEach((raw, index) => {
    const entry = raw as Unchecked<SnapshotChannel>;
    if (!isRecord(raw) || typeof entry.id !== 'string' || entry.id === '' || !isRev(entry.rev)) {
      problems.push(`channels[${index}]: expected {id, rev}`);
      return;
    }
    const name = entry.name;
    const version = entry.version;
    const base: ChannelSnapshot = {
      id: entry.id,
      rev: entry.rev,
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof version === 'string' && version !== '' ? { version } : {}),
    };
    if (entry.status === undefined || entry.status === null) {
      channels.push(base);
      return;
    }
    const status = decodeChannelStatus(entry.status);
    if (!status.ok) problems.push(`channels[${index}].${status.error}`);
    else channels.push({ ...base, status: status.value });
  });
  return { ok: true, value: { watermark, snapshot: { units, channels, servers: [] }, problems } };
}

/**
 * One unit as GET devices/fetch_by_id/{id} answers it (the unit view: state, applications and
 * video beside the identity fields, rev from the bus) turned into a snapshot entry.
 */
export function decodeUnitView(raw: unknown): Decoded<UnitSnapshot> {
  if (!isRecord(raw)) return { ok: false, error: 'unit: expected an object' };
  const view = raw as Unchecked<UnitView>;
  const rev = view.rev;
  if (!isRev(rev)) return { ok: false, error: 'unit.rev: expected a non-negative integer' };
  const status: Record<string, unknown> = {};
  if (typeof view.state === 'string') status['state'] = view.state;
  if (isRecord(view.applications)) status['applications'] = view.applications;
  if (isRecord(view.video)) status['video'] = view.video;
  const unit = decodeUnit({ ...withoutNulls(raw), status });
  return unit.ok ? { ok: true, value: { rev, unit: unit.value } } : unit;
}
