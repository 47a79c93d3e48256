/**
 * Inventory and group links of units (spec 000 §7): link a unit to an inventory or a group,
 * unlink it, list its inventories and groups, and remove an ad-hoc LU-Smart / LU-Lite unit.
 * A unit has one inventory and at most one group (the stored columns); moving it tells the
 * websocket's topic authority, so its events follow it to the new group.
 */
import type { FastifyRequest } from 'fastify';
import { unitTypeGroup } from '../../domain/units/productTypes.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { StoredUnit, UnitPatch } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { idOf, inventoriesOf, objectSchema, unitRoute, unitView, UNIT_VIEW_SCHEMA, visibleUnit, announceUnitOwnership } from './unitKit.ts';

const TAGS = ['units', 'links'] as const;

/** Ours: ad-hoc removal applies to the ad-hoc device kinds (LU-Smart and LU-Lite, spec 000 §2 "add LU-Smart or LU-Lite (ad-hoc)"). */
export const NOT_ADHOC_MESSAGE = 'Only LU-Smart and LU-Lite units can be removed as ad-hoc units';

const PAGE_QUERY = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  offset: { type: 'integer', minimum: 0, default: 0 },
} as const;

/** Writes a link change and keeps the websocket's topic authority in step. */
export async function relink(deps: RouteDeps, unit: StoredUnit, patch: UnitPatch): Promise<StoredUnit> {
  const result = await deps.store.units.update(unit.uid, patch, deps.now());
  if (!result.ok) throw notFound(`Unit '${unit.uid}' not found`);
  await announceUnitOwnership(deps, unit.uid);
  return result.unit;
}

function page<T>(items: readonly T[], request: FastifyRequest) {
  const { limit, offset } = request.query as { limit: number; offset: number };
  return { total: items.length, limit, offset, items: items.slice(offset, offset + limit) };
}

const PAGE_RESPONSE = objectSchema(
  { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' }, items: { type: 'array', items: { type: 'object', additionalProperties: true } } },
  ['total', 'limit', 'offset', 'items'],
);

export const unitLinksArea: RouteArea = (app, deps) => {
  const ownInventory = async (request: FastifyRequest): Promise<string> => {
    const inv = idOf(request, 'inv');
    if (!(await inventoriesOf(deps, request)).has(inv)) throw notFound(`Inventory '${inv.slice(0, 64)}' not found`);
    return inv;
  };

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/inventories/:inv/units/:id',
    summary: 'Link a unit to an inventory (it leaves a group of another inventory)',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const inv = await ownInventory(request);
      const unit = await visibleUnit(deps, request, idOf(request));
      const group = unit.groupId === null ? undefined : await deps.store.groups.get(unit.groupId);
      const patch: UnitPatch = { inventoryId: inv, ...(group !== undefined && group.inventoryId !== inv ? { groupId: null } : {}) };
      return unitView(deps, await relink(deps, unit, patch));
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/admin/inventories/:inv/units/:id',
    summary: 'Unlink a unit from its inventory (and its group)',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const inv = await ownInventory(request);
      const unit = await visibleUnit(deps, request, idOf(request));
      if (unit.inventoryId !== inv) throw notFound(`Unit '${unit.uid}' is not in inventory '${inv.slice(0, 64)}'`);
      return unitView(deps, await relink(deps, unit, { inventoryId: null, groupId: null }));
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/inventories',
    summary: 'Inventories of a unit (paged)',
    tags: TAGS,
    access: 'manage',
    unitParam: null,
    querystring: PAGE_QUERY,
    response: PAGE_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const inv = unit.inventoryId === null ? undefined : await deps.store.inventories.get(unit.inventoryId);
      return page(inv === undefined ? [] : [{ id: inv.id, name: inv.name }], request);
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/groups',
    summary: 'Groups of a unit (paged)',
    tags: TAGS,
    access: 'manage',
    unitParam: null,
    querystring: PAGE_QUERY,
    response: PAGE_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const group = unit.groupId === null ? undefined : await deps.store.groups.get(unit.groupId);
      return page(group === undefined ? [] : [{ uid: group.id, name: group.name, inventoryId: group.inventoryId }], request);
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/groups/ofInventories',
    summary: 'Groups of the unit’s inventory the caller belongs to (where the unit may be linked)',
    tags: TAGS,
    access: 'manage',
    unitParam: null,
    response: { type: 'array', items: objectSchema({ uid: { type: 'string' }, name: { type: 'string' }, inventoryId: { type: 'string' }, linked: { type: 'boolean' } }, ['uid', 'name', 'inventoryId', 'linked']) },
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return (await deps.store.groups.forUser(authOf(request).user.id))
        .filter((g) => g.inventoryId === unit.inventoryId)
        .map((g) => ({ uid: g.uid, name: g.name, inventoryId: g.inventoryId, linked: g.uid === unit.groupId }));
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/groups/:gid/units/:id',
    summary: 'Link a unit to a group (of the caller); the unit takes the group’s inventory',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    group: true,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const gid = idOf(request, 'gid');
      const unit = await visibleUnit(deps, request, idOf(request));
      const group = await deps.store.groups.get(gid);
      if (group === undefined) throw notFound(`Group '${gid.slice(0, 64)}' not found`);
      return unitView(deps, await relink(deps, unit, { groupId: gid, inventoryId: group.inventoryId }));
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/admin/groups/:gid/units/:id',
    summary: 'Unlink a unit from a group (it stays in its inventory)',
    tags: TAGS,
    access: 'admin',
    unitParam: null,
    group: true,
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const gid = idOf(request, 'gid');
      const unit = await visibleUnit(deps, request, idOf(request));
      if (unit.groupId !== gid) throw notFound(`Unit '${unit.uid}' is not in group '${gid.slice(0, 64)}'`);
      return unitView(deps, await relink(deps, unit, { groupId: null }));
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/groups/:gid/adhoc/units/:id',
    summary: 'Remove an ad-hoc LU-Smart or LU-Lite unit from the group (and the fleet)',
    tags: TAGS,
    access: 'operate',
    group: true,
    response: objectSchema({ uid: { type: 'string' }, removed: { type: 'boolean' } }, ['uid', 'removed']),
    handler: async (request) => {
      const gid = idOf(request, 'gid');
      const unit = await visibleUnit(deps, request, idOf(request));
      if (unit.groupId !== gid) throw notFound(`Unit '${unit.uid}' not found`);
      const kind = unitTypeGroup(unit.type);
      if (kind !== 'smartUnits' && kind !== 'liteUnits') throw new HttpError(409, NOT_ADHOC_MESSAGE);
      await deps.store.units.delete(unit.uid);
      const runtime = deps.fleet.get();
      runtime?.fleet.removeUnit(unit.uid);
      await announceUnitOwnership(deps, unit.uid);
      return { uid: unit.uid, removed: true };
    },
  });
};
