/**
 * GET devices/fetch answered as MessagePack when the caller asks for it (src/protocol/packedSnapshot.ts),
 * or as the UI's columns followed by that MessagePack (src/protocol/columnsSnapshot.ts): the
 * console's fleet worker asks for the columns; every other client gets the contract's JSON.
 */
import { Packr } from 'msgpackr';
import { jsonShape, PACKED_SNAPSHOT_TYPE } from '../../../protocol/packedSnapshot.ts';
import { COLUMNS_SNAPSHOT_TYPE } from '../../../protocol/columnsSnapshot.ts';
import { decodeRestSnapshot } from '../../../../workers/sources/restSnapshot.ts';
import { columnsOfFleet } from '../../../../workers/pipeline/fleetColumns.ts';
import { encodeColumnsAnswer } from '../../../../workers/pipeline/columnsAnswer.ts';

/** Records on (one key list per object shape); no shared structures: each answer stands alone. */
const packr = new Packr({ useRecords: true });

/** True when the request's Accept names `type` (media type only; the worker sends exact types). */
function accepts(accept: string | string[] | undefined, type: string): boolean {
  const text = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return text.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === type);
}

/** True when the request's Accept names the packed form (the worker sends exactly that type). */
export function wantsPackedSnapshot(accept: string | string[] | undefined): boolean {
  return accepts(accept, PACKED_SNAPSHOT_TYPE);
}

/** True when the request's Accept names the columns form. */
export function wantsColumnsSnapshot(accept: string | string[] | undefined): boolean {
  return accepts(accept, COLUMNS_SNAPSHOT_TYPE);
}

/** The snapshot's JSON content as MessagePack bytes. */
export function packSnapshot(snapshot: unknown): Buffer {
  return packr.pack(jsonShape(snapshot));
}

/**
 * The columns answer: the UI's columns as the worker builds them from this snapshot (the worker's
 * own decoder, model load and views: workers/pipeline/fleetColumns.ts), then the packed snapshot.
 * `type` is the packed form's when the snapshot does not decode as the worker would read it (the
 * worker then reads the packed answer as before).
 */
export function columnsSnapshot(snapshot: unknown): { body: Buffer; type: string } {
  const shaped = jsonShape(snapshot);
  const packed = packr.pack(shaped);
  const decoded = decodeRestSnapshot(shaped);
  if (!decoded.ok) return { body: packed, type: PACKED_SNAPSHOT_TYPE };
  const { columns, counters } = columnsOfFleet(decoded.value.snapshot);
  const bytes = encodeColumnsAnswer({ watermark: decoded.value.watermark, counters }, columns, packed);
  return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type: COLUMNS_SNAPSHOT_TYPE };
}
