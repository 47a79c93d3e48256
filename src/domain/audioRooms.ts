/**
 * Audio rooms (spec 001 §2 "Audio Rooms, with manage audio interfaces and room edit", §3 Inventory
 * "audio rooms (name, inventory, created on and by)", §8 "room in use", "delete blocked when the
 * inventory has ... an active audio room"). Pure rules shared by the Audio Connect screen and the
 * server's audio rooms service.
 *
 * A room is in use while a unit's intercom session talks in it (spec 000 §3 intercom mode
 * audioRoom, destinationAccount = the room's id): it may then be renamed, not deleted, and its
 * interfaces may be added to, not taken away (a connected party would lose its line).
 */
import { ERRORS } from './errors.ts';
import { firstError } from './validation/check.ts';
import { maxLength, required } from './validation/fields.ts';
import { MESSAGES, formatMessage } from './validation/messages.ts';
import { nameLength, nameNotTaken } from './validation/names.ts';
import type { AudioInterface } from './channelConfig.ts';
import { CHANNEL_LABEL_MAX } from './channelConfig.ts';

/** spec 001 §8 "room in use". */
export const ROOM_IN_USE = ERRORS.audioRoom.inUse;

/** Most audio interfaces one room holds (ours: the spec gives a supplied limit for channels only). */
export const AUDIO_ROOM_MAX_INTERFACES = 16;
export const AUDIO_ROOM_INTERFACES_MESSAGE = 'A room can have up to {0} audio interfaces';

/** Room name: required, at most 255 characters, not taken by another room of the inventory (without case). */
export function audioRoomNameError(name: string, takenNames: Iterable<string>): string | null {
  return firstError(name, [required, nameLength, nameNotTaken(takenNames)]);
}

/** Each interface named (≤ 64, unique in the room), at most AUDIO_ROOM_MAX_INTERFACES. */
export function audioRoomInterfacesError(interfaces: readonly AudioInterface[]): string | null {
  if (interfaces.length > AUDIO_ROOM_MAX_INTERFACES) return formatMessage(AUDIO_ROOM_INTERFACES_MESSAGE, { 0: AUDIO_ROOM_MAX_INTERFACES });
  const seen = new Set<string>();
  for (const item of interfaces) {
    const own = firstError(item.name, [required, maxLength(CHANNEL_LABEL_MAX)]);
    if (own !== null) return own;
    const key = item.name.trim().toLowerCase();
    if (seen.has(key)) return MESSAGES.uniqueName;
    seen.add(key);
  }
  return null;
}

/** One intercom session of a unit, as the unit's status reports it. */
export interface IntercomSession {
  readonly mode: string;
  readonly destinationAccount: string;
}

/** True while some unit's intercom session is in the room. */
export function roomInUse(roomId: string, sessions: Iterable<IntercomSession>): boolean {
  for (const session of sessions) if (session.mode === 'audioRoom' && session.destinationAccount === roomId) return true;
  return false;
}

/** What a change would do to a room in use: null when allowed, else "The room is in use.". */
export function roomChangeRefusal(change: { readonly kind: 'delete' } | { readonly kind: 'interfaces'; readonly before: readonly AudioInterface[]; readonly after: readonly AudioInterface[] }, inUse: boolean): string | null {
  if (!inUse) return null;
  if (change.kind === 'delete') return ROOM_IN_USE;
  const kept = new Set(change.after.map((a) => a.name.trim().toLowerCase()));
  return change.before.every((a) => kept.has(a.name.trim().toLowerCase())) ? null : ROOM_IN_USE;
}
