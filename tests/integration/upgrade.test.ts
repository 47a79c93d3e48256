/**
 * Software upgrade of units and servers (spec 000 §5, §8; 001 §4, §8; 002 §8, §9) against a
 * started server with the simulator on a manual clock: the options with every rule and code, a
 * wave that the simulator moves (pending → upgrading with progress → succeeded / failed with its
 * code), a server upgrade, the role matrix, and a 500-unit batch wave from a CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, startUnitServer, status, type UnitTestServer } from './units-harness.ts';
import { UPGRADE_ERROR_CODES, upgradeErrorMessage } from '../../src/domain/upgrade.ts';
import { BATCH_UPGRADE_MESSAGES } from '../../src/domain/validation/batchUpgradeCsv.ts';
import { decideDeviceUpgrade } from '../../src/domain/softwareVersions.ts';
import { upgradeRunnerOf } from '../../src/server/areas/upgrade/routes.ts';
import { MAX_CONCURRENT_UNIT_UPGRADES } from '../../src/server/areas/upgrade/runner.ts';
import { UpgradeRepo } from '../../src/server/areas/upgrade/repo.ts';
import type { UpgradeOption, UpgradeWave } from '../../src/protocol/rest/upgrade.ts';

const ACCESS_REFUSED = 'You are not allowed to access this application.';
const UNIT_CODES = UPGRADE_ERROR_CODES.filter((entry) => entry.side === 'unit').map((entry) => entry.code as number);

async function optionsOf(server: UnitTestServer, cookie: string, units: string[], servers: string[] = []) {
  const result = await call(server, 'v2/upgrade/options', { cookie, body: { units, servers } });
  expect(result.status, result.text).toBe(200);
  return result.json.devices as { id: string; swVersion: string; options: UpgradeOption[] }[];
}

const optionFor = (options: readonly UpgradeOption[], version: string): UpgradeOption => {
  const found = options.find((o) => o.version === version);
  if (found === undefined) throw new Error(`no option ${version}`);
  return found;
};

/** Advances the simulator's clock in steps, letting the runner store its changes, until the wave is done. */
async function runWave(server: UnitTestServer, cookie: string, id: string, check: (wave: UpgradeWave) => void = () => undefined): Promise<UpgradeWave> {
  for (let round = 0; round < 400; round += 1) {
    await upgradeRunnerOf(server.built.routeDeps).flush();
    const read = await call(server, `v2/upgrade/waves/${id}`, { cookie });
    expect(read.status, read.text).toBe(200);
    const wave = read.json as UpgradeWave;
    check(wave);
    if (wave.done) return wave;
    server.clock.advance(2_000);
  }
  throw new Error('the wave did not end');
}

describe('software upgrade against a started server (simulator on a manual clock)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let admin: string;
  let regular: string;
  let staff: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 60);
    admin = await signIn(server, 'luc_admin');
    regular = await signIn(server, 'luc_regular');
    staff = await signIn(server, 'staff');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists every offered version per unit with the rules of spec 000 §5 and their codes', async () => {
    const unit = await addUnit(server, 'UOPT1', '800', '8.0.4');
    const [device] = await optionsOf(server, admin, [unit]);
    expect(device?.swVersion).toBe('8.0.4');
    const options = device?.options ?? [];
    expect(options.map((o) => o.version)).toEqual(['9.0.0', '8.5.1', '8.0.4', '7.8.2', '7.5.1', '6.4.2']);
    expect(optionFor(options, '9.0.0')).toMatchObject({ allowed: true });
    expect(optionFor(options, '8.0.4')).toMatchObject({ allowed: false, code: 6802, message: 'The device already runs the selected version.', codeMessage: 'The target version is not allowed.' });
    // units set to 8.x or lower downgrade automatically; downgrades need an OS reinstall and support
    expect(optionFor(options, '7.8.2')).toMatchObject({
      allowed: true,
      automaticDowngrade: true,
      needsOsReinstall: true,
      osReinstallReason: 'downgrade',
      notice: 'The unit is set to version 8.x or lower and will downgrade automatically. This change needs an OS reinstall. Please contact support.',
    });

    const cases: [string, string, string, Record<string, unknown>, string, Record<string, unknown>][] = [
      ['UOPT2', 'Solo', '8.0.4', {}, '9.0.0', { code: 6810, message: 'This product type cannot be upgraded.', codeMessage: 'The target version is not supported by the hardware configuration.' }],
      ['UOPT3', '300S', '8.0.4', {}, '9.0.0', { code: 6810, reason: 'excludedType' }],
      ['UOPT4', '800', '5.1.3', {}, '8.5.1', { code: 6802, message: 'Units on version 5.1 or below cannot be upgraded.' }],
      ['UOPT5', '800', '8.0.4', { underSla: false }, '8.5.1', { code: 6802, message: 'Only units under SLA can be upgraded.' }],
      ['UOPT6', '800', '9.0.0', {}, '8.5.1', { code: 6802, message: 'The server version must be at or above the unit version.' }],
      ['UOPT7', '600', '8.0.4', { videoCodec: 'H.264' }, '9.0.0', { code: 6803, codeMessage: 'The selected version is not supported on LU600 units using H.264; those units were skipped.' }],
    ];
    for (const [uid, type, version, settings, target, expected] of cases) {
      await addUnit(server, uid, type, version);
      if (Object.keys(settings).length > 0) {
        const stored = await server.store.units.get(uid);
        await server.store.units.update(uid, { settings: { ...stored?.settings, ...settings } }, Date.now());
      }
      const [d] = await optionsOf(server, admin, [uid]);
      expect(optionFor(d?.options ?? [], target), uid).toMatchObject({ allowed: false, ...expected });
    }

    // 9.x needs a server on 8.5 or above; no server on a known version reads as offline (6199)
    const repo = new UpgradeRepo(server.store.db);
    await repo.setServerSwVersion('MMH-1', '8.4.0');
    expect(optionFor((await optionsOf(server, admin, [unit]))[0]?.options ?? [], '9.0.0')).toMatchObject({ allowed: false, code: 6802, message: 'Upgrading to version 9.x needs a server on version 8.5 or above.' });
    await repo.setServerSwVersion('MMH-1', 'unknown');
    expect(optionFor((await optionsOf(server, admin, [unit]))[0]?.options ?? [], '8.5.1')).toMatchObject({ allowed: false, code: 6199, message: 'The server is offline.' });
    await repo.setServerSwVersion('MMH-1', '8.5.0');
  });

  it('upgrades one unit: pending, upgrading with progress and the upgrade application, then succeeded or failed with its code', async () => {
    const uid = await addUnit(server, 'UWAVE1', '800', '8.0.4');
    const started = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: [uid], servers: [], targetVersion: '8.5.1' } });
    expect(started.status, started.text).toBe(201);
    const wave = started.json as UpgradeWave;
    expect(wave).toMatchObject({ source: 'dialog', targetVersion: '8.5.1', done: false });
    expect(wave.jobs[0]).toMatchObject({ deviceId: uid, fromVersion: '8.0.4' });
    await upgradeRunnerOf(server.built.routeDeps).flush();
    const live = (await call(server, `v2/upgrade/waves/${wave.id}`, { cookie: admin })).json as UpgradeWave;
    expect(live.jobs[0]).toMatchObject({ state: 'upgrading', progress: 0 });
    expect(wave.jobs[0]?.state).toBe('upgrading');
    expect(await status(server, admin, uid)).toBe('upgrading');
    const seen = new Set<number>();
    const ended = await runWave(server, admin, wave.id, (w) => {
      if (w.jobs[0]?.state === 'upgrading') seen.add(w.jobs[0].progress);
    });
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 25, 50, 75]);
    const job = ended.jobs[0];
    if (job?.state === 'succeeded') {
      expect(job).toMatchObject({ progress: 100, code: null });
      expect((await server.store.units.get(uid))?.swVersion).toBe('8.5.1');
    } else {
      expect(job?.state).toBe('failed');
      expect(UNIT_CODES).toContain(job?.code);
      expect(job?.message).toBe(upgradeErrorMessage(job?.code ?? 0));
    }
    const target = await call(server, `v2/devices/${uid}/targetversion?crnt_vcg_uid=${GROUP}`, { cookie: admin });
    expect(target.json.targetVersion).toBe('8.5.1');
  });

  it('rejects refused devices at once with their code and a target that is not a version with 400', async () => {
    await addUnit(server, 'UREJ1', 'Solo', '8.0.4');
    const wave = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: ['UREJ1'], servers: [], targetVersion: '9.0.0' } });
    expect(wave.status).toBe(201);
    expect(wave.json.done).toBe(true);
    expect(wave.json.jobs[0]).toMatchObject({ state: 'rejected', code: 6810, message: 'This product type cannot be upgraded.' });
    const unknown = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: ['UREJ1'], servers: [], targetVersion: '9.9' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toEqual({ targetVersion: 'The target version is not allowed.' });
    const empty = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: [], servers: [], targetVersion: '9.0.0' } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ units: 'This field is required' });
    const foreign = await call(server, 'v2/upgrade/options', { cookie: admin, body: { units: ['UNOPE'], servers: [] } });
    expect(foreign.status).toBe(404);
  });

  it('upgrades a server only when idle: progress on the simulator’s clock, then its new version', async () => {
    const started = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: [], servers: ['ING-2'], targetVersion: '9.0.0' } });
    expect(started.status, started.text).toBe(201);
    expect(started.json.jobs[0], JSON.stringify(started.json.jobs[0])).toMatchObject({ state: 'upgrading' });
    await upgradeRunnerOf(server.built.routeDeps).flush();
    // while it upgrades it is not idle: 6808
    const [busy] = await optionsOf(server, admin, [], ['ING-2']);
    expect(optionFor(busy?.options ?? [], '8.5.1')).toMatchObject({ allowed: false, code: 6808, message: 'Servers can be upgraded only when idle.' });
    const ended = await runWave(server, admin, started.json.id);
    expect(ended.jobs[0]).toMatchObject({ kind: 'server', state: 'succeeded', progress: 100 });
    await upgradeRunnerOf(server.built.routeDeps).flush();
    expect((await server.store.servers.get('ING-2'))?.swVersion).toBe('9.0.0');
  });

  it('role matrix: the admin set upgrades, the support staff run batches, others are refused; a wave is its requester’s', async () => {
    for (const [cookie, path, body, expected] of [
      [regular, 'v2/upgrade/options', { units: [], servers: [] }, 403],
      [regular, 'v2/upgrade/waves', { units: ['UREJ1'], servers: [], targetVersion: '9.0.0' }, 403],
      [staff, 'v2/upgrade/options', { units: [], servers: [] }, 403],
      [admin, 'v2/psg/batch_upgrade/check', { csv: '' }, 403],
      [regular, 'v2/psg/batch_upgrade', { csv: '', targetVersion: '9.0.0' }, 403],
      [staff, 'v2/psg/batch_upgrade/check', { csv: 'serial\n' }, 200],
    ] as const) {
      const result = await call(server, path, { cookie, body });
      expect(result.status, `${path} ${result.text}`).toBe(expected);
      if (expected === 403) expect(result.json.message).toBe(ACCESS_REFUSED);
    }
    const mine = await call(server, 'v2/upgrade/waves', { cookie: admin, body: { units: ['UREJ1'], servers: [], targetVersion: '9.0.0' } });
    expect((await call(server, `v2/upgrade/waves/${mine.json.id}`, { cookie: staff })).status).toBe(404);
    expect((await call(server, `v2/upgrade/waves/${mine.json.id}`, { cookie: regular })).status).toBe(403);
  });
});

describe('batch upgrade: a wave of 500 units from a CSV (spec 002 §9)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let staff: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 520);
    staff = await signIn(server, 'staff');
    // Every MMH on 9.0: units on 9.0 are refused (same version), the others follow the other rules.
    const repo = new UpgradeRepo(server.store.db);
    for (const s of await server.store.servers.list()) if (s.type === 'mmh') await repo.setServerSwVersion(s.id, '9.0.0');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('reads the file: unknown serials shown and ignored, duplicates once, at most 500 devices', async () => {
    const units = await server.store.units.all();
    const serials = units.map((u) => u.serial);
    const check = await call(server, 'v2/psg/batch_upgrade/check', { cookie: staff, body: { csv: `Serial Number,Note\n${serials.slice(0, 3).join('\n')}\nZZZZZ0001\n${serials[0]}\n` } });
    expect(check.status, check.text).toBe(200);
    expect(check.json.devices.map((d: { serial: string }) => d.serial)).toEqual(serials.slice(0, 3));
    expect(check.json).toMatchObject({ unknown: ['ZZZZZ0001'], duplicates: [serials[0]], errors: [] });
    expect(check.json.versions[0]).toBe('9.0.0');
    const tooMany = await call(server, 'v2/psg/batch_upgrade', { cookie: staff, body: { csv: serials.slice(0, 501).join('\n'), targetVersion: '9.0.0' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields.csv).toBe(`Line 501: ${BATCH_UPGRADE_MESSAGES.tooMany(501)}`);
  });

  it('runs 500 units in bounded batches and leaves each unit in the state the rules and the simulator say', async () => {
    const units = (await server.store.units.all()).slice(0, 500);
    const before = new Map(units.map((u) => [u.uid, { version: server.fleet.unit(u.uid)?.swVersion ?? u.swVersion, online: server.fleet.unit(u.uid)?.state === 'online', busy: Object.keys(server.fleet.unit(u.uid)?.applications ?? {}).length > 0 }]));
    const csv = ['serial', ...units.map((u) => u.serial), 'QQQQQ0000', 'QQQQQ0001'].join('\r\n');
    const started = await call(server, 'v2/psg/batch_upgrade', { cookie: staff, body: { csv, targetVersion: '9.0.0' } });
    expect(started.status, started.text).toBe(201);
    expect(started.json).toMatchObject({ source: 'batch', unknownSerials: ['QQQQQ0000', 'QQQQQ0001'] });
    expect(started.json.jobs).toHaveLength(500);
    // beyond the first batch, units wait their turn
    expect(started.json.counts.pending).toBeGreaterThan(0);
    expect(started.json.counts.upgrading).toBeLessThanOrEqual(MAX_CONCURRENT_UNIT_UPGRADES);

    let mostAtOnce = 0;
    const ended = await runWave(server, staff, started.json.id, (wave) => {
      mostAtOnce = Math.max(mostAtOnce, wave.counts.upgrading);
    });
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(MAX_CONCURRENT_UNIT_UPGRADES);
    expect(ended.counts.pending + ended.counts.upgrading).toBe(0);
    expect(ended.progress).toBe(100);

    await upgradeRunnerOf(server.built.routeDeps).flush();
    for (const job of ended.jobs) {
      const unit = units.find((u) => u.uid === job.deviceId)!;
      const facts = before.get(unit.uid)!;
      const decision = decideDeviceUpgrade({
        device: 'unit',
        productType: unit.type,
        unitVersion: facts.version,
        targetVersion: '9.0.0',
        serverVersion: '9.0.0',
        serverOnline: true,
        underSla: true,
        videoCodec: null,
      });
      if (!decision.allowed) {
        expect(job, unit.uid).toMatchObject({ state: 'rejected', code: decision.code, message: decision.message });
      } else if (!facts.online || facts.busy) {
        expect(job, unit.uid).toMatchObject({ state: 'rejected', message: 'The unit is busy or offline.' });
      } else if (job.state === 'succeeded') {
        expect(server.fleet.unit(unit.uid)?.swVersion).toBe('9.0.0');
        expect((await server.store.units.get(unit.uid))?.swVersion).toBe('9.0.0');
      } else {
        expect(job.state, unit.uid).toBe('failed');
        expect(UNIT_CODES).toContain(job.code);
        expect(server.fleet.unit(unit.uid)?.swVersion).toBe(facts.version);
      }
    }
    expect(ended.counts.succeeded).toBeGreaterThan(100);
    expect(ended.counts.failed).toBeGreaterThan(0);
    expect(ended.counts.rejected).toBeGreaterThan(0);
  }, 120_000);
});
