/**
 * Ad-hoc and permanent LU-Smart / LU-Lite registration of a group, invitations, and the expiration
 * of ad-hoc units (spec 002 §7 "Groups (legacy)" and "Group services (v2)"; 002 §4 periods, key
 * regeneration and usage reset; 002 §5 invite validation; 001 §3 plan kinds).
 *
 * - GET groups/{groupId}/adhoc?mode=smart|lite: the group's registration of that kind (made on the
 *   first ask; a new code once the old one expired). PUT: change the period and/or register a
 *   named device, which becomes a unit of type Smart / Lite in the group, in the store and the
 *   live fleet (the same path as POST v2/admin/units: store, topic authority, fleet.addUnit →
 *   unit.added), expiring after the period.
 * - GET groups/{groupId}/permanent?regenerate=true: the permanent key (a new one when asked or when
 *   the regeneration policy says so). PUT: kind, key regeneration, usage reset.
 * - POST groups/{groupId}/email and /sms: record an invitation. No mail or SMS transport exists on
 *   this server: the answer says so (delivered false, transport "none configured").
 * - GET / PUT v2/groups/{gid}/units/{unitId}/expiration: read / reset an ad-hoc unit's expiration.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ADHOC_PERIODS,
  DEFAULT_ADHOC_PERIOD,
  DEVICE_KINDS,
  DEVICE_KIND_PRODUCT_TYPE,
  KEY_REGENERATION,
  USAGE_RESETS,
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
  type KeyRegeneration,
  type UsageReset,
} from '../../domain/adhoc.ts';
import { ACCESS_REFUSED } from '../http/guards.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { AdhocRegistration, PermanentRegistration } from '../areas/adhoc/repo.ts';
import { constraintKind } from '../store/database.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { canOperateUnits, idOf, objectSchema, throwIfInvalid, UNIT_VIEW_SCHEMA, unitRoute, unitView, visibleUnit, announceUnitOwnership } from './unitKit.ts';

const TAGS = ['groups', 'adhoc'] as const;

/** Ours: the expiration calls apply to LU-Smart and LU-Lite units only. */
export const NOT_SMART_OR_LITE = 'Only LU-Smart and LU-Lite units have an expiration';
/** Ours: said in every invitation answer; this server has no mail or SMS transport. */
export const NO_TRANSPORT = 'none configured';
/** The unit software version a newly registered LU-Smart / LU-Lite reports until it connects (ours). */
const NEW_DEVICE_VERSION = '8.5.0';

const MODE = { type: 'string', enum: DEVICE_KINDS, default: 'smart', description: 'device kind: smart (LU-Smart) or lite (LU-Lite)' } as const;
const PERIOD = { type: 'string', enum: ADHOC_PERIODS, description: '1day, 3days, 1week or 1month (spec 002 §4)' } as const;

// ------------------------------------------------------------------------------------------------
// Registrations

const groupOf = async (deps: RouteDeps, request: FastifyRequest): Promise<{ id: string; inventoryId: string }> => {
  const gid = (request.params as Record<string, string>)['groupId'] ?? (request.params as Record<string, string>)['gid'] ?? '';
  const group = await deps.store.groups.get(gid);
  if (group === undefined) throw notFound(`Group '${gid.slice(0, 64)}' not found`);
  return group;
};

const newCode = (): string => pairingCodeFrom(randomBytes(8));
const newKey = (): string => permanentKeyFrom(randomBytes(16));

/** The group's registration of that kind; made on the first ask, renewed (new code) once expired. */
async function currentAdhoc(deps: RouteDeps, groupId: string, kind: DeviceKind): Promise<AdhocRegistration> {
  const repo = deps.store.adhoc;
  const now = deps.now();
  const stored = await repo.adhoc(groupId, kind);
  if (stored !== undefined && !isExpired(stored.expiresAt, now)) return stored;
  const period = stored?.period ?? DEFAULT_ADHOC_PERIOD;
  const fresh: AdhocRegistration = { groupId, kind, period, code: newCode(), expiresAt: adhocExpiresAt(now, period), updatedAt: now };
  await repo.saveAdhoc(fresh);
  return fresh;
}

const adhocView = (r: AdhocRegistration) => ({
  groupId: r.groupId,
  mode: r.kind,
  planKind: planKindOf('adhoc', r.kind),
  period: r.period,
  code: r.code,
  joinLink: joinLinkOf(r.kind, r.groupId, r.code),
  expiresAt: r.expiresAt,
});

const ADHOC_RESPONSE = objectSchema(
  {
    groupId: { type: 'string' },
    mode: { type: 'string' },
    planKind: { type: 'string' },
    period: { type: 'string' },
    code: { type: 'string' },
    joinLink: { type: 'string' },
    expiresAt: { type: 'integer', description: 'ms since epoch' },
  },
  ['groupId', 'mode', 'planKind', 'period', 'code', 'joinLink', 'expiresAt'],
);

/** The group's permanent registration; made on the first ask; a new key when due by the policy. */
async function currentPermanent(deps: RouteDeps, groupId: string, regenerate: boolean): Promise<PermanentRegistration> {
  const repo = deps.store.adhoc;
  const now = deps.now();
  const stored = await repo.permanent(groupId);
  if (stored !== undefined && !regenerate && !keyIsDue(stored.regeneratedAt, stored.regeneration, now)) return stored;
  const next: PermanentRegistration = stored === undefined
    ? { groupId, kind: 'smart', key: newKey(), regeneration: 'never', usageReset: 'never', usageResetSince: now, regeneratedAt: now, updatedAt: now }
    : { ...stored, key: newKey(), regeneratedAt: now, updatedAt: now };
  await repo.savePermanent(next);
  return next;
}

const permanentView = (deps: RouteDeps, r: PermanentRegistration) => ({
  groupId: r.groupId,
  kind: r.kind,
  planKind: planKindOf('permanent', r.kind),
  key: r.key,
  joinLink: joinLinkOf(r.kind, r.groupId, r.key),
  keyRegeneration: r.regeneration,
  usageReset: r.usageReset,
  regeneratedAt: r.regeneratedAt,
  nextRegenerationAt: nextKeyRegenerationAt(r.regeneratedAt, r.regeneration),
  nextUsageResetAt: nextUsageResetAt(r.usageResetSince, r.usageReset, deps.now()),
});

const PERMANENT_RESPONSE = objectSchema(
  {
    groupId: { type: 'string' },
    kind: { type: 'string' },
    planKind: { type: 'string' },
    key: { type: 'string' },
    joinLink: { type: 'string' },
    keyRegeneration: { type: 'string' },
    usageReset: { type: 'string' },
    regeneratedAt: { type: 'integer' },
    nextRegenerationAt: { type: ['integer', 'null'] },
    nextUsageResetAt: { type: ['integer', 'null'] },
  },
  ['groupId', 'kind', 'planKind', 'key', 'joinLink', 'keyRegeneration', 'usageReset', 'regeneratedAt', 'nextRegenerationAt', 'nextUsageResetAt'],
);

// ------------------------------------------------------------------------------------------------
// Ad-hoc units

/** What an ad-hoc unit keeps in its settings (units.settings_json, key `adhoc`). */
interface AdhocUnitSettings {
  kind: DeviceKind;
  period: AdhocPeriod;
  registeredAt: number;
  expiresAt: number;
}

const adhocSettingsOf = (unit: StoredUnit): AdhocUnitSettings | null => {
  const value = unit.settings['adhoc'];
  return typeof value === 'object' && value !== null && typeof (value as AdhocUnitSettings).expiresAt === 'number' ? (value as AdhocUnitSettings) : null;
};

/** Settings of an ad-hoc unit: `adhoc` here, and the period in `smart.expiration` (read by GET v2/admin/smartunit/{id}). */
function withExpiry(unit: Pick<StoredUnit, 'settings'>, adhoc: AdhocUnitSettings): Record<string, unknown> {
  const smart = (unit.settings['smart'] as Record<string, unknown> | undefined) ?? { bandwidthLimitKbps: 0 };
  return { ...unit.settings, adhoc, smart: { ...smart, expiration: adhoc.period } };
}

/** Where a new device is put on the map until it reports a position: at a unit of its group, else 0, 0. */
async function placeOf(deps: RouteDeps, groupId: string): Promise<{ lat: number; lng: number }> {
  const first = (await deps.store.units.listByGroup(groupId, 1, 0)).units[0];
  return { lat: first?.lat ?? 0, lng: first?.lng ?? 0 };
}

/** Registers a named device: a Smart / Lite unit in the group, in the store and the live fleet. */
async function registerDevice(deps: RouteDeps, group: { id: string; inventoryId: string }, kind: DeviceKind, name: string, period: AdhocPeriod): Promise<StoredUnit> {
  throwIfInvalid({ deviceName: deviceNameError(name, await deps.store.units.takenNames(name, null)) ?? undefined });
  const now = deps.now();
  const uid = `U${randomBytes(6).toString('hex').toUpperCase()}`;
  const seed = { uid, name: name.trim(), type: DEVICE_KIND_PRODUCT_TYPE[kind], serial: '', groupId: group.id, inventoryId: group.inventoryId, ...(await placeOf(deps, group.id)), swVersion: NEW_DEVICE_VERSION };
  const adhoc: AdhocUnitSettings = { kind, period, registeredAt: now, expiresAt: adhocExpiresAt(now, period) };
  try {
    await deps.store.transaction(async (tx) => {
      await tx.units.insertMany([seed], now);
      await tx.units.update(uid, { settings: withExpiry({ settings: {} }, adhoc) }, now);
    });
  } catch (error) {
    // Another call took the name between the check and the insert.
    if (constraintKind(error) === 'unique') throwIfInvalid({ deviceName: deviceNameError(name, [name]) ?? undefined });
    throw error;
  }
  const runtime = deps.fleet.get();
  await announceUnitOwnership(deps, uid);
  runtime?.fleet.addUnit(seed);
  const stored = await deps.store.units.get(uid);
  if (stored === undefined) throw notFound(`Unit '${uid}' not found`);
  return stored;
}

/** The LU-Smart / LU-Lite unit of the group named by the path. */
async function groupSmartUnit(deps: RouteDeps, request: FastifyRequest): Promise<StoredUnit> {
  const gid = idOf(request, 'gid');
  const unit = await visibleUnit(deps, request, idOf(request, 'unitId'));
  if (unit.groupId !== gid) throw notFound(`Unit '${unit.uid}' not found`);
  if (deviceKindOfType(unit.type) === null) throw new HttpError(409, NOT_SMART_OR_LITE);
  return unit;
}

const expirationView = (deps: RouteDeps, unit: StoredUnit) => {
  const adhoc = adhocSettingsOf(unit);
  return {
    uid: unit.uid,
    groupId: unit.groupId,
    kind: deviceKindOfType(unit.type),
    period: adhoc?.period ?? null,
    expiresAt: adhoc?.expiresAt ?? null,
    expired: isExpired(adhoc?.expiresAt ?? null, deps.now()),
  };
};

const EXPIRATION_RESPONSE = objectSchema(
  {
    uid: { type: 'string' },
    groupId: { type: ['string', 'null'] },
    kind: { type: ['string', 'null'] },
    period: { type: ['string', 'null'] },
    expiresAt: { type: ['integer', 'null'], description: 'ms since epoch; null: not an ad-hoc unit (no expiry)' },
    expired: { type: 'boolean' },
  },
  ['uid', 'groupId', 'kind', 'period', 'expiresAt', 'expired'],
);

// ------------------------------------------------------------------------------------------------
// Invitations

interface InviteBody {
  to: string;
  deviceName: string;
  mode: DeviceKind;
  guest?: boolean;
  period?: AdhocPeriod;
}

const INVITE_BODY = objectSchema(
  {
    to: { type: 'string', maxLength: 4096, description: 'e-mail: addresses separated by commas, semicolons or spaces; sms: the phone number, digits only' },
    deviceName: { type: 'string', maxLength: 1024 },
    mode: MODE,
    guest: { type: 'boolean', default: false, description: 'guest interview: the name must be free, the guest joins as an ad-hoc device' },
    period: PERIOD,
  },
  ['to', 'deviceName'],
);

const INVITE_RESPONSE = objectSchema(
  {
    id: { type: 'string' },
    channel: { type: 'string' },
    to: { type: 'array', items: { type: 'string' } },
    deviceName: { type: 'string' },
    mode: { type: 'string' },
    guest: { type: 'boolean' },
    period: { type: ['string', 'null'] },
    link: { type: 'string' },
    recorded: { type: 'boolean' },
    delivered: { type: 'boolean', description: 'always false: no transport is configured on this server' },
    transport: { type: 'string' },
  },
  ['id', 'channel', 'to', 'deviceName', 'mode', 'guest', 'link', 'recorded', 'delivered', 'transport'],
);

async function invite(deps: RouteDeps, request: FastifyRequest, channel: InviteChannel) {
  const group = await groupOf(deps, request);
  const body = request.body as InviteBody;
  const guest = body.guest === true;
  // A guest becomes a new device: the name must be free. An invitation for a registered device names it.
  const taken = guest ? await deps.store.units.takenNames(body.deviceName, null) : [];
  throwIfInvalid({
    deviceName: deviceNameError(body.deviceName, taken) ?? undefined,
    to: (channel === 'email' ? inviteEmailsError(body.to) : invitePhoneError(body.to.trim())) ?? undefined,
  });
  const kind = body.mode ?? 'smart';
  const registration = await currentAdhoc(deps, group.id, kind);
  const to = channel === 'email' ? inviteEmails(body.to) : [body.to.trim()];
  const invitation = {
    id: randomUUID(),
    groupId: group.id,
    channel,
    recipients: to,
    deviceName: body.deviceName.trim(),
    kind,
    guest,
    period: body.period ?? (guest ? registration.period : null),
    link: joinLinkOf(kind, group.id, registration.code),
    createdBy: authOf(request).user.id,
    createdAt: deps.now(),
  };
  await deps.store.adhoc.recordInvitation(invitation);
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

// ------------------------------------------------------------------------------------------------

export const groupAdhocArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'GET',
    url: '/groups/:groupId/adhoc',
    summary: 'The group’s ad-hoc LU-Smart / LU-Lite registration (pairing code, join link, period, expiry); made on first ask',
    tags: TAGS,
    access: 'read',
    group: true,
    querystring: { mode: MODE },
    response: ADHOC_RESPONSE,
    handler: async (request) => {
      const group = await groupOf(deps, request);
      const mode = (request.query as { mode?: DeviceKind }).mode ?? 'smart';
      return adhocView(await currentAdhoc(deps, group.id, mode));
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/groups/:groupId/adhoc',
    summary: 'Change the ad-hoc period (a new expiry from now) and/or register a named device (a new Smart / Lite unit expiring after the period)',
    tags: TAGS,
    access: 'operate',
    group: true,
    body: objectSchema({ mode: MODE, period: PERIOD, deviceName: { type: 'string', maxLength: 1024 } }),
    response: objectSchema({ registration: ADHOC_RESPONSE, unit: UNIT_VIEW_SCHEMA }, ['registration']),
    handler: async (request, reply) => {
      const group = await groupOf(deps, request);
      const body = request.body as { mode?: DeviceKind; period?: AdhocPeriod; deviceName?: string };
      const kind = body.mode ?? 'smart';
      let registration = await currentAdhoc(deps, group.id, kind);
      if (body.period !== undefined && body.period !== registration.period) {
        const now = deps.now();
        registration = { ...registration, period: body.period, expiresAt: adhocExpiresAt(now, body.period), updatedAt: now };
        await deps.store.adhoc.saveAdhoc(registration);
      }
      if (body.deviceName === undefined) return { registration: adhocView(registration) };
      const unit = await registerDevice(deps, group, kind, body.deviceName, body.period ?? registration.period);
      reply.code(201);
      return { registration: adhocView(registration), unit: unitView(deps, unit) };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/groups/:groupId/permanent',
    summary: 'The group’s permanent registration key and policies; regenerate=true issues a new key (not for read-only users)',
    tags: TAGS,
    access: 'read',
    group: true,
    querystring: { regenerate: { type: 'boolean', default: false } },
    response: PERMANENT_RESPONSE,
    handler: async (request) => {
      const group = await groupOf(deps, request);
      const regenerate = (request.query as { regenerate?: boolean }).regenerate === true;
      if (regenerate && !canOperateUnits(authOf(request).roles)) throw forbidden(ACCESS_REFUSED);
      return permanentView(deps, await currentPermanent(deps, group.id, regenerate));
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/groups/:groupId/permanent',
    summary: 'Set the permanent registration’s device kind, key regeneration (never, daily, weekly, monthly) and usage reset (3, 6, 12 months or never)',
    tags: TAGS,
    access: 'operate',
    group: true,
    body: objectSchema({
      kind: { type: 'string', enum: DEVICE_KINDS },
      keyRegeneration: { type: 'string', enum: KEY_REGENERATION },
      usageReset: { type: 'string', enum: USAGE_RESETS },
    }),
    response: PERMANENT_RESPONSE,
    handler: async (request) => {
      const group = await groupOf(deps, request);
      const body = request.body as { kind?: DeviceKind; keyRegeneration?: KeyRegeneration; usageReset?: UsageReset };
      if (body.kind === undefined && body.keyRegeneration === undefined && body.usageReset === undefined) {
        throw badRequest('body must name kind, keyRegeneration or usageReset');
      }
      const now = deps.now();
      const current = await currentPermanent(deps, group.id, false);
      const next: PermanentRegistration = {
        ...current,
        kind: body.kind ?? current.kind,
        regeneration: body.keyRegeneration ?? current.regeneration,
        usageReset: body.usageReset ?? current.usageReset,
        usageResetSince: body.usageReset !== undefined && body.usageReset !== current.usageReset ? now : current.usageResetSince,
        updatedAt: now,
      };
      await deps.store.adhoc.savePermanent(next);
      return permanentView(deps, next);
    },
  });

  for (const channel of ['email', 'sms'] as const) {
    unitRoute(app, deps, {
      method: 'POST',
      url: `/groups/:groupId/${channel}`,
      summary:
        channel === 'email'
          ? 'Record an e-mail invitation to join the group as an LU-Smart / LU-Lite device (no mail transport is configured: recorded, not delivered)'
          : 'Record an SMS invitation to join the group as an LU-Smart / LU-Lite device (no SMS transport is configured: recorded, not delivered)',
      tags: TAGS,
      access: 'operate',
      group: true,
      body: INVITE_BODY,
      response: INVITE_RESPONSE,
      handler: async (request, reply) => {
        const answer = await invite(deps, request, channel);
        reply.code(201);
        return answer;
      },
    });
  }

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/groups/:gid/units/:unitId/expiration',
    summary: 'Expiration of an ad-hoc LU-Smart / LU-Lite unit of the group (null: no expiry)',
    tags: TAGS,
    access: 'read',
    unitParam: 'unitId',
    group: true,
    response: EXPIRATION_RESPONSE,
    handler: async (request) => expirationView(deps, await groupSmartUnit(deps, request)),
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/groups/:gid/units/:unitId/expiration',
    summary: 'Reset the expiration of an LU-Smart / LU-Lite unit: now + the period (given, else its own, else 1 day)',
    tags: TAGS,
    access: 'operate',
    unitParam: 'unitId',
    group: true,
    body: objectSchema({ period: PERIOD }),
    response: EXPIRATION_RESPONSE,
    handler: async (request) => {
      const unit = await groupSmartUnit(deps, request);
      const kind = deviceKindOfType(unit.type) ?? 'smart';
      const current = adhocSettingsOf(unit);
      const period = (request.body as { period?: AdhocPeriod }).period ?? current?.period ?? DEFAULT_ADHOC_PERIOD;
      const now = deps.now();
      const adhoc: AdhocUnitSettings = { kind, period, registeredAt: current?.registeredAt ?? now, expiresAt: adhocExpiresAt(now, period) };
      const result = await deps.store.units.update(unit.uid, { settings: withExpiry(unit, adhoc) }, now);
      if (!result.ok) throw notFound(`Unit '${unit.uid}' not found`);
      return expirationView(deps, result.unit);
    },
  });
};
