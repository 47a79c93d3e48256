/** Audio Connect's calls, each through `call(endpoint)`, and its query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest, Ref } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/audioRooms.ts';
import type { AudioRoomSearchKey, AudioRoomSortKey } from '../../protocol/rest/audioRooms.ts';
import type { AudioInterface } from '../../domain/channelConfig.ts';
import { listInventories } from '../../protocol/rest/inventories.ts';

export const audioRoomKeys = {
  all: ['audioRooms'] as const,
  list: ['audioRooms', 'list'] as const,
  inventories: ['audioRooms', 'inventories'] as const,
};

export const fetchRoomPage = (request: PageRequest<AudioRoomSearchKey, AudioRoomSortKey>, signal: AbortSignal) => call(api.listAudioRooms, { query: request }, { signal });
export const createRoom = (inventoryId: string, name: string, interfaces: readonly AudioInterface[]) => call(api.createAudioRoom, { params: { id: inventoryId }, body: { name, interfaces } });
export const renameRoom = (inventoryId: string, roomId: string, name: string) => call(api.updateAudioRoom, { params: { id: inventoryId, roomId }, body: { name } });
export const setRoomInterfaces = (inventoryId: string, roomId: string, interfaces: readonly AudioInterface[]) => call(api.setAudioRoomInterfaces, { params: { id: inventoryId, roomId }, body: { interfaces } });
export const deleteRoom = (inventoryId: string, roomId: string) => call(api.deleteAudioRoom, { params: { id: inventoryId, roomId } });

/** The inventories a room may be created in, by name. */
export async function roomInventories(signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listInventories, { query: { limit: 200 } }, { signal });
  return page.items.map((inventory) => ({ id: inventory.id, name: inventory.name }));
}

export const invalidateRooms = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: audioRoomKeys.all });
