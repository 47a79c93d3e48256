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

export function shareRoutes(deps: RouteDeps): RouteDefinition[] {
  const shares = new ShareService(deps.store);
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
  ];
}
