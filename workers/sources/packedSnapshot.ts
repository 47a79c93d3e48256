/**
 * Unpacks the packed REST snapshot (src/protocol/packedSnapshot.ts) in the worker. Bytes that are
 * not one whole MessagePack value give a clear error, never a partial fleet.
 */
import { Unpackr } from 'msgpackr';
import type { Decoded } from '../../src/protocol/issueText.ts';

const unpackr = new Unpackr({ useRecords: true, mapsAsObjects: true });

export function unpackSnapshot(bytes: Uint8Array): Decoded<unknown> {
  if (bytes.byteLength === 0) return { ok: false, error: 'snapshot: the packed answer is empty' };
  try {
    const values = unpackr.unpackMultiple(bytes);
    if (values.length !== 1) return { ok: false, error: `snapshot: the packed answer holds ${values.length} values, expected 1` };
    return { ok: true, value: values[0] };
  } catch (error) {
    return { ok: false, error: `snapshot: the packed answer is not MessagePack (${error instanceof Error ? error.message : String(error)})` };
  }
}
