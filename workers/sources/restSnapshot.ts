/**
 * Decodes the REST snapshot (GET devices/fetch?crnt_vcg_uid=<group>: {watermark, units: [{rev,
 * unit}], channels: [{id, rev, name?, version?, status?}], servers}) and one unit (GET devices/fetch_by_id/{id})
 * at the edge. Lenient where the server is looser than the event schemas, strict elsewhere:
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

export type DecodedRestSnapshot = { readonly watermark: number; readonly snapshot: FleetSnapshot; readonly problems: readonly string[] };

const decodeUnitData = decodeWith(UnitDataSchema, 'unit');
const decodeChannelStatus = decodeWith(ChannelStatusDataSchema, 'status');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRev(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A copy of `value` without its null-valued keys (one level). */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== null) out[key] = field;
  return out;
}

/** Whole-unit data; the fast guard keeps extra fields (e.g. `video` in the status), the Schema names a bad field. */
export function decodeUnit(raw: unknown): Decoded<UnitData> {
  if (!isRecord(raw)) return { ok: false, error: 'unit: expected an object' };
  const cleaned = withoutNulls(raw);
  if (isDataOf('unit.added', cleaned)) return { ok: true, value: cleaned as UnitData };
  return decodeUnitData(cleaned);
}

export function decodeRestSnapshot(body: unknown): Decoded<DecodedRestSnapshot> {
  if (!isRecord(body)) return { ok: false, error: 'snapshot: expected an object' };
  const watermark = body['watermark'];
  if (typeof watermark !== 'number' || !Number.isSafeInteger(watermark) || watermark < 0) {
    return { ok: false, error: 'snapshot.watermark: expected a non-negative integer' };
  }
  const problems: string[] = [];
  const units: UnitSnapshot[] = [];
  const rawUnits = Array.isArray(body['units']) ? (body['units'] as unknown[]) : [];
  rawUnits.forEach((entry, index) => {
    if (!isRecord(entry) || !isRev(entry['rev'])) {
      problems.push(`units[${index}].rev: expected a non-negative integer`);
      return;
    }
    const unit = decodeUnit(entry['unit']);
    if (!unit.ok) problems.push(`units[${index}].${unit.error}`);
    else units.push({ rev: entry['rev'], unit: unit.value });
  });
  const channels: ChannelSnapshot[] = [];
  const rawChannels = Array.isArray(body['channels']) ? (body['channels'] as unknown[]) : [];
  rawChannels.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry['id'] !== 'string' || entry['id'] === '' || !isRev(entry['rev'])) {
      problems.push(`channels[${index}]: expected {id, rev}`);
      return;
    }
    const name = entry['name'];
    const version = entry['version'];
    const base: ChannelSnapshot = {
      id: entry['id'],
      rev: entry['rev'],
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof version === 'string' && version !== '' ? { version } : {}),
    };
    if (entry['status'] === undefined || entry['status'] === null) {
      channels.push(base);
      return;
    }
    const status = decodeChannelStatus(entry['status']);
    if (!status.ok) problems.push(`channels[${index}].${status.error}`);
    else channels.push({ ...base, status: status.value });
  });
  return { ok: true, value: { watermark, snapshot: { units, channels, servers: [] }, problems } };
}

/**
 * One unit as GET devices/fetch_by_id/{id} answers it (the unit view: state, applications and
 * video beside the identity fields, rev from the bus) turned into a snapshot entry.
 */
export function decodeUnitView(body: unknown): Decoded<UnitSnapshot> {
  if (!isRecord(body)) return { ok: false, error: 'unit: expected an object' };
  const rev = body['rev'];
  if (!isRev(rev)) return { ok: false, error: 'unit.rev: expected a non-negative integer' };
  const status: Record<string, unknown> = {};
  if (typeof body['state'] === 'string') status['state'] = body['state'];
  if (isRecord(body['applications'])) status['applications'] = body['applications'];
  if (isRecord(body['video'])) status['video'] = body['video'];
  const unit = decodeUnit({ ...withoutNulls(body), status });
  return unit.ok ? { ok: true, value: { rev, unit: unit.value } } : unit;
}
