import { containsText, lowerOf, toFlag, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { ClientApplicationSearchKey, ClientApplicationSortKey } from '../../../protocol/rest/systemSettings.ts';

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

  async get(applicationId: string): Promise<ClientApplication | undefined> {
    const row = await this.db.selectFrom('client_applications').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
    return row && { applicationId: row.application_id, name: row.name, active: row.active === 1, createdAt: row.created_at };
  }

  /** One page of the registry (System Settings › Client Application), searched and sorted without case. */
  async page(request: PageRequest<ClientApplicationSearchKey, ClientApplicationSortKey>): Promise<{ total: number; items: ClientApplication[] }> {
    const column = { name: 'name', applicationId: 'application_id' } as const;
    let query = this.db.selectFrom('client_applications').selectAll();
    if (request.searchValue !== '') query = query.where(containsText(column[request.searchKey], request.searchValue));
    const total = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const sorted =
      request.sortBy === 'active' || request.sortBy === 'createdAt'
        ? query.orderBy(request.sortBy === 'active' ? 'active' : 'created_at', request.sortDir).orderBy(lowerOf('name'))
        : query.orderBy(lowerOf(column[request.sortBy]), request.sortDir);
    const rows = await sorted.orderBy('application_id').limit(request.limit).offset(request.offset).execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({ applicationId: r.application_id, name: r.name, active: r.active === 1, createdAt: r.created_at })),
    };
  }

  async update(applicationId: string, patch: { readonly name?: string; readonly active?: boolean }): Promise<void> {
    const set = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.active !== undefined ? { active: toFlag(patch.active) } : {}) };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('client_applications').set(set).where('application_id', '=', applicationId).execute();
  }

  async delete(applicationId: string): Promise<number> {
    const result = await this.db.deleteFrom('client_applications').where('application_id', '=', applicationId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
