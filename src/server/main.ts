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
import { EventBus } from './live/bus.ts';
import { FleetSimulator, makeUnitSeeds } from './sim/fleet.ts';
import { LocalFleet } from './fleet/local.ts';
import type { FleetPort } from './fleet/port.ts';
import type { LiveQueries } from './areas/deps.ts';
import type { StoreTopicAuthority } from './store/topicAuthority.ts';
import { CONSOLE_APPLICATION_ID } from './areas/clientApplications/repo.ts';
import { API_PREFIX } from './http/paths.ts';
import { startRecorder } from './recording/recorder.ts';

/** Active alerts of a group's units, read from the fleet's live state (the simulator, or a front's mirror). */
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
async function startEventLog(config: ServerConfig, bus: EventBus, log: (line: string) => void): Promise<() => Promise<void>> {
  if (config.recordFile === null) return async () => undefined;
  const recorder = startRecorder({ bus, file: config.recordFile });
  log(`Recording:   every event to ${config.recordFile}`);
  return async () => recorder.stop();
}

export async function startServer(config: ServerConfig, log: (line: string) => void = console.log): Promise<{ stop(): Promise<void>; url: string }> {
  const store: Store = await openStore(storeTargetOf(config));
  let built: BuiltApp | undefined;
  let fleet: FleetSimulator | undefined;
  let stopRecorder: () => Promise<void> = async () => undefined;
  try {
    const now = Date.now();
    let demoUsers: string[] = [];
    if (config.demo) {
      const seeded = await seedDemo(store, {
        password: config.demoPassword,
        unitCount: config.simUnits,
        seed: config.simSeed,
        makeUnitSeeds,
        now,
      });
      if (seeded) {
        await seedDemoVideoReturn(store, now);
        await seedDemoFiles(store, now);
        await seedSecondBroadcaster(store, { password: config.demoPassword, seed: config.simSeed, makeUnitSeeds, now });
      }
      // On later starts the printed password must be the working one: set it again.
      demoUsers = seeded ? (await store.users.demoUsers()).map((u) => u.username) : await resetDemoPasswords(store, config.demoPassword, now);
    }

    // seq keeps increasing across restarts (µs since the epoch), so an old resume point never looks new.
    const bus = new EventBus({ startSeq: now * 1000 });
    let queries: Pick<LiveQueries, 'activeAlerts'> = { activeAlerts: () => [] };
    built = await buildApp({
      store,
      logLevel: config.logLevel,
      settings: { mapTileUrl: config.mapTileUrl, allowedOrigins: config.allowedOrigins, distDir: config.distDir },
      bus,
      live: { activeAlerts: (groupId) => queries.activeAlerts(groupId) },
    });

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
    fleet = new FleetSimulator({ bus, seed: config.simSeed, rate: config.simRate, units, channels, servers });
    built.routeDeps.fleet.attach({ fleet: new LocalFleet(fleet), bus });
    queries = activeAlertsOf(fleet, built.authority);
    stopRecorder = await startEventLog(config, bus, log);
    fleet.start();

    const address = await built.app.listen({ host: config.host, port: config.port });
    const url = address.replace('://[::1]', '://localhost');
    log('');
    log(`LUC console: ${url}/`);
    log(`REST API:    ${url}${API_PREFIX}  (Application-Id: ${CONSOLE_APPLICATION_ID}; OpenAPI at ${API_PREFIX}/openapi.json)`);
    log(`Database:    ${redactTarget(storeTargetOf(config))}   Simulated units: ${units.length}, churn ${config.simRate} events/s, seed ${config.simSeed}`);
    if (config.demo) {
      log(`Sign in as one of: ${demoUsers.join(', ')}`);
      log(`Password:    ${config.demoPassword}${config.demoPasswordGenerated ? '   (random for this start; set LUC_DEMO_PASSWORD to choose it)' : ''}`);
    } else if ((await store.users.count()) === 0) {
      log('LUC_DEMO=0 and the database has no users: start once without LUC_DEMO=0 to create the demo users.');
    }
    log('');

    const app = built.app;
    const theFleet = fleet;
    let stopping: Promise<void> | undefined;
    return {
      url,
      stop: () =>
        (stopping ??= (async () => {
          theFleet.stop();
          await app.close(); // closes sockets (gateway onClose) and the listener
          await stopRecorder();
          await store.close();
        })()),
    };
  } catch (error) {
    fleet?.stop();
    await built?.app.close().catch(() => undefined);
    await stopRecorder().catch(() => undefined);
    await store.close();
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
