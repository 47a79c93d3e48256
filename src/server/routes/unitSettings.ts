/**
 * Unit settings calls of spec 000 §7: the unit itself (GET/PUT v2/units/{id}, devices/update for
 * the name), inventory unit details, services, settingsConfiguration, group unit settings, alerts
 * configuration and pairing by QR code. Everything here is stored in SQLite (kept across restarts).
 */
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unitNameErrors, UNIT_NAME_IN_USE } from '../../domain/validation/names.ts';
import { unitComment, metadataErrors } from '../../domain/validation/unitFields.ts';
import { email } from '../../domain/validation/fields.ts';
import { SERVICE_NAMES } from '../../domain/services.ts';
import { OWNED_BY } from '../../domain/units/productTypes.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../../domain/units/interface.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { checkChannelOfUnit } from './unitStreaming.ts';
import {
  ID,
  idOf,
  objectSchema,
  saveSetting,
  throwIfInvalid,
  UNIT_VIEW_SCHEMA,
  unitRoute,
  unitView,
  visibleUnit,
} from './unitKit.ts';

const TAGS = ['units', 'settings'] as const;

/** spec 000 §3 "pairing code mode (temporary or persistent)". */
export const PAIRING_CODE_MODES = ['temporary', 'persistent'] as const;
export type PairingCodeMode = (typeof PAIRING_CODE_MODES)[number];
/** Digits of a pairing code (ours: the spec does not give its shape). */
export const PAIRING_CODE_DIGITS = 6;

/**
 * Renames a unit (spec 000 §5, §8): the domain's name rule against the other units' names; a
 * duplicate the database catches (a race) answers the same message. Throws the 400.
 */
export async function renameUnit(deps: RouteDeps, unit: StoredUnit, name: string): Promise<StoredUnit> {
  throwIfInvalid({ name: unitNameErrors(name, await deps.store.units.takenNames(name, unit.uid)) ?? undefined });
  const result = await deps.store.units.update(unit.uid, { name }, deps.now());
  if (!result.ok) {
    if (result.reason === 'name-taken') throwIfInvalid({ name: UNIT_NAME_IN_USE });
    throw notFound(`Unit '${unit.uid}' not found`);
  }
  return result.unit;
}

export interface UnitBody {
  name?: string;
  comment?: string;
  metadata?: Record<string, string>;
}

/** Validates and applies a unit edit (name, comment max 100, metadata fields); all or nothing. */
export async function updateUnit(deps: RouteDeps, unit: StoredUnit, body: UnitBody): Promise<StoredUnit> {
  const errors: Record<string, string | undefined> = {};
  if (body.name !== undefined && body.name !== unit.name) {
    errors['name'] = unitNameErrors(body.name, await deps.store.units.takenNames(body.name, unit.uid)) ?? undefined;
  }
  if (body.comment !== undefined) errors['comment'] = unitComment(body.comment) ?? undefined;
  if (body.metadata !== undefined) {
    for (const [field, message] of Object.entries(metadataErrors(body.metadata))) errors[`metadata.${field}`] = message as string;
  }
  throwIfInvalid(errors);
  const result = await deps.store.units.update(
    unit.uid,
    {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    },
    deps.now(),
  );
  if (!result.ok) {
    if (result.reason === 'name-taken') throwIfInvalid({ name: UNIT_NAME_IN_USE });
    throw badRequest('The unit could not be updated');
  }
  return result.unit;
}

const UNIT_BODY = objectSchema({
  name: { type: 'string', maxLength: 1024 },
  comment: { type: 'string', maxLength: 4096 },
  metadata: { type: 'object', maxProperties: 64, additionalProperties: { type: 'string', maxLength: 65536 } },
});

const SETTINGS_CONFIGURATION = objectSchema({
  outputChannel: { type: ['string', 'null'], maxLength: 128 },
  multiChannel: { type: 'array', maxItems: 16, items: ID },
});

const ALERTS_CONFIGURATION = objectSchema({
  battery: objectSchema({ enabled: { type: 'boolean' }, thresholdPct: { type: 'integer', minimum: 1, maximum: 100 }, severity: { type: 'string', enum: ALERT_SEVERITIES } }),
  cameraDisconnected: objectSchema({ enabled: { type: 'boolean' }, severity: { type: 'string', enum: ALERT_SEVERITIES } }),
  emails: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 255 } },
});

function pairingOf(unit: StoredUnit): { mode: PairingCodeMode; code: string | null; createdAt: number | null } {
  const stored = unit.settings['pairing'] as { mode?: PairingCodeMode; code?: string | null; createdAt?: number | null } | undefined;
  return { mode: stored?.mode ?? 'temporary', code: stored?.code ?? null, createdAt: stored?.createdAt ?? null };
}

const newPairingCode = (): string => String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');

const PAIRING_RESPONSE = objectSchema(
  { uid: { type: 'string' }, mode: { type: 'string', enum: PAIRING_CODE_MODES }, code: { type: ['string', 'null'] }, createdAt: { type: ['integer', 'null'] } },
  ['uid', 'mode', 'code'],
);

async function groupUnits(deps: RouteDeps, request: FastifyRequest): Promise<StoredUnit[]> {
  const groupId = request.groupId ?? '';
  return (await deps.store.units.listByGroup(groupId, Number.MAX_SAFE_INTEGER, 0)).units;
}

export const unitSettingsArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id',
    summary: 'A unit with its live status and stored settings',
    tags: TAGS,
    access: 'read',
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { ...unitView(deps, unit), settings: unit.settings, metadata: unit.metadata };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id',
    summary: 'Edit a unit: name (unique; letters, digits, _ and -), comment (max 100), metadata (no ; or \\, max 1024)',
    tags: TAGS,
    access: 'operate',
    body: UNIT_BODY,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const updated = await updateUnit(deps, unit, request.body as UnitBody);
      return { ...unitView(deps, updated), settings: updated.settings, metadata: updated.metadata };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/devices/update',
    summary: 'Rename a unit',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ uid: ID, name: { type: 'string', maxLength: 1024 } }, ['uid', 'name']),
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const body = request.body as { uid: string; name: string };
      const unit = await visibleUnit(deps, request, body.uid);
      return unitView(deps, unit.name === body.name ? unit : await renameUnit(deps, unit, body.name));
    },
  });

  /** `inventoryNames` keeps each inventory's name for one answer (a group's units share a few inventories). */
  const detailsOf = async (u: StoredUnit, inventoryNames = new Map<string, string | null>()) => {
    if (u.inventoryId !== null && !inventoryNames.has(u.inventoryId)) {
      inventoryNames.set(u.inventoryId, (await deps.store.inventories.get(u.inventoryId))?.name ?? null);
    }
    return {
      uid: u.uid,
      name: u.name,
      serial: u.serial,
      type: u.type,
      groupId: u.groupId,
      inventoryId: u.inventoryId,
      inventoryName: u.inventoryId === null ? null : (inventoryNames.get(u.inventoryId) ?? null),
      ownedBy: typeof u.settings['ownedBy'] === 'string' ? u.settings['ownedBy'] : u.ownedBy,
      comment: u.comment,
    };
  };

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/internal/inventory-unit-details',
    summary: 'Inventory details (owner, inventory, comment) of a group’s units',
    tags: TAGS,
    access: 'read',
    group: true,
    querystring: { groupId: ID },
    requiredQuery: ['groupId'],
    response: { type: 'array', items: { type: 'object', additionalProperties: true } },
    handler: async (request) => {
      const inventoryNames = new Map<string, string | null>();
      const details = [];
      for (const unit of await groupUnits(deps, request)) details.push(await detailsOf(unit, inventoryNames));
      return details;
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/internal/inventory-unit-details',
    summary: 'Set the owner (lease, sold, psg, rent, r&d, inventory, roaming, engineering, demo) and comment of a unit of the group',
    tags: TAGS,
    access: 'admin',
    group: true,
    querystring: { groupId: ID },
    requiredQuery: ['groupId'],
    body: objectSchema({ uid: ID, ownedBy: { type: 'string', enum: OWNED_BY }, comment: { type: 'string', maxLength: 4096 } }, ['uid']),
    response: { type: 'object', additionalProperties: true },
    handler: async (request) => {
      const body = request.body as { uid: string; ownedBy?: string; comment?: string };
      const unit = await visibleUnit(deps, request, body.uid);
      if (unit.groupId !== request.groupId) throw notFound(`Unit '${body.uid}' not found`);
      if (body.comment !== undefined) throwIfInvalid({ comment: unitComment(body.comment) ?? undefined });
      let next = unit;
      if (body.comment !== undefined) next = await updateUnit(deps, next, { comment: body.comment });
      if (body.ownedBy !== undefined) next = await saveSetting(deps, unit.uid, 'ownedBy', body.ownedBy);
      return detailsOf(next);
    },
  });

  const servicesOf = (unit: StoredUnit): { name: string; enabled: boolean; addedAt: number }[] =>
    (unit.settings['services'] as { name: string; enabled: boolean; addedAt: number }[] | undefined) ?? [];
  const SERVICES_RESPONSE = objectSchema({ uid: { type: 'string' }, services: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'services']);

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/services',
    summary: 'Services enabled on a unit',
    tags: TAGS,
    access: 'read',
    response: SERVICES_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, services: servicesOf(unit) };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/services',
    summary: 'Enable a service on a unit',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ name: { type: 'string', enum: SERVICE_NAMES } }, ['name']),
    response: SERVICES_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const name = (request.body as { name: string }).name;
      const services = servicesOf(unit).filter((s) => s.name !== name);
      services.push({ name, enabled: true, addedAt: deps.now() });
      await saveSetting(deps, unit.uid, 'services', services);
      return { uid: unit.uid, services };
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/units/:id/services/:svc',
    summary: 'Remove a service from a unit',
    tags: TAGS,
    access: 'operate',
    response: SERVICES_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const svc = idOf(request, 'svc');
      const before = servicesOf(unit);
      if (!before.some((s) => s.name === svc)) throw notFound(`Service '${svc.slice(0, 64)}' not found on this unit`);
      const services = before.filter((s) => s.name !== svc);
      await saveSetting(deps, unit.uid, 'services', services);
      return { uid: unit.uid, services };
    },
  });

  const SETTINGS_CONFIGURATION_RESPONSE = objectSchema({ machineUid: { type: 'string' }, settingsConfiguration: { type: 'object', additionalProperties: true } }, ['machineUid', 'settingsConfiguration']);

  unitRoute(app, deps, {
    method: 'GET',
    url: '/settingsConfiguration/fetch',
    summary: 'Settings configuration (output channel, multi channel) of a unit',
    tags: TAGS,
    access: 'read',
    querystring: { machineUid: ID },
    requiredQuery: ['machineUid'],
    response: SETTINGS_CONFIGURATION_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, String((request.query as Record<string, unknown>)['machineUid']));
      return { machineUid: unit.uid, settingsConfiguration: (unit.settings['settingsConfiguration'] as object | undefined) ?? {} };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/settingsConfiguration/add',
    summary: 'Store the settings configuration (output channel, multi channel) of a unit',
    tags: TAGS,
    access: 'operate',
    body: { ...SETTINGS_CONFIGURATION, required: ['machineUid'], properties: { ...(SETTINGS_CONFIGURATION['properties'] as object), machineUid: ID } },
    response: SETTINGS_CONFIGURATION_RESPONSE,
    handler: async (request) => {
      const body = request.body as { machineUid: string; outputChannel?: string | null; multiChannel?: string[] };
      const unit = await visibleUnit(deps, request, body.machineUid);
      if (typeof body.outputChannel === 'string') await checkChannelOfUnit(deps, unit, body.outputChannel, 'outputChannel');
      for (const id of body.multiChannel ?? []) await checkChannelOfUnit(deps, unit, id, 'multiChannel');
      const { machineUid: _uid, ...configuration } = body;
      await saveSetting(deps, unit.uid, 'settingsConfiguration', configuration);
      return { machineUid: unit.uid, settingsConfiguration: configuration };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v0/groups/units/settings',
    summary: 'Stored settings of every unit of a group',
    tags: TAGS,
    access: 'read',
    group: true,
    querystring: { groupId: ID },
    requiredQuery: ['groupId'],
    response: { type: 'array', items: objectSchema({ uid: { type: 'string' }, settings: { type: 'object', additionalProperties: true } }, ['uid', 'settings'], true) },
    handler: async (request) => (await groupUnits(deps, request)).map((u) => ({ uid: u.uid, name: u.name, settings: u.settings })),
  });

  const ALERTS_RESPONSE = objectSchema({ uid: { type: 'string' }, configuration: { type: 'object', additionalProperties: true } }, ['uid', 'configuration']);

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/alerts/configuration',
    summary: 'Alerts configuration of a unit (battery threshold %, camera disconnected, e-mail list)',
    tags: ['units', 'alerts'],
    access: 'read',
    response: ALERTS_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, configuration: unit.alertsConfiguration };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/alerts/configuration',
    summary: 'Set the alerts configuration of a unit',
    tags: ['units', 'alerts'],
    access: 'operate',
    body: ALERTS_CONFIGURATION,
    response: ALERTS_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const body = request.body as { emails?: string[] };
      const errors: Record<string, string | undefined> = {};
      (body.emails ?? []).forEach((address, i) => (errors[`emails.${i}`] = email(address) ?? undefined));
      throwIfInvalid(errors);
      const configuration = { ...unit.alertsConfiguration, ...(request.body as object) };
      await deps.store.units.update(unit.uid, { alertsConfiguration: configuration }, deps.now());
      return { uid: unit.uid, configuration };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/alerts/possibleconfiguration',
    summary: 'Alert types and severities a unit can be configured with',
    tags: ['units', 'alerts'],
    access: 'read',
    group: false,
    querystring: { mode: { type: 'string', maxLength: 64 }, groupId: ID },
    requiredQuery: ['mode'],
    response: objectSchema({ uid: { type: 'string' }, mode: { type: 'string' }, types: { type: 'array', items: { type: 'string' } }, severities: { type: 'array', items: { type: 'string' } } }, ['uid', 'types', 'severities'], true),
    handler: async (request) => {
      const query = request.query as { mode: string; groupId?: string };
      if (query.groupId !== undefined && !authOf(request).principal.groupIds.includes(query.groupId)) {
        throw notFound(`Group '${query.groupId.slice(0, 64)}' not found`);
      }
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, mode: query.mode, types: ALERT_TYPES, severities: ALERT_SEVERITIES, batteryThresholdPct: { min: 1, max: 100 } };
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/units/:id/pairing',
    summary: 'Unpair a unit (forget its pairing code)',
    tags: ['units', 'pairing'],
    access: 'operate',
    response: PAIRING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const next = { ...pairingOf(unit), code: null, createdAt: null };
      await saveSetting(deps, unit.uid, 'pairing', next);
      return { uid: unit.uid, ...next };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/settings/pairingCode',
    summary: 'Pairing code (QR) of a unit and its mode (temporary or persistent)',
    tags: ['units', 'pairing'],
    access: 'read',
    response: PAIRING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, ...pairingOf(unit) };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/settings/pairingCode',
    summary: 'Set the pairing code mode (temporary or persistent)',
    tags: ['units', 'pairing'],
    access: 'operate',
    body: objectSchema({ mode: { type: 'string', enum: PAIRING_CODE_MODES } }, ['mode']),
    response: PAIRING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const next = { ...pairingOf(unit), mode: (request.body as { mode: PairingCodeMode }).mode };
      await saveSetting(deps, unit.uid, 'pairing', next);
      return { uid: unit.uid, ...next };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/settings/pairingCode',
    summary: 'Generate a new pairing code',
    tags: ['units', 'pairing'],
    access: 'operate',
    body: objectSchema({ mode: { type: 'string', enum: PAIRING_CODE_MODES } }),
    response: PAIRING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const mode = (request.body as { mode?: PairingCodeMode } | undefined)?.mode ?? pairingOf(unit).mode;
      const next = { mode, code: newPairingCode(), createdAt: deps.now() };
      await saveSetting(deps, unit.uid, 'pairing', next);
      return { uid: unit.uid, ...next };
    },
  });
};
