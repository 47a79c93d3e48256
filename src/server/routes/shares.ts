/**
 * Shares (spec 002 §1 "Shares between publishers and subscribers", §3 Publisher, §5 Shares; §7
 * "shares … calls: paths not shown", so the paths are ours): the publishers and subscribers of an
 * inventory, and a unit's sharing options, v2/units/{id}/sharing {subscriberIds}: the subscribers
 * the unit's live stream is shared to (channel mode "multipoint share", 001 §2).
 *
 * Lists answer any signed-in user whose groups cover the inventory (another inventory is 404);
 * share keys only to the media group set (super user, media group admin: the /publishers and
 * /subscribers pages, 002 §6). Changing a unit's sharing is a unit change (operators, not luc_read).
 */
import type { FastifyRequest } from 'fastify';
import { maySeeShareKeys, sharingSelectionError, type SharePartyFields } from '../../domain/shares.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { ID, idOf, inventoriesOf, objectSchema, unitRoute, visibleUnit } from './unitKit.ts';

const TAGS = ['shares'] as const;

const PARTY_SCHEMA = objectSchema(
  {
    id: { type: 'string' },
    inventoryId: { type: 'string' },
    name: { type: 'string' },
    shareKey: { type: 'string', description: 'only for super users and media group admins' },
    description: { type: 'string' },
    groupId: { type: ['string', 'null'] },
    createdOn: { type: 'integer', description: 'ms since epoch' },
    createdBy: { type: 'string' },
  },
  ['id', 'inventoryId', 'name', 'description', 'groupId', 'createdOn', 'createdBy'],
);

/** Ours: the maximum of subscriber ids a body may carry; the domain's limit (64) gives the words below it. */
const BODY_MAX_IDS = 1000;

/** A publisher or subscriber as the caller may see it (no share key outside the media group set). */
function partyView(party: SharePartyFields, withKey: boolean): Record<string, unknown> {
  if (withKey) return { ...party };
  const { shareKey: _hidden, ...rest } = party;
  return rest;
}

async function inventoryOf(deps: RouteDeps, request: FastifyRequest): Promise<string> {
  const inv = idOf(request, 'inv');
  if (!(await inventoriesOf(deps, request)).has(inv)) throw notFound(`Inventory '${inv.slice(0, 64)}' not found`);
  return inv;
}

const SHARING_RESPONSE = objectSchema(
  {
    uid: { type: 'string' },
    inventoryId: { type: ['string', 'null'] },
    subscriberIds: { type: 'array', items: { type: 'string' } },
    subscribers: { type: 'array', items: PARTY_SCHEMA, description: 'the subscribers the stream is shared to' },
    available: { type: 'array', items: PARTY_SCHEMA, description: 'every subscriber of the unit’s inventory' },
  },
  ['uid', 'inventoryId', 'subscriberIds', 'subscribers', 'available'],
);

async function sharingAnswer(deps: RouteDeps, request: FastifyRequest, uid: string, inventoryId: string | null) {
  const repo = deps.store.shares;
  const withKey = maySeeShareKeys(authOf(request).roles);
  // A subscriber of another inventory (the unit moved) no longer counts.
  const subscribers = (await repo.unitSubscribers(uid)).filter((s) => s.inventoryId === inventoryId);
  return {
    uid,
    inventoryId,
    subscriberIds: subscribers.map((s) => s.id),
    subscribers: subscribers.map((s) => partyView(s, withKey)),
    available: inventoryId === null ? [] : (await repo.subscribers(inventoryId)).map((s) => partyView(s, withKey)),
  };
}

export const sharesArea: RouteArea = (app, deps) => {
  for (const kind of ['publishers', 'subscribers'] as const) {
    unitRoute(app, deps, {
      method: 'GET',
      url: `/v2/admin/inventories/:inv/${kind}`,
      summary: `The share ${kind} of an inventory (share keys for super users and media group admins only)`,
      tags: TAGS,
      access: 'read',
      response: objectSchema({ [kind]: { type: 'array', items: PARTY_SCHEMA } }, [kind]),
      handler: async (request) => {
        const inv = await inventoryOf(deps, request);
        const repo = deps.store.shares;
        const withKey = maySeeShareKeys(authOf(request).roles);
        const list = kind === 'publishers' ? await repo.publishers(inv) : await repo.subscribers(inv);
        return { [kind]: list.map((p) => partyView(p, withKey)) };
      },
    });
  }

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/sharing',
    summary: 'A unit’s sharing options: the subscribers its live stream is shared to, and those it may be',
    tags: ['units', ...TAGS],
    access: 'read',
    response: SHARING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return sharingAnswer(deps, request, unit.uid, unit.inventoryId);
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/sharing',
    summary: 'Share a unit’s live stream with these subscribers of its inventory (replaces the list; [] stops sharing)',
    tags: ['units', ...TAGS],
    access: 'operate',
    body: objectSchema({ subscriberIds: { type: 'array', maxItems: BODY_MAX_IDS, items: ID } }, ['subscriberIds']),
    response: SHARING_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const { subscriberIds } = request.body as { subscriberIds: string[] };
      const available = unit.inventoryId === null ? [] : (await deps.store.shares.subscribers(unit.inventoryId)).map((s) => s.id);
      const problem = sharingSelectionError(subscriberIds, available);
      if (problem !== null) throw badRequest(problem, { fields: { subscriberIds: problem } });
      await deps.store.shares.setUnitSubscribers(unit.uid, subscriberIds);
      return sharingAnswer(deps, request, unit.uid, unit.inventoryId);
    },
  });
};
