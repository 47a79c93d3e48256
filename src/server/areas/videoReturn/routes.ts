/**
 * The video return area's routes (spec 001 §7 "Video return"): one `defineRoute` per endpoint of
 * src/protocol/rest/videoReturn.ts, HTTP only.
 * - Operating calls act in a group of the caller (crnt_vcg_uid, or the path's group): the channel
 *   must be one the group holds, else 404 "Unknown video return channel".
 * - Admin calls name a channel by id: it must be in one of the caller's inventories or groups (a
 *   super user: any); unknown and foreign channels get the same 404.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, ownInventory, TENANT, inputText, type InputRef, type ScopeRule } from '../../http/scope.ts';
import { badRequest } from '../../http/errors.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/videoReturn.ts';
import { VR_SEARCH_KEYS, VR_SORT_KEYS } from '../../../protocol/rest/videoReturn.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredVrChannel } from './repo.ts';
import { VideoReturnService, vrChannelNotFound } from './service.ts';

/**
 * The channel an administration call is about: in one of the caller's inventories, or held by one
 * of their groups (a super user: any).
 */
export function administeredVrChannel(from: InputRef = 'params.id'): ScopeRule<{ channel: StoredVrChannel }> {
  return {
    kind: 'vrChannel',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const channel = await deps.store.vrChannels.get(id);
      const administered =
        channel !== undefined && (tenancy.all || tenancy.inventoryIds.has(channel.inventoryId) || (await deps.store.vrChannels.groupIds(channel.id)).some((g) => tenancy.groupIds.has(g)));
      if (channel === undefined || !administered) throw vrChannelNotFound(id);
      return { channel };
    },
  };
}

/** limit/offset of an association list, with the spec's defaults. */
const range = (query: { readonly limit?: number; readonly offset?: number }) => ({ limit: query.limit ?? GRID_PAGE_SIZE, offset: query.offset ?? 0 });

export function videoReturnRoutes(deps: RouteDeps): RouteDefinition[] {
  const vr = new VideoReturnService(deps);
  const page = (query: Parameters<typeof pageRequest<(typeof VR_SEARCH_KEYS)[number], (typeof VR_SORT_KEYS)[number]>>[0]) => pageRequest(query, VR_SEARCH_KEYS, VR_SORT_KEYS);
  const IN_GROUP = memberGroup('query.crnt_vcg_uid');

  return [
    // ── Operating ──
    defineRoute(api.groupVideoReturnChannels, { access: 'videoReturn.read', scope: memberGroup('params.groupId', 'query.crnt_vcg_uid'), handler: ({ scoped }) => vr.groupChannels(scoped.groupId) }),
    defineRoute(api.updateVideoReturnChannel, {
      access: 'videoReturn.configure',
      scope: IN_GROUP,
      handler: async ({ params, body, scoped }) => vr.update(await vr.ofGroup(scoped.groupId, params.uniqueId), body),
    }),
    defineRoute(api.vrChannelCapabilities, { access: 'videoReturn.read', scope: IN_GROUP, handler: async ({ params, scoped }) => vr.capabilities(await vr.ofGroup(scoped.groupId, params.id)) }),
    defineRoute(api.vrChannelInputSources, { access: 'videoReturn.read', scope: IN_GROUP, handler: async ({ params, scoped }) => vr.inputSources(await vr.ofGroup(scoped.groupId, params.id)) }),
    defineRoute(api.setVrChannelInputSource, {
      access: 'videoReturn.configure',
      scope: IN_GROUP,
      handler: async ({ params, body, scoped }) => vr.update(await vr.ofGroup(scoped.groupId, params.id), body),
    }),
    defineRoute(api.vrChannelIps, { access: 'videoReturn.read', scope: IN_GROUP, handler: async ({ params, scoped }) => vr.ips(await vr.ofGroup(scoped.groupId, params.id)) }),

    defineRoute(api.vrReceiverUnits, { access: 'videoReturn.read', scope: IN_GROUP, handler: ({ scoped }) => vr.receiverUnits(scoped.groupId) }),

    // ── Administration ──
    defineRoute(api.listVrChannels, { access: 'videoReturn.admin', scope: TENANT, handler: ({ query, tenancy }) => vr.page(tenancy, page(query)) }),
    defineRoute(api.listInventoryVrChannels, { access: 'videoReturn.admin', scope: ownInventory('params.id'), handler: ({ query, tenancy, scoped }) => vr.page(tenancy, page(query), scoped.inventory.id) }),
    defineRoute(api.inventoryVrServers, { access: 'videoReturn.admin', scope: ownInventory('params.id'), handler: ({ scoped }) => vr.servers(scoped.inventory.id) }),
    defineRoute(api.getVrChannel, { access: 'videoReturn.admin', scope: administeredVrChannel(), handler: async ({ scoped }) => vr.view(scoped.channel) }),
    defineRoute(api.createVrChannel, { access: 'videoReturn.admin', scope: TENANT, handler: ({ body, tenancy }) => vr.create(tenancy, body) }),
    defineRoute(api.updateVrChannel, { access: 'videoReturn.admin', scope: administeredVrChannel(), handler: ({ body, scoped }) => vr.update(scoped.channel, body) }),
    defineRoute(api.deleteVrChannel, { access: 'videoReturn.admin', scope: administeredVrChannel(), handler: ({ scoped }) => vr.remove(scoped.channel) }),
    defineRoute(api.vrChannelInventories, {
      access: 'videoReturn.admin',
      scope: administeredVrChannel(),
      handler: async ({ query, scoped }) => {
        const { limit, offset } = range(query);
        const items = [{ id: scoped.channel.inventoryId, name: scoped.channel.inventoryName }].slice(offset, offset + limit);
        return { total: 1, limit, offset, items };
      },
    }),
    defineRoute(api.vrChannelGroups, {
      access: 'videoReturn.admin',
      scope: administeredVrChannel(),
      handler: async ({ query, scoped }) => {
        const { limit, offset } = range(query);
        return { ...(await deps.store.vrChannels.groupsPage(scoped.channel.id, limit, offset)), limit, offset };
      },
    }),
    defineRoute(api.vrChannelGroupsOfInventories, {
      access: 'videoReturn.admin',
      scope: administeredVrChannel(),
      handler: async ({ query, scoped }) => {
        const request = pageRequest(query, ['name'] as const);
        const answer = await deps.store.vrChannels.groupsOfInventory(scoped.channel.id, scoped.channel.inventoryId, request.searchValue, request.limit, request.offset);
        return { ...answer, limit: request.limit, offset: request.offset };
      },
    }),
  ];
}
