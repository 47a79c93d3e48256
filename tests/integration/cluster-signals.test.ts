/**
 * ClusterSignals over a REAL nats-server (tests/integration/nats.ts) between two instances:
 * - signal level: an ownership change emitted on A reaches A's listeners once (synchronously) and
 *   B's once; a bad message (not JSON, no origin, a payload of the wrong shape) is logged and
 *   dropped;
 * - app level: two apps on one database (SQLite file), each with its own NATS connection: a
 *   sign-out on A closes the session's socket open on B; an ownership change on A moves B's topic
 *   authority; the outbox signal of a write on A wakes the relay that runs on B only.
 * Skipped, with the reason in the name, when nats-server is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import WebSocket from 'ws';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NatsClusterSignals, signalSubject } from '../../src/server/cluster/natsSignals.ts';
import type { OwnershipChange } from '../../src/server/ownership.ts';
import { EventBus } from '../../src/server/live/bus.ts';
import type { LiveEvent } from '../../src/server/live/types.ts';
import { findNatsServer, startNats, type NatsTestServer } from './nats.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const nats = findNatsServer();

/** Waits until `condition` holds (messages travel through the server); fails after 15 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!nats.available)(`cluster signals over a real nats-server${nats.available ? '' : ` (skipped: ${nats.reason})`}`, () => {
  let server: NatsTestServer | undefined;
  const connections: NatsConnection[] = [];
  const open = async (name: string): Promise<NatsConnection> => {
    if (server === undefined) throw new Error('nats-server did not start');
    const nc = await connect({ servers: server.url, name });
    connections.push(nc);
    return nc;
  };
  beforeAll(async () => {
    if (nats.available) server = await startNats(nats);
  }, 60_000);
  afterAll(async () => {
    for (const nc of connections.splice(0)) await nc.close();
    await server?.stop();
  });

  it('delivers an ownership change emitted on one instance to every instance once, the emitter synchronously', async () => {
    const a = new NatsClusterSignals(await open('a'));
    const b = new NatsClusterSignals(await open('b'));
    const heardA: OwnershipChange[] = [];
    const heardB: OwnershipChange[] = [];
    a.on('ownership', (change) => heardA.push(change));
    b.on('ownership', (change) => heardB.push(change));
    await Promise.all([a.flush(), b.flush()]); // both subscriptions registered
    const change: OwnershipChange = { kind: 'unit', uid: 'U-1', groupId: 'G-1', inventoryId: 'INV-1' };
    a.emit('ownership', change);
    expect(heardA).toEqual([change]); // before emit returned
    await until(() => heardB.length === 1, 'B to hear the change');
    expect(heardB).toEqual([change]);
    // A's own message came back through the server and was not delivered twice: a later signal
    // from B arrives at A after it (one server, in order), so A has seen its own by then.
    b.emit('session-ended', { sessionId: 'S-after' });
    const endedA: string[] = [];
    a.on('session-ended', ({ sessionId }) => endedA.push(sessionId));
    b.emit('session-ended', { sessionId: 'S-marker' });
    await until(() => endedA.includes('S-marker'), 'A to hear B');
    expect(heardA).toEqual([change]);
    await Promise.all([a.close(), b.close()]);
  });

  it('logs and drops a bad message: not JSON, without origin, or a payload of the wrong shape', async () => {
    const warnings: string[] = [];
    const b = new NatsClusterSignals(await open('b2'), { logWarn: (message) => warnings.push(message) });
    const heard: unknown[] = [];
    b.on('ownership', (change) => heard.push(change));
    b.on('session-ended', (payload) => heard.push(payload));
    await b.flush();
    const raw = await open('raw');
    raw.publish(signalSubject('ownership'), 'not json');
    raw.publish(signalSubject('ownership'), JSON.stringify({ payload: { kind: 'user', userId: 'U' } }));
    raw.publish(signalSubject('ownership'), JSON.stringify({ origin: 'x', payload: { kind: 'user' } }));
    raw.publish(signalSubject('ownership'), JSON.stringify({ origin: 'x', payload: { kind: 'unit', uid: 'U', groupId: 7, inventoryId: null } }));
    raw.publish(signalSubject('session-ended'), JSON.stringify({ origin: 'x', payload: { sessionId: '' } }));
    // Then a good one: once it is heard, every bad one before it was handled.
    raw.publish(signalSubject('ownership'), JSON.stringify({ origin: 'x', payload: { kind: 'group-removed', groupId: 'G-9' } }));
    await until(() => heard.length > 0, 'the good signal');
    expect(heard).toEqual([{ kind: 'group-removed', groupId: 'G-9' }]);
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toMatch(/^dropped a ownership signal that is not JSON/);
    expect(warnings[1]).toMatch(/without origin and payload/);
    await b.close();
  });

  describe('two app instances on one database', () => {
    const tmp = tempDir();
    let a: TestServer;
    let b: TestServer;
    let signalsA: NatsClusterSignals;
    let signalsB: NatsClusterSignals;
    const busB = new EventBus();
    beforeAll(async () => {
      signalsA = new NatsClusterSignals(await open('app-a'));
      signalsB = new NatsClusterSignals(await open('app-b'));
      const dbFile = join(tmp.dir, 'luc.db');
      // A writes only (no relay); B is the "fleet owner": it relays the outbox to its bus.
      a = await startServer({ dbFile, signals: signalsA, outbox: { relay: false } });
      b = await startServer({ dbFile, signals: signalsB, bus: busB, outbox: { pollMs: 3_600_000 } });
      await Promise.all([signalsA.flush(), signalsB.flush()]);
    }, 180_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await signalsA?.close();
      await signalsB?.close();
      tmp.cleanup();
    });

    it('closes on instance B the socket of a session signed out on instance A', async () => {
      const cookie = await signIn(a, 'luc_admin');
      const other = await signIn(a, 'luc_admin');
      const socket = (session: string) =>
        new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
          const ws = new WebSocket(`${b.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie: session, origin: b.url } });
          const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
          ws.once('open', () => resolve({ ws, closed }));
          ws.once('error', reject);
        });
      const mine = await socket(cookie);
      const theirs = await socket(other);
      expect((await call(a, 'auth/logout', { method: 'POST', cookie })).status).toBe(204);
      expect(await mine.closed).toBe(4401);
      expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
      theirs.ws.close();
    }, 120_000);

    it('moves instance B’s topic authority when an ownership change is emitted on instance A', async () => {
      const unit = (await a.store.units.all()).find((u) => u.groupId !== null);
      if (unit === undefined) throw new Error('demo data has no grouped unit');
      const groups = (await a.store.groups.list()).filter((g) => g.id !== unit.groupId);
      const target = groups[0];
      if (target === undefined) throw new Error('demo data has one group only');
      a.built.routeDeps.ownership.emit({ kind: 'unit', uid: unit.uid, groupId: target.id, inventoryId: unit.inventoryId });
      expect(a.built.authority.groupOfUnit(unit.uid)).toBe(target.id);
      await until(() => b.built.authority.groupOfUnit(unit.uid) === target.id, 'B’s authority to follow');
    }, 120_000);

    it('wakes the relay on instance B when a write on instance A commits an outbox row', async () => {
      await until(() => b.built.outboxRelay?.isIdle() === true, 'B’s relay to sleep');
      expect(a.built.outboxRelay).toBeNull();
      const seen: LiveEvent[] = [];
      busB.subscribe((event) => seen.push(event));
      await a.built.outbox.write(a.store, (tx) => a.built.outbox.add(tx, 'channel.config', 'CH-signal', { name: 'from A' }));
      await until(() => seen.some((e) => e.id === 'CH-signal'), 'B to relay the row');
      expect(seen.find((e) => e.id === 'CH-signal')?.data).toEqual({ name: 'from A' });
    }, 120_000);
  });
});
