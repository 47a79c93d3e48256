/**
 * Control messages (protocol.md "Client to server" and the server's answers): the client sends
 * subscribe / unsubscribe / resume; the server sends reset / denied / error besides events.
 * Compatible with src/server/live/frames.ts (client ops) and gateway.ts (server ops).
 */
import { Schema } from 'effect';
import { assertNever } from '../domain/brand.ts';
import type { Decoded } from './issueText.ts';
import { decodeWith } from './issueText.ts';
import type { Envelope } from './envelope.ts';
import { decodeEnvelope, SeqSchema } from './envelope.ts';

/** Topics per subscribe/unsubscribe message by default (protocol.md; a user property may change it). */
export const DEFAULT_TOPIC_BATCH = 50;

/** A topic: "unit:<uid>", "channel:<id>" or "group:<gid>" (protocol.md). */
export const TopicSchema = Schema.TemplateLiteral([Schema.Literals(['unit', 'channel', 'group']), ':', Schema.NonEmptyString]);
export type Topic = typeof TopicSchema.Type;

export const CLIENT_OPS = ['subscribe', 'unsubscribe', 'resume'] as const;
export const SubscribeOpSchema = Schema.Struct({ op: Schema.Literal('subscribe'), topics: Schema.Array(TopicSchema) });
export const UnsubscribeOpSchema = Schema.Struct({ op: Schema.Literal('unsubscribe'), topics: Schema.Array(TopicSchema) });
/** resume: every event after seq `from` that the client may see. */
export const ResumeOpSchema = Schema.Struct({ op: Schema.Literal('resume'), from: SeqSchema });
export const ClientOpSchema = Schema.Union([SubscribeOpSchema, UnsubscribeOpSchema, ResumeOpSchema]);
export type ClientOp = typeof ClientOpSchema.Type;

export const SERVER_OPS = ['reset', 'denied', 'error', 'behind', 'caught-up'] as const;
export type ServerOpName = (typeof SERVER_OPS)[number];
/** reset: the server no longer holds the events asked for; refetch a snapshot over REST. */
export const ResetOpSchema = Schema.Struct({ op: Schema.Literal('reset') });
/** denied: topics outside the user's groups, refused per topic. */
export const DeniedOpSchema = Schema.Struct({ op: Schema.Literal('denied'), topics: Schema.Array(Schema.String) });
/** error: a bad client frame; the socket stays open. */
export const ErrorOpSchema = Schema.Struct({ op: Schema.Literal('error'), message: Schema.String });
/**
 * behind / caught-up: only on the console's own wires (`?frames=batch`, `?frames=bin`, `?frames=bin2`;
 * docs/protocol.md "Falling behind"). behind: the socket fell behind the stream and gets the latest
 * state per entity: revs jump on purpose until caught-up (no refetch per entity, no resync).
 * caught-up: its backlog is sent; every event up to `seq` was sent or replaced by a later state
 * (the resume point: while behind, seqs do not arrive in order).
 */
export const BehindOpSchema = Schema.Struct({ op: Schema.Literal('behind') });
export const CaughtUpOpSchema = Schema.Struct({ op: Schema.Literal('caught-up'), seq: SeqSchema });
export const ServerOpSchema = Schema.Union([ResetOpSchema, DeniedOpSchema, ErrorOpSchema, BehindOpSchema, CaughtUpOpSchema]);
export type ServerOp = typeof ServerOpSchema.Type;

/**
 * Batched frames (docs/protocol.md "Batched frames"): a client that opens the socket with this query
 * (`/luc/luc-core-web/ws?frames=batch`) gets the events of one server burst in one text frame,
 * `{"op":"events","events":[<envelope>, ...]}`, still one JSON object per frame and each event the
 * exact envelope of protocol.md, in seq order. Without it every event is its own frame.
 * Why: a browser delivers ~13,000 websocket messages/s to a worker on our 2-core machines
 * (bench/ingest ceiling), far below a busy group's event rate.
 */
export const BATCH_FRAMES_QUERY = 'frames=batch';
/** The op of a batched frame. */
export const EVENTS_OP = 'events';
/**
 * Most events and bytes a server puts in one batched frame: 1,000 events of ~300 B parse in ~3 ms
 * in a browser worker, well inside a 16.7 ms animation frame.
 */
export const MAX_EVENTS_PER_FRAME = 1_000;
export const MAX_BATCH_FRAME_BYTES = 512 * 1024;

/** `url` with the batched-frames query added (keeps any query it already has). */
export function withBatchedFrames(url: string): string {
  if (/[?&]frames=batch(&|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${BATCH_FRAMES_QUERY}`;
}

/**
 * One server frame: an event, a batch of events (with the reasons of those that failed to decode:
 * a bad event never loses its neighbours), or a control answer.
 */
export type ServerFrame =
  | { readonly type: 'event'; readonly event: Envelope }
  | { readonly type: 'events'; readonly events: readonly Envelope[]; readonly errors: readonly string[] }
  | { readonly type: 'control'; readonly control: ServerOp };

const decodeServerOpOf: Record<ServerOpName, (input: unknown) => Decoded<ServerOp>> = {
  reset: decodeWith(ResetOpSchema, 'frame'),
  denied: decodeWith(DeniedOpSchema, 'frame'),
  error: decodeWith(ErrorOpSchema, 'frame'),
  behind: decodeWith(BehindOpSchema, 'frame'),
  'caught-up': decodeWith(CaughtUpOpSchema, 'frame'),
};

function isServerOpName(value: unknown): value is ServerOpName {
  return typeof value === 'string' && (SERVER_OPS as readonly string[]).includes(value);
}

/** Decodes one text frame from the server: `op: "events"` is a batch, another `op` a control op, else an event. */
export function decodeServerFrame(text: string): Decoded<ServerFrame> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `frame is not valid JSON (${(error as Error).message})` };
  }
  if (typeof parsed === 'object' && parsed !== null && 'op' in parsed) {
    const op = (parsed as { op: unknown }).op;
    if (op === EVENTS_OP) return decodeEventsFrame((parsed as { events?: unknown }).events);
    if (!isServerOpName(op)) return { ok: false, error: `op: expected one of ${[EVENTS_OP, ...SERVER_OPS].join(', ')}, got ${JSON.stringify(op)}` };
    const control = decodeServerOpOf[op](parsed);
    return control.ok ? { ok: true, value: { type: 'control', control: control.value } } : control;
  }
  const event = decodeEnvelope(parsed);
  return event.ok ? { ok: true, value: { type: 'event', event: event.value } } : event;
}

/** The events of a batched frame, each decoded on its own; a bad one is named by its index and seq. */
function decodeEventsFrame(events: unknown): Decoded<ServerFrame> {
  if (!Array.isArray(events)) return { ok: false, error: 'events: expected an array of events in an "events" frame' };
  const decoded: Envelope[] = [];
  const errors: string[] = [];
  for (let index = 0; index < events.length; index += 1) {
    const event = decodeEnvelope(events[index]);
    if (event.ok) decoded.push(event.value);
    else {
      const seq = (events[index] as { seq?: unknown } | null)?.seq;
      errors.push(`events[${index}]${typeof seq === 'number' ? ` (seq ${seq})` : ''}: ${event.error}`);
    }
  }
  return { ok: true, value: { type: 'events', events: decoded, errors } };
}

/** The text frame of a client op. */
export function encodeClientOp(op: ClientOp): string {
  switch (op.op) {
    case 'subscribe':
    case 'unsubscribe':
      return JSON.stringify({ op: op.op, topics: op.topics });
    case 'resume':
      return JSON.stringify({ op: op.op, from: op.from });
    default:
      return assertNever(op, 'client op');
  }
}

/** Splits a topic list into ops of at most `batchSize` topics (protocol.md: 50 by default). */
export function topicOps(op: 'subscribe' | 'unsubscribe', topics: readonly Topic[], batchSize = DEFAULT_TOPIC_BATCH): ClientOp[] {
  const size = Math.max(1, Math.floor(batchSize));
  const ops: ClientOp[] = [];
  for (let start = 0; start < topics.length; start += size) ops.push({ op, topics: topics.slice(start, start + size) });
  return ops;
}

export const decodeClientOp = decodeWith(ClientOpSchema, 'frame');
