/**
 * The simulated cloud graphics service's records (migration 0013): the service switch per
 * inventory, apps and jobs. SQL only.
 */
import type { Selectable } from 'kysely';
import type { GraphicsAppsTable, GraphicsJobsTable } from '../../store/schema.ts';
import type { Db } from '../../store/queries.ts';

export interface StoredGraphicsApp {
  readonly id: string;
  readonly inventoryId: string;
  readonly kind: 'singular' | 'control';
  readonly name: string;
  readonly templateId: string;
  readonly region: string;
  readonly appId: string | null;
  readonly createdOn: number;
  readonly createdBy: string;
}

export interface StoredGraphicsJob {
  readonly id: string;
  readonly inventoryId: string;
  readonly appId: string;
  readonly action: string;
  readonly startedAt: number;
  readonly durationMs: number;
}

const toApp = (r: Selectable<GraphicsAppsTable>): StoredGraphicsApp => ({
  id: r.id,
  inventoryId: r.inventory_id,
  kind: r.kind === 'control' ? 'control' : 'singular',
  name: r.name,
  templateId: r.template_id,
  region: r.region,
  appId: r.app_id,
  createdOn: Number(r.created_on),
  createdBy: r.created_by,
});

const toJob = (r: Selectable<GraphicsJobsTable>): StoredGraphicsJob => ({
  id: r.id,
  inventoryId: r.inventory_id,
  appId: r.app_id,
  action: r.action,
  startedAt: Number(r.started_at),
  durationMs: Number(r.duration_ms),
});

export class GraphicsRepo {
  constructor(private readonly db: Db) {}

  async serviceEnabled(inventoryId: string): Promise<boolean> {
    const row = await this.db.selectFrom('graphics_accounts').select('service_enabled').where('inventory_id', '=', inventoryId).executeTakeFirst();
    return row?.service_enabled === 1;
  }

  async setServiceEnabled(inventoryId: string, enabled: boolean, now: number): Promise<void> {
    await this.db
      .insertInto('graphics_accounts')
      .values({ inventory_id: inventoryId, service_enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('inventory_id').doUpdateSet({ service_enabled: enabled ? 1 : 0, updated_at: now }))
      .execute();
  }

  /** An inventory's apps, oldest first. */
  async apps(inventoryId: string): Promise<StoredGraphicsApp[]> {
    const rows = await this.db.selectFrom('graphics_apps').selectAll().where('inventory_id', '=', inventoryId).orderBy('created_on').orderBy('kind', 'desc').orderBy('id').execute();
    return rows.map(toApp);
  }

  async app(inventoryId: string, id: string): Promise<StoredGraphicsApp | undefined> {
    const row = await this.db.selectFrom('graphics_apps').selectAll().where('inventory_id', '=', inventoryId).where('id', '=', id).executeTakeFirst();
    return row && toApp(row);
  }

  async countApps(inventoryId: string): Promise<number> {
    const row = await this.db.selectFrom('graphics_apps').select((eb) => eb.fn.countAll<number>().as('n')).where('inventory_id', '=', inventoryId).where('kind', '=', 'singular').executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** An app and its control app, together. */
  async insertApps(apps: readonly StoredGraphicsApp[]): Promise<void> {
    await this.db
      .insertInto('graphics_apps')
      .values(apps.map((a) => ({ id: a.id, inventory_id: a.inventoryId, kind: a.kind, name: a.name, template_id: a.templateId, region: a.region, app_id: a.appId, created_on: a.createdOn, created_by: a.createdBy })))
      .execute();
  }

  /** Deletes an app; its control app and jobs go with it (foreign keys cascade). */
  async deleteApp(id: string): Promise<number> {
    await this.db.deleteFrom('graphics_jobs').where('app_id', 'in', (eb) => eb.selectFrom('graphics_apps').select('id').where((w) => w.or([w('id', '=', id), w('app_id', '=', id)]))).execute();
    await this.db.deleteFrom('graphics_apps').where('app_id', '=', id).execute();
    const result = await this.db.deleteFrom('graphics_apps').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertJob(job: StoredGraphicsJob): Promise<void> {
    await this.db.insertInto('graphics_jobs').values({ id: job.id, inventory_id: job.inventoryId, app_id: job.appId, action: job.action, started_at: job.startedAt, duration_ms: job.durationMs }).execute();
  }

  /** The latest jobs of an inventory, newest first. */
  async jobs(inventoryId: string, limit: number): Promise<StoredGraphicsJob[]> {
    const rows = await this.db.selectFrom('graphics_jobs').selectAll().where('inventory_id', '=', inventoryId).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toJob);
  }
}
