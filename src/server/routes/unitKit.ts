/**
 * What every unit route area shares (spec 000 §7): the live runtime (fleet simulator, event bus,
 * topic authority), the access levels and their guards, schema pieces, the unit views answered by
 * the read calls, the 400 answer of a failed domain check, and the persisted-settings accessors.
 *
 * Route areas receive only RouteDeps (the store, sessions...). The live parts are attached to the
 * store once the simulator is running (`attachUnitRuntime(store, { fleet, bus, authority })`, in
 * main.ts and the test harness); until then live calls answer 503 and reads show units offline.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FleetSimulator, SimCommand, SimUnit } from '../sim/fleet.ts';
import type { EventBus } from '../live/bus.ts';
import type { Store } from '../store/store.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import { deriveUnitStatus, isBusy, isOfflineState } from '../../domain/units/status.ts';
import { hasConsoleAccess, isReadOnly, type Roles } from '../../domain/roles/roleSets.ts';
import { ACCESS_REFUSED, requireGroup, requireRole, requireUnit } from '../http/guards.ts';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { FleetRuntime, RouteDeps } from './area.ts';

// ------------------------------------------------------------------------------------------------
// Live runtime

export type { FleetRuntime as UnitRuntime } from './area.ts';
export { SIMULATOR_NOT_RUNNING } from './area.ts';

/** The running fleet, or 503 when the simulator is not attached (yet). */
export function liveOf(deps: RouteDeps): FleetRuntime {
  return deps.fleet.require();
}

/**
 * Tells whoever follows ownership (the websocket's topic authority) where a unit is now, after a
 * write that may have moved it: its stored group and inventory, or removed.
 */
export async function announceUnitOwnership(deps: RouteDeps, uid: string): Promise<void> {
  const unit = await deps.store.units.get(uid);
  deps.ownership.emit(unit === undefined ? { kind: 'unit', uid, groupId: null, inventoryId: null, removed: true } : { kind: 'unit', uid, groupId: unit.groupId, inventoryId: unit.inventoryId });
}

/** Runs a simulator command; a refusal becomes the simulator's status and spec message. */
export function runCommand(deps: RouteDeps, uid: string, command: SimCommand): void {
  const result = liveOf(deps).fleet.command(uid, command);
  if (!result.ok) throw new HttpError(result.status, result.message);
}

/** The unit's live state; 409 "The unit is busy or offline." style answers are the simulator's. */
export function simUnitOf(deps: RouteDeps, uid: string): SimUnit {
  const unit = liveOf(deps).fleet.unit(uid);
  if (unit === undefined) throw notFound(`Unit '${uid}' not found`);
  return unit;
}

// ------------------------------------------------------------------------------------------------
// Access

/**
 * Access levels of the unit calls (spec 000 §6, 002 §6):
 * - read: any signed-in user (the unit list, map and multiview are open to every signed-in user);
 * - manage: the broad management set (/devices page: admin listings and link reads);
 * - operate: any change to a unit: console users who are not read-only ("Read-only users cannot
 *   change anything"; 000 §6);
 * - admin: unit administration (POST/PUT/DELETE under v2/admin): the admin set.
 */
export const ACCESS_LEVELS = ['read', 'manage', 'operate', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Console users who are not read-only (composition of the domain predicates). */
export function canOperateUnits(roles: Roles): boolean {
  return hasConsoleAccess(roles) && !isReadOnly(roles);
}

function requireOperator(): preHandlerAsyncHookHandler {
  return async function requireOperatorHandler(request) {
    if (request.auth === null) throw unauthorized();
    if (!canOperateUnits(request.auth.roles)) throw forbidden(ACCESS_REFUSED);
  };
}

function accessGuard(access: Access): preHandlerAsyncHookHandler | null {
  switch (access) {
    case 'read':
      return null;
    case 'manage':
      return requireRole('management');
    case 'operate':
      return requireOperator();
    case 'admin':
      return requireRole('adminSet');
    default: {
      const never: never = access;
      throw new Error(`unknown access ${String(never)}`);
    }
  }
}

/** True when the caller may see the unit: its group is one of theirs, or it has no group and its inventory is one of theirs. */
export async function unitVisibleTo(deps: RouteDeps, request: FastifyRequest, unit: StoredUnit): Promise<boolean> {
  const { principal, user } = authOf(request);
  if (unit.groupId !== null) return principal.groupIds.includes(unit.groupId);
  if (unit.inventoryId === null) return false;
  return (await deps.store.groups.forUser(user.id)).some((g) => g.inventoryId === unit.inventoryId);
}

/** The stored unit when the caller may see it; the same 404 for unknown and foreign units. */
export async function visibleUnit(deps: RouteDeps, request: FastifyRequest, uid: string): Promise<StoredUnit> {
  const unit = await deps.store.units.get(uid);
  if (unit === undefined || !(await unitVisibleTo(deps, request, unit))) throw notFound(`Unit '${uid}' not found`);
  return unit;
}

/** The inventories of the caller's groups. */
export async function inventoriesOf(deps: RouteDeps, request: FastifyRequest): Promise<Set<string>> {
  return new Set((await deps.store.groups.forUser(authOf(request).user.id)).map((g) => g.inventoryId));
}

// ------------------------------------------------------------------------------------------------
// Schemas

type Schema = Record<string, unknown>;

export const ID = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const CURRENT_GROUP = { type: 'string', minLength: 1, maxLength: 128, description: 'current group id' } as const;

export function objectSchema(properties: Record<string, Schema>, required: readonly string[] = [], additional = false): Schema {
  return { type: 'object', additionalProperties: additional, required: [...required], properties };
}

/** Path parameters: every `:name` of the url is a required id string. */
function paramsSchema(url: string): Schema | undefined {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  if (names.length === 0) return undefined;
  return { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, ID])) };
}

export const ACCEPTED_RESPONSE = objectSchema(
  { uid: { type: 'string' }, accepted: { type: 'boolean' }, action: { type: 'string' } },
  ['uid', 'accepted'],
  true,
);

/** A unit as the read calls answer it (see unitView). */
export const UNIT_VIEW_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  required: ['uid', 'name', 'type', 'status'],
  properties: {
    uid: { type: 'string' },
    name: { type: 'string' },
    uname: { type: 'string' },
    type: { type: 'string' },
    serial: { type: 'string' },
    comment: { type: 'string' },
    groupId: { type: ['string', 'null'] },
    inventoryId: { type: ['string', 'null'] },
    swVersion: { type: 'string' },
    lat: { type: ['number', 'null'] },
    lng: { type: ['number', 'null'] },
    ownedBy: { type: 'string' },
    status: { type: 'string', description: 'derived status (spec 000 §4)' },
    state: { type: 'string', description: 'raw state: online or offline' },
    isOffline: { type: 'boolean' },
    isBusy: { type: 'boolean' },
    applications: { type: 'object', additionalProperties: true },
    video: { type: 'object', additionalProperties: true },
    channelId: { type: ['string', 'null'] },
    delay: { type: ['number', 'null'], description: 'ms' },
    battery: { type: ['object', 'null'], additionalProperties: true },
    links: { type: 'array', items: { type: 'object', additionalProperties: true } },
    alerts: { type: 'array', items: { type: 'object', additionalProperties: true } },
    capping: { type: ['object', 'null'], additionalProperties: true },
    intercom: { type: 'object', additionalProperties: true },
    rev: { type: 'integer', description: 'the unit’s current rev on the event bus' },
  },
} as const;

// ------------------------------------------------------------------------------------------------
// Route definitions

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface UnitRouteDef {
  method: Method;
  /** Relative to the REST prefix, Fastify syntax (`/v2/units/:id/delay`). */
  url: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  /** Path parameter naming the unit; default `id` when the url has it, none otherwise. */
  unitParam?: string | null;
  /** The call names a group (groupId / gid in path or query): it must be one of the caller's (requireGroup). */
  group?: boolean;
  querystring?: Record<string, Schema>;
  requiredQuery?: readonly string[];
  body?: Schema;
  response?: Schema;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** Registers one unit call: unit scoping, the group check, the role check, then the schema (params, query with crnt_vcg_uid, body, response). */
export function unitRoute(app: FastifyInstance, deps: RouteDeps, def: UnitRouteDef): void {
  const unitParam = def.unitParam === undefined ? (/:id(\/|$)/.test(def.url) ? 'id' : null) : def.unitParam;
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (unitParam !== null) preHandler.push(requireUnit((uid) => deps.store.units.groupOf(uid), unitParam));
  if (def.group === true) preHandler.push(requireGroup());
  const guard = accessGuard(def.access);
  if (guard !== null) preHandler.push(guard);
  const bodyRequired = (def.body?.['required'] as readonly string[] | undefined) ?? [];
  if (def.body !== undefined && bodyRequired.length === 0) {
    // A body whose fields are all optional may be left out (e.g. POST .../stream with no channel).
    preHandler.push(async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    });
  }
  const params = paramsSchema(def.url);
  const schema: Schema = {
    summary: def.summary,
    tags: def.tags,
    querystring: objectSchema({ crnt_vcg_uid: CURRENT_GROUP, ...def.querystring }, def.requiredQuery ?? [], true),
    ...(params !== undefined ? { params } : {}),
    ...(def.body !== undefined ? { body: def.body } : {}),
    ...(def.response !== undefined ? { response: { 200: def.response } } : {}),
  };
  // Scoping and roles run before schema validation: a foreign unit is 404 and a read-only user 403
  // whatever the body holds (nothing about the unit is revealed by a validation message either).
  app.route({ method: def.method, url: def.url, schema, preValidation: preHandler, handler: def.handler });
}

/** Starting and stopping one application of a unit: a POST and a DELETE on the same path. */
export interface ApplicationSwitchDef {
  /** Relative to the REST prefix (`/v2/units/:id/stream/databridge`). */
  url: string;
  tags: readonly string[];
  start: {
    summary: string;
    /** The simulator command for the visible unit; may refuse first (e.g. 409 with no channel chosen). */
    command(unit: StoredUnit): SimCommand;
  };
  stop: { summary: string; command: SimCommand };
}

/**
 * Registers "start/stop an application on a unit" (spec 000 §7: databridge, IP pipe, video
 * return): operator access, the unit must be visible to the caller, the simulator runs the command
 * (its refusal is the answer), and the answer is 200 `{ uid, accepted: true, action: <command> }`.
 */
export function applicationSwitchRoutes(app: FastifyInstance, deps: RouteDeps, def: ApplicationSwitchDef): void {
  const route = (method: 'POST' | 'DELETE', summary: string, commandOf: (unit: StoredUnit) => SimCommand): void =>
    unitRoute(app, deps, {
      method,
      url: def.url,
      summary,
      tags: def.tags,
      access: 'operate',
      response: ACCEPTED_RESPONSE,
      handler: async (request) => {
        const uid = idOf(request);
        const command = commandOf(await visibleUnit(deps, request, uid));
        runCommand(deps, uid, command);
        return accepted(uid, command.type);
      },
    });
  route('POST', def.start.summary, (unit) => def.start.command(unit));
  route('DELETE', def.stop.summary, () => def.stop.command);
}

// ------------------------------------------------------------------------------------------------
// Answers

/**
 * 400 for a failed domain check: `message` is the first field's message word for word (spec 002
 * §5, 000 §8), `fields` maps every failing field to its message.
 */
export function invalid(fields: Readonly<Record<string, string | undefined>>): HttpError | null {
  const entries = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string');
  const first = entries[0];
  if (first === undefined) return null;
  return badRequest(first[1], { fields: Object.fromEntries(entries) });
}

export function throwIfInvalid(fields: Readonly<Record<string, string | undefined>>): void {
  const error = invalid(fields);
  if (error !== null) throw error;
}

export const accepted = (uid: string, action?: string): { uid: string; accepted: true; action?: string } => ({
  uid,
  accepted: true,
  ...(action !== undefined ? { action } : {}),
});

/** The unit as read calls answer it: stored identity and settings plus the live status (offline without a simulator). */
export function unitView(deps: RouteDeps, unit: StoredUnit): Record<string, unknown> {
  const runtime = deps.fleet.get();
  const live = runtime?.fleet.unit(unit.uid);
  const raw = live === undefined ? undefined : { state: live.state, applications: live.applications };
  return {
    uid: unit.uid,
    name: unit.name,
    uname: unit.name,
    type: unit.type,
    serial: unit.serial,
    comment: unit.comment,
    groupId: unit.groupId,
    inventoryId: unit.inventoryId,
    swVersion: live?.swVersion ?? unit.swVersion,
    lat: unit.lat,
    lng: unit.lng,
    ownedBy: typeof unit.settings['ownedBy'] === 'string' ? unit.settings['ownedBy'] : unit.ownedBy,
    status: deriveUnitStatus(raw),
    state: live?.state ?? 'offline',
    isOffline: live === undefined || isOfflineState(live.state),
    isBusy: live !== undefined && isBusy(live.applications),
    applications: live === undefined ? {} : structuredClone(live.applications),
    video: live === undefined ? { state: 'idle', onAir: false } : { ...live.video },
    channelId: live?.channelId ?? null,
    delay: live?.delay ?? null,
    battery: live?.battery === undefined || live.battery === null ? null : { ...live.battery },
    links: live === undefined ? [] : live.links.map((l) => ({ ...l })),
    alerts: live === undefined ? [] : [...live.alerts.values()].map((a) => ({ ...a })),
    capping: live === undefined ? null : { ...live.capping },
    intercom: live === undefined ? {} : structuredClone(live.intercom),
    rev: runtime?.bus.revOf(unit.uid) ?? 0,
  };
}

// ------------------------------------------------------------------------------------------------
// Persisted settings (units.settings JSON; spec 000 §3 "Unit settings concepts")

export function storedSetting(unit: StoredUnit, key: string): unknown {
  return unit.settings[key];
}

/** Writes one settings key of a unit (kept across restarts); answers the stored unit. */
export async function saveSetting(deps: RouteDeps, uid: string, key: string, value: unknown): Promise<StoredUnit> {
  const unit = await deps.store.units.get(uid);
  if (unit === undefined) throw notFound(`Unit '${uid}' not found`);
  const result = await deps.store.units.update(uid, { settings: { ...unit.settings, [key]: value } }, deps.now());
  if (!result.ok) throw notFound(`Unit '${uid}' not found`);
  return result.unit;
}

/** The `id` path parameter (present on every route that scopes a unit). */
export function idOf(request: FastifyRequest, name = 'id'): string {
  return String((request.params as Record<string, unknown>)[name]);
}
