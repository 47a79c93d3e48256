/**
 * The event envelope (protocol.md "Server to client: the event envelope"):
 * {seq, ts, kind, id, rev, data}. decodeEnvelope is the edge where a websocket frame or a log line
 * becomes a typed event; inside the worker the types are exact and switches exhaustive.
 *
 * Fast path / slow path: isEnvelope (a hand-written structural guard, payloadGuards.ts) accepts a
 * valid envelope without allocating and returns the parsed object itself. Only when it says no do
 * the Schemas run, first on the envelope fields, then on `data` with the schema of its kind, to
 * produce a message naming the bad field (`data.status.applications.video.state: Expected string`).
 * A valid event therefore never pays for a Schema decode; an invalid one (rare) pays for both.
 */
import { Schema } from 'effect';
import type { Decoded } from './issueText.ts';
import { decodeWith } from './issueText.ts';
import type { EventKind } from './kinds.ts';
import { EVENT_KINDS } from './kinds.ts';
import type { EventData } from './payloads.ts';
import { DATA_SCHEMAS } from './payloads.ts';
import { isEnvelope } from './envelopeGuard.ts';

export { isEnvelope } from './envelopeGuard.ts';

/** seq: server-wide, strictly increasing, a non-negative safe integer. */
export const SeqSchema = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));
/** ts: server time, ms since the epoch (an integer). */
export const TsSchema = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));
/** rev: the entity's revision, +1 on every change of that entity; the first is 1. */
export const RevSchema = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1));

/** The envelope with `data` left undecoded (step 1 of the slow path). */
export const EnvelopeFieldsSchema = Schema.Struct({
  seq: SeqSchema,
  ts: TsSchema,
  kind: Schema.Literals(EVENT_KINDS),
  id: Schema.NonEmptyString,
  rev: RevSchema,
  data: Schema.Unknown,
});

/** The envelope of one kind, with its typed data. */
export type EnvelopeOf<K extends EventKind> = {
  readonly seq: number;
  readonly ts: number;
  readonly kind: K;
  readonly id: string;
  readonly rev: number;
  readonly data: EventData[K];
};

/** Any event: a union discriminated by `kind`. */
export type Envelope = { [K in EventKind]: EnvelopeOf<K> }[EventKind];

/** The whole envelope as one Schema (a union by kind), for docs and for encoding. */
export const EnvelopeSchema = Schema.Union(
  EVENT_KINDS.map((kind) =>
    Schema.Struct({
      seq: SeqSchema,
      ts: TsSchema,
      kind: Schema.Literal(kind),
      id: Schema.NonEmptyString,
      rev: RevSchema,
      data: DATA_SCHEMAS[kind] as Schema.Codec<unknown, unknown>,
    }),
  ),
);

const decodeFields = decodeWith(EnvelopeFieldsSchema, 'event');
const decodeData = Object.fromEntries(
  EVENT_KINDS.map((kind) => [kind, decodeWith(DATA_SCHEMAS[kind] as Schema.ConstraintDecoder<unknown>, 'data', ['data'])]),
) as Record<EventKind, (input: unknown) => Decoded<unknown>>;

/** Decodes one parsed JSON value as an envelope; the error names each bad field by its path. */
export function decodeEnvelope(input: unknown): Decoded<Envelope> {
  if (isEnvelope(input)) return { ok: true, value: input };
  const fields = decodeFields(input);
  if (!fields.ok) return fields;
  const data = decodeData[fields.value.kind](fields.value.data);
  if (!data.ok) return data;
  return { ok: true, value: { ...fields.value, data: data.value } as Envelope };
}
