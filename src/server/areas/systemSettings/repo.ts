/**
 * System settings' storage (migration 0014): modem vendors/models, the modems units report with
 * their VID/PID, and the one row of AI credentials. SQL only.
 */
import { sql } from 'kysely';
import { containsText, lowerOf, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { ModemVendorSearchKey, ModemVendorSortKey } from '../../../protocol/rest/systemSettings.ts';

export interface StoredModemVendor {
  id: string;
  vid: string;
  vidName: string;
  pid: string;
  pidName: string;
  modemCount: number;
  createdAt: number;
}

export interface StoredAiSettings {
  username: string;
  password: string;
  rtmpUrl: string;
  rtmpUser: string;
  rtmpPassword: string;
  updatedAt: number;
}

/** The AI settings row's key: there is one set of credentials for the system. */
const AI_ROW = 'system';

const VENDOR_COLUMNS = { vid: 'v.vid', vidName: 'v.vid_name', pid: 'v.pid', pidName: 'v.pid_name', createdAt: 'v.created_at' } as const;

export class SystemSettingsRepo {
  constructor(private readonly db: Db) {}

  private vendors() {
    return this.db
      .selectFrom('modem_vendors as v')
      .select(['v.id', 'v.vid', 'v.vid_name', 'v.pid', 'v.pid_name', 'v.created_at'])
      .select((eb) =>
        eb
          .selectFrom('unit_modems as m')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('m.vid', '=', 'v.vid')
          .whereRef('m.pid', '=', 'v.pid')
          .as('modem_count'),
      );
  }

  private static toVendor(r: { id: string; vid: string; vid_name: string; pid: string; pid_name: string; created_at: number; modem_count: number | null }): StoredModemVendor {
    return { id: r.id, vid: r.vid, vidName: r.vid_name, pid: r.pid, pidName: r.pid_name, modemCount: Number(r.modem_count ?? 0), createdAt: Number(r.created_at) };
  }

  async vendorPage(request: PageRequest<ModemVendorSearchKey, ModemVendorSortKey>): Promise<{ total: number; items: StoredModemVendor[] }> {
    let query = this.vendors();
    if (request.searchValue !== '') query = query.where(containsText(VENDOR_COLUMNS[request.searchKey], request.searchValue));
    const total = await this.db.selectFrom(query.as('listed')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const sorted =
      request.sortBy === 'modemCount'
        ? query.orderBy(sql`modem_count`, request.sortDir)
        : request.sortBy === 'createdAt'
          ? query.orderBy('v.created_at', request.sortDir)
          : query.orderBy(lowerOf(VENDOR_COLUMNS[request.sortBy]), request.sortDir);
    const rows = await sorted.orderBy(lowerOf('v.vid_name')).orderBy('v.id').limit(request.limit).offset(request.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map(SystemSettingsRepo.toVendor) };
  }

  async vendor(id: string): Promise<StoredModemVendor | undefined> {
    const row = await this.vendors().where('v.id', '=', id).executeTakeFirst();
    return row && SystemSettingsRepo.toVendor(row);
  }

  async insertVendor(vendor: Omit<StoredModemVendor, 'modemCount'>): Promise<void> {
    await this.db
      .insertInto('modem_vendors')
      .values({ id: vendor.id, vid: vendor.vid, vid_name: vendor.vidName, pid: vendor.pid, pid_name: vendor.pidName, created_at: vendor.createdAt })
      .execute();
  }

  async updateVendor(id: string, vendor: { vid: string; vidName: string; pid: string; pidName: string }): Promise<void> {
    await this.db.updateTable('modem_vendors').set({ vid: vendor.vid, vid_name: vendor.vidName, pid: vendor.pid, pid_name: vendor.pidName }).where('id', '=', id).execute();
  }

  async deleteVendor(id: string): Promise<number> {
    const result = await this.db.deleteFrom('modem_vendors').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Records the VID/PID a unit's modem on a port reports (replaces what that port reported). */
  async setUnitModem(unitId: string, port: number, vid: string, pid: string): Promise<void> {
    await this.db
      .insertInto('unit_modems')
      .values({ unit_id: unitId, port, vid, pid })
      .onConflict((oc) => oc.columns(['unit_id', 'port']).doUpdateSet({ vid, pid }))
      .execute();
  }

  async aiSettings(): Promise<StoredAiSettings | undefined> {
    const r = await this.db.selectFrom('ai_settings').selectAll().where('id', '=', AI_ROW).executeTakeFirst();
    return r && { username: r.username, password: r.password, rtmpUrl: r.rtmp_url, rtmpUser: r.rtmp_user, rtmpPassword: r.rtmp_password, updatedAt: Number(r.updated_at) };
  }

  async saveAiSettings(settings: StoredAiSettings): Promise<void> {
    const values = {
      username: settings.username,
      password: settings.password,
      rtmp_url: settings.rtmpUrl,
      rtmp_user: settings.rtmpUser,
      rtmp_password: settings.rtmpPassword,
      updated_at: settings.updatedAt,
    };
    await this.db
      .insertInto('ai_settings')
      .values({ id: AI_ROW, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }
}
