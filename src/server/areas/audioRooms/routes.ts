/**
 * Audio Connect (spec 001 §2 "Audio Rooms", §3 Inventory audio rooms, §8 "room in use"): the rooms
 * of the caller's inventories. A room is in use while a unit's intercom session talks in it
 * (src/domain/audioRooms.ts roomInUse, read from the fleet's live units); in use, it may be renamed
 * and given more interfaces, not deleted nor have an interface taken away (409 "The room is in use.").
 */
import { randomUUID } from 'node:crypto';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, TENANT } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/audioRooms.ts';
import { AUDIO_ROOM_SEARCH_KEYS, AUDIO_ROOM_SORT_KEYS, type AudioRoom } from '../../../protocol/rest/audioRooms.ts';
import { audioRoomInterfacesError, audioRoomNameError, roomChangeRefusal, roomInUse, type IntercomSession } from '../../../domain/audioRooms.ts';
import { conflict, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter } from '../../http/tenancy.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredAudioRoom } from './repo.ts';

/** The intercom sessions of the fleet's units now (none while the fleet is not running). */
export function intercomSessions(deps: Pick<RouteDeps, 'fleet'>): IntercomSession[] {
  const fleet = deps.fleet.get()?.fleet;
  if (fleet === undefined) return [];
  return fleet.intercomSessions();
}

export function audioRoomRoutes(deps: RouteDeps): RouteDefinition[] {
  const answer = (room: StoredAudioRoom, sessions = intercomSessions(deps)): AudioRoom => ({
    id: room.id,
    name: room.name,
    inventoryId: room.inventoryId,
    inventoryName: room.inventoryName,
    createdOn: room.createdAt,
    createdBy: room.createdBy,
    interfaces: room.interfaces,
    inUse: roomInUse(room.id, sessions),
  });
  const roomOf = async (inventoryId: string, roomId: string): Promise<StoredAudioRoom> => {
    const room = await deps.store.audioRooms.get(roomId);
    if (room === undefined || room.inventoryId !== inventoryId) throw notFound(`Audio room '${roomId.slice(0, 64)}' not found`);
    return room;
  };
  const takenNames = async (inventoryId: string, exceptId: string | null) => (await deps.store.audioRooms.listOfInventory(inventoryId)).filter((r) => r.id !== exceptId).map((r) => r.name);
  const trimmed = (interfaces: readonly { name: string; kind: StoredAudioRoom['interfaces'][number]['kind'] }[]) => interfaces.map((a) => ({ name: a.name.trim(), kind: a.kind }));

  return [
    defineRoute(api.listAudioRooms, {
      access: 'audioRooms.admin',
      scope: TENANT,
      handler: async ({ query, tenancy }) => {
        const request = pageRequest(query, AUDIO_ROOM_SEARCH_KEYS, AUDIO_ROOM_SORT_KEYS);
        const { total, items } = await deps.store.audioRooms.page({ inventoryIds: inventoryFilter(tenancy), ...request });
        const sessions = intercomSessions(deps);
        return { total, limit: request.limit, offset: request.offset, items: items.map((r) => answer(r, sessions)) };
      },
    }),
    defineRoute(api.inventoryAudioRooms, {
      access: 'audioRooms.admin',
      scope: ownInventory('params.id'),
      handler: async ({ scoped }) => {
        const sessions = intercomSessions(deps);
        return (await deps.store.audioRooms.listOfInventory(scoped.inventory.id)).map((r) => answer(r, sessions));
      },
    }),
    defineRoute(api.createAudioRoom, {
      access: 'audioRooms.admin',
      scope: ownInventory('params.id'),
      handler: async ({ body, auth, scoped, setStatus }) => {
        const name = body.name.trim();
        const interfaces = trimmed(body.interfaces ?? []);
        refuseFields({ name: audioRoomNameError(name, await takenNames(scoped.inventory.id, null)), interfaces: audioRoomInterfacesError(interfaces) });
        const id = `AR-${randomUUID()}`;
        await deps.store.audioRooms.insert({ id, inventoryId: scoped.inventory.id, name, interfaces, createdAt: deps.now(), createdBy: auth.user.username });
        setStatus(201);
        return answer((await deps.store.audioRooms.get(id))!);
      },
    }),
    defineRoute(api.updateAudioRoom, {
      access: 'audioRooms.admin',
      scope: ownInventory('params.id'),
      handler: async ({ params, body, scoped }) => {
        const room = await roomOf(scoped.inventory.id, params.roomId);
        const name = body.name.trim();
        refuseFields({ name: audioRoomNameError(name, await takenNames(scoped.inventory.id, room.id)) });
        await deps.store.audioRooms.update(room.id, { name });
        return answer((await deps.store.audioRooms.get(room.id))!);
      },
    }),
    defineRoute(api.setAudioRoomInterfaces, {
      access: 'audioRooms.admin',
      scope: ownInventory('params.id'),
      handler: async ({ params, body, scoped }) => {
        const room = await roomOf(scoped.inventory.id, params.roomId);
        const interfaces = trimmed(body.interfaces);
        refuseFields({ interfaces: audioRoomInterfacesError(interfaces) });
        const refusal = roomChangeRefusal({ kind: 'interfaces', before: room.interfaces, after: interfaces }, roomInUse(room.id, intercomSessions(deps)));
        if (refusal !== null) throw conflict(refusal);
        await deps.store.audioRooms.update(room.id, { interfaces });
        return answer((await deps.store.audioRooms.get(room.id))!);
      },
    }),
    defineRoute(api.deleteAudioRoom, {
      access: 'audioRooms.admin',
      scope: ownInventory('params.id'),
      handler: async ({ params, scoped }) => {
        const room = await roomOf(scoped.inventory.id, params.roomId);
        const refusal = roomChangeRefusal({ kind: 'delete' }, roomInUse(room.id, intercomSessions(deps)));
        if (refusal !== null) throw conflict(refusal);
        return { removed: await deps.store.audioRooms.remove(room.id) };
      },
    }),
  ];
}
