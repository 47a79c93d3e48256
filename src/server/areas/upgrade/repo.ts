/**
 * Upgrade waves and jobs (migration 0011), SQL only. A wave is one request (a dialog's start or a
 * batch file); a job is one device of it with its state, progress (percent) and code.
 */
import type { Selectable } from 'kysely';
import type { UpgradeJobsTable } from '../../store/schema.ts';
import { inTransaction, insertBatches, parseJsonColumn, type Db } from '../../store/queries.ts';
import type { UpgradeState } from '../../../domain/upgrade.ts';

export type DeviceKind = 'unit' | 'server';
export type WaveSource = 'dialog' | 'batch';

export interface StoredWave {
  id: string;
  source: WaveSource;
  targetVersion: string;
  unknownSerials: string[];
  requestedBy: string;
  createdAt: number;
}

export interface StoredJob {
  id: string;
  waveId: string;
  kind: DeviceKind;
  deviceId: string;
  name: string;
  serial: string;
  fromVersion: string;
  targetVersion: string;
  state: UpgradeState;
  /** Percent, 0..100. */
  progress: number;
  code: number | null;
  message: string;
  createdAt: number;
  updatedAt: number;
}

const toJob = (r: Selectable<UpgradeJobsTable>): StoredJob => ({
  id: r.id,
  waveId: r.wave_id,
  kind: r.device_kind as DeviceKind, // CHECK: unit | server
  deviceId: r.device_id,
  name: r.device_name,
  serial: r.serial,
  fromVersion: r.from_version,
  targetVersion: r.target_version,
  state: r.state as UpgradeState, // CHECK: the five states
  progress: r.progress,
  code: r.code,
  message: r.message,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Values per inserted job row. */
const JOB_COLUMNS = 14;

export class UpgradeRepo {
  constructor(private readonly db: Db) {}

  /** Stores a wave and its jobs in one transaction. */
  async insertWave(wave: StoredWave, jobs: readonly StoredJob[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('upgrade_waves')
        .values({
          id: wave.id,
          source: wave.source,
          target_version: wave.targetVersion,
          unknown_serials_json: JSON.stringify(wave.unknownSerials),
          requested_by: wave.requestedBy,
          created_at: wave.createdAt,
        })
        .execute();
      for (const batch of insertBatches(jobs, JOB_COLUMNS)) {
        await trx
          .insertInto('upgrade_jobs')
          .values(
            batch.map((j) => ({
              id: j.id,
              wave_id: j.waveId,
              device_kind: j.kind,
              device_id: j.deviceId,
              device_name: j.name,
              serial: j.serial,
              from_version: j.fromVersion,
              target_version: j.targetVersion,
              state: j.state,
              progress: j.progress,
              code: j.code,
              message: j.message,
              created_at: j.createdAt,
              updated_at: j.updatedAt,
            })),
          )
          .execute();
      }
    });
  }

  async updateJob(job: StoredJob): Promise<void> {
    await this.db
      .updateTable('upgrade_jobs')
      .set({ state: job.state, progress: job.progress, code: job.code, message: job.message, updated_at: job.updatedAt })
      .where('id', '=', job.id)
      .execute();
  }

  async wave(id: string): Promise<{ wave: StoredWave; jobs: StoredJob[] } | undefined> {
    const row = await this.db.selectFrom('upgrade_waves').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) return undefined;
    const jobs = await this.db.selectFrom('upgrade_jobs').selectAll().where('wave_id', '=', id).orderBy('created_at').orderBy('id').execute();
    return {
      wave: {
        id: row.id,
        source: row.source as WaveSource, // CHECK: dialog | batch
        targetVersion: row.target_version,
        unknownSerials: parseJsonColumn<string[]>(row.unknown_serials_json, []),
        requestedBy: row.requested_by,
        createdAt: row.created_at,
      },
      jobs: jobs.map(toJob),
    };
  }

  /** The newest job of each of these devices (the "last upgrade" of a list). */
  async lastJobs(kind: DeviceKind, deviceIds: readonly string[]): Promise<Map<string, StoredJob>> {
    const last = new Map<string, StoredJob>();
    if (deviceIds.length === 0) return last;
    const rows = await this.db
      .selectFrom('upgrade_jobs')
      .selectAll()
      .where('device_kind', '=', kind)
      .where('device_id', 'in', [...deviceIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) last.set(row.device_id, toJob(row));
    return last;
  }

  /** Jobs a previous server life left pending or upgrading: they can no longer end (the simulator restarted). */
  async unfinishedJobs(): Promise<StoredJob[]> {
    const rows = await this.db.selectFrom('upgrade_jobs').selectAll().where('state', 'in', ['pending', 'upgrading']).execute();
    return rows.map(toJob);
  }

  /**
   * The one place a server's software version changes after an upgrade (the lead may hook the live
   * server simulation here at merge).
   */
  async setServerSwVersion(serverId: string, version: string): Promise<void> {
    await this.db.updateTable('servers').set({ sw_version: version }).where('id', '=', serverId).execute();
  }

  /** A unit's stored version after its upgrade succeeded (the live fleet already runs it). */
  async setUnitSwVersion(uid: string, version: string, now: number): Promise<void> {
    await this.db.updateTable('units').set({ sw_version: version, updated_at: now }).where('uid', '=', uid).execute();
  }
}
