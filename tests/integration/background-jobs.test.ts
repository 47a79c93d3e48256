/**
 * runsBackgroundJobs (issue 18, docs/architecture.md "The fleet port"): a front that is not the
 * fleet owner never takes the fleet's file transfer records (they leave the fleet once, to the
 * owner, which writes them); the embedded default does, on a timer and on every listing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EventBus } from '../../src/server/live/bus.ts';
import { FleetSimulator, makeUnitSeeds } from '../../src/server/sim/fleet.ts';
import { LocalFleet } from '../../src/server/fleet/local.ts';
import { FileService } from '../../src/server/areas/files/service.ts';
import { startServer, tempDir, type TestServer } from './server-harness.ts';

describe('background jobs run only where runsBackgroundJobs is true', () => {
  const tmp = tempDir();
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function withDrainCount(runsBackgroundJobs: boolean | undefined): Promise<{ server: TestServer; drains: () => number }> {
    const bus = new EventBus();
    server = await startServer({ dbFile: join(tmp.dir, `luc-${String(runsBackgroundJobs)}.db`), bus, ...(runsBackgroundJobs === undefined ? {} : { runsBackgroundJobs }) });
    const fleet = new LocalFleet(new FleetSimulator({ bus, seed: 1, rate: 0, units: makeUnitSeeds({ count: 3, seed: 1, groups: [{ groupId: 'G1', inventoryId: 'I1' }] }), usagePeriodMs: 0 }));
    let drains = 0;
    fleet.files.drain = async () => {
      drains += 1;
      return [];
    };
    server.built.routeDeps.fleet.attach({ fleet, bus });
    return { server, drains: () => drains };
  }

  it('a front (false) never drains the fleet’s transfer records', async () => {
    const { server: front, drains } = await withDrainCount(false);
    expect(front.built.routeDeps.runsBackgroundJobs).toBe(false);
    await new FileService(front.built.routeDeps).drain();
    expect(drains()).toBe(0);
  });

  it('the embedded default (true) drains them', async () => {
    const { server: embedded, drains } = await withDrainCount(undefined);
    expect(embedded.built.routeDeps.runsBackgroundJobs).toBe(true);
    await new FileService(embedded.built.routeDeps).drain();
    expect(drains()).toBeGreaterThanOrEqual(1);
  });
});
