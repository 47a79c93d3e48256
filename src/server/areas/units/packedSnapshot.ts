/**
 * GET devices/fetch answered as MessagePack when the caller asks for it (src/protocol/packedSnapshot.ts):
 * the console's fleet worker does; every other client gets the contract's JSON.
 */
import { Packr } from 'msgpackr';
import { jsonShape, PACKED_SNAPSHOT_TYPE } from '../../../protocol/packedSnapshot.ts';

/** Records on (one key list per object shape); no shared structures: each answer stands alone. */
const packr = new Packr({ useRecords: true });

/** True when the request's Accept names the packed form (the worker sends exactly that type). */
export function wantsPackedSnapshot(accept: string | string[] | undefined): boolean {
  const text = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return text.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === PACKED_SNAPSHOT_TYPE);
}

/** The snapshot's JSON content as MessagePack bytes. */
export function packSnapshot(snapshot: unknown): Buffer {
  return packr.pack(jsonShape(snapshot));
}
