/**
 * The ad-hoc area's service (spec 002 §4, §5, §7): a group's ad-hoc and permanent LU-Smart /
 * LU-Lite registrations, registering a named device (a new unit of the group), invitations, and
 * the expiration of an ad-hoc unit. Rules are the domain's (src/domain/adhoc.ts); SQL is the
 * repositories' (adhoc/repo.ts, units/repo.ts); HTTP stays in routes.ts. A new unit is told to the
 * ownership listeners after its transaction commits, then to the live fleet (unit.added).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_ADHOC_PERIOD,
  DEVICE_KIND_PRODUCT_TYPE,
  adhocExpiresAt,
  deviceKindOfType,
  deviceNameError,
  inviteEmails,
  inviteEmailsError,
  invitePhoneError,
  isExpired,
  joinLinkOf,
  keyIsDue,
  nextKeyRegenerationAt,
  nextUsageResetAt,
  pairingCodeFrom,
  permanentKeyFrom,
  planKindOf,
  type AdhocPeriod,
  type DeviceKind,
  type InviteChannel,
} from '../../../domain/adhoc.ts';
import type {
  AdhocChange,
  AdhocChangeAnswer,
  AdhocRegistrationView,
  InvitationAnswer,
  InvitationRequest,
  PermanentChange,
  PermanentRegistrationView,
  RegisteredDevice,
  UnitExpirationView,
} from '../../../protocol/rest/adhoc.ts';
import { badRequest, forbidden, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import type { OwnershipEvents } from '../../ownership.ts';
import type { FleetSlot } from '../deps.ts';
import { constraintKind } from '../../store/database.ts';
import type { Store } from '../../store/store.ts';
import type { StoredUnit, UnitSeedFields } from '../units/repo.ts';
import type { Group } from '../groups/repo.ts';
import type { AdhocRegistration, PermanentRegistration } from './repo.ts';

/** Ours: the expiration calls apply to LU-Smart and LU-Lite units only (409). */
export const NOT_SMART_OR_LITE = 'Only LU-Smart and LU-Lite units have an expiration';
/** Ours: said in every invitation answer; this server has no mail or SMS transport. */
export const NO_TRANSPORT = 'none configured';
/** Ours: a PUT of the permanent registration that changes nothing. */
export const PERMANENT_CHANGE_EMPTY = 'body must name kind, keyRegeneration or usageReset';
/** The unit software version a newly registered LU-Smart / LU-Lite reports until it connects (ours). */
const NEW_DEVICE_VERSION = '8.5.0';

/** Short text of an id for a message (an id can be up to 128 characters). */
const shown = (id: string): string => id.slice(0, 64);

const newCode = (): string => pairingCodeFrom(randomBytes(8));
const newKey = (): string => permanentKeyFrom(randomBytes(16));

/** What an ad-hoc unit keeps in its settings (units.settings_json, key `adhoc`). */
interface AdhocUnitSettings {
  readonly kind: DeviceKind;
  readonly period: AdhocPeriod;
  /** ms since the epoch */
  readonly registeredAt: number;
  /** ms since the epoch */
  readonly expiresAt: number;
}

function adhocSettingsOf(unit: StoredUnit): AdhocUnitSettings | null {
  const value = unit.settings['adhoc'];
  return typeof value === 'object' && value !== null && typeof (value as AdhocUnitSettings).expiresAt === 'number' ? (value as AdhocUnitSettings) : null;
}

/** Settings of an ad-hoc unit: `adhoc` here, and the period in `smart.expiration` (read by GET v2/admin/smartunit/{id}). */
function withExpiry(settings: Record<string, unknown>, adhoc: AdhocUnitSettings): Record<string, unknown> {
  const smart = (settings['smart'] as Record<string, unknown> | undefined) ?? { bandwidthLimitKbps: 0 };
  return { ...settings, adhoc, smart: { ...smart, expiration: adhoc.period } };
}

const registrationView = (r: AdhocRegistration): AdhocRegistrationView => ({
  groupId: r.groupId,
  mode: r.kind,
  planKind: planKindOf('adhoc', r.kind),
  period: r.period,
  code: r.code,
  joinLink: joinLinkOf(r.kind, r.groupId, r.code),
  expiresAt: r.expiresAt,
});

const deviceView = (unit: StoredUnit): RegisteredDevice => ({
  uid: unit.uid,
  name: unit.name,
  type: unit.type,
  serial: unit.serial,
  groupId: unit.groupId,
  inventoryId: unit.inventoryId,
  swVersion: unit.swVersion,
  lat: unit.lat,
  lng: unit.lng,
});

export class AdhocService {
  constructor(
    private readonly store: Store,
    private readonly fleet: FleetSlot,
    private readonly ownership: OwnershipEvents,
    private readonly now: () => number,
  ) {}

  /** The group a call names (the scope has checked it is one of the caller's). */
  async group(groupId: string): Promise<Group> {
    const group = await this.store.groups.get(groupId);
    if (group === undefined) throw notFound(`Group '${shown(groupId)}' not found`);
    return group;
  }

  // ── Ad-hoc registration ──

  async registration(groupId: string, kind: DeviceKind): Promise<AdhocRegistrationView> {
    return registrationView(await this.currentAdhoc(groupId, kind));
  }

  /**
   * A new period (a new expiry from now) and/or a named device registered. `created` says a unit
   * was made (the route answers 201).
   */
  async changeRegistration(group: Group, change: AdhocChange): Promise<{ answer: AdhocChangeAnswer; created: boolean }> {
    const kind = change.mode ?? 'smart';
    let registration = await this.currentAdhoc(group.id, kind);
    if (change.period !== undefined && change.period !== registration.period) {
      const now = this.now();
      registration = { ...registration, period: change.period, expiresAt: adhocExpiresAt(now, change.period), updatedAt: now };
      await this.store.adhoc.saveAdhoc(registration);
    }
    if (change.deviceName === undefined) return { answer: { registration: registrationView(registration) }, created: false };
    const unit = await this.registerDevice(group, kind, change.deviceName, change.period ?? registration.period);
    return { answer: { registration: registrationView(registration), unit: deviceView(unit) }, created: true };
  }

  /** The group's registration of that kind; made on the first ask, renewed (new code) once expired. */
  private async currentAdhoc(groupId: string, kind: DeviceKind): Promise<AdhocRegistration> {
    const now = this.now();
    const stored = await this.store.adhoc.adhoc(groupId, kind);
    if (stored !== undefined && !isExpired(stored.expiresAt, now)) return stored;
    const period = stored?.period ?? DEFAULT_ADHOC_PERIOD;
    const fresh: AdhocRegistration = { groupId, kind, period, code: newCode(), expiresAt: adhocExpiresAt(now, period), updatedAt: now };
    await this.store.adhoc.saveAdhoc(fresh);
    return fresh;
  }

  /** Where a new device is put on the map until it reports a position: at a unit of its group, else 0, 0. */
  private async placeOf(groupId: string): Promise<{ lat: number; lng: number }> {
    const first = (await this.store.units.listByGroup(groupId, 1, 0)).units[0];
    return { lat: first?.lat ?? 0, lng: first?.lng ?? 0 };
  }

  /**
   * A named device becomes a Smart / Lite unit of the group, expiring after the period: stored
   * (one transaction), told to the ownership listeners (the websocket's topic authority learns its
   * group before anything is published about it), then added to the live fleet (unit.added).
   */
  private async registerDevice(group: Group, kind: DeviceKind, name: string, period: AdhocPeriod): Promise<StoredUnit> {
    refuseFields({ deviceName: deviceNameError(name, await this.store.units.takenNames(name, null)) });
    const now = this.now();
    const uid = `U${randomBytes(6).toString('hex').toUpperCase()}`;
    const seed: UnitSeedFields = {
      uid,
      name: name.trim(),
      type: DEVICE_KIND_PRODUCT_TYPE[kind],
      serial: '',
      groupId: group.id,
      inventoryId: group.inventoryId,
      ...(await this.placeOf(group.id)),
      swVersion: NEW_DEVICE_VERSION,
    };
    const adhoc: AdhocUnitSettings = { kind, period, registeredAt: now, expiresAt: adhocExpiresAt(now, period) };
    try {
      await this.store.transaction(async (tx) => {
        await tx.units.insertMany([seed], now);
        await tx.units.update(uid, { settings: withExpiry({}, adhoc) }, now);
      });
    } catch (error) {
      // Another call took the name between the check and the insert.
      if (constraintKind(error) === 'unique') refuseFields({ deviceName: deviceNameError(name, [name]) });
      throw error;
    }
    const stored = await this.store.units.get(uid);
    if (stored === undefined) throw notFound(`Unit '${uid}' not found`);
    this.ownership.emit({ kind: 'unit', uid, groupId: stored.groupId, inventoryId: stored.inventoryId });
    await this.fleet.get()?.fleet.addUnit(seed);
    return stored;
  }

  // ── Permanent registration ──

  /** The permanent registration; a new key when `regenerate` or when due by its policy. */
  async permanent(groupId: string, regenerate: boolean): Promise<PermanentRegistrationView> {
    return this.permanentView(await this.currentPermanent(groupId, regenerate));
  }

  async changePermanent(groupId: string, change: PermanentChange): Promise<PermanentRegistrationView> {
    if (change.kind === undefined && change.keyRegeneration === undefined && change.usageReset === undefined) throw badRequest(PERMANENT_CHANGE_EMPTY);
    const now = this.now();
    const current = await this.currentPermanent(groupId, false);
    const next: PermanentRegistration = {
      ...current,
      kind: change.kind ?? current.kind,
      regeneration: change.keyRegeneration ?? current.regeneration,
      usageReset: change.usageReset ?? current.usageReset,
      // A new usage-reset choice starts its schedule now.
      usageResetSince: change.usageReset !== undefined && change.usageReset !== current.usageReset ? now : current.usageResetSince,
      updatedAt: now,
    };
    await this.store.adhoc.savePermanent(next);
    return this.permanentView(next);
  }

  /** Made on the first ask (LU-Smart, never regenerated, never reset); a new key when asked or due. */
  private async currentPermanent(groupId: string, regenerate: boolean): Promise<PermanentRegistration> {
    const now = this.now();
    const stored = await this.store.adhoc.permanent(groupId);
    if (stored !== undefined && !regenerate && !keyIsDue(stored.regeneratedAt, stored.regeneration, now)) return stored;
    const next: PermanentRegistration =
      stored === undefined
        ? { groupId, kind: 'smart', key: newKey(), regeneration: 'never', usageReset: 'never', usageResetSince: now, regeneratedAt: now, updatedAt: now }
        : { ...stored, key: newKey(), regeneratedAt: now, updatedAt: now };
    await this.store.adhoc.savePermanent(next);
    return next;
  }

  private permanentView(r: PermanentRegistration): PermanentRegistrationView {
    return {
      groupId: r.groupId,
      kind: r.kind,
      planKind: planKindOf('permanent', r.kind),
      key: r.key,
      joinLink: joinLinkOf(r.kind, r.groupId, r.key),
      keyRegeneration: r.regeneration,
      usageReset: r.usageReset,
      regeneratedAt: r.regeneratedAt,
      nextRegenerationAt: nextKeyRegenerationAt(r.regeneratedAt, r.regeneration),
      nextUsageResetAt: nextUsageResetAt(r.usageResetSince, r.usageReset, this.now()),
    };
  }

  // ── Invitations ──

  /**
   * Records an invitation (spec 002 §5 checks first; nothing is stored on a refusal). A guest
   * becomes a new device, so the name must be free; an invitation for a registered device names it.
   */
  async invite(groupId: string, channel: InviteChannel, request: InvitationRequest, createdBy: string): Promise<InvitationAnswer> {
    const guest = request.guest === true;
    const taken = guest ? await this.store.units.takenNames(request.deviceName, null) : [];
    refuseFields({
      deviceName: deviceNameError(request.deviceName, taken),
      to: channel === 'email' ? inviteEmailsError(request.to) : invitePhoneError(request.to.trim()),
    });
    const kind = request.mode ?? 'smart';
    const registration = await this.currentAdhoc(groupId, kind);
    const to = channel === 'email' ? inviteEmails(request.to) : [request.to.trim()];
    const invitation = {
      id: randomUUID(),
      groupId,
      channel,
      recipients: to,
      deviceName: request.deviceName.trim(),
      kind,
      guest,
      period: request.period ?? (guest ? registration.period : null),
      link: joinLinkOf(kind, groupId, registration.code),
      createdBy,
      createdAt: this.now(),
    };
    await this.store.adhoc.recordInvitation(invitation);
    return {
      id: invitation.id,
      channel,
      to,
      deviceName: invitation.deviceName,
      mode: kind,
      guest,
      period: invitation.period,
      link: invitation.link,
      recorded: true,
      delivered: false,
      transport: NO_TRANSPORT,
    };
  }

  // ── Expiration of an ad-hoc unit ──

  /**
   * The LU-Smart / LU-Lite unit named under a group: every group the call names must be the
   * caller's (403, as for the other group calls), the unit must be in `gid` (404 otherwise, like an
   * unknown unit), and be a Smart or Lite (409).
   */
  groupSmartUnit(unit: StoredUnit, gid: string, namedGroups: readonly (string | undefined)[], callerGroups: ReadonlySet<string>): StoredUnit {
    const foreign = [gid, ...namedGroups].find((id): id is string => id !== undefined && !callerGroups.has(id));
    if (foreign !== undefined) throw forbidden(`Group '${shown(foreign)}' is not one of your groups`);
    if (unit.groupId !== gid) throw notFound(`Unit '${shown(unit.uid)}' not found`);
    if (deviceKindOfType(unit.type) === null) throw new HttpError(409, NOT_SMART_OR_LITE);
    return unit;
  }

  expiration(unit: StoredUnit): UnitExpirationView {
    const adhoc = adhocSettingsOf(unit);
    return {
      uid: unit.uid,
      groupId: unit.groupId,
      kind: deviceKindOfType(unit.type),
      period: adhoc?.period ?? null,
      expiresAt: adhoc?.expiresAt ?? null,
      expired: isExpired(adhoc?.expiresAt ?? null, this.now()),
    };
  }

  /** A new expiry: now + the period given, else the unit's own, else 1 day. */
  async resetExpiration(unit: StoredUnit, period: AdhocPeriod | undefined): Promise<UnitExpirationView> {
    const kind = deviceKindOfType(unit.type) ?? 'smart';
    const current = adhocSettingsOf(unit);
    const chosen = period ?? current?.period ?? DEFAULT_ADHOC_PERIOD;
    const now = this.now();
    const adhoc: AdhocUnitSettings = { kind, period: chosen, registeredAt: current?.registeredAt ?? now, expiresAt: adhocExpiresAt(now, chosen) };
    const result = await this.store.units.update(unit.uid, { settings: withExpiry(unit.settings, adhoc) }, now);
    if (!result.ok) throw notFound(`Unit '${shown(unit.uid)}' not found`);
    return this.expiration(result.unit);
  }
}
