/**
 * Decoding of client-to-server frames (protocol.md "Client to server"). Bytes enter here as
 * `unknown`; what leaves is an exact op or the text of an error frame naming what is wrong.
 */

/** Largest accepted client frame: 64 KiB (a 1,000-topic subscribe of long ids fits well below). */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/**
 * Most topics accepted in one subscribe/unsubscribe. The protocol has clients split lists into
 * batches of 50 by default (a user property may change the batch size: spec 001 §7), so the server
 * accepts any batch size up to this bound and refuses a longer list whole with an error frame.
 */
export const MAX_TOPICS_PER_MESSAGE = 1_000;
/** Longest accepted topic string, in characters. */
export const MAX_TOPIC_LENGTH = 256;

export const CLIENT_OPS = ['subscribe', 'unsubscribe', 'resume'] as const;
export type ClientOp = (typeof CLIENT_OPS)[number];

export type ClientFrame =
  | { op: 'subscribe'; topics: string[] }
  | { op: 'unsubscribe'; topics: string[] }
  | { op: 'resume'; from: number };

export type Decoded = { ok: true; frame: ClientFrame } | { ok: false; message: string };

export const TOPIC_FAMILIES = ['unit', 'channel', 'group'] as const;
export type TopicFamily = (typeof TOPIC_FAMILIES)[number];
export type Topic = { family: TopicFamily; id: string };

/** "unit:<uid>", "channel:<id>" or "group:<gid>", the id non-empty; null otherwise. */
export function parseTopic(topic: string): Topic | null {
  const colon = topic.indexOf(':');
  if (colon <= 0 || topic.length > MAX_TOPIC_LENGTH) return null;
  const family = topic.slice(0, colon);
  const id = topic.slice(colon + 1);
  if (id === '' || !(TOPIC_FAMILIES as readonly string[]).includes(family)) return null;
  return { family: family as TopicFamily, id };
}

function fail(message: string): Decoded {
  return { ok: false, message };
}

export interface FrameLimits {
  maxFrameBytes?: number;
  maxTopicsPerMessage?: number;
}

/** Decodes one websocket message; every refusal names the field and the rule it broke. */
export function decodeClientFrame(raw: string | Uint8Array, isBinary: boolean, limits: FrameLimits = {}): Decoded {
  const maxBytes = limits.maxFrameBytes ?? MAX_CLIENT_FRAME_BYTES;
  const maxTopics = limits.maxTopicsPerMessage ?? MAX_TOPICS_PER_MESSAGE;
  if (isBinary) return fail('binary frames are not accepted: send text frames holding one JSON object');
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.byteLength;
  if (bytes > maxBytes) return fail(`frame of ${bytes} bytes is larger than the ${maxBytes}-byte limit`);
  const text = typeof raw === 'string' ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('frame is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('frame must be a JSON object with an "op" field');
  }
  const record = value as Record<string, unknown>;
  const op = record['op'];
  if (op === undefined) return fail('"op" is required: subscribe, unsubscribe or resume');
  if (typeof op !== 'string') return fail('"op" must be a string: subscribe, unsubscribe or resume');
  switch (op) {
    case 'subscribe':
    case 'unsubscribe': {
      const topics = record['topics'];
      if (!Array.isArray(topics)) return fail(`"topics" must be an array of topic strings for ${op}`);
      if (topics.length > maxTopics) {
        return fail(`"topics" holds ${topics.length} topics; at most ${maxTopics} per message, send several messages`);
      }
      const malformed: string[] = [];
      for (const [index, topic] of topics.entries()) {
        if (typeof topic !== 'string') return fail(`"topics[${index}]" must be a string`);
        if (parseTopic(topic) === null) malformed.push(topic.slice(0, MAX_TOPIC_LENGTH));
      }
      if (malformed.length > 0) {
        return fail(
          `"topics" has malformed topics (expected unit:<id>, channel:<id> or group:<id>): ${malformed.slice(0, 10).join(', ')}`,
        );
      }
      return { ok: true, frame: { op, topics: topics as string[] } };
    }
    case 'resume': {
      const from = record['from'];
      if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) {
        return fail('"from" must be a non-negative integer seq for resume');
      }
      return { ok: true, frame: { op, from } };
    }
    default:
      return fail(`unknown op "${op.slice(0, 40)}": expected subscribe, unsubscribe or resume`);
  }
}
