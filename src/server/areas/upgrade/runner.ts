/**
 * Runs upgrade waves against the simulator (spec 001 §4 states: pending, upgrading, succeeded,
 * failed, rejected). Units run in bounded batches: at most MAX_CONCURRENT_UNIT_UPGRADES at once,
 * the next pending unit starts when one ends, so a 500-unit wave neither floods the fleet nor
 * waits for the slowest of a fixed batch. A unit's progress and end come from the simulator's own
 * unit.status events (the upgrade application with its percentage, then lastUpgrade succeeded or
 * failed with its code). Servers upgrade on the simulator's clock (sim/serverUpgrades.ts) and their
 * new version is written by one function (repo.setServerSwVersion).
 *
 * The live waves are held here (reads are answered from memory while the server runs) and every
 * change is written to the store in order, so a wave outlives the server; jobs a previous server
 * life left running are marked failed (-1) when the runner first runs.
 */
import type { LiveBus } from '../../live/bus.ts';
import type { LiveEvent } from '../../live/types.ts';
import type { FleetSlot } from '../deps.ts';
import { ServerUpgradeSim } from '../../sim/serverUpgrades.ts';
import { upgradeErrorMessage, type UpgradeState } from '../../../domain/upgrade.ts';
import type { StoredJob, StoredWave, UpgradeRepo } from './repo.ts';

/** At most this many units upgrade at once (ours: a batch a repository serves comfortably). */
export const MAX_CONCURRENT_UNIT_UPGRADES = 50;
/** Code of a job a server restart left unfinished, and of a unit lost while upgrading (spec 000 §8 -1, 105). */
export const INTERRUPTED_CODE = -1;
export const CONNECTION_LOST_CODE = 105;

export interface RunnerDeps {
  readonly repo: UpgradeRepo;
  readonly fleet: FleetSlot;
  /** False on a front that is not the fleet owner: jobs of an earlier life are the owner's to mark failed. */
  readonly runsBackgroundJobs?: boolean;
  now(): number;
  /** A unit's upgrade succeeded: store its version and its target. */
  unitUpgraded(uid: string, version: string): Promise<void>;
  /** A unit's upgrade started: store its target (the targetSwVersion setting). */
  unitTargetSet(uid: string, version: string): Promise<void>;
  logError(message: string, error: unknown): void;
}

interface LiveWave {
  readonly wave: StoredWave;
  readonly jobs: StoredJob[];
}

const ENDED: ReadonlySet<UpgradeState> = new Set(['succeeded', 'failed', 'rejected']);

export class UpgradeRunner {
  private readonly waves = new Map<string, LiveWave>();
  private readonly queue: StoredJob[] = [];
  private readonly activeUnits = new Map<string, StoredJob>();
  /** Units whose upgrade command is on its way to the fleet (they hold a slot; their events are not followed yet). */
  private starting = 0;
  private readonly activeServers = new Map<string, StoredJob>();
  private bus: LiveBus | null = null;
  private unsubscribe: (() => void) | null = null;
  private servers: ServerUpgradeSim | null = null;
  private writes: Promise<void> = Promise.resolve();
  private recovered: Promise<void> | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  /** Marks jobs of an earlier server life failed, once. */
  recover(): Promise<void> {
    this.recovered ??= (async () => {
      if (this.deps.runsBackgroundJobs === false) return;
      for (const job of await this.deps.repo.unfinishedJobs()) {
        await this.deps.repo.updateJob({ ...job, state: 'failed', code: INTERRUPTED_CODE, message: upgradeErrorMessage(INTERRUPTED_CODE), updatedAt: this.deps.now() });
      }
    })();
    return this.recovered;
  }

  /** Stores the wave and starts its pending jobs (503 when the fleet does not run). */
  async launch(wave: StoredWave, jobs: StoredJob[]): Promise<void> {
    this.bind();
    await this.recover();
    await this.deps.repo.insertWave(wave, jobs);
    this.waves.set(wave.id, { wave, jobs });
    for (const job of jobs) {
      if (job.state !== 'pending') continue;
      if (job.kind === 'unit') this.queue.push(job);
      else this.startServer(job);
    }
    await this.pump();
  }

  /** The wave as it is now: from memory while this server runs it, else from the store. */
  async wave(id: string): Promise<LiveWave | undefined> {
    const live = this.waves.get(id);
    if (live !== undefined) return { wave: live.wave, jobs: live.jobs.map((job) => ({ ...job })) };
    await this.recover();
    return this.deps.repo.wave(id);
  }

  /** True while a server is being upgraded (it is not idle). */
  serverUpgrading(serverId: string): boolean {
    return this.activeServers.has(serverId);
  }

  /** Resolves when every change so far is stored. */
  flush(): Promise<void> {
    return this.writes;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.servers?.stop();
  }

  /** Follows the running fleet's bus (the fleet may be attached again, e.g. after a restart of the simulator). */
  private bind(): void {
    const runtime = this.deps.fleet.require();
    if (this.bus === runtime.bus) return;
    this.unsubscribe?.();
    this.bus = runtime.bus;
    this.unsubscribe = runtime.bus.subscribe((event) => this.onEvent(event));
    this.servers = new ServerUpgradeSim(runtime.fleet.simClock);
  }

  /** Starts queued units while slots are free; resolves once their commands were answered. */
  private async pump(): Promise<void> {
    const starts: Promise<void>[] = [];
    while (this.activeUnits.size + this.starting < MAX_CONCURRENT_UNIT_UPGRADES) {
      const job = this.queue.shift();
      if (job === undefined) break;
      starts.push(this.startUnit(job));
    }
    await Promise.all(starts);
  }

  /** The fleet's answer to a unit's upgrade command (a fleet that does not answer rejects it with its text). */
  private async upgradeCommand(job: StoredJob): Promise<{ ok: true } | { ok: false; message: string }> {
    const fleet = this.deps.fleet.get()?.fleet;
    if (fleet === undefined) return { ok: false, message: 'The unit fleet is not running' };
    try {
      return await fleet.command(job.deviceId, { type: 'upgrade', targetVersion: job.targetVersion });
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async startUnit(job: StoredJob): Promise<void> {
    this.starting += 1;
    const result = await this.upgradeCommand(job);
    // The slot passes from `starting` to `activeUnits` in one step (upgradeCommand never throws).
    this.starting -= 1;
    if (!result.ok) {
      this.change(job, { state: 'rejected', message: result.message });
      void this.pump();
      return;
    }
    this.activeUnits.set(job.deviceId, job);
    this.change(job, { state: 'upgrading', progress: 0 });
    this.later(() => this.deps.unitTargetSet(job.deviceId, job.targetVersion));
    this.follow(job);
  }

  private startServer(job: StoredJob): void {
    const sim = this.servers;
    if (sim === null || this.activeServers.has(job.deviceId)) {
      this.change(job, { state: 'rejected', code: 6808, message: upgradeErrorMessage(6808) });
      return;
    }
    this.activeServers.set(job.deviceId, job);
    sim.start(job.deviceId, {
      onProgress: (percent) => this.change(job, { state: 'upgrading', progress: percent }),
      onDone: () => {
        this.activeServers.delete(job.deviceId);
        this.change(job, { state: 'succeeded', progress: 100 });
        this.later(async () => {
          await this.deps.repo.setServerSwVersion(job.deviceId, job.targetVersion);
          // The live server reports its new version in its next server.status (published now).
          await this.deps.fleet.get()?.fleet.servers.setVersion(job.deviceId, job.targetVersion);
        });
      },
    });
  }

  private onEvent(event: LiveEvent): void {
    if (event.kind !== 'unit.status') return;
    const job = this.activeUnits.get(event.id);
    if (job !== undefined) this.follow(job);
  }

  /** Reads the unit's live state: progress, or its end. */
  private follow(job: StoredJob): void {
    const unit = this.deps.fleet.get()?.fleet.unit(job.deviceId);
    const last = unit?.lastUpgrade;
    if (unit === undefined) {
      this.end(job, { state: 'failed', code: INTERRUPTED_CODE, message: upgradeErrorMessage(INTERRUPTED_CODE) });
    } else if (last?.state === 'failed') {
      const code = last.code ?? INTERRUPTED_CODE;
      this.end(job, { state: 'failed', code, message: last.message ?? upgradeErrorMessage(code) });
    } else if (last?.state === 'succeeded') {
      this.end(job, { state: 'succeeded', progress: 100 });
      this.later(() => this.deps.unitUpgraded(job.deviceId, job.targetVersion));
    } else if (unit.applications.upgrade !== undefined) {
      const progress = Number(unit.applications.upgrade['progress'] ?? 0);
      if (progress !== job.progress) this.change(job, { progress: Math.max(0, Math.min(99, progress)) });
    } else if (unit.state === 'offline') {
      this.end(job, { state: 'failed', code: CONNECTION_LOST_CODE, message: upgradeErrorMessage(CONNECTION_LOST_CODE) });
    }
  }

  private end(job: StoredJob, patch: Partial<StoredJob>): void {
    this.activeUnits.delete(job.deviceId);
    this.change(job, patch);
    void this.pump();
  }

  private change(job: StoredJob, patch: Partial<Pick<StoredJob, 'state' | 'progress' | 'code' | 'message'>>): void {
    if (ENDED.has(job.state)) return;
    Object.assign(job, patch, { updatedAt: this.deps.now() });
    const snapshot = { ...job };
    this.later(() => this.deps.repo.updateJob(snapshot));
  }

  /** Queues a store write after the earlier ones (changes are stored in the order they happened). */
  private later(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch((error: unknown) => this.deps.logError('upgrade: a change was not stored', error));
  }
}
