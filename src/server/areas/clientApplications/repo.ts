import type { Db } from '../../store/queries.ts';

/** The console's own client application id; every REST call carries it as `Application-Id` (seeded by migration 0001). */
export const CONSOLE_APPLICATION_ID = 'luc-console';

/** A registered client application (spec 002 §3): the `Application-Id` header must name an active one. */
export interface ClientApplication {
  applicationId: string;
  name: string;
  active: boolean;
  createdAt: number;
}

export class ClientApplicationRepo {
  constructor(private readonly db: Db) {}

  async isActive(applicationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_applications')
      .select('application_id')
      .where('application_id', '=', applicationId)
      .where('active', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts the application or replaces its name and active flag (its creation time stays). */
  async upsert(app: ClientApplication): Promise<void> {
    await this.db
      .insertInto('client_applications')
      .values({ application_id: app.applicationId, name: app.name, active: app.active ? 1 : 0, created_at: app.createdAt })
      .onConflict((oc) => oc.column('application_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), active: eb.ref('excluded.active') })))
      .execute();
  }

  async list(): Promise<ClientApplication[]> {
    const rows = await this.db.selectFrom('client_applications').selectAll().orderBy('application_id').execute();
    return rows.map((r) => ({
      applicationId: r.application_id,
      name: r.name,
      active: r.active === 1,
      createdAt: r.created_at,
    }));
  }
}
