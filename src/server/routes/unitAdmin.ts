/**
 * Unit administration (spec 000 §6 "Unit administration calls live under the admin path", §7):
 * create, read, edit, delete units; SIP accounts; LU-Smart settings; services; the target
 * software version (checked with the domain's upgrade rules, refused with codes 6802 / 6810);
 * client applications; deregistration.
 */
import { randomBytes } from 'node:crypto';
import { unitNameErrors } from '../../domain/validation/names.ts';
import { unitComment } from '../../domain/validation/unitFields.ts';
import { serialNumber } from '../../domain/validation/serialNumber.ts';
import { smartBandwidthLimit } from '../../domain/validation/capping.ts';
import { PRODUCT_TYPES, OWNED_BY, unitTypeGroup } from '../../domain/units/productTypes.ts';
import { checkUpgrade, upgradeErrorMessage, type UpgradeRefusal } from '../../domain/upgrade.ts';
import { compareVersions, parseVersion } from '../../domain/versions.ts';
import { ADHOC_PERIODS } from '../../domain/validation/invites.ts';
import { MESSAGES } from '../../domain/validation/messages.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { updateUnit, type UnitBody } from './unitSettings.ts';
import { relink } from './unitLinks.ts';
import {
  ID,
  idOf,
  objectSchema,
  runCommand,
  saveSetting,
  throwIfInvalid,
  UNIT_VIEW_SCHEMA,
  unitRoute,
  unitView,
  visibleUnit, announceUnitOwnership } from './unitKit.ts';

const TAGS = ['units', 'admin'] as const;

/** Server-side upgrade codes (spec 000 §8): the hardware cannot run the target (6810), or the target is not allowed (6802). */
export const TARGET_NOT_ALLOWED_CODE = 6802;
export const HARDWARE_DISALLOWS_CODE = 6810;

/** Which server code answers a refused target version. */
export function upgradeCodeOf(reason: UpgradeRefusal): number {
  return reason === 'notUpgradableType' ? HARDWARE_DISALLOWS_CODE : TARGET_NOT_ALLOWED_CODE;
}

/** Ours: a software version must parse as dotted numbers (spec 000 §9). */
const INVALID_VERSION_MESSAGE = MESSAGES.invalidField;

/** The version of the newest MMH server of the unit's inventory: the server the unit upgrades against. */
async function serverVersionOf(deps: RouteDeps, unit: StoredUnit): Promise<string> {
  const versions = (await deps.store.servers.list())
    .filter((s) => s.type === 'mmh' && s.inventoryId === unit.inventoryId && parseVersion(s.swVersion) !== null)
    .map((s) => s.swVersion)
    .sort(compareVersions);
  return versions[versions.length - 1] ?? '';
}

interface CreateBody {
  uid?: string;
  name: string;
  type: string;
  serial: string;
  groupId: string;
  swVersion?: string;
  comment?: string;
  lat?: number;
  lng?: number;
}

const sipAccountOf = async (deps: RouteDeps, unit: StoredUnit) => {
  const stored = unit.settings['sipAccount'] as Record<string, unknown> | undefined;
  if (stored !== undefined) return stored;
  const account = { username: `sip_${unit.uid.toLowerCase()}`, domain: 'sip.luc.local', displayName: unit.name, enabled: true };
  await saveSetting(deps, unit.uid, 'sipAccount', account);
  return account;
};

export const unitAdminArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/admin/units',
    summary: 'Create a unit in one of the caller’s groups (name unique; serial XNXXXNNNN or XXXXXNNNN)',
    tags: TAGS,
    access: 'admin',
    body: objectSchema(
      {
        uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        name: { type: 'string', maxLength: 1024 },
        type: { type: 'string', enum: PRODUCT_TYPES },
        serial: { type: 'string', maxLength: 64 },
        groupId: ID,
        swVersion: { type: 'string', maxLength: 32 },
        comment: { type: 'string', maxLength: 4096 },
        lat: { type: 'number', minimum: -90, maximum: 90 },
        lng: { type: 'number', minimum: -180, maximum: 180 },
      },
      ['name', 'type', 'serial', 'groupId'],
    ),
    response: UNIT_VIEW_SCHEMA,
    handler: async (request, reply) => {
      const body = request.body as CreateBody;
      if (!authOf(request).principal.groupIds.includes(body.groupId)) throw notFound(`Group '${body.groupId.slice(0, 64)}' not found`);
      const group = await deps.store.groups.get(body.groupId);
      if (group === undefined) throw notFound(`Group '${body.groupId.slice(0, 64)}' not found`);
      const uid = body.uid ?? `U${randomBytes(6).toString('hex').toUpperCase()}`;
      if ((await deps.store.units.get(uid)) !== undefined) throw new HttpError(409, `Unit '${uid}' already exists`);
      const swVersion = body.swVersion ?? '8.5.0';
      throwIfInvalid({
        name: unitNameErrors(body.name, await deps.store.units.takenNames(body.name, null)) ?? undefined,
        serial: serialNumber(body.serial) ?? undefined,
        comment: body.comment === undefined ? undefined : (unitComment(body.comment) ?? undefined),
        swVersion: parseVersion(swVersion) === null ? INVALID_VERSION_MESSAGE : undefined,
      });
      const seed = { uid, name: body.name, type: body.type, serial: body.serial, groupId: group.id, inventoryId: group.inventoryId, lat: body.lat ?? 0, lng: body.lng ?? 0, swVersion };
      await deps.store.units.insertMany([seed], deps.now());
      if (body.comment !== undefined) await deps.store.units.update(uid, { comment: body.comment }, deps.now());
      const runtime = deps.fleet.get();
      await announceUnitOwnership(deps, uid);
      runtime?.fleet.addUnit(seed);
      reply.code(201);
      const stored = await deps.store.units.get(uid);
      if (stored === undefined) throw notFound(`Unit '${uid}' not found`);
      return unitView(deps, stored);
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id',
    summary: 'A unit (admin view, with settings)',
    tags: TAGS,
    access: 'manage',
    unitParam: null,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { ...unitView(deps, unit), settings: unit.settings, metadata: unit.metadata };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/units/:id',
    summary: 'Edit a unit: name, comment, metadata, owner, SLA',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    body: objectSchema({
      name: { type: 'string', maxLength: 1024 },
      comment: { type: 'string', maxLength: 4096 },
      metadata: { type: 'object', maxProperties: 64, additionalProperties: { type: 'string', maxLength: 65536 } },
      ownedBy: { type: 'string', enum: OWNED_BY },
      underSla: { type: 'boolean' },
    }),
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const body = request.body as UnitBody & { ownedBy?: string; underSla?: boolean };
      let unit = await visibleUnit(deps, request, idOf(request));
      const { ownedBy, underSla, ...edit } = body;
      unit = await updateUnit(deps, unit, edit);
      if (ownedBy !== undefined) unit = await saveSetting(deps, unit.uid, 'ownedBy', ownedBy);
      if (underSla !== undefined) unit = await saveSetting(deps, unit.uid, 'underSla', underSla);
      return { ...unitView(deps, unit), settings: unit.settings, metadata: unit.metadata };
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/admin/units/:id',
    summary: 'Delete a unit (it leaves the fleet: unit.removed)',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    response: objectSchema({ uid: { type: 'string' }, deleted: { type: 'boolean' } }, ['uid', 'deleted']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      await deps.store.units.delete(unit.uid);
      const runtime = deps.fleet.get();
      runtime?.fleet.removeUnit(unit.uid);
      await announceUnitOwnership(deps, unit.uid);
      return { uid: unit.uid, deleted: true };
    },
  });

  const SIP_RESPONSE = objectSchema({ uid: { type: 'string' }, sipAccount: { type: 'object', additionalProperties: true } }, ['uid', 'sipAccount']);
  for (const [url, access] of [['/v2/admin/units/:id/sipAccount', 'manage'], ['/v2/units/:id/sipAccount', 'read']] as const) {
    unitRoute(app, deps, {
      method: 'GET',
      url,
      summary: 'SIP account of a unit (intercom, IFB)',
      tags: TAGS,
      access,
      response: SIP_RESPONSE,
      handler: async (request) => {
        const unit = await visibleUnit(deps, request, idOf(request));
        return { uid: unit.uid, sipAccount: await sipAccountOf(deps, unit) };
      },
    });
  }

  const SMART_RESPONSE = objectSchema({ uid: { type: 'string' }, bandwidthLimitKbps: { type: 'number' }, expiration: { type: ['string', 'null'] } }, ['uid', 'bandwidthLimitKbps']);
  const smartOf = (unit: StoredUnit) => {
    if (unitTypeGroup(unit.type) !== 'smartUnits' && unitTypeGroup(unit.type) !== 'liteUnits') throw notFound(`Smart unit '${unit.uid}' not found`);
    const stored = unit.settings['smart'] as { bandwidthLimitKbps?: number; expiration?: string | null } | undefined;
    return { uid: unit.uid, bandwidthLimitKbps: stored?.bandwidthLimitKbps ?? 0, expiration: stored?.expiration ?? null };
  };

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/smartunit/:id',
    summary: 'LU-Smart / LU-Lite settings (bandwidth limit kbps: 0 = none, else 1000-20000)',
    tags: TAGS,
    access: 'manage',
    response: SMART_RESPONSE,
    handler: async (request) => smartOf(await visibleUnit(deps, request, idOf(request))),
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/smartunit/:id',
    summary: 'Set LU-Smart / LU-Lite settings',
    tags: TAGS,
    access: 'admin',
    body: objectSchema({ bandwidthLimitKbps: { type: ['integer', 'string'] }, expiration: { type: ['string', 'null'], enum: [...ADHOC_PERIODS, null] } }),
    response: SMART_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const current = smartOf(unit);
      const body = request.body as { bandwidthLimitKbps?: number | string; expiration?: string | null };
      if (body.bandwidthLimitKbps !== undefined) throwIfInvalid({ bandwidthLimitKbps: smartBandwidthLimit(body.bandwidthLimitKbps) ?? undefined });
      const next = {
        bandwidthLimitKbps: body.bandwidthLimitKbps === undefined ? current.bandwidthLimitKbps : Number(body.bandwidthLimitKbps),
        expiration: body.expiration === undefined ? current.expiration : body.expiration,
      };
      await saveSetting(deps, unit.uid, 'smart', next);
      return { uid: unit.uid, ...next };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/services',
    summary: 'Services of a unit (admin)',
    tags: TAGS,
    access: 'manage',
    response: objectSchema({ uid: { type: 'string' }, services: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'services']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, services: (unit.settings['services'] as unknown[] | undefined) ?? [] };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/units/:id/targetSwVersion/:v',
    summary: 'Set the target software version and start the upgrade (refused: 6802 target not allowed, 6810 hardware)',
    tags: TAGS,
    access: 'admin',
    response: objectSchema(
      { uid: { type: 'string' }, targetVersion: { type: 'string' }, automaticDowngrade: { type: 'boolean' }, needsOsReinstall: { type: 'boolean' }, notice: { type: 'string' } },
      ['uid', 'targetVersion'],
      true,
    ),
    handler: async (request) => {
      const uid = idOf(request);
      const target = idOf(request, 'v');
      const unit = await visibleUnit(deps, request, uid);
      const live = deps.fleet.get()?.fleet.unit(uid);
      const decision = checkUpgrade({
        device: 'unit',
        productType: unit.type,
        unitVersion: live?.swVersion ?? unit.swVersion,
        targetVersion: target,
        serverVersion: await serverVersionOf(deps, unit),
        underSla: unit.settings['underSla'] !== false,
      });
      if (!decision.allowed) {
        const code = upgradeCodeOf(decision.reason);
        throw new HttpError(400, decision.message, { code, codeMessage: upgradeErrorMessage(code), reason: decision.reason });
      }
      runCommand(deps, uid, { type: 'upgrade', targetVersion: target });
      await saveSetting(deps, uid, 'targetSwVersion', target);
      const { allowed: _allowed, ...flags } = decision;
      return { uid, targetVersion: target, ...flags };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/applications',
    summary: 'Registered client applications',
    tags: TAGS,
    access: 'manage',
    response: { type: 'array', items: objectSchema({ applicationId: { type: 'string' }, name: { type: 'string' }, active: { type: 'boolean' } }, ['applicationId', 'name', 'active'], true) },
    handler: async () => deps.store.clientApplications.list(),
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/admin/units/:id/deregistration',
    summary: 'Deregister a unit: it leaves its group, its inventory and the live fleet',
    tags: TAGS,
    access: 'admin',
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      await saveSetting(deps, unit.uid, 'deregisteredAt', deps.now());
      deps.fleet.get()?.fleet.removeUnit(unit.uid);
      return unitView(deps, await relink(deps, (await deps.store.units.get(unit.uid)) ?? unit, { groupId: null, inventoryId: null }));
    },
  });
};
