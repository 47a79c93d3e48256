/**
 * The channels area's routes (spec 001 §7 "Channels" and the channel sub-resources of
 * "Inventories and services"): one `defineRoute` per endpoint of src/protocol/rest/channels.ts, HTTP
 * only; the work is the service's (service.ts).
 *
 * Access: reading a channel's live status and the group's channels is for every console user
 * (`units.read`: the unit list picks channels); the Manage Channels screen's reads are
 * `channels.read`, its writes `channels.configure`; fetching logs is `channels.operate`; the admin
 * calls `channels.admin`. Scope: a channel named by id is the caller's (visibleChannel: its group is
 * theirs, or it has no group and its inventory is theirs; admin calls: administeredChannel), else 404.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { administeredChannel, memberGroup, ownInventory, TENANT, visibleChannel, visibleUnitScope } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/channels.ts';
import { CHANNEL_SEARCH_KEYS, CHANNEL_SORT_KEYS, inventoryChannels } from '../../../protocol/rest/channels.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import { forbidden } from '../../http/errors.ts';
import type { RouteDeps } from '../deps.ts';
import { adminRowOf, ChannelService } from './service.ts';
import { SocialDetailsService } from './social.ts';

const range = (query: { readonly limit?: number; readonly offset?: number }) => ({ limit: query.limit ?? GRID_PAGE_SIZE, offset: query.offset ?? 0 });
const one = <T>(items: readonly T[], query: { readonly limit?: number; readonly offset?: number }) => {
  const { limit, offset } = range(query);
  return { total: items.length, limit, offset, items: items.slice(offset, offset + limit) };
};

export function channelRoutes(deps: RouteDeps): RouteDefinition[] {
  const channels = new ChannelService(deps);
  const social = new SocialDetailsService(deps);
  const byChannel = visibleChannel('params.id');
  const byBodyChannel = visibleChannel('body.channelId');

  return [
    // ── The operator's reads ──
    defineRoute(api.channelStatus, {
      access: 'units.read',
      scope: byChannel,
      handler: async ({ scoped }) => {
        const details = channels.details(scoped.channel);
        return { id: details.id, status: details.status, unitIds: details.unitIds, rev: deps.fleet.get()?.bus.revOf(details.id) ?? 0 };
      },
    }),
    defineRoute(api.fetchChannels, {
      access: 'units.read',
      scope: TENANT,
      handler: async ({ query, tenancy }) => {
        const groupId = query.groupId ?? query.crnt_vcg_uid;
        if (groupId !== undefined) {
          if (!tenancy.groupIds.has(groupId)) throw forbidden(`Group '${groupId.slice(0, 64)}' is not one of your groups`);
          return channels.ofGroup(groupId);
        }
        return channels.visible(tenancy);
      },
    }),
    defineRoute(api.groupChannelDetails, { access: 'units.read', scope: memberGroup('params.groupId'), handler: ({ scoped }) => channels.groupDetails(scoped.groupId) }),

    // ── Administration ──
    defineRoute(api.listChannels, { access: 'channels.admin', scope: TENANT, handler: ({ query, tenancy }) => channels.page(tenancy, pageRequest(query, CHANNEL_SEARCH_KEYS, CHANNEL_SORT_KEYS)) }),
    defineRoute(api.createChannel, {
      access: 'channels.admin',
      scope: TENANT,
      handler: async ({ body, tenancy, setStatus }) => {
        const created = await channels.create(tenancy, body);
        setStatus(201);
        return created;
      },
    }),
    defineRoute(api.getChannel, { access: 'channels.admin', scope: administeredChannel('params.id'), handler: async ({ scoped }) => channels.details(scoped.channel) }),
    defineRoute(api.updateChannel, { access: 'channels.admin', scope: administeredChannel('params.id'), handler: ({ body, tenancy, scoped }) => channels.update(tenancy, scoped.channel, body) }),
    defineRoute(api.deleteChannel, { access: 'channels.admin', scope: administeredChannel('params.id'), handler: async ({ scoped }) => ({ removed: await channels.remove(scoped.channel) }) }),
    defineRoute(api.channelInventories, {
      access: 'channels.admin',
      scope: administeredChannel('params.id'),
      handler: async ({ query, scoped }) => {
        const { channel, inventoryName } = scoped.channel;
        return one(channel.inventoryId === null ? [] : [{ id: channel.inventoryId, name: inventoryName ?? '' }], query);
      },
    }),
    defineRoute(api.channelGroups, {
      access: 'channels.admin',
      scope: administeredChannel('params.id'),
      handler: async ({ query, scoped }) => {
        const { channel, groupName } = scoped.channel;
        return one(channel.groupId === null ? [] : [{ id: channel.groupId, name: groupName ?? '' }], query);
      },
    }),
    defineRoute(api.channelPtmp, {
      access: 'channels.admin',
      scope: administeredChannel('params.id'),
      handler: async ({ scoped }) => {
        const ptmp = await channels.ptmp(scoped.channel);
        return { channelId: ptmp.uniqueID, sharing: ptmp.sharing, machines: ptmp.machines.map((m) => ({ id: m.uid, name: m.name })) };
      },
    }),
    defineRoute(inventoryChannels, {
      access: 'groups.admin',
      scope: ownInventory('params.id'),
      handler: async ({ query, scoped }) => {
        const request = pageRequest(query, ['name'] as const);
        const { total, items } = await deps.store.channels.pageOfInventory(scoped.inventory.id, request.searchValue, request.limit, request.offset);
        return { total, limit: request.limit, offset: request.offset, items };
      },
    }),
    defineRoute(api.linkInventoryChannel, {
      access: 'channels.admin',
      scope: ownInventory('params.invId'),
      handler: async ({ params, tenancy, scoped }) => channels.link(await channels.administered(tenancy, params.id), scoped.inventory.id),
    }),
    defineRoute(api.unlinkInventoryChannel, {
      access: 'channels.admin',
      scope: ownInventory('params.invId'),
      handler: async ({ params, tenancy, scoped }) => {
        const row = await channels.administered(tenancy, params.id);
        return row.channel.inventoryId === scoped.inventory.id ? channels.link(row, null) : adminRowOf(row);
      },
    }),

    // ── The editor's tabs and the channel's options ──
    defineRoute(api.updateChannelConfiguration, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.configure(scoped.channel, body) }),
    defineRoute(api.getChannelFfmpeg, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.ffmpeg(scoped.channel) }),
    defineRoute(api.setChannelFfmpeg, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.setFfmpeg(scoped.channel, body) }),
    defineRoute(api.getAdminChannelFfmpeg, { access: 'channels.admin', scope: administeredChannel('params.id'), handler: ({ scoped }) => channels.ffmpeg(scoped.channel) }),
    defineRoute(api.setAdminChannelFfmpeg, { access: 'channels.admin', scope: administeredChannel('params.id'), handler: ({ body, scoped }) => channels.setFfmpeg(scoped.channel, body) }),
    defineRoute(api.addInputSource, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.addInputSource(scoped.channel, body.kind, body.address) }),
    defineRoute(api.removeInputSource, { access: 'channels.configure', scope: byChannel, handler: ({ query, scoped }) => channels.removeInputSource(scoped.channel, query.sourceId) }),
    defineRoute(api.mediaAccessOutputInfo, { access: 'units.read', scope: TENANT, handler: ({ body, tenancy }) => channels.mediaAccessOutputs(tenancy, body.uniqueIds) }),
    defineRoute(api.fetchPtmp, { access: 'channels.read', scope: visibleChannel('query.uniqueID'), handler: ({ scoped }) => channels.ptmp(scoped.channel) }),
    defineRoute(api.updatePtmp, {
      access: 'channels.configure',
      scope: visibleChannel('body.uniqueID'),
      handler: ({ body, scoped }) => channels.setMultipoint(scoped.channel, body.sharing, body.machines.map((m) => m.uid)),
    }),
    defineRoute(api.updateGroupChannelInfo, { access: 'channels.configure', scope: memberGroup('params.gid'), handler: ({ body, scoped }) => channels.updateGroupInfo(scoped.groupId, body.channels) }),

    // ── Streaming destinations ──
    defineRoute(api.fetchDestinations, { access: 'channels.read', scope: byBodyChannel, handler: ({ scoped }) => channels.destinations(scoped.channel) }),
    defineRoute(api.fetchCdns, {
      access: 'channels.read',
      scope: byBodyChannel,
      handler: async ({ scoped }) => (await channels.destinations(scoped.channel)).map((d) => ({ id: d.id, name: d.name, provider: d.provider, active: d.active })),
    }),
    defineRoute(api.addDestination, { access: 'channels.configure', scope: byBodyChannel, handler: ({ body, scoped }) => channels.addDestination(scoped.channel, body.destination) }),
    defineRoute(api.updateDestination, { access: 'channels.configure', scope: byBodyChannel, handler: ({ body, scoped }) => channels.updateDestination(scoped.channel, body.destinationId, body.destination) }),
    defineRoute(api.removeDestination, { access: 'channels.configure', scope: byBodyChannel, handler: async ({ body, scoped }) => ({ removed: await channels.removeDestination(scoped.channel, body.destinationId) }) }),
    defineRoute(api.streamingMediaProfiles, { access: 'channels.read', scope: TENANT, handler: async () => channels.streamingProfiles() }),

    // ── A unit's social media details ──
    defineRoute(api.getSocialMediaDetails, { access: 'units.read', scope: visibleUnitScope('query.uid'), handler: ({ scoped }) => social.get(scoped.unit.uid) }),
    defineRoute(api.setSocialMediaDetails, { access: 'units.operate', scope: visibleUnitScope('body.uid'), handler: ({ body, scoped }) => social.set(scoped.unit.uid, body) }),

    // ── Options ──
    defineRoute(api.setBwLimit, { access: 'channels.configure', scope: byBodyChannel, handler: ({ body, scoped }) => channels.setBwLimit(scoped.channel, body.limitKbps) }),
    defineRoute(api.setPrivateSession, { access: 'channels.configure', scope: byBodyChannel, handler: ({ body, scoped }) => channels.setPrivateSession(scoped.channel, body.enabled) }),
    defineRoute(api.getChannelSmpte, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.smpte(scoped.channel) }),
    defineRoute(api.setChannelSmpte, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.setSmpte(scoped.channel, body) }),
    defineRoute(api.startChannelLogs, { access: 'channels.operate', scope: byChannel, handler: async ({ scoped }) => channels.startLogs(scoped.channel) }),
    defineRoute(api.stopChannelLogs, { access: 'channels.operate', scope: byChannel, handler: async ({ scoped }) => channels.stopLogs(scoped.channel) }),
    defineRoute(api.channelIps, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.ips(scoped.channel) }),
    defineRoute(api.channelCapabilities, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.capabilities(scoped.channel) }),
    defineRoute(api.channelIngestAssociation, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.ingestAssociation(scoped.channel.channel) }),
    defineRoute(api.sdiChannels, {
      access: 'channels.read',
      scope: ownInventory('query.inventoryId'),
      handler: async ({ tenancy, scoped }) => channels.refsOf((await channels.ofInventory(tenancy, scoped.inventory.id)).filter((c) => channels.isSdi(c))),
    }),
    defineRoute(api.outputChannels, {
      access: 'channels.read',
      scope: ownInventory('query.inventoryId'),
      handler: async ({ tenancy, scoped }) => channels.refsOf((await channels.ofInventory(tenancy, scoped.inventory.id)).filter((c) => channels.isOutput(c))),
    }),
    defineRoute(api.stunTurnInfo, { access: 'units.read', scope: TENANT, handler: ({ query, tenancy }) => channels.stunTurn(tenancy, query.inventoryName) }),

    // ── Tally, IFB, audio interfaces, ingest ──
    defineRoute(api.setChannelTally, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.setTally(scoped.channel, body) }),
    defineRoute(api.setChannelIfb, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.setIfb(scoped.channel, body) }),
    defineRoute(api.getChannelAudioInterfaces, { access: 'channels.read', scope: byChannel, handler: ({ scoped }) => channels.audioInterfaces(scoped.channel) }),
    defineRoute(api.setChannelAudioInterfaces, { access: 'channels.configure', scope: byChannel, handler: ({ body, scoped }) => channels.setAudioInterfaces(scoped.channel, body.interfaces) }),
    defineRoute(api.inventoryTallies, { access: 'channels.read', scope: ownInventory('params.id'), handler: ({ scoped }) => channels.tallies(scoped.inventory.id) }),
    defineRoute(api.inventoryIfbs, { access: 'channels.read', scope: ownInventory('params.id'), handler: ({ scoped }) => channels.ifbs(scoped.inventory.id) }),
    defineRoute(api.channelAssociation, { access: 'channels.configure', scope: ownInventory('params.id'), handler: ({ body, scoped }) => channels.associate(scoped.inventory.id, body.kind, body.channelId, body.associated) }),
    defineRoute(api.inventoryIngestAssociation, { access: 'channels.read', scope: ownInventory('params.id'), handler: ({ scoped }) => channels.ingestAllocation(scoped.inventory.id) }),
    defineRoute(api.setIngestAssociation, { access: 'channels.configure', scope: ownInventory('params.id'), handler: ({ body, scoped }) => channels.setIngest(scoped.inventory.id, body.channelId, body.serverId) }),
    defineRoute(api.recordingChannels, {
      access: 'channels.read',
      scope: ownInventory('params.id'),
      handler: async ({ tenancy, scoped }) => channels.refsOf((await channels.ofInventory(tenancy, scoped.inventory.id)).filter((c) => channels.isRecording(c))),
    }),
  ];
}
