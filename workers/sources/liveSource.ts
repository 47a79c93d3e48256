/**
 * LiveSource: the websocket of protocol.md through partysocket's ReconnectingWebSocket, driving a
 * LiveSession. partysocket owns the socket and the retry loop; we own its timing:
 * - every delay is drawn by reconnectDelay (full jitter in [0, 10 s], spec 001 §9 "Websocket
 *   reconnect 10000 ms"): partysocket reads `minReconnectionDelay` once per attempt, so that option
 *   is a getter that draws a fresh delay (growth factor 1, cap 10 s), and the close handler tells
 *   the session when the next attempt starts;
 * - after MAX_RECONNECTS consecutive failures partysocket stops; the session then goes offline and
 *   asks the UI for a jittered page reload (spec 001 §7).
 * - a close with code 4401 (SESSION_ENDED_CLOSE: the session was signed out, e.g. in another tab)
 *   is final: partysocket is told not to reconnect (shouldReconnectOnClose) and is closed, and the
 *   session reports `ended` so the UI returns to sign-in (spec 002 §8).
 * In Node pass `WebSocket` (a `ws` class, e.g. one that adds the cookie and Origin headers).
 */
import ReconnectingWebSocket from 'partysocket/ws';
import { WEBSOCKET_RECONNECT_MS } from '../../src/domain/constants.ts';
import type { Topic } from '../../src/protocol/ops.ts';
import { withBatchedFrames } from '../../src/protocol/ops.ts';
import { withBinaryFrames } from '../../src/protocol/binaryFrames.ts';
import { withBinaryFramesV2, withStatusShapes, withUsageShapes } from '../../src/protocol/binaryFramesV2.ts';
import type { Clock, Timers } from './clock.ts';
import { SESSION_ENDED_CLOSE } from './connectionState.ts';
import type { EventSink, EventSource, RestSnapshot } from './eventSource.ts';
import { LiveSession } from './liveSession.ts';
import type { Random } from './reconnect.ts';
import { MAX_RECONNECTS, reconnectDelay } from './reconnect.ts';
import { groupTopic } from './subscriptions.ts';

export interface LiveSourceOptions {
  /** ws(s)://host/luc/luc-core-web/ws */
  url: string;
  groupId: string;
  fetchSnapshot(signal?: AbortSignal): Promise<RestSnapshot>;
  /** A WebSocket constructor (the browser's by default). */
  WebSocket?: unknown;
  batchSize?: number;
  /**
   * 'binary-shapes' (default, round p18): binary event frames version 2 with usage and status
   * shapes (`?frames=bin2&usage=shapes&status=shapes`: ids sent once per connection, shaped
   * unit.usage and unit.status events carry their numbers as f64 columns, src/protocol/
   * shapesFrames.ts, docs/performance.md §3m, §3q); 'binary':
   * version 2 without shapes (`?frames=bin2`); 'binary-v1': version 1 (`?frames=bin`); 'json':
   * batched text frames (`?frames=batch`).
   */
  wire?: 'binary' | 'binary-shapes' | 'binary-v1' | 'json';
  maxReconnects?: number;
  clock: Clock;
  timers: Timers;
  random: Random;
}

export interface LiveSource extends EventSource {
  readonly kind: 'live';
  setView(viewId: string, topics: Iterable<Topic>): void;
  releaseView(viewId: string): void;
  setBatchSize(size: number): void;
  /** The session (stats, last seq, connection state) once started. */
  readonly session: LiveSession | null;
}

export function createLiveSource(options: LiveSourceOptions): LiveSource {
  let session: LiveSession | null = null;
  let socket: ReconnectingWebSocket | null = null;
  /** Set when partysocket drew a delay, i.e. scheduled another attempt. */
  let drawn: number | null = null;
  const maxReconnects = options.maxReconnects ?? MAX_RECONNECTS;
  const pendingViews: [string, Topic[] | null][] = [];

  const socketOptions = {
    WebSocket: options.WebSocket,
    get minReconnectionDelay(): number {
      drawn = reconnectDelay(options.random);
      return drawn;
    },
    maxReconnectionDelay: WEBSOCKET_RECONNECT_MS,
    reconnectionDelayGrowFactor: 1,
    maxRetries: maxReconnects,
    // A session the server ended stays ended: retrying would only be refused (spec 002 §8).
    shouldReconnectOnClose: (event: { code?: number }) => event.code !== SESSION_ENDED_CLOSE,
    // Nothing is queued while closed: the session restores its subscriptions on open.
    maxEnqueuedMessages: 0,
  };

  return {
    kind: 'live',
    get session() {
      return session;
    },
    start(sink: EventSink) {
      if (session !== null) throw new Error('LiveSource.start: already started');
      const live = new LiveSession(
        {
          send: (text) => socket?.send(text),
          reconnect: (reason) => socket?.reconnect(1000, reason),
          fetchSnapshot: options.fetchSnapshot,
          groupTopic: groupTopic(options.groupId),
          ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
          clock: options.clock,
          timers: options.timers,
          random: options.random,
        },
        sink,
      );
      session = live;
      for (const [viewId, topics] of pendingViews.splice(0)) {
        if (topics === null) live.releaseView(viewId);
        else live.setView(viewId, topics);
      }
      // Binary frames (the console's own wire, docs/protocol.md "Binary frames") or batched text
      // frames: many events per websocket message; a server that does not know the query still sends
      // one text frame per event, which the session reads as well. Control answers stay text.
      const url =
        options.wire === 'json'
          ? withBatchedFrames(options.url)
          : options.wire === 'binary-v1'
            ? withBinaryFrames(options.url)
            : options.wire === 'binary'
              ? withBinaryFramesV2(options.url)
              : withStatusShapes(withUsageShapes(withBinaryFramesV2(options.url)));
      const ws = new ReconnectingWebSocket(url, undefined, socketOptions as ConstructorParameters<typeof ReconnectingWebSocket>[2]);
      ws.binaryType = 'arraybuffer';
      socket = ws;
      ws.addEventListener('open', () => {
        drawn = null;
        live.opened();
      });
      ws.addEventListener('message', (event: { data: unknown }) => {
        const data = event.data;
        if (typeof data === 'string') live.message(data);
        else if (data instanceof ArrayBuffer) live.binaryMessage(new Uint8Array(data));
        else if (ArrayBuffer.isView(data)) live.binaryMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        else live.message(String(data));
      });
      ws.addEventListener('close', (event: { code?: number }) => {
        if (event.code === SESSION_ENDED_CLOSE) {
          drawn = null;
          ws.close(1000, 'session ended'); // stops partysocket for good
          live.sessionEnded();
          return;
        }
        const delay = drawn;
        drawn = null;
        live.closed(delay, ws.retryCount);
      });
    },
    stop() {
      session?.stop();
      socket?.close(1000, 'stopped');
      socket = null;
    },
    setView(viewId, topics) {
      if (session === null) pendingViews.push([viewId, [...topics]]);
      else session.setView(viewId, topics);
    },
    releaseView(viewId) {
      if (session === null) pendingViews.push([viewId, null]);
      else session.releaseView(viewId);
    },
    setBatchSize(size) {
      session?.setBatchSize(size);
    },
  };
}
