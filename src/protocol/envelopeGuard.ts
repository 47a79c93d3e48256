/**
 * The envelope's fast structural guard (decodeEnvelope's fast path, envelope.ts), in a module
 * without effect: the replay summary's reader threads (replay/summaryWorker.ts) load it without the
 * Schema library. envelope.ts re-exports it.
 */
import type { Envelope } from './envelope.ts';
import type { EventKind } from './kinds.ts';
import { isEventKind } from './kinds.ts';
import { isDataOf } from './payloadGuards.ts';

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The fast structural guard: true exactly when the Schemas would accept `input`. */
export function isEnvelope(input: unknown): input is Envelope {
  return isEnvelopeHead(input) && isDataOf((input as { kind: EventKind }).kind, (input as { data: unknown }).data);
}

/**
 * The envelope's fields but `data` (seq, ts, kind, id, rev): what a shaped usage event of a binary
 * frame needs checked, its payload having been checked through its shape and values
 * (src/protocol/shapesFrames.ts, binaryFramesV2.ts).
 */
export function isEnvelopeHead(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const event = input as Record<string, unknown>;
  const kind = event['kind'];
  const id = event['id'];
  const rev = event['rev'];
  return isNonNegativeInt(event['seq']) && isNonNegativeInt(event['ts']) && isEventKind(kind) && typeof id === 'string' && id !== '' && isNonNegativeInt(rev) && rev >= 1;
}
