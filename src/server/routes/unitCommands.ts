/**
 * Unit commands of spec 000 §7 "Commands": POST devices/{id}/commands/{command} and
 * POST devices_retry/{id}/commands/LuSetVirtualChannel/{retry}.
 *
 * The spec names five commands (LuSetDelay, LuSetStopStreaming, LuSetVirtualChannel,
 * LuGetConfiguration, LuGetLinkConfiguration) and describes the others; their wire names below are
 * ours, in the same Lu<Verb><Object> style. Commands with a live effect drive the simulator; the
 * other setters store their parameters (units.settings.commands) and answer accepted.
 */
import type { FastifyRequest } from 'fastify';
import { metadataErrors } from '../../domain/validation/unitFields.ts';
import { filePrefix } from '../../domain/validation/filePrefix.ts';
import { required } from '../../domain/validation/fields.ts';
import { speedTestSupported, SPEED_TEST_TIMEOUT_S } from '../../domain/units/status.ts';
import { VIRTUAL_CHANNEL_RETRIES } from '../../domain/units/interface.ts';
import { AUDIO_BITRATES_KBPS, VIDEO_COMPLEXITY_LEVELS, NETWORK_MODES } from '../../domain/constants.ts';
import { STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS, withQualityAliases, QUALITY_V2_KEYS } from '../../domain/units/productTypes.ts';
import { MESSAGES } from '../../domain/validation/messages.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { SimUnit } from '../sim/fleet.ts';
import { accepted, idOf, objectSchema, runCommand, saveSetting, simUnitOf, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';
import { checkDelay } from './unitStreaming.ts';

/** Every command of spec 000 §7 "Commands" (the first five are the spec's names). */
export const UNIT_COMMANDS = [
  'LuSetDelay',
  'LuSetStopStreaming',
  'LuSetVirtualChannel',
  'LuGetConfiguration',
  'LuGetLinkConfiguration',
  // Wi-Fi query, connect, disconnect; link configuration
  'LuGetWifiNetworks',
  'LuConnectWifi',
  'LuDisconnectWifi',
  'LuSetLinkConfiguration',
  // audio, shooting mode, metadata
  'LuSetAudioBitrate',
  'LuSetAudioParameters',
  'LuSetAudioParametersOld',
  'LuSetShootingMode',
  'LuSetMetadata',
  // store and forward
  'LuGetFilePrefix',
  'LuSetFilePrefix',
  'LuSetStoreAndForwardQuality',
  'LuSetStoreAndForwardEncoder',
  // IFB, ancillary data
  'LuGetIfbDelay',
  'LuSetIfbDelay',
  'LuSetIfbAlwaysOn',
  'LuSetAncillaryData',
  // cellular
  'LuGetNetworkSelectionMode',
  'LuSetActiveSim',
  'LuSetActiveSimAllModems',
  'LuScanNetworks',
  'LuGetScanResults',
  'LuSetNetworkSelection',
  // channels and files
  'LuVirtualChannelsUpdated',
  'LuCancelFileUpload',
  // speed test (query timeout=10)
  'LuSpeedTest',
  // camera control
  'LuCameraTakeControl',
  'LuCameraFocus',
  'LuCameraAutoFocus',
  'LuCameraIris',
  'LuCameraAutoIris',
  'LuCameraGain',
  'LuCameraWhiteBalance',
  'LuCameraAutoWhiteBalance',
  'LuCameraZoom',
  // other
  'LuReboot',
  'LuSetVideoComplexity',
] as const;
export type UnitCommand = (typeof UNIT_COMMANDS)[number];

/** Ours: spec 000 §4 "Speed test needs channel version 7.5.1 or higher" names the rule, not the words. */
export const SPEED_TEST_VERSION_MESSAGE = 'Speed test needs a channel on version 7.5.1 or higher';
/** Ours: a unit must have a selected channel for the speed test. */
export const SPEED_TEST_NO_CHANNEL_MESSAGE = 'Speed test needs a selected channel';

type Body = Record<string, unknown>;

interface CommandContext {
  deps: RouteDeps;
  request: FastifyRequest;
  unit: StoredUnit;
  live: SimUnit;
  body: Body;
  query: Body;
}

/** Stores a setter's parameters under settings.commands[command]. */
async function storeParameters(ctx: CommandContext, command: UnitCommand, value: unknown): Promise<void> {
  const commands = { ...((ctx.unit.settings['commands'] as Record<string, unknown> | undefined) ?? {}), [command]: value };
  await saveSetting(ctx.deps, ctx.unit.uid, 'commands', commands);
}

function storedParameters(ctx: CommandContext, command: UnitCommand): unknown {
  return ((ctx.unit.settings['commands'] as Record<string, unknown> | undefined) ?? {})[command] ?? null;
}

function text(body: Body, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

function requireEnum(body: Body, field: string, values: readonly (string | number)[]): void {
  if (!values.includes(body[field] as string | number)) {
    throw badRequest(`body.${field} must be one of ${values.join(', ')}`, { fields: { [field]: MESSAGES.invalidField } });
  }
}

/** LuSetVirtualChannel: the channel named virtualChannelName (or its id) of the unit's group. */
async function setVirtualChannel(ctx: CommandContext): Promise<unknown> {
  const name = text(ctx.body, 'virtualChannelName');
  throwIfInvalid({ virtualChannelName: required(name) ?? undefined });
  const channels = ctx.unit.groupId === null ? [] : await ctx.deps.store.channels.listByGroup(ctx.unit.groupId);
  const channel = channels.find((c) => c.name === name || c.id === name);
  if (channel === undefined) throw notFound(`Channel '${String(name).slice(0, 64)}' not found in the unit’s group`);
  runCommand(ctx.deps, ctx.unit.uid, { type: 'setChannel', channelId: channel.id });
  await saveSetting(ctx.deps, ctx.unit.uid, 'virtualChannelName', channel.name);
  return { ...accepted(ctx.unit.uid, 'setChannel'), channelId: channel.id, virtualChannelName: channel.name };
}

/** Speed test (spec 000 §4, §9): the selected channel's server must be on 7.5.1+; the unit then tests for up to 10 s. */
async function speedTest(ctx: CommandContext): Promise<unknown> {
  const channelId = ctx.live.channelId;
  if (channelId === null) throw new HttpError(409, SPEED_TEST_NO_CHANNEL_MESSAGE);
  const channel = await ctx.deps.store.channels.get(channelId);
  const server = channel?.serverId ? await ctx.deps.store.servers.get(channel.serverId) : undefined;
  if (!speedTestSupported(server?.swVersion)) throw new HttpError(409, SPEED_TEST_VERSION_MESSAGE);
  runCommand(ctx.deps, ctx.unit.uid, { type: 'speedTest' });
  return { ...accepted(ctx.unit.uid, 'speedTest'), timeout: Number(ctx.query['timeout'] ?? SPEED_TEST_TIMEOUT_S) };
}

function configuration(ctx: CommandContext): unknown {
  const quality = (ctx.unit.settings['storeAndForwardQuality'] as { codec?: string; level?: string } | undefined) ?? {};
  const qualityV2: Record<string, unknown> = {};
  for (const codec of STORE_AND_FORWARD_CODECS) {
    qualityV2[QUALITY_V2_KEYS[codec]] = { levels: STORE_AND_FORWARD_LEVELS, selected: quality.codec === codec ? (quality.level ?? null) : null };
  }
  return {
    uid: ctx.unit.uid,
    delay: ctx.live.delay,
    channelId: ctx.live.channelId,
    swVersion: ctx.live.swVersion,
    capping: { ...ctx.live.capping },
    settings: ctx.unit.settings,
    metadata: ctx.unit.metadata,
    ...withQualityAliases({ storeAndForwardVideoQualityV2: qualityV2 }),
  };
}

function linkConfiguration(ctx: CommandContext): unknown {
  const port = text(ctx.body, 'port');
  throwIfInvalid({ port: required(port) ?? undefined });
  const link = ctx.live.links.find((l) => l.port === port);
  if (link === undefined) throw notFound(`Interface '${String(port).slice(0, 64)}' not found`);
  const modems = (ctx.unit.settings['modems'] as Record<string, unknown> | undefined) ?? {};
  return { uid: ctx.unit.uid, port, link: { ...link }, config: modems[port as string] ?? {} };
}

/** Runs one command; answers what the command returns (a read) or the acceptance. */
async function runUnitCommand(command: UnitCommand, ctx: CommandContext): Promise<unknown> {
  const uid = ctx.unit.uid;
  switch (command) {
    case 'LuSetDelay': {
      const delay = Number(ctx.body['delay']);
      checkDelay(ctx.unit, ctx.live, delay, ctx.body['subSecond'] === true);
      runCommand(ctx.deps, uid, { type: 'setDelay', delayMs: delay });
      return accepted(uid, 'setDelay');
    }
    case 'LuSetStopStreaming':
      runCommand(ctx.deps, uid, { type: 'stopStream' });
      return accepted(uid, 'stopStream');
    case 'LuSetVirtualChannel':
      return setVirtualChannel(ctx);
    case 'LuGetConfiguration':
      return configuration(ctx);
    case 'LuGetLinkConfiguration':
      return linkConfiguration(ctx);
    case 'LuSetMetadata': {
      const metadata = (ctx.body['metadata'] ?? {}) as Record<string, unknown>;
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) throw badRequest('body.metadata must be object');
      const fields = Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
      throwIfInvalid(metadataErrors(fields));
      await ctx.deps.store.units.update(uid, { metadata: fields }, ctx.deps.now());
      return accepted(uid, 'setMetadata');
    }
    case 'LuGetFilePrefix':
      return { uid, prefix: (storedParameters(ctx, 'LuSetFilePrefix') as { prefix?: string } | null)?.prefix ?? '' };
    case 'LuSetFilePrefix':
      throwIfInvalid({ prefix: filePrefix(text(ctx.body, 'prefix')) ?? undefined });
      await storeParameters(ctx, command, { prefix: text(ctx.body, 'prefix') });
      return accepted(uid, command);
    case 'LuSetStoreAndForwardQuality':
      requireEnum(ctx.body, 'codec', STORE_AND_FORWARD_CODECS);
      requireEnum(ctx.body, 'level', STORE_AND_FORWARD_LEVELS);
      await saveSetting(ctx.deps, uid, 'storeAndForwardQuality', { codec: ctx.body['codec'], level: ctx.body['level'] });
      return accepted(uid, command);
    case 'LuSetAudioBitrate':
      requireEnum(ctx.body, 'bitrateKbps', AUDIO_BITRATES_KBPS);
      await storeParameters(ctx, command, ctx.body);
      return accepted(uid, command);
    case 'LuSetVideoComplexity':
      requireEnum(ctx.body, 'level', VIDEO_COMPLEXITY_LEVELS);
      await storeParameters(ctx, command, ctx.body);
      return accepted(uid, command);
    case 'LuSetNetworkSelection':
    case 'LuGetNetworkSelectionMode':
      if (command === 'LuSetNetworkSelection' && ctx.body['networkMode'] !== undefined) requireEnum(ctx.body, 'networkMode', NETWORK_MODES);
      if (command === 'LuGetNetworkSelectionMode') return { uid, selection: storedParameters(ctx, 'LuSetNetworkSelection') ?? { mode: 'automatic' } };
      await storeParameters(ctx, command, ctx.body);
      return accepted(uid, command);
    case 'LuSpeedTest':
      return speedTest(ctx);
    case 'LuReboot':
      runCommand(ctx.deps, uid, { type: 'reboot' });
      return accepted(uid, 'reboot');
    case 'LuGetWifiNetworks':
      return { uid, networks: ctx.live.links.filter((l) => l.type === 'wifi').map((l) => ({ port: l.port, name: l.name, signal: l.signal, connected: l.connected })) };
    case 'LuGetIfbDelay':
      return { uid, ifb: storedParameters(ctx, 'LuSetIfbDelay') };
    case 'LuGetScanResults':
      return { uid, scan: storedParameters(ctx, 'LuScanNetworks') };
    case 'LuCancelFileUpload': {
      const files = ctx.body['files'];
      if (!Array.isArray(files) || files.some((f) => typeof f !== 'string')) throw badRequest('body.files must be an array of file names');
      // Cancelled uploads end as failed (spec 000 §3 upload statuses have no "cancelled").
      const uploads = ((ctx.unit.settings['uploads'] as { path: string; status: string }[] | undefined) ?? []).map((u) =>
        files.includes(u.path) && (u.status === 'pending' || u.status === 'uploading') ? { ...u, status: 'failed' } : u,
      );
      await saveSetting(ctx.deps, uid, 'uploads', uploads);
      return accepted(uid, command);
    }
    case 'LuConnectWifi':
    case 'LuDisconnectWifi':
    case 'LuSetLinkConfiguration':
    case 'LuSetAudioParameters':
    case 'LuSetAudioParametersOld':
    case 'LuSetShootingMode':
    case 'LuSetStoreAndForwardEncoder':
    case 'LuSetIfbDelay':
    case 'LuSetIfbAlwaysOn':
    case 'LuSetAncillaryData':
    case 'LuSetActiveSim':
    case 'LuSetActiveSimAllModems':
    case 'LuScanNetworks':
    case 'LuVirtualChannelsUpdated':
    case 'LuCameraTakeControl':
    case 'LuCameraFocus':
    case 'LuCameraAutoFocus':
    case 'LuCameraIris':
    case 'LuCameraAutoIris':
    case 'LuCameraGain':
    case 'LuCameraWhiteBalance':
    case 'LuCameraAutoWhiteBalance':
    case 'LuCameraZoom':
      await storeParameters(ctx, command, { ...ctx.body, at: ctx.deps.now() });
      return accepted(uid, command);
    default: {
      const never: never = command;
      throw badRequest(`Unknown command ${String(never)}`);
    }
  }
}

const COMMAND_BODY = { type: 'object', additionalProperties: true, maxProperties: 64 } as const;

export const unitCommandsArea: RouteArea = (app, deps) => {
  const context = async (request: FastifyRequest): Promise<CommandContext> => {
    const uid = idOf(request);
    return {
      deps,
      request,
      unit: await visibleUnit(deps, request, uid),
      live: simUnitOf(deps, uid),
      body: (request.body ?? {}) as Body,
      query: request.query as Body,
    };
  };

  unitRoute(app, deps, {
    method: 'POST',
    url: '/devices/:id/commands/:command',
    summary: `Send a command to a unit (${UNIT_COMMANDS.join(', ')})`,
    tags: ['units', 'commands'],
    access: 'operate',
    querystring: { timeout: { type: 'integer', minimum: 1, maximum: SPEED_TEST_TIMEOUT_S, description: 's (speed test: 10)' } },
    body: COMMAND_BODY,
    response: { type: 'object', additionalProperties: true, required: ['uid'], properties: { uid: { type: 'string' }, accepted: { type: 'boolean' } } },
    handler: async (request) => {
      const command = idOf(request, 'command');
      if (!(UNIT_COMMANDS as readonly string[]).includes(command)) {
        throw badRequest(`params.command must be one of ${UNIT_COMMANDS.join(', ')}`);
      }
      return runUnitCommand(command as UnitCommand, await context(request));
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/devices_retry/:id/commands/LuSetVirtualChannel/:retry',
    summary: `Set the virtual channel, retry number 0-${VIRTUAL_CHANNEL_RETRIES} (spec 000 §4: up to 7 retries)`,
    tags: ['units', 'commands'],
    access: 'operate',
    body: objectSchema({ virtualChannelName: { type: 'string', maxLength: 255 } }, ['virtualChannelName']),
    response: { type: 'object', additionalProperties: true, required: ['uid'], properties: { uid: { type: 'string' }, retry: { type: 'integer' } } },
    handler: async (request) => {
      const retry = Number(idOf(request, 'retry'));
      if (!Number.isInteger(retry) || retry < 0 || retry > VIRTUAL_CHANNEL_RETRIES) {
        throw badRequest(`params.retry must be an integer from 0 to ${VIRTUAL_CHANNEL_RETRIES}`);
      }
      return { ...((await setVirtualChannel(await context(request))) as object), retry };
    },
  });
};

