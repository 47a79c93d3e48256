/**
 * The live-update contract shared by the event bus, the websocket gateway, the simulator and the
 * recorder (/work/shared/protocol.md "Server to client: the event envelope").
 */
import { assertNever } from '../../domain/brand.ts';
import { EVENT_KINDS, type EventKind } from '../../protocol/kinds.ts';

/** Every kind of pushed event: one list for both ends of the wire (src/protocol/kinds.ts). */
export { EVENT_KINDS, type EventKind };

/**
 * One event as it goes on the wire and into a recorded log.
 * seq: server-wide, strictly increasing; ts: server time in ms since the epoch; rev: +1 on every
 * change of the entity `id` (whatever the kind); data: for *.status and *.config the whole state of
 * that aspect, never a delta.
 */
export interface LiveEvent {
  seq: number;
  ts: number;
  kind: EventKind;
  id: string;
  rev: number;
  data: unknown;
}

/** Who is on the other end of a socket; produced by core's auth from the session cookie. */
export interface Principal {
  sessionId: string;
  userId: string;
  username: string;
  userType: string;
  groupIds: readonly string[];
}

/**
 * Topics are "unit:<uid>", "channel:<id>", "group:<gid>"; which group owns an entity is asked of
 * this. groupOfServer is optional: without it, server.status events reach no socket.
 */
export interface TopicAuthority {
  groupOfUnit(uid: string): string | undefined;
  groupOfChannel(id: string): string | undefined;
  groupOfServer?(id: string): string | undefined;
}

/** The entity family an event belongs to, which decides its topic (see gateway.ts). */
export type EntityFamily = 'unit' | 'channel' | 'server';

/**
 * unit.* , social.status and camera.config carry a unit uid as `id` (a camera is a unit; the
 * social-media status is per unit, spec 000 §7 "Social media"); channel.* a channel id;
 * server.status a media-server id.
 */
export function familyOf(kind: EventKind): EntityFamily {
  switch (kind) {
    case 'unit.added':
    case 'unit.removed':
    case 'unit.status':
    case 'unit.config':
    case 'unit.alert':
    case 'unit.usage':
    case 'unit.speedtest':
    case 'social.status':
    case 'camera.config':
      return 'unit';
    case 'channel.status':
    case 'channel.config':
      return 'channel';
    case 'server.status':
      return 'server';
    default:
      return assertNever(kind, 'event kind');
  }
}

/**
 * Kinds whose data is the whole state of one aspect (protocol.md): of two such events of the same
 * entity and kind, the later one makes the earlier one useless, so a slow consumer may drop the
 * earlier (coalescing, gateway.ts). unit.usage is a whole snapshot of the links' bitrates.
 * The others (added, removed, alert, speedtest) are facts a client must see one by one.
 */
export function isWholeState(kind: EventKind): boolean {
  switch (kind) {
    case 'unit.status':
    case 'unit.config':
    case 'unit.usage':
    case 'channel.status':
    case 'channel.config':
    case 'server.status':
    case 'social.status':
    case 'camera.config':
      return true;
    case 'unit.added':
    case 'unit.removed':
    case 'unit.alert':
    case 'unit.speedtest':
      return false;
    default:
      return assertNever(kind, 'event kind');
  }
}
