/**
 * The NATS connection of the scale-out deployment and the JetStream stream that carries the live
 * events (issue 18; docs/architecture.md "The event bus in the scale-out deployment").
 *
 * - `openNats`: one connection per process, reconnecting forever (a NATS restart must not stop a
 *   console instance), RECONNECT_WAIT_MS between attempts; every disconnect and reconnect is logged.
 * - `ensureEventStream`: creates the stream LUC_EVENTS (subjects luc.events.>, file storage) or
 *   brings its limits to the configured ones. Its retention (max age, max messages) is the resume
 *   window of every client: a resume point older than what it holds answers 'reset'.
 */
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { DiscardPolicy, JetStreamApiError, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { JetStreamManager, StreamConfig, StreamInfo } from '@nats-io/jetstream';

/** The stream every event goes to, and the subject prefix: an event of kind k is on `luc.events.<k>`. */
export const EVENT_STREAM = 'LUC_EVENTS';
export const EVENT_SUBJECT_PREFIX = 'luc.events.';
/** Wait between two reconnect attempts (ms): short, so a restarted NATS is found again at once. */
export const RECONNECT_WAIT_MS = 250;
/** JetStream drops a second publish with the same Nats-Msg-Id within this window (s). */
export const DUPLICATE_WINDOW_S = 120;

export type BusLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/** Default log: one line on stderr (main.ts passes the server's logger). */
export const stderrLog: BusLog = (level, message) => process.stderr.write(`${level}: ${message}\n`);

/**
 * Connects to the NATS server(s) at `url` (nats:// or tls:// URLs, comma-separated), named `name`
 * in the server's monitoring. Reconnects forever (RECONNECT_WAIT_MS apart); publishes made while
 * disconnected wait in the client's buffer.
 */
export async function openNats(url: string, name: string, log: BusLog = stderrLog): Promise<NatsConnection> {
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const nc = await connect({ servers, name, reconnect: true, maxReconnectAttempts: -1, reconnectTimeWait: RECONNECT_WAIT_MS, reconnectJitter: 50 });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') log('warn', `event bus: disconnected from NATS ${status.server}; reconnecting every ${RECONNECT_WAIT_MS} ms`);
      else if (status.type === 'reconnect') log('info', `event bus: reconnected to NATS ${status.server}`);
    }
  })().catch(() => undefined);
  return nc;
}

export interface EventStreamOptions {
  /** Events older than this leave the stream (s; LUC_STREAM_MAX_AGE_S). */
  maxAgeS: number;
  /** The stream keeps at most this many events, dropping the oldest (LUC_STREAM_MAX_MSGS). */
  maxMsgs: number;
}

/** The stream's configuration for `options` (exported for tests). */
export function eventStreamConfig(options: EventStreamOptions): Partial<StreamConfig> & { name: string } {
  const maxAgeNs = options.maxAgeS * 1e9;
  return {
    name: EVENT_STREAM,
    subjects: [`${EVENT_SUBJECT_PREFIX}>`],
    storage: StorageType.File, // survives a NATS restart: a resume still finds its events
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old, // a full stream drops its oldest events, never refuses a new one
    max_age: maxAgeNs,
    max_msgs: options.maxMsgs,
    // JetStream refuses a duplicate window longer than max age.
    duplicate_window: Math.min(DUPLICATE_WINDOW_S * 1e9, maxAgeNs),
  };
}

/** Creates the event stream, or updates its limits when they differ from `options`; returns its info. */
export async function ensureEventStream(jsm: JetStreamManager, options: EventStreamOptions): Promise<StreamInfo> {
  const wanted = eventStreamConfig(options);
  let info: StreamInfo | null = null;
  try {
    info = await jsm.streams.info(EVENT_STREAM);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
  }
  if (info === null) return jsm.streams.add(wanted);
  const current = info.config;
  if (current.max_age === wanted.max_age && current.max_msgs === wanted.max_msgs && current.duplicate_window === wanted.duplicate_window) return info;
  return jsm.streams.update(EVENT_STREAM, { ...current, max_age: wanted.max_age, max_msgs: wanted.max_msgs, duplicate_window: wanted.duplicate_window });
}
