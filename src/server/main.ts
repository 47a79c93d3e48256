/**
 * The server's entry point (issue 3): `tsx src/server/main.ts`.
 * Reads the environment, opens (creating/migrating) the store (SQLite, or PostgreSQL when
 * LUC_DATABASE_URL is set), seeds the demo on first start, builds the HTTP app, starts the fleet simulator, the event bus, the websocket gateway and the
 * recorder, listens on HOST:PORT and prints how to sign in. SIGINT/SIGTERM shut it down cleanly.
 */
import { simServersFrom } from './areas/servers/live.ts';
import { ConfigError, parseConfig, storeTargetOf, type ServerConfig } from './config.ts';
import type { Store } from './store/store.ts';
import { openStore, redactTarget } from './store/database.ts';
import { resetDemoPasswords, seedDemo, seedDemoFiles, seedDemoVideoReturn } from './demo.ts';
import { seedSecondBroadcaster } from './demoSecondBroadcaster.ts';
import { buildApp, type BuiltApp } from './app.ts';
import { EventBus, type LiveBus } from './live/bus.ts';
import { openStreamBus, type OpenedStreamBus } from './live/stream/index.ts';
import { NatsClusterSignals } from './cluster/natsSignals.ts';
import { FleetSimulator, makeUnitSeeds } from './sim/fleet.ts';
import { LocalFleet } from './fleet/local.ts';
import type { FleetPort } from './fleet/port.ts';
import { FleetRpcServer, RemoteFleet } from './fleet/rpc.ts';
import type { LiveQueries } from './areas/deps.ts';
import type { StoreTopicAuthority } from './store/topicAuthority.ts';
import { CONSOLE_APPLICATION_ID } from './areas/clientApplications/repo.ts';
import { API_PREFIX } from './http/paths.ts';
import { startRecorder } from './recording/recorder.ts';

/** Active alerts of a group's units, read from the fleet's live state (the simulator's, or a front's mirror). */
function activeAlertsOf(fleet: Pick<FleetPort, 'units'>, authority: StoreTopicAuthority): Pick<LiveQueries, 'activeAlerts'> {
  return {
    activeAlerts(groupId) {
      const alerts: unknown[] = [];
      for (const unit of fleet.units()) {
        if (authority.groupOfUnit(unit.uid) !== groupId) continue;
        for (const alert of unit.alerts.values()) if (alert.active) alerts.push({ ...alert });
      }
      return alerts;
    },
  };
}

/**
 * LUC_RECORD=FILE: appends every bus event to an NDJSON log (protocol.md). Started before the
 * fleet, so the fleet's own unit.added announcements open the log and no snapshot is needed.
 */
async function startEventLog(config: ServerConfig, bus: LiveBus, log: (line: string) => void): Promise<() => Promise<void>> {
  if (config.recordFile === null) return async () => undefined;
  const recorder = startRecorder({ bus, file: config.recordFile });
  log(`Recording:   every event to ${config.recordFile}`);
  return async () => recorder.stop();
}

/** Seeds the demo on first start (the fleet owner only: one writer); answers the demo usernames to print. */
async function prepareDemo(store: Store, config: ServerConfig, now: number): Promise<string[]> {
  if (!config.demo) return [];
  if (!config.simulator) return (await store.users.demoUsers()).map((u) => u.username); // the owner seeded them and set their password
  const seeded = await seedDemo(store, { password: config.demoPassword, unitCount: config.simUnits, seed: config.simSeed, makeUnitSeeds, now });
  if (seeded) {
    await seedDemoVideoReturn(store, now);
    await seedDemoFiles(store, now);
    await seedSecondBroadcaster(store, { password: config.demoPassword, seed: config.simSeed, makeUnitSeeds, now });
  }
  // On later starts the printed password must be the working one: set it again.
  return seeded ? (await store.users.demoUsers()).map((u) => u.username) : resetDemoPasswords(store, config.demoPassword, now);
}

/** The simulator over the store's fleet: units with a group, channels on their servers, servers reporting their load. */
async function startSimulator(store: Store, config: ServerConfig, bus: LiveBus): Promise<FleetSimulator> {
  const units = (await store.units.all()).flatMap((u) =>
    u.groupId !== null && u.inventoryId !== null
      ? [{ uid: u.uid, name: u.name, type: u.type, serial: u.serial, groupId: u.groupId, inventoryId: u.inventoryId, lat: u.lat ?? 0, lng: u.lng ?? 0, swVersion: u.swVersion }]
      : [],
  );
  // Channels run on their server (down: offline; issue 11); a channel on an MMH media server also
  // gets the files its units forward (issue 13: sim/fileTransfers.ts).
  const mediaServers = new Set((await store.servers.list()).filter((s) => s.type === 'mmh').map((s) => s.id));
  const channels = (await store.channels.list()).flatMap((c) =>
    c.groupId !== null ? [{ id: c.id, groupId: c.groupId, serverId: c.serverId, mediaServerId: c.serverId !== null && mediaServers.has(c.serverId) ? c.serverId : null }] : [],
  );
  // The servers report server.status with their channels' load (issue 12: sim/servers.ts).
  const servers = await simServersFrom(store, channels);
  return new FleetSimulator({ bus, seed: config.simSeed, rate: config.simRate, units, channels, servers });
}

/** The event bus of this process: in-process, or the JetStream stream (issue 18) as the fleet owner or a front. */
async function openBus(config: ServerConfig, now: number, log: (line: string) => void): Promise<{ bus: LiveBus; stream: OpenedStreamBus | null }> {
  if (config.busUrl === null) {
    // seq keeps increasing across restarts (µs since the epoch), so an old resume point never looks new.
    return { bus: new EventBus({ startSeq: now * 1000 }), stream: null };
  }
  const stream = await openStreamBus({
    url: config.busUrl,
    role: config.simulator ? 'owner' : 'front',
    name: config.simulator ? 'luc-fleet-owner' : `luc-console-${config.port}`,
    streamMaxAgeS: config.streamMaxAgeS,
    streamMaxMsgs: config.streamMaxMsgs,
    log: (level, message) => (level === 'info' ? log(`bus: ${message}`) : console.error(`bus ${level}: ${message}`)),
  });
  return { bus: stream.bus, stream };
}

/** A front whose fleet owner does not answer asks again this often (ms). */
const OWNER_RETRY_MS = 2_000;

export interface StartOptions {
  /** Serve HTTP (the console, REST, websocket); false for `npm run simulator`, the fleet owner alone. */
  readonly http?: boolean;
}

export async function startServer(config: ServerConfig, log: (line: string) => void = console.log, options: StartOptions = {}): Promise<{ stop(): Promise<void>; url: string }> {
  const http = options.http ?? true;
  const store: Store = await openStore(storeTargetOf(config));
  let built: BuiltApp | undefined;
  let simulator: FleetSimulator | undefined;
  let stream: OpenedStreamBus | null = null;
  let signals: NatsClusterSignals | undefined;
  let rpc: FleetRpcServer | undefined;
  let remote: RemoteFleet | undefined;
  let stopRecorder: () => Promise<void> = async () => undefined;
  let stopRetry: () => void = () => undefined;
  const stopAll = async (): Promise<void> => {
    stopRetry();
    simulator?.stop();
    remote?.stop();
    rpc?.stop();
    await built?.app.close().catch(() => undefined); // closes sockets (gateway onClose) and the listener
    await stopRecorder().catch(() => undefined);
    signals?.close();
    await stream?.close().catch(() => undefined);
    await store.close();
  };
  try {
    const now = Date.now();
    const demoUsers = await prepareDemo(store, config, now);
    const opened = await openBus(config, now, log);
    stream = opened.stream;
    const bus = opened.bus;
    const owner = config.simulator;
    const theStream = stream;
    if (theStream !== null) signals = new NatsClusterSignals(theStream.nc, { logError: (message, error) => console.error(message, error) });
    let queries: Pick<LiveQueries, 'activeAlerts'> = { activeAlerts: () => [] };
    const publisher = theStream?.publisher;
    built = await buildApp({
      store,
      logLevel: config.logLevel,
      settings: { mapTileUrl: config.mapTileUrl, allowedOrigins: config.allowedOrigins, distDir: config.distDir },
      bus,
      live: { activeAlerts: (groupId) => queries.activeAlerts(groupId) },
      ...(signals !== undefined ? { signals } : {}),
      // Only the fleet owner relays the outbox and runs the once-only jobs (recorders, runners).
      outbox: { relay: owner, ...(publisher !== undefined ? { target: { publish: (kind, id, data, opts) => bus.publish(kind, id, data, opts), flush: () => publisher.flush() } } : {}) },
      runsBackgroundJobs: owner,
      ...(theStream !== null ? { healthChecks: [() => (theStream.nc.isClosed() ? 'bus: the NATS connection is closed' : null)] } : {}),
    });

    let fleet: FleetPort;
    let unitCount: number;
    if (owner) {
      simulator = await startSimulator(store, config, bus);
      const local = new LocalFleet(simulator);
      fleet = local;
      unitCount = [...simulator.units()].length;
      if (theStream !== null) {
        rpc = new FleetRpcServer({ nc: theStream.nc, fleet: local, bus, logError: (message, error) => console.error(message, error) });
        await rpc.start();
      }
    } else {
      if (theStream === null) throw new Error('LUC_SIMULATOR=0 needs LUC_BUS_URL: another process must run the fleet');
      const theRemote = new RemoteFleet({ nc: theStream.nc, bus, logError: (message, error) => console.error(message, error) });
      remote = theRemote;
      // A front may start before the owner (or while it restarts): it serves what is stored at
      // once and seeds its fleet mirror as soon as the owner answers (reads show units offline meanwhile).
      await theRemote.start().catch((error: unknown) => {
        log(`Fleet owner not answering yet (${error instanceof Error ? error.message : String(error)}); asking again every ${OWNER_RETRY_MS / 1000} s`);
        const retry = setInterval(() => {
          theRemote.reseed().then(
            () => {
              clearInterval(retry);
              log('Fleet owner answered: the fleet mirror is seeded');
            },
            () => undefined,
          );
        }, OWNER_RETRY_MS);
        retry.unref();
        stopRetry = () => clearInterval(retry);
      });
      fleet = theRemote;
      unitCount = [...remote.units()].length;
    }
    built.routeDeps.fleet.attach({ fleet, bus });
    queries = activeAlertsOf(fleet, built.authority);
    stopRecorder = await startEventLog(config, bus, log);
    simulator?.start();

    const busText = config.busUrl === null ? 'in process' : `${redactTarget(config.busUrl)} (JetStream stream LUC_EVENTS)`;
    let url = '';
    if (http) {
      const address = await built.app.listen({ host: config.host, port: config.port });
      url = address.replace('://[::1]', '://localhost');
      log('');
      log(`LUC console: ${url}/`);
      log(`REST API:    ${url}${API_PREFIX}  (Application-Id: ${CONSOLE_APPLICATION_ID}; OpenAPI at ${API_PREFIX}/openapi.json)`);
    } else {
      log('');
      log(`LUC fleet owner: running ${unitCount} simulated units, churn ${config.simRate} events/s, seed ${config.simSeed}; publishing to ${busText}`);
    }
    log(`Database:    ${redactTarget(storeTargetOf(config))}   Event bus: ${busText}`);
    log(owner ? `Simulated units: ${unitCount}, churn ${config.simRate} events/s, seed ${config.simSeed}` : `Fleet: ${unitCount} units, run by the fleet owner (npm run simulator or LUC_SIMULATOR=1)`);
    if (config.demo && http) {
      log(`Sign in as one of: ${demoUsers.join(', ')}`);
      log(
        owner
          ? `Password:    ${config.demoPassword}${config.demoPasswordGenerated ? '   (random for this start; set LUC_DEMO_PASSWORD to choose it)' : ''}`
          : 'Password:    the one the fleet owner printed (LUC_DEMO_PASSWORD)',
      );
    } else if (!config.demo && (await store.users.count()) === 0) {
      log('LUC_DEMO=0 and the database has no users: start once without LUC_DEMO=0 to create the demo users.');
    }
    log('');

    let stopping: Promise<void> | undefined;
    return { url, stop: () => (stopping ??= stopAll()) };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
  const shutdown = (signal: string): void => {
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000); // a stuck close must not hang the terminal
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

// Run only as the entry point (tests import startServer).
if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server/main.ts')) {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Cannot start: ${message}`);
    process.exit(1);
  });
}
