/** An inventory's ingest account and XSLT mapping in the store (migration 0008 ingest_accounts). */
import type { Db } from '../../store/queries.ts';

export interface StoredIngestAccount {
  inventoryId: string;
  enabled: boolean;
  serverUrl: string;
  username: string;
  password: string;
  pollIntervalS: number;
  xsltFileName: string | null;
  xsltContent: string | null;
  xsltUploadedAt: number | null;
}

export class IngestAccountRepo {
  constructor(private readonly db: Db) {}

  async get(inventoryId: string): Promise<StoredIngestAccount | undefined> {
    const r = await this.db.selectFrom('ingest_accounts').selectAll().where('inventory_id', '=', inventoryId).executeTakeFirst();
    return (
      r && {
        inventoryId: r.inventory_id,
        enabled: Boolean(Number(r.enabled)),
        serverUrl: r.server_url,
        username: r.username,
        password: r.password,
        pollIntervalS: Number(r.poll_interval_s),
        xsltFileName: r.xslt_file_name,
        xsltContent: r.xslt_content,
        xsltUploadedAt: r.xslt_uploaded_at === null ? null : Number(r.xslt_uploaded_at),
      }
    );
  }

  /** Creates or changes the account's address, username, interval and switch. */
  async upsert(inventoryId: string, account: { serverUrl: string; username: string; pollIntervalS: number; enabled: boolean }, now: number): Promise<void> {
    const values = { server_url: account.serverUrl, username: account.username, poll_interval_s: account.pollIntervalS, enabled: account.enabled ? 1 : 0, updated_at: now };
    await this.db
      .insertInto('ingest_accounts')
      .values({ inventory_id: inventoryId, ...values })
      .onConflict((oc) => oc.column('inventory_id').doUpdateSet(values))
      .execute();
  }

  async setPassword(inventoryId: string, password: string, now: number): Promise<void> {
    await this.db.updateTable('ingest_accounts').set({ password, updated_at: now }).where('inventory_id', '=', inventoryId).execute();
  }

  async setMapping(inventoryId: string, fileName: string, content: string, now: number): Promise<void> {
    await this.db.updateTable('ingest_accounts').set({ xslt_file_name: fileName, xslt_content: content, xslt_uploaded_at: now, updated_at: now }).where('inventory_id', '=', inventoryId).execute();
  }

  async delete(inventoryId: string): Promise<number> {
    const result = await this.db.deleteFrom('ingest_accounts').where('inventory_id', '=', inventoryId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
