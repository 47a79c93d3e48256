import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBSOCKET_RECONNECT_MS } from '../../src/domain/constants.ts';
import type { ConnectionState } from './connectionState.ts';
import type { EventSink } from './eventSource.ts';
import { createLiveSource } from './liveSource.ts';
import { SESSION_ENDED_CLOSE } from './connectionState.ts';
import { CLOSE_SESSION_ENDED } from '../../src/server/live/gateway.ts';

/** A WebSocket that never reaches a server: the test opens and closes it. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  drop(code = 1006, reason = 'gone') {
    this.readyState = 3;
    const event = new Event('close') as Event & { code: number; reason: string };
    Object.assign(event, { code, reason });
    this.dispatchEvent(event);
  }
}

function sinkOf(states: ConnectionState[]): EventSink {
  return { event: () => undefined, snapshot: () => undefined, connection: (s) => states.push(s), badFrame: () => undefined };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_763_700_000_000 });
  FakeSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

function source(draws: number[], maxReconnects = 3) {
  const states: ConnectionState[] = [];
  let i = 0;
  const live = createLiveSource({
    url: 'ws://console.test/luc/luc-core-web/ws',
    groupId: 'G1',
    fetchSnapshot: () => new Promise(() => undefined),
    WebSocket: FakeSocket,
    maxReconnects,
    clock: { now: () => Date.now() },
    timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (id) => clearTimeout(id as number) },
    random: () => draws[i++ % draws.length] ?? 0.5,
  });
  live.start(sinkOf(states));
  return { live, states };
}

describe('LiveSource over partysocket', () => {
  it('subscribes on open and waits the drawn jittered delay before reconnecting', async () => {
    const { states } = source([0.9, 0.3]);
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.instances[0];
    first?.accept();
    expect(first?.sent[0]).toBe('{"op":"subscribe","topics":["group:G1"]}');
    first?.drop();
    const state = states.at(-1);
    expect(state?.phase).toBe('reconnecting');
    const wait = state?.phase === 'reconnecting' ? state.retryAt - Date.now() : -1;
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(wait).toBeLessThanOrEqual(WEBSOCKET_RECONNECT_MS);
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not reconnect two tabs in lockstep: each draws its own delay', async () => {
    const a = source([0.1]);
    const b = source([0.8]);
    await vi.advanceTimersByTimeAsync(0);
    for (const socket of FakeSocket.instances) socket.accept();
    for (const socket of [...FakeSocket.instances]) socket.drop();
    const waits = [a, b].map(({ states }) => {
      const s = states.at(-1);
      return s?.phase === 'reconnecting' ? s.retryAt - Date.now() : -1;
    });
    expect(waits).toEqual([1_000, 8_000]);
  });

  it('goes offline with a jittered reload after the maximum reconnects (attempts that never open time out)', async () => {
    const { states } = source([0.2], 2);
    let offlineAt = -1;
    const seen = states.length;
    // partysocket gives each attempt 4 s to open; ours never do.
    for (let t = 0; t < 60_000 && offlineAt < 0; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      if (states.slice(seen).some((s) => s.phase === 'offline')) offlineAt = Date.now();
    }
    expect(FakeSocket.instances).toHaveLength(3); // the first attempt and 2 reconnects
    const last = states.at(-1);
    expect(last?.phase).toBe('offline');
    if (last?.phase === 'offline') expect((last.reloadAt ?? 0) - offlineAt).toBeLessThanOrEqual(2_000); // 0.2 × 10 s
    await vi.advanceTimersByTimeAsync(WEBSOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('stops for good when the server ends the session (close 4401): no reconnect, ended reported', async () => {
    expect(SESSION_ENDED_CLOSE).toBe(CLOSE_SESSION_ENDED); // the worker and the gateway agree on the code
    const { states } = source([0.1]);
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0]?.accept();
    FakeSocket.instances[0]?.drop(SESSION_ENDED_CLOSE, 'session ended');
    expect(states.at(-1)).toEqual({ phase: 'ended', since: Date.now() });
    // Far beyond every reconnect delay (10 s) and partysocket's 4 s connection timeout.
    await vi.advanceTimersByTimeAsync(WEBSOCKET_RECONNECT_MS * 5);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(states.at(-1)?.phase).toBe('ended');
  });

  it('still reconnects after any other close code (1013 slow consumer)', async () => {
    const { states } = source([0.1]);
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0]?.accept();
    FakeSocket.instances[0]?.drop(1013, 'try again later');
    expect(states.at(-1)?.phase).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000); // the drawn delay: 0.1 × 10 s
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
