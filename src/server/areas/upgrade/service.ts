/**
 * Software upgrade of units and servers (spec 000 §5, 001 §4) and batch upgrade (spec 001 §5,
 * 002 §9). The rules are the domain's (decideDeviceUpgrade of src/domain/softwareVersions.ts, over
 * checkUpgrade of src/domain/upgrade.ts); this service gathers each device's facts:
 * - a unit's version is the live one (else stored); its server is the newest MMH of its inventory
 *   (none: the server is offline, 6199); under SLA unless its `underSla` setting is false; its
 *   video codec is its `videoCodec` setting (6803);
 * - a server is idle when it is not upgrading and none of its channels is busy (spec 001 §4
 *   counters: collecting, connecting, playing a stored file);
 * - a version is offered to a device when it lists the device's type (or none) and its inventory
 *   (or none); another target is rejected with 6802.
 */
import { randomUUID } from 'node:crypto';
import { decideDeviceUpgrade, isOffered, newestFirst, UPGRADE_SERVER_CODES, type DeviceUpgradeDecision } from '../../../domain/softwareVersions.ts';
import { upgradeErrorMessage } from '../../../domain/upgrade.ts';
import { compareVersions, parseVersion } from '../../../domain/versions.ts';
import { channelStatusClass, parseChannelStatus } from '../../../domain/channels.ts';
import { parseBatchUpgradeCsv } from '../../../domain/validation/batchUpgradeCsv.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { BatchCheck, UpgradeDevice, UpgradeDevices, UpgradeOption, UpgradeWave } from '../../../protocol/rest/upgrade.ts';
import { HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { unitVisible } from '../../http/scope.ts';
import { seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredUnit } from '../units/repo.ts';
import type { StoredServer } from '../servers/repo.ts';
import { SoftwareVersionRepo, type StoredSoftwareVersion } from '../softwareVersions/repo.ts';
import type { StoredJob, StoredWave, WaveSource } from './repo.ts';
import type { UpgradeRunner } from './runner.ts';

const shown = (id: string): string => id.slice(0, 64);

/** spec 000 §8 6802: the target is not one of the versions offered to the device. */
export const TARGET_NOT_OFFERED: DeviceUpgradeDecision = {
  allowed: false,
  reason: 'unknownVersion',
  message: upgradeErrorMessage(UPGRADE_SERVER_CODES.targetNotAllowed),
  code: UPGRADE_SERVER_CODES.targetNotAllowed,
  codeMessage: upgradeErrorMessage(UPGRADE_SERVER_CODES.targetNotAllowed),
};

type Device = { kind: 'unit'; unit: StoredUnit } | { kind: 'server'; server: StoredServer };

export class UpgradeService {
  private readonly versions: SoftwareVersionRepo;

  constructor(
    private readonly deps: RouteDeps,
    private readonly runner: UpgradeRunner,
  ) {
    this.versions = new SoftwareVersionRepo(deps.store.db);
  }

  // ── Facts ──

  private async devicesOf(tenancy: Tenancy, ids: UpgradeDevices): Promise<Device[]> {
    const devices: Device[] = [];
    for (const uid of new Set(ids.units)) {
      const unit = await this.deps.store.units.get(uid);
      if (unit === undefined || !unitVisible(tenancy, unit)) throw notFound(`Unit '${shown(uid)}' not found`);
      devices.push({ kind: 'unit', unit });
    }
    for (const id of new Set(ids.servers)) {
      const server = await this.deps.store.servers.get(id);
      if (server === undefined || !seesInventory(tenancy, server.inventoryId)) throw notFound(`Server '${shown(id)}' not found`);
      devices.push({ kind: 'server', server });
    }
    return devices;
  }

  /** The newest MMH version of each inventory (the server its units upgrade against). */
  private async serverVersions(): Promise<Map<string, string>> {
    const newest = new Map<string, string>();
    for (const s of await this.deps.store.servers.list()) {
      if (s.type !== 'mmh' || s.inventoryId === null || parseVersion(s.swVersion) === null) continue;
      const current = newest.get(s.inventoryId);
      if (current === undefined || compareVersions(s.swVersion, current) > 0) newest.set(s.inventoryId, s.swVersion);
    }
    return newest;
  }

  private async serverIdle(server: StoredServer): Promise<boolean> {
    if (this.runner.serverUpgrading(server.id)) return false;
    for (const channel of await this.deps.store.channels.listByServer(server.id)) {
      const raw = this.deps.live.channelStatus(channel.id)?.status;
      const status = raw === undefined ? null : parseChannelStatus(raw);
      if (status !== null && channelStatusClass(status) === 'busy') return false;
    }
    return true;
  }

  private unitVersion(unit: StoredUnit): string {
    return this.deps.fleet.get()?.fleet.unit(unit.uid)?.swVersion ?? unit.swVersion;
  }

  private versionOf(device: Device): string {
    return device.kind === 'unit' ? this.unitVersion(device.unit) : device.server.swVersion;
  }

  /** One device's decision for one target version. */
  private async decide(device: Device, target: string, serverVersions: Map<string, string>): Promise<DeviceUpgradeDecision> {
    if (device.kind === 'server') {
      return decideDeviceUpgrade({ device: 'server', serverVersion: device.server.swVersion, targetVersion: target, serverIdle: await this.serverIdle(device.server) });
    }
    const { unit } = device;
    const serverVersion = unit.inventoryId === null ? undefined : serverVersions.get(unit.inventoryId);
    const codec = unit.settings['videoCodec'];
    return decideDeviceUpgrade({
      device: 'unit',
      productType: unit.type,
      unitVersion: this.unitVersion(unit),
      targetVersion: target,
      serverVersion: serverVersion ?? '',
      serverOnline: serverVersion !== undefined,
      underSla: unit.settings['underSla'] !== false,
      videoCodec: typeof codec === 'string' ? codec : null,
    });
  }

  private offeredTo(device: Device, versions: readonly StoredSoftwareVersion[]): StoredSoftwareVersion[] {
    const facts = device.kind === 'unit' ? { type: device.unit.type, inventoryId: device.unit.inventoryId } : { type: device.server.type, inventoryId: device.server.inventoryId };
    return versions.filter((v) => isOffered(v, facts));
  }

  // ── Calls ──

  /** Every device with each offered version, allowed or refused (spec texts and codes). */
  async options(tenancy: Tenancy, ids: UpgradeDevices): Promise<{ devices: UpgradeDevice[] }> {
    const devices = await this.devicesOf(tenancy, ids);
    const versions = newestFirst(await this.versions.all());
    const serverVersions = await this.serverVersions();
    const answer: UpgradeDevice[] = [];
    for (const device of devices) {
      const options: UpgradeOption[] = [];
      for (const version of this.offeredTo(device, versions)) {
        const decision = await this.decide(device, version.version, serverVersions);
        options.push({ version: version.version, description: version.description, releaseNotesUrl: version.releaseNotesUrl, ...decision });
      }
      answer.push(
        device.kind === 'unit'
          ? {
              kind: 'unit',
              id: device.unit.uid,
              name: device.unit.name,
              type: device.unit.type,
              serial: device.unit.serial,
              swVersion: this.unitVersion(device.unit),
              targetVersion: typeof device.unit.settings['targetSwVersion'] === 'string' ? device.unit.settings['targetSwVersion'] : null,
              options,
            }
          : {
              kind: 'server',
              id: device.server.id,
              name: device.server.name,
              type: device.server.type,
              serial: device.server.serial,
              swVersion: device.server.swVersion,
              targetVersion: null,
              options,
            },
      );
    }
    return { devices: answer };
  }

  /** Starts a wave: refused devices are rejected at once with their code, the others run. */
  async start(tenancy: Tenancy, requestedBy: string, ids: UpgradeDevices, targetVersion: string): Promise<UpgradeWave> {
    if (ids.units.length === 0 && ids.servers.length === 0) refuseFields({ units: MESSAGES.required });
    const devices = await this.devicesOf(tenancy, ids);
    return this.launch(devices, targetVersion, 'dialog', requestedBy, []);
  }

  private async launch(devices: readonly Device[], targetVersion: string, source: WaveSource, requestedBy: string, unknownSerials: string[]): Promise<UpgradeWave> {
    const versions = await this.versions.all();
    const known = versions.find((v) => compareVersions(v.version, targetVersion) === 0 && parseVersion(targetVersion) !== null);
    if (known === undefined) refuseFields({ targetVersion: upgradeErrorMessage(UPGRADE_SERVER_CODES.targetNotAllowed) });
    this.deps.fleet.require(); // 503 before anything is stored when the fleet does not run
    const serverVersions = await this.serverVersions();
    const now = this.deps.now();
    const wave: StoredWave = { id: `UPW-${randomUUID()}`, source, targetVersion: known!.version, unknownSerials, requestedBy, createdAt: now };
    const jobs: StoredJob[] = [];
    for (const [index, device] of devices.entries()) {
      const offered = this.offeredTo(device, versions).some((v) => v.id === known!.id);
      const decision = offered ? await this.decide(device, known!.version, serverVersions) : TARGET_NOT_OFFERED;
      jobs.push({
        id: `${wave.id}-${index}`,
        waveId: wave.id,
        kind: device.kind,
        deviceId: device.kind === 'unit' ? device.unit.uid : device.server.id,
        name: device.kind === 'unit' ? device.unit.name : device.server.name,
        serial: device.kind === 'unit' ? device.unit.serial : device.server.serial,
        fromVersion: this.versionOf(device),
        targetVersion: known!.version,
        state: decision.allowed ? 'pending' : 'rejected',
        progress: 0,
        code: decision.allowed ? null : decision.code,
        message: decision.allowed ? (decision.notice ?? '') : decision.message,
        createdAt: now,
        updatedAt: now,
      });
    }
    await this.runner.launch(wave, jobs);
    return this.waveAnswer(wave, jobs);
  }

  /** A wave as its requester (or a super user) reads it; others get the same 404 as an unknown id. */
  async wave(tenancy: Tenancy, userId: string, id: string): Promise<UpgradeWave> {
    const found = await this.runner.wave(id);
    if (found === undefined || (!tenancy.all && found.wave.requestedBy !== userId)) throw notFound(`Upgrade '${shown(id)}' not found`);
    return this.waveAnswer(found.wave, found.jobs);
  }

  private waveAnswer(wave: StoredWave, jobs: readonly StoredJob[]): UpgradeWave {
    const counts = { pending: 0, upgrading: 0, succeeded: 0, failed: 0, rejected: 0 };
    let sum = 0;
    for (const job of jobs) {
      counts[job.state] += 1;
      sum += job.state === 'pending' || job.state === 'upgrading' ? job.progress : 100;
    }
    return {
      id: wave.id,
      source: wave.source,
      targetVersion: wave.targetVersion,
      createdAt: wave.createdAt,
      unknownSerials: wave.unknownSerials,
      counts,
      progress: jobs.length === 0 ? 100 : Math.floor(sum / jobs.length),
      done: counts.pending === 0 && counts.upgrading === 0,
      jobs: jobs.map((job) => ({
        id: job.id,
        kind: job.kind,
        deviceId: job.deviceId,
        name: job.name,
        serial: job.serial,
        fromVersion: job.fromVersion,
        targetVersion: job.targetVersion,
        state: job.state,
        progress: job.progress,
        code: job.code,
        message: job.message,
        updatedAt: job.updatedAt,
      })),
    };
  }

  // ── Batch upgrade (support menu: every unit of the system) ──

  private async readBatch(csv: string) {
    const bySerial = new Map<string, StoredUnit>();
    for (const unit of await this.deps.store.units.all()) if (!bySerial.has(unit.serial)) bySerial.set(unit.serial, unit);
    const list = parseBatchUpgradeCsv(csv, bySerial.keys());
    const units = list.serials.flatMap((serial) => {
      const unit = bySerial.get(serial);
      return unit === undefined ? [] : [unit];
    });
    return { list, units };
  }

  async checkBatch(csv: string): Promise<BatchCheck> {
    const { list, units } = await this.readBatch(csv);
    return {
      devices: units.map((u) => ({ uid: u.uid, serial: u.serial, name: u.name, type: u.type, swVersion: this.unitVersion(u) })),
      unknown: [...list.unknown],
      duplicates: [...list.duplicates],
      errors: list.errors.map((e) => ({ line: e.line, message: e.message })),
      versions: newestFirst(await this.versions.all()).map((v) => v.version),
    };
  }

  /** A file with line errors is refused (400 on `csv`, naming the first line); unknown serials are kept on the wave and ignored. */
  async startBatch(requestedBy: string, csv: string, targetVersion: string): Promise<UpgradeWave> {
    const { list, units } = await this.readBatch(csv);
    const first = list.errors[0];
    if (first !== undefined) {
      const text = first.line === null ? first.message : `Line ${first.line}: ${first.message}`;
      throw new HttpError(400, text, { fields: { csv: text }, errors: list.errors });
    }
    return this.launch(
      units.map((unit) => ({ kind: 'unit', unit })),
      targetVersion,
      'batch',
      requestedBy,
      [...list.unknown],
    );
  }
}
