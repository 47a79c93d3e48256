/**
 * System settings (spec 001 §3, 002 §3; super user and staff): the client application registry
 * (the `Application-Id` every call is checked against, src/server/http/apiGate.ts), modem
 * vendor/model and the AI credentials. Rules are src/domain/systemSettings.ts; refusals name the
 * field and use the domain's words.
 */
import { randomUUID } from 'node:crypto';
import {
  aiSettingsErrors,
  clientApplicationErrors,
  clientApplicationLockRefusal,
  MODEM_VENDOR_TAKEN,
  modemVendorDeletionRefusal,
  modemVendorErrors,
  normalizeHexId,
} from '../../../domain/systemSettings.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import {
  CLIENT_APPLICATION_SEARCH_KEYS,
  CLIENT_APPLICATION_SORT_KEYS,
  MODEM_VENDOR_SEARCH_KEYS,
  MODEM_VENDOR_SORT_KEYS,
  type AiSettingsChanges,
  type AiSettingsView,
  type ClientApplicationChanges,
  type ClientApplicationRow,
  type ModemVendorBody,
  type ModemVendorRow,
  type NewClientApplication,
} from '../../../protocol/rest/systemSettings.ts';
import { conflict, notFound, refuseFields } from '../../http/errors.ts';
import { constraintKind } from '../../store/queries.ts';
import type { Store } from '../../store/store.ts';
import { CONSOLE_APPLICATION_ID, type ClientApplication } from '../clientApplications/repo.ts';
import type { StoredAiSettings } from './repo.ts';

type PageInput<K extends string, S extends string> = Parameters<typeof pageRequest<K, S>>[0];

const appRow = (app: ClientApplication): ClientApplicationRow => ({ ...app, builtIn: app.applicationId === CONSOLE_APPLICATION_ID });

const aiView = (stored: StoredAiSettings | undefined): AiSettingsView => ({
  username: stored?.username ?? '',
  passwordSet: (stored?.password ?? '') !== '',
  rtmpUrl: stored?.rtmpUrl ?? '',
  rtmpUser: stored?.rtmpUser ?? '',
  rtmpPasswordSet: (stored?.rtmpPassword ?? '') !== '',
  updatedAt: stored?.updatedAt ?? null,
});

export class SystemSettingsService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  // ── Client applications ──

  async applicationPage(query: PageInput<(typeof CLIENT_APPLICATION_SEARCH_KEYS)[number], (typeof CLIENT_APPLICATION_SORT_KEYS)[number]>) {
    const request = pageRequest(query, CLIENT_APPLICATION_SEARCH_KEYS, CLIENT_APPLICATION_SORT_KEYS);
    const page = await this.store.clientApplications.page(request);
    return { total: page.total, limit: request.limit, offset: request.offset, items: page.items.map(appRow) };
  }

  private async application(applicationId: string): Promise<ClientApplication> {
    const app = await this.store.clientApplications.get(applicationId);
    if (app === undefined) throw notFound(`Client application '${applicationId.slice(0, 64)}' not found`);
    return app;
  }

  /** Registers an application under a new id (a random UUID): the answer gives callers their Application-Id. */
  async createApplication(input: NewClientApplication): Promise<ClientApplicationRow> {
    const name = input.name.trim();
    refuseFields(clientApplicationErrors({ name }));
    const app: ClientApplication = { applicationId: randomUUID(), name, active: input.active ?? true, createdAt: this.now() };
    await this.store.clientApplications.upsert(app);
    return appRow(app);
  }

  async updateApplication(applicationId: string, changes: ClientApplicationChanges): Promise<ClientApplicationRow> {
    const app = await this.application(applicationId);
    const name = changes.name?.trim();
    if (name !== undefined) refuseFields(clientApplicationErrors({ name }));
    if (changes.active === false) refuseFields({ active: clientApplicationLockRefusal(app.applicationId, CONSOLE_APPLICATION_ID, 'deactivate') }, 409);
    await this.store.clientApplications.update(app.applicationId, { ...(name !== undefined ? { name } : {}), ...(changes.active !== undefined ? { active: changes.active } : {}) });
    return appRow(await this.application(app.applicationId));
  }

  async deleteApplication(applicationId: string): Promise<number> {
    const app = await this.application(applicationId);
    const refusal = clientApplicationLockRefusal(app.applicationId, CONSOLE_APPLICATION_ID, 'delete');
    if (refusal !== null) throw conflict(refusal);
    return this.store.clientApplications.delete(app.applicationId);
  }

  // ── Modem vendor / model ──

  async vendorPage(query: PageInput<(typeof MODEM_VENDOR_SEARCH_KEYS)[number], (typeof MODEM_VENDOR_SORT_KEYS)[number]>) {
    const request = pageRequest(query, MODEM_VENDOR_SEARCH_KEYS, MODEM_VENDOR_SORT_KEYS);
    const page = await this.store.systemSettings.vendorPage(request);
    return { total: page.total, limit: request.limit, offset: request.offset, items: page.items };
  }

  private async vendor(id: string): Promise<ModemVendorRow> {
    const vendor = await this.store.systemSettings.vendor(id);
    if (vendor === undefined) throw notFound(`Modem vendor '${id.slice(0, 64)}' not found`);
    return vendor;
  }

  private static cleaned(body: ModemVendorBody) {
    const form = { vid: normalizeHexId(body.vid), vidName: body.vidName.trim(), pid: normalizeHexId(body.pid), pidName: body.pidName.trim() };
    refuseFields(modemVendorErrors(form));
    return form;
  }

  /** A taken VID/PID pair is a 409 on both fields. */
  private static async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw conflict(MODEM_VENDOR_TAKEN, { fields: { vid: MODEM_VENDOR_TAKEN, pid: MODEM_VENDOR_TAKEN } });
      throw error;
    }
  }

  async createVendor(body: ModemVendorBody): Promise<ModemVendorRow> {
    const form = SystemSettingsService.cleaned(body);
    const id = `MV-${randomUUID()}`;
    await SystemSettingsService.unique(() => this.store.systemSettings.insertVendor({ id, ...form, createdAt: this.now() }));
    return this.vendor(id);
  }

  async updateVendor(id: string, body: ModemVendorBody): Promise<ModemVendorRow> {
    await this.vendor(id);
    const form = SystemSettingsService.cleaned(body);
    await SystemSettingsService.unique(() => this.store.systemSettings.updateVendor(id, form));
    return this.vendor(id);
  }

  /** spec 001 §8: refused (409) while a unit's modem reports the VID/PID. */
  async deleteVendor(id: string): Promise<number> {
    const vendor = await this.vendor(id);
    const refusal = modemVendorDeletionRefusal(vendor.modemCount);
    if (refusal !== null) throw conflict(refusal);
    return this.store.systemSettings.deleteVendor(id);
  }

  // ── AI settings ──

  async aiSettings(): Promise<AiSettingsView> {
    return aiView(await this.store.systemSettings.aiSettings());
  }

  /** Saves the credentials; a password left out keeps the stored one, '' clears it. Answers never hold a password. */
  async saveAiSettings(changes: AiSettingsChanges): Promise<AiSettingsView> {
    const form = { username: changes.username.trim(), rtmpUrl: changes.rtmpUrl.trim(), rtmpUser: changes.rtmpUser.trim(), password: changes.password, rtmpPassword: changes.rtmpPassword };
    refuseFields(aiSettingsErrors(form));
    const stored = await this.store.systemSettings.aiSettings();
    await this.store.systemSettings.saveAiSettings({
      username: form.username,
      rtmpUrl: form.rtmpUrl,
      rtmpUser: form.rtmpUser,
      password: changes.password ?? stored?.password ?? '',
      rtmpPassword: changes.rtmpPassword ?? stored?.rtmpPassword ?? '',
      updatedAt: this.now(),
    });
    return this.aiSettings();
  }
}
