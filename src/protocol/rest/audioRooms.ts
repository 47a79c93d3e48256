/**
 * Audio rooms (spec 001 §2 "Audio Rooms, with manage audio interfaces and room edit", §3 Inventory
 * "audio rooms (name, inventory, created on and by)", §7 inventory sub-resource "audiorooms", §8
 * "room in use"). The Audio Connect screen (/audio_rooms) lists the rooms of the caller's
 * inventories; writes name the inventory in the path, so the inventory scope guards them.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Page, PageQuery, Removed, TextBetween, PartOf } from './common.ts';
import { AudioInterface } from './channels.ts';
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';

const TAGS = ['audioRooms'] as const;

export const AudioRoom = Schema.Struct({
  id: Id,
  name: Schema.String,
  inventoryId: Id,
  inventoryName: Schema.String,
  createdOn: EpochMs,
  /** The username of who created it. */
  createdBy: Schema.String,
  interfaces: Schema.Array(AudioInterface),
  /** A unit's intercom session talks in it now. */
  inUse: Schema.Boolean,
});
export type AudioRoom = typeof AudioRoom.Type;

export const AUDIO_ROOM_SEARCH_KEYS = ['name', 'inventoryName', 'createdBy'] as const;
export const AUDIO_ROOM_SORT_KEYS = ['name', 'inventoryName', 'createdOn', 'createdBy'] as const;
export type AudioRoomSearchKey = (typeof AUDIO_ROOM_SEARCH_KEYS)[number];
export type AudioRoomSortKey = (typeof AUDIO_ROOM_SORT_KEYS)[number];

const RoomParams = Schema.Struct({ id: Id, roomId: PartOf('audio room of the inventory') });
const Interfaces = Schema.Array(AudioInterface).check(Schema.isMaxLength(256));

export const listAudioRooms = endpoint({
  method: 'GET',
  path: 'v2/audiorooms',
  summary: 'Audio rooms of the caller’s inventories (every room for a super user), paged, searched and sorted',
  tags: TAGS,
  query: PageQuery(AUDIO_ROOM_SEARCH_KEYS, AUDIO_ROOM_SORT_KEYS),
  response: Page(AudioRoom),
});

export const inventoryAudioRooms = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/audiorooms',
  summary: 'The audio rooms of an inventory, by name',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(AudioRoom),
});

export const createAudioRoom = endpoint({
  method: 'POST',
  path: 'v2/inventories/{id}/audiorooms',
  summary: 'Create an audio room in an inventory (name required, unique in the inventory)',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ name: TextBetween(0, NAME_MAX_LENGTH + 1), interfaces: Schema.optionalKey(Interfaces) }),
  response: AudioRoom,
  successStatus: 201,
});

export const updateAudioRoom = endpoint({
  method: 'PUT',
  path: 'v2/inventories/{id}/audiorooms/{roomId}',
  summary: 'Rename an audio room (allowed while it is in use)',
  tags: TAGS,
  params: RoomParams,
  body: Schema.Struct({ name: TextBetween(0, NAME_MAX_LENGTH + 1) }),
  response: AudioRoom,
});

export const setAudioRoomInterfaces = endpoint({
  method: 'PUT',
  path: 'v2/inventories/{id}/audiorooms/{roomId}/interfaces',
  summary: 'Manage a room’s audio interfaces (at most 16; none may be taken away while the room is in use)',
  tags: TAGS,
  params: RoomParams,
  body: Schema.Struct({ interfaces: Interfaces }),
  response: AudioRoom,
});

export const deleteAudioRoom = endpoint({
  method: 'DELETE',
  path: 'v2/inventories/{id}/audiorooms/{roomId}',
  summary: 'Delete an audio room (409 "The room is in use." while a unit talks in it)',
  tags: TAGS,
  params: RoomParams,
  response: Removed,
});

export const AUDIO_ROOM_ENDPOINTS = [listAudioRooms, inventoryAudioRooms, createAudioRoom, updateAudioRoom, setAudioRoomInterfaces, deleteAudioRoom] as const;
