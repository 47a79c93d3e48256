/**
 * The fleet RPC's wire (luc.fleet.rpc, luc.fleet.snapshot; docs/architecture.md "The fleet port"):
 * subjects, the request and reply envelopes, and one effect Schema per method's arguments, so the
 * owner checks what a front sends before it reaches the simulator (a bad request answers 400 with
 * the path of what is wrong, never a crash).
 */
import { Schema } from 'effect';
import { SIM_COMMAND_TYPES } from '../sim/commands.ts';
import { decodeWith } from '../../protocol/issueText.ts';
import { SERVER_TYPES } from '../../domain/servers.ts';
import { SRT_MODES, VR_INPUT_TYPES } from '../../domain/videoReturn.ts';

export const FLEET_RPC_SUBJECT = 'luc.fleet.rpc';
export const FLEET_SNAPSHOT_SUBJECT = 'luc.fleet.snapshot';
/** Only one owner answers (a second one started by mistake shares the queue instead of answering twice). */
export const FLEET_RPC_QUEUE = 'luc-fleet-owner';
/** A front waits this long for the owner (ms), then answers 503. */
export const FLEET_RPC_TIMEOUT_MS = 5_000;
export const FLEET_NOT_ANSWERING = 'The unit fleet is not answering; try again in a moment';

/** Ids, names and texts on the wire: bounded like the REST contract's. */
const Id = Schema.String.check(Schema.isMaxLength(256));
const Text = Schema.String.check(Schema.isMaxLength(1024));
const Kbps = Schema.NullOr(Schema.Finite);

const command = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) => Schema.Struct({ type: Schema.Literal(type), ...fields });

/** SimCommand (src/server/sim/commands.ts), variant by variant. */
export const SimCommandSchema = Schema.Union([
  command('startStream', { channelId: Schema.optionalKey(Id) }),
  command('stopStream', {}),
  command('startStoreAndForward', {}),
  command('stopStoreAndForward', {}),
  command('upgrade', { targetVersion: Id }),
  command('fetchLogs', {}),
  command('cancelFetchLogs', {}),
  command('speedTest', {}),
  command('startDatabridge', {}),
  command('stopDatabridge', {}),
  command('startIntercom', { slot: Schema.Literals(['intercom1', 'intercom2']), mode: Schema.Literals(['audioRoom', 'targetChannel']), destinationAccount: Text }),
  command('stopIntercom', { slot: Schema.Literals(['intercom1', 'intercom2']) }),
  command('reboot', {}),
  command('setDelay', { delayMs: Schema.Finite }),
  command('setChannel', { channelId: Schema.NullOr(Id) }),
  command('setCapping', { totalKbps: Kbps, cellularKbps: Kbps }),
  command('setLinkEnabled', { port: Id, enabled: Schema.Boolean }),
  command('startIpPipe', {}),
  command('stopIpPipe', {}),
  command('startVideoReturn', { channelId: Schema.NullOr(Id) }),
  command('stopVideoReturn', {}),
  command('startMultiCamera', { mode: Schema.Literals(['highQuality', 'switcher', 'switcherAndProxy']) }),
  command('stopMultiCamera', {}),
  command('startSocial', { provider: Id }),
  command('stopSocial', { provider: Id }),
]);
// Every command type has its variant above (a new command must be added here too).
SIM_COMMAND_TYPES satisfies readonly Schema.Schema.Type<typeof SimCommandSchema>['type'][];

export const UnitSeedSchema = Schema.Struct({ uid: Id, name: Text, type: Id, serial: Id, groupId: Id, inventoryId: Id, lat: Schema.Finite, lng: Schema.Finite, swVersion: Id });
export const SimChannelSchema = Schema.Struct({ id: Id, groupId: Id, serverId: Schema.optionalKey(Schema.NullOr(Id)), mediaServerId: Schema.optionalKey(Schema.NullOr(Id)) });
export const SimServerSchema = Schema.Struct({
  id: Id,
  name: Text,
  alias: Text,
  type: Schema.Literals(SERVER_TYPES),
  serialNumber: Id,
  swVersion: Id,
  channelIds: Schema.Array(Id).check(Schema.isMaxLength(10_000)),
});
export const BroadcastStartSchema = Schema.Struct({ fileId: Id, broadcastingMmhId: Id, rootDirectory: Text });
export const VrSetupSchema = Schema.Struct({
  id: Id,
  serverId: Schema.NullOr(Id),
  inputType: Schema.Literals(VR_INPUT_TYPES),
  srtMode: Schema.NullOr(Schema.Literals(SRT_MODES)),
  url: Text,
  destinationPort: Schema.NullOr(Schema.Finite),
});

const none = Schema.Tuple([]);
const one = <S extends Schema.Top>(s: S) => Schema.Tuple([s]);

/** Each method's arguments; the method names are the port's members (sub-ports as `files.drain`). */
export const FLEET_METHOD_ARGS = {
  addUnit: one(UnitSeedSchema),
  removeUnit: one(Id),
  command: Schema.Tuple([Id, SimCommandSchema]),
  commandInProgress: one(Id),
  socialProviders: one(Id),
  'channels.add': one(SimChannelSchema),
  'channels.remove': one(Id),
  'channels.startLogs': one(Id),
  'channels.stopLogs': one(Id),
  'files.drain': none,
  'files.transfers': none,
  'files.broadcastOf': one(Id),
  'files.startBroadcast': Schema.Tuple([Id, BroadcastStartSchema]),
  'files.stopBroadcast': one(Id),
  'videoReturn.observe': one(VrSetupSchema),
  'videoReturn.forget': one(Id),
  'servers.add': Schema.Tuple([SimServerSchema, Schema.Boolean]),
  'servers.setVersion': Schema.Tuple([Id, Id]),
  'servers.remove': one(Id),
  'servers.restart': one(Id),
  'servers.refreshServices': one(Id),
} as const;

export type FleetMethod = keyof typeof FLEET_METHOD_ARGS;
export type FleetMethodArgs<M extends FleetMethod> = Schema.Schema.Type<(typeof FLEET_METHOD_ARGS)[M]>;

export const isFleetMethod = (name: unknown): name is FleetMethod => typeof name === 'string' && Object.hasOwn(FLEET_METHOD_ARGS, name);

type Decoded<T> = { ok: true; value: T } | { ok: false; error: string };
/** Longest refusal text sent back (a union's expectation can run long). */
const MAX_ERROR_CHARS = 300;

/** The decoder of a method's arguments: paths start at `args` (`args[1].delayMs: Expected a finite number`). */
export const decodeArgs = Object.fromEntries(
  Object.entries(FLEET_METHOD_ARGS).map(([name, schema]) => {
    const decode = decodeWith(schema as Schema.Top as never, 'args', ['args']);
    return [
      name,
      (input: unknown): Decoded<unknown> => {
        // A command of an unknown type is named as such, not answered with every variant's expectation.
        const type: unknown = name === 'command' && Array.isArray(input) && typeof input[1] === 'object' && input[1] !== null ? (input[1] as { type?: unknown }).type : undefined;
        if (name === 'command' && !(SIM_COMMAND_TYPES as readonly unknown[]).includes(type)) {
          return { ok: false, error: `args[1].type: Unknown command '${String(type).slice(0, 64)}'` };
        }
        const result = decode(input) as Decoded<unknown>;
        return result.ok ? result : { ok: false, error: result.error.length > MAX_ERROR_CHARS ? `${result.error.slice(0, MAX_ERROR_CHARS)}…` : result.error };
      },
    ];
  }),
) as { [M in FleetMethod]: (input: unknown) => Decoded<FleetMethodArgs<M>> };

/** A request: `{"method": "command", "args": ["U1", {"type": "reboot"}]}`. */
export interface FleetRequest {
  method: string;
  args: unknown[];
}

/** A channel's status the owner adds to a command's answer (the front shows it at once: read-your-writes). */
export interface FreshChannel {
  id: string;
  rev: number;
  status?: unknown;
}

/** The answer: `{"ok": true, "value": ...}` or `{"ok": false, "status": 409, "message": "..."}`. */
export type FleetReply = { ok: true; value?: unknown; channel?: FreshChannel } | { ok: false; status: number; message: string; extra?: Record<string, unknown> };
