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

export const SERVER_OPS = ['reset', 'denied', 'error'] as const;
export type ServerOpName = (typeof SERVER_OPS)[number];
/** reset: the server no longer holds the events asked for; refetch a snapshot over REST. */
export const ResetOpSchema = Schema.Struct({ op: Schema.Literal('reset') });
/** denied: topics outside the user's groups, refused per topic. */
export const DeniedOpSchema = Schema.Struct({ op: Schema.Literal('denied'), topics: Schema.Array(Schema.String) });
/** error: a bad client frame; the socket stays open. */
export const ErrorOpSchema = Schema.Struct({ op: Schema.Literal('error'), message: Schema.String });
export const ServerOpSchema = Schema.Union([ResetOpSchema, DeniedOpSchema, ErrorOpSchema]);
export type ServerOp = typeof ServerOpSchema.Type;

/** One server frame: an event, or a control answer. */
export type ServerFrame = { readonly type: 'event'; readonly event: Envelope } | { readonly type: 'control'; readonly control: ServerOp };

const decodeServerOpOf: Record<ServerOpName, (input: unknown) => Decoded<ServerOp>> = {
  reset: decodeWith(ResetOpSchema, 'frame'),
  denied: decodeWith(DeniedOpSchema, 'frame'),
  error: decodeWith(ErrorOpSchema, 'frame'),
};

function isServerOpName(value: unknown): value is ServerOpName {
  return typeof value === 'string' && (SERVER_OPS as readonly string[]).includes(value);
}

/** Decodes one text frame from the server: an object with `op` is a control op, else an event. */
export function decodeServerFrame(text: string): Decoded<ServerFrame> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `frame is not valid JSON (${(error as Error).message})` };
  }
  if (typeof parsed === 'object' && parsed !== null && 'op' in parsed) {
    const op = (parsed as { op: unknown }).op;
    if (!isServerOpName(op)) return { ok: false, error: `op: expected one of ${SERVER_OPS.join(', ')}, got ${JSON.stringify(op)}` };
    const control = decodeServerOpOf[op](parsed);
    return control.ok ? { ok: true, value: { type: 'control', control: control.value } } : control;
  }
  const event = decodeEnvelope(parsed);
  return event.ok ? { ok: true, value: { type: 'event', event: event.value } } : event;
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
