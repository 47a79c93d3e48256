import type Database from 'better-sqlite3';

/** A registered client application (spec 002 §3): the `Application-Id` header must name an active one. */
export interface ClientApplication {
  applicationId: string;
  name: string;
  active: boolean;
  createdAt: number;
}

export class ClientApplicationRepo {
  private readonly activeStmt;
  private readonly upsertStmt;
  private readonly listStmt;

  constructor(db: Database.Database) {
    this.activeStmt = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM client_applications WHERE application_id = ? AND active = 1',
    );
    this.upsertStmt = db.prepare(
      `INSERT INTO client_applications (application_id, name, active, created_at) VALUES (@applicationId, @name, @active, @createdAt)
       ON CONFLICT(application_id) DO UPDATE SET name = excluded.name, active = excluded.active`,
    );
    this.listStmt = db.prepare<[], { application_id: string; name: string; active: number; created_at: number }>(
      'SELECT * FROM client_applications ORDER BY application_id',
    );
  }

  isActive(applicationId: string): boolean {
    return (this.activeStmt.get(applicationId)?.n ?? 0) > 0;
  }

  upsert(app: ClientApplication): void {
    this.upsertStmt.run({ ...app, active: app.active ? 1 : 0 });
  }

  list(): ClientApplication[] {
    return this.listStmt.all().map((r) => ({
      applicationId: r.application_id,
      name: r.name,
      active: r.active === 1,
      createdAt: r.created_at,
    }));
  }
}
