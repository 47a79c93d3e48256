/**
 * The channels area's routes (spec 001 §7 "Channels"): the channels of an inventory for the group
 * screen's picker. The channels issue adds the rest of the area's calls here.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import { inventoryChannels } from '../../../protocol/rest/channels.ts';
import type { RouteDeps } from '../deps.ts';

export function channelRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(inventoryChannels, {
      access: 'groups.admin',
      scope: ownInventory('params.id'),
      handler: async ({ query, scoped }) => {
        const request = pageRequest(query, ['name'] as const);
        const { total, items } = await deps.store.channels.pageOfInventory(scoped.inventory.id, request.searchValue, request.limit, request.offset);
        return { total, limit: request.limit, offset: request.offset, items };
      },
    }),
  ];
}
