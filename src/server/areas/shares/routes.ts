/**
 * The shares area's routes: one `defineRoute` per endpoint of src/protocol/rest/shares.ts, HTTP
 * only. The lists answer any signed-in user of the inventory ('units.read'; another inventory is
 * 404 like an unknown one); share keys only to the media group set (the service). Changing a unit's
 * sharing is a unit change ('units.operate': operators, not read-only users).
 */
import * as api from '../../../protocol/rest/shares.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, visibleUnitScope } from '../../http/scope.ts';
import type { RouteDeps } from '../deps.ts';
import { ShareService } from './service.ts';
import { ShareAdminService } from './admin.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import type { ShareKind } from '../../../domain/shares.ts';

export function shareRoutes(deps: RouteDeps): RouteDefinition[] {
  const shares = new ShareService(deps.store);
  const admin = new ShareAdminService(deps.store, deps.now);
  const inventory = ownInventory('params.inv');
  const unit = visibleUnitScope('params.id');

  return [
    defineRoute(api.listPublishers, {
      access: 'units.read',
      scope: inventory,
      handler: async ({ auth, scoped }) => ({ publishers: await shares.publishers(scoped.inventory.id, auth.roles) }),
    }),
    defineRoute(api.listSubscribers, {
      access: 'units.read',
      scope: inventory,
      handler: async ({ auth, scoped }) => ({ subscribers: await shares.subscribers(scoped.inventory.id, auth.roles) }),
    }),
    defineRoute(api.getUnitSharing, { access: 'units.read', scope: unit, handler: ({ auth, scoped }) => shares.ofUnit(scoped.unit, auth.roles) }),
    defineRoute(api.setUnitSharing, { access: 'units.operate', scope: unit, handler: ({ body, auth, scoped }) => shares.share(scoped.unit, body.subscriberIds, auth.roles) }),
    // My Publishers / My Subscribers (spec 002 §2: super user or media group admin) and their folders.
    ...partyRoutes('publishers', api.publisherCalls),
    ...partyRoutes('subscribers', api.subscriberCalls),
    defineRoute(api.listShareFolders, { access: 'shares.admin', scope: inventory, handler: async ({ query, auth, scoped }) => ({ folders: await admin.folders(scoped.inventory.id, query.kind, auth.user.username) }) }),
    defineRoute(api.createShareFolder, { access: 'shares.admin', scope: inventory, handler: ({ body, auth, scoped }) => admin.createFolder(scoped.inventory.id, body, auth.user.username) }),
    defineRoute(api.renameShareFolder, { access: 'shares.admin', scope: inventory, handler: ({ params, body, auth, scoped }) => admin.renameFolder(scoped.inventory.id, params.id, body.name, auth.user.username) }),
    defineRoute(api.deleteShareFolder, { access: 'shares.admin', scope: inventory, handler: ({ params, scoped }) => admin.deleteFolder(scoped.inventory.id, params.id) }),
  ];

  function partyRoutes(kind: ShareKind, calls: typeof api.publisherCalls | typeof api.subscriberCalls): RouteDefinition[] {
    return [
      defineRoute(calls.page, {
        access: 'shares.admin',
        scope: ownInventory('query.inventoryId'),
        handler: ({ query, auth, scoped }) => admin.page(kind, scoped.inventory.id, query.folderId, pageRequest(query, api.SHARE_SEARCH_KEYS, api.SHARE_SORT_KEYS), auth.user.username),
      }),
      defineRoute(calls.create, { access: 'shares.admin', scope: inventory, handler: ({ body, auth, scoped }) => admin.create(kind, scoped.inventory.id, body, auth.user.username) }),
      defineRoute(calls.update, { access: 'shares.admin', scope: inventory, handler: ({ params, body, auth, scoped }) => admin.update(kind, scoped.inventory.id, params.id, body, auth.user.username) }),
      defineRoute(calls.remove, { access: 'shares.admin', scope: inventory, handler: ({ params, scoped }) => admin.remove(kind, scoped.inventory.id, params.id) }),
    ];
  }
}
