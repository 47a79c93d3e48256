/**
 * The JSON a stream message carries: `{ts,kind,id,rev,data}` (the envelope without seq; the seq is
 * the message's stream sequence, given by JetStream when it stores it). One encoder for the
 * publisher, one checked decoder for every reader: a message that is not such an object is refused
 * with the reason, never half-read.
 */
import { EVENT_KINDS, type EventKind, type LiveEvent } from '../types.ts';

const KINDS: ReadonlySet<string> = new Set(EVENT_KINDS);
const decoder = new TextDecoder();

/** The message body of one event (keys in the protocol's order, seq left out). */
export function encodePayload(event: Omit<LiveEvent, 'seq'>): string {
  return JSON.stringify({ ts: event.ts, kind: event.kind, id: event.id, rev: event.rev, data: event.data });
}

/** The envelope of the message stored at stream sequence `seq`, or why its body is not one. */
export function decodePayload(seq: number, body: Uint8Array): { ok: true; event: LiveEvent } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(body));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'not a JSON object' };
  const { ts, kind, id, rev } = parsed as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return { ok: false, reason: 'ts is not a number' };
  if (typeof kind !== 'string' || !KINDS.has(kind)) return { ok: false, reason: `kind ${JSON.stringify(kind)} is not an event kind` };
  if (typeof id !== 'string' || id === '') return { ok: false, reason: 'id is not a non-empty string' };
  if (typeof rev !== 'number' || !Number.isSafeInteger(rev) || rev < 1) return { ok: false, reason: 'rev is not a positive integer' };
  if (!('data' in parsed)) return { ok: false, reason: 'data is missing' };
  // Key order seq, ts, kind, id, rev, data: the gateway sends JSON.stringify of this object.
  return { ok: true, event: { seq, ts, kind: kind as EventKind, id, rev, data: (parsed as { data: unknown }).data } };
}
