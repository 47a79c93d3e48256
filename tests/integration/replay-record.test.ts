/**
 * issue 6 item 6: a live session recorded with replay/record.ts against the real server, then
 * replayed, gives the state a live model fed by the same socket ended with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventBus } from '../../src/server/live/bus.ts';
import { FleetSimulator } from '../../src/server/sim/fleet.ts';
import { applyEvent, createFleetModel } from '../../workers/model/fleetModel.ts';
import { snapshot } from '../../workers/model/snapshot.ts';
import { summary } from '../../workers/model/summary.ts';
import { record } from '../../replay/record.ts';
import { playLogFile } from '../../replay/player.ts';
import { DEMO_PASSWORD, startServer, tempDir, type TestServer } from './server-harness.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const UNITS = 120;

function replaySummary(file: string): Promise<{ code: number; json: unknown; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['replay/cli.ts', file, '--summary'], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code), json: stdout === '' ? undefined : JSON.parse(stdout), stderr });
    });
  });
}

describe('record a live session, replay it', () => {
  const tmp = tempDir();
  let server: TestServer;
  let fleet: FleetSimulator;

  beforeAll(async () => {
    const bus = new EventBus();
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), units: UNITS, bus });
    const units = (await server.store.units.all()).flatMap((u) =>
      u.groupId !== null && u.inventoryId !== null
        ? [{ uid: u.uid, name: u.name, type: u.type, serial: u.serial, groupId: u.groupId, inventoryId: u.inventoryId, lat: u.lat ?? 0, lng: u.lng ?? 0, swVersion: u.swVersion }]
        : [],
    );
    const channels = (await server.store.channels.list()).flatMap((c) => (c.groupId !== null ? [{ id: c.id, groupId: c.groupId }] : []));
    // Real time, busy churn (400 events/s) and link usage every second: a few seconds give thousands of events.
    fleet = new FleetSimulator({ bus, seed: 5, rate: 400, units, channels, usagePeriodMs: 1_000 });
  });

  afterAll(async () => {
    fleet.stop();
    await server.close();
    tmp.cleanup();
  });

  it('replays to the state of a live model fed by the same socket', async () => {
    const out = join(tmp.dir, 'live.ndjson');
    const live = createFleetModel();
    const controller = new AbortController();
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    const log: string[] = [];
    const recording = record(
      { out, url: server.url, durationS: null, user: 'luc_regular', password: DEMO_PASSWORD, groups: [], snapshot: false },
      { log: (line) => log.push(line), signal: controller.signal, onEvent: (event) => applyEvent(live, event), onSubscribed: () => subscribed() },
    );
    await ready;
    await sleep(300); // the subscribe frames reach the gateway
    fleet.start(); // unit.added for every unit, then churn: the log is self-contained
    await sleep(3_000);
    fleet.stop();
    await sleep(500); // the last frames arrive
    controller.abort();
    const result = await recording;

    expect(result).toMatchObject({ endedBy: 'signal', refused: 0, snapshotLines: 0 });
    expect(live.units.size).toBe(UNITS);
    expect(result.events).toBeGreaterThan(UNITS + 500);
    expect(live.events).toBe(result.events);

    // The CLI's --summary equals the live model's summary…
    const replayed = await replaySummary(out);
    expect(replayed.code).toBe(0);
    expect(replayed.json).toEqual(summary(live));
    // …and the whole replayed state equals the live one.
    const again = await playLogFile({ file: out, pace: { kind: 'max' }, until: null, clock: { now: () => performance.now(), sleep: (ms) => sleep(ms) } });
    expect(snapshot(again.model)).toEqual(snapshot(live));
    expect(again.warnings).toEqual([]);
  });

  it('the command stops cleanly on SIGINT and after --duration, leaving a log that replays', async () => {
    const interrupted = join(tmp.dir, 'sigint.ndjson');
    const child = spawn(TSX, ['replay/record.ts', '--out', interrupted, '--url', server.url, '--no-snapshot'], {
      cwd: ROOT,
      env: { ...process.env, LUC_USER: 'luc_regular', LUC_PASSWORD: DEMO_PASSWORD },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let waited = 0; !stderr.includes('record: recording groups') && waited < 20_000; waited += 50) await sleep(50);
    expect(stderr).toContain('until Ctrl-C');
    await sleep(300);
    fleet.start();
    await sleep(1_500); // at least one flush of whole lines while running
    const lines = readFileSync(interrupted, 'utf8');
    expect(lines.endsWith('\n')).toBe(true);
    expect(lines.split('\n').length).toBeGreaterThan(UNITS);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    fleet.stop();
    expect(stderr).toMatch(/record: interrupted; wrote [\d,]+ events \(0 from the snapshot\)/);
    const replayed = await replaySummary(interrupted);
    expect(replayed.code).toBe(0);
    expect(replayed.json).toMatchObject({ units: UNITS });

    const timed = join(tmp.dir, 'duration.ndjson');
    const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(TSX, ['replay/record.ts', '--out', timed, '--url', server.url, '--duration', '1', '--user', 'luc_regular', '--password', DEMO_PASSWORD], { cwd: ROOT }, (error, _stdout, err) =>
        resolve({ code: error === null ? 0 : Number(error.code), stderr: err }),
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('record: duration reached');
    expect((await replaySummary(timed)).code).toBe(0);
  }, 180_000); // four tsx processes run one after another: 44 s seen on a loaded 2-core machine, where 60 s once ran out

  it('refuses a wrong password and an existing --out file with exit 1', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) =>
        execFile(TSX, ['replay/record.ts', ...args], { cwd: ROOT }, (error, _stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stderr })),
      );
    const wrong = await run(['--out', join(tmp.dir, 'x.ndjson'), '--url', server.url, '--user', 'luc_regular', '--password', 'nope', '--duration', '1']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('record: sign-in as luc_regular refused: 401');
    const existing = await run(['--out', join(tmp.dir, 'duration.ndjson'), '--url', server.url, '--user', 'luc_regular', '--password', DEMO_PASSWORD, '--duration', '1']);
    expect(existing.code).toBe(1);
    expect(existing.stderr).toContain('exists: choose another --out (a log is never overwritten)');
  });
});
