/**
 * Issue 18 item 5: the scale-out deployment on loopback (scale-cluster.ts): PostgreSQL, a JetStream
 * nats-server, the fleet owner as its own process and three console instances. Clients are spread
 * over the instances; writes go through all of them. Then, under load:
 *   1. an instance is killed with SIGKILL: its clients reconnect to another instance and resume
 *      from their last seq, with no reset, no gap and no duplicate;
 *   2. nats-server is restarted;
 *   3. PostgreSQL is restarted;
 * and after each, every client converges on the store's truth and has seen the event of every
 * write an instance acknowledged with 2xx.
 *
 * Writes are channel renames (PUT admin/channels/{id}); each is in PostgreSQL when answered and its
 * channel.config event goes to the stream through the outbox. A client keeps, per channel, the
 * highest rev applied and every name it saw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rest, scaleOutUnavailable, signInOn, startScaleCluster, type ProcessHandle, type ScaleCluster } from './scale-cluster.ts';

const unavailable = scaleOutUnavailable();
/** Channels written to; clients subscribe to each one's topic. */
const CHANNELS = 4;
/** Clients per instance. */
const CLIENTS_PER_INSTANCE = 2;
/** Convergence must happen within this long after the last write (ms); a generous bound for a loaded 2-core CI machine. */
const CONVERGE_TIMEOUT_MS = 60_000;

interface Envelope {
  seq: number;
  kind: string;
  id: string;
  rev: number;
  data: Record<string, unknown>;
}

/** A websocket client as the console's worker behaves: subscribe, then resume from its last seq. */
class LiveClient {
  ws: WebSocket | null = null;
  lastSeq = -1;
  readonly applied = new Map<string, { rev: number; name: string }>();
  readonly seenNames = new Map<string, Set<string>>();
  resets = 0;
  outOfOrder = 0;
  denied: string[] = [];
  connects = 0;

  constructor(
    readonly label: string,
    readonly cookie: string,
    readonly topics: string[],
    public instance: ProcessHandle,
  ) {}

  connect(instance: ProcessHandle = this.instance): Promise<void> {
    this.instance = instance;
    const ws = new WebSocket(`${instance.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie: this.cookie, origin: instance.url } });
    this.ws = ws;
    ws.on('message', (raw) => this.message(String(raw)));
    ws.on('error', () => undefined); // a killed instance: 'close' follows
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        this.connects += 1;
        ws.send(JSON.stringify({ op: 'subscribe', topics: this.topics }));
        if (this.lastSeq >= 0) ws.send(JSON.stringify({ op: 'resume', from: this.lastSeq }));
        resolve();
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`${this.label}: upgrade refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  closed(): boolean {
    return this.ws === null || this.ws.readyState === WebSocket.CLOSED || this.ws.readyState === WebSocket.CLOSING;
  }

  private message(text: string): void {
    const frame = JSON.parse(text) as Record<string, unknown>;
    if (frame['op'] === 'reset') {
      this.resets += 1;
      return;
    }
    if (frame['op'] === 'denied') {
      this.denied.push(...((frame['topics'] as string[] | undefined) ?? []));
      return;
    }
    if (typeof frame['seq'] !== 'number') return;
    const event = frame as unknown as Envelope;
    if (event.seq <= this.lastSeq) this.outOfOrder += 1;
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    if (event.kind !== 'channel.config') return;
    const name = String(event.data['name']);
    let names = this.seenNames.get(event.id);
    if (names === undefined) this.seenNames.set(event.id, (names = new Set()));
    names.add(name);
    const applied = this.applied.get(event.id);
    if (applied === undefined || event.rev > applied.rev) this.applied.set(event.id, { rev: event.rev, name });
  }
}

/** Renames channels through the live instances in turn; keeps every acknowledged (2xx) write. */
class Writer {
  readonly acknowledged: { channelId: string; name: string }[] = [];
  refused = 0;
  private counter = 0;
  private running = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly cookie: () => string,
    private readonly channelIds: string[],
    private readonly instances: () => ProcessHandle[],
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const live = this.instances().filter((i) => i.alive());
        const instance = live[this.counter % live.length];
        const channelId = this.channelIds[this.counter % this.channelIds.length]!;
        this.counter += 1;
        if (instance === undefined) break;
        const name = `scale-${this.counter}`;
        const answer = await rest(instance.url, `admin/channels/${channelId}`, { method: 'PUT', body: { name }, cookie: this.cookie() });
        if (answer.status >= 200 && answer.status < 300) this.acknowledged.push({ channelId, name });
        else this.refused += 1;
        await new Promise((r) => setTimeout(r, 20)); // ~50 writes/s at most: load comes from the simulator's churn
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = CONVERGE_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
}

describe.skipIf(unavailable !== null)(`scale-out: PostgreSQL + NATS JetStream + 3 instances${unavailable === null ? '' : ` (skipped: ${unavailable})`}`, () => {
  let cluster: ScaleCluster;
  let adminCookie = '';
  let channelIds: string[] = [];
  const clients: LiveClient[] = [];
  let writer: Writer;

  /** Every client on a live socket; a client whose instance died moves to the next live one and resumes. */
  async function reconnectOrphans(): Promise<void> {
    for (const client of clients) {
      if (!client.closed() && client.instance.alive()) continue;
      const live = cluster.instances.filter((i) => i.alive());
      const target = live[clients.indexOf(client) % live.length]!;
      await client.connect(target);
    }
  }

  /** The store's names, read through a live instance. */
  async function storeNames(): Promise<Map<string, string>> {
    const live = cluster.instances.find((i) => i.alive())!;
    const names = new Map<string, string>();
    for (const id of channelIds) {
      const answer = await rest(live.url, `admin/channels/${id}`, { cookie: adminCookie });
      if (answer.status !== 200) throw new Error(`GET admin/channels/${id}: ${answer.status}`);
      names.set(id, String(answer.json.name));
    }
    return names;
  }

  /** After the writer stops: every client holds the store's names, and saw every acknowledged write's event. */
  async function expectConverged(phase: string): Promise<void> {
    expect(cluster.owner.alive(), `${phase}: the fleet owner is still running\n${cluster.owner.output().slice(-2_000)}`).toBe(true);
    const truth = await storeNames();
    // The last acknowledged write per channel is what the store holds: nothing acknowledged was lost.
    const lastAcked = new Map<string, string>();
    for (const write of writer.acknowledged) lastAcked.set(write.channelId, write.name);
    for (const [id, name] of lastAcked) expect(truth.get(id), `${phase}: store holds the last acknowledged name of ${id}`).toBe(name);
    await until(`${phase}: every client converged on the store`, () => clients.every((c) => channelIds.every((id) => c.applied.get(id)?.name === truth.get(id)))).catch((error: unknown) => {
      // Say who disagrees and how each process is, so a failure on CI can be read without a rerun.
      const lagging = clients.filter((c) => channelIds.some((id) => c.applied.get(id)?.name !== truth.get(id)));
      const states = [cluster.owner, ...cluster.instances].map((p) => `${p.name}: ${p.alive() ? 'running' : 'exited'}\n${p.output().slice(-1_500)}`);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nstore: ${JSON.stringify([...truth])}\n` +
          lagging.map((c) => `${c.label} on ${c.instance.name} (last seq ${c.lastSeq}): ${JSON.stringify([...c.applied].map(([id, a]) => [id, a.name, a.rev]))}`).join('\n') +
          `\n${states.join('\n')}`,
      );
    });
    for (const client of clients) {
      const missed = writer.acknowledged.filter((w) => !(client.seenNames.get(w.channelId)?.has(w.name) ?? false));
      expect(missed.slice(0, 5), `${phase}: ${client.label} saw the event of every acknowledged write (${missed.length} missed)`).toEqual([]);
      expect(client.outOfOrder, `${phase}: ${client.label} got seqs in order, no duplicate`).toBe(0);
      expect(client.resets, `${phase}: ${client.label} resumed without a reset`).toBe(0);
      expect(client.denied, `${phase}: ${client.label} denied topics`).toEqual([]);
    }
  }

  beforeAll(async () => {
    cluster = await startScaleCluster({ instances: 3, units: 300, rate: 2_000 });
    const first = cluster.instances[0]!;
    adminCookie = await signInOn(first.url, 'luc_admin');
    const page = await rest(first.url, 'admin/channels?limit=50', { cookie: adminCookie });
    expect(page.status).toBe(200);
    channelIds = (page.json.items as { id: string; groupId: string | null }[]).filter((c) => c.groupId !== null).slice(0, CHANNELS).map((c) => c.id);
    expect(channelIds.length).toBe(CHANNELS);
    // Clients sign in on one instance and connect to another: the session is shared.
    for (const [index, instance] of cluster.instances.entries()) {
      for (let k = 0; k < CLIENTS_PER_INSTANCE; k += 1) {
        const cookie = await signInOn(cluster.instances[(index + 1) % cluster.instances.length]!.url, 'luc_admin');
        const client = new LiveClient(`client ${index}.${k}`, cookie, channelIds.map((id) => `channel:${id}`), instance);
        await client.connect();
        clients.push(client);
      }
    }
    writer = new Writer(() => adminCookie, channelIds, () => cluster.instances);
  }, 240_000);

  afterAll(async () => {
    for (const client of clients) client.ws?.terminate();
    await cluster?.stop();
  }, 60_000);

  it('a write through one instance is seen live through the others', async () => {
    const [a] = cluster.instances;
    const answer = await rest(a!.url, `admin/channels/${channelIds[0]}`, { method: 'PUT', body: { name: 'scale-first' }, cookie: adminCookie });
    expect(answer.status).toBe(200);
    writer.acknowledged.push({ channelId: channelIds[0]!, name: 'scale-first' });
    await until('every client saw scale-first', () => clients.every((c) => c.seenNames.get(channelIds[0]!)?.has('scale-first') ?? false), 30_000);
  });

  it('kill -9 of an instance under load: its clients resume on another with no gap and nothing acknowledged lost', async () => {
    writer.start();
    await new Promise((r) => setTimeout(r, 2_000));
    const victim = cluster.instances[1]!;
    await victim.kill('SIGKILL');
    await until('the victim’s clients noticed', () => clients.filter((c) => c.instance === victim).every((c) => c.closed()), 15_000);
    await reconnectOrphans();
    await new Promise((r) => setTimeout(r, 2_000));
    await writer.stop();
    await expectConverged('after kill -9');
    // A replacement joins and serves.
    const replacement = await cluster.addInstance();
    expect((await rest(replacement.url, 'v2/about', { cookie: adminCookie })).status).toBe(200);
  }, 180_000);

  it('nats-server restarted under load: writes acknowledged meanwhile reach every client', async () => {
    writer.start();
    await new Promise((r) => setTimeout(r, 1_000));
    await cluster.nats.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster.nats.start();
    await new Promise((r) => setTimeout(r, 2_000));
    await writer.stop();
    await reconnectOrphans();
    await expectConverged('after nats-server restart');
  }, 180_000);

  it('PostgreSQL restarted under load: writes refused during the outage, none acknowledged is lost', async () => {
    const acknowledgedBefore = writer.acknowledged.length;
    writer.start();
    await new Promise((r) => setTimeout(r, 1_000));
    await cluster.postgres.halt();
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster.postgres.restart();
    await new Promise((r) => setTimeout(r, 3_000));
    await writer.stop();
    expect(writer.acknowledged.length).toBeGreaterThan(acknowledgedBefore);
    await reconnectOrphans();
    await expectConverged('after PostgreSQL restart');
  }, 180_000);
});
