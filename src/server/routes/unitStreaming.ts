/**
 * Streaming and control calls of spec 000 §7: delay, start/stop stream, databridge and video return
 * configuration, interface (modem) configuration, network limits, store-and-forward quality and
 * bandwidth capping. Live effects go through the simulator (its events reach the websocket);
 * settings without a live effect are stored in units.settings.
 */
import type { FastifyRequest } from 'fastify';
import {
  canChangeDelayOnTheFly,
  DEFAULT_DELAY_BOUNDS,
  DELAY_TYPE_GROUPS,
  delayErrors,
  supportsSubSecondDelay,
  type DelayTypeGroup,
} from '../../domain/validation/delay.ts';
import { cappingErrors, CAPPING_PRESETS_MBPS, cappingMbps, type CappingChoice } from '../../domain/validation/capping.ts';
import { bandwidthLimit, disableInterfaceVerdict, networkFormErrors, PRIORITY_GROUPS, type LinkType } from '../../domain/validation/network.ts';
import { videoReturnPort } from '../../domain/validation/ports.ts';
import { isBusy, isStreaming } from '../../domain/units/status.ts';
import { unitTypeGroup, STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS } from '../../domain/units/productTypes.ts';
import { NETWORK_MODES } from '../../domain/constants.ts';
import { SRT_MODES, VR_INPUT_TYPES } from '../../domain/videoReturn.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { SimUnit } from '../sim/fleet.ts';
import {
  ACCEPTED_RESPONSE,
  accepted,
  ID,
  idOf,
  objectSchema,
  runCommand,
  saveSetting,
  simUnitOf,
  throwIfInvalid,
  unitRoute,
  visibleUnit,
} from './unitKit.ts';

const TAGS = ['units', 'streaming'] as const;

/** Ours: units outside the delay type groups (servers, extenders) carry no video delay. */
export const NO_DELAY_MESSAGE = 'This unit has no video delay';
/** Ours: sub-second delays need the version gate of src/domain/validation/delay.ts. */
export const NO_SUB_SECOND_MESSAGE = 'This unit version does not support sub-second delays';
/** Ours: spec 000 §5 "On-the-fly change is supported from 0.9 s". */
export const NOT_ON_THE_FLY_MESSAGE = 'While streaming, the delay can be changed only between delays of 900 ms or more';
/** Ours: a channel named by a unit call must be one of the unit's group. */
export const FOREIGN_CHANNEL_MESSAGE = 'The selected channel is not a channel of this unit’s group';

/**
 * The delay checks of spec 000 §5 for a unit: a delay type group, the sub-second gate, the range
 * (delayErrors with the server's bounds: ours are DEFAULT_DELAY_BOUNDS), and on-the-fly from 900 ms
 * while streaming. Throws the 400/409 answer; returns nothing when the delay may be set.
 */
export function checkDelay(unit: StoredUnit, live: SimUnit | undefined, delay: number, subSecond: boolean): void {
  const group = unitTypeGroup(unit.type);
  if (group === null || !(DELAY_TYPE_GROUPS as readonly string[]).includes(group)) throwIfInvalid({ delay: NO_DELAY_MESSAGE });
  if (subSecond && !supportsSubSecondDelay(live?.swVersion ?? unit.swVersion)) throwIfInvalid({ subSecond: NO_SUB_SECOND_MESSAGE });
  const message = delayErrors(delay, { ...DEFAULT_DELAY_BOUNDS, subSecond, typeGroup: group as DelayTypeGroup });
  throwIfInvalid({ delay: message ?? undefined });
  if (live !== undefined && isStreaming(live.applications) && !canChangeDelayOnTheFly(live.delay, delay)) {
    throw new HttpError(409, NOT_ON_THE_FLY_MESSAGE, { fields: { delay: NOT_ON_THE_FLY_MESSAGE } });
  }
}

/** A channel id named by a call must belong to the unit's group (400 otherwise). */
export async function checkChannelOfUnit(deps: RouteDeps, unit: StoredUnit, channelId: string, field = 'channelId'): Promise<void> {
  if ((await deps.store.channels.groupOf(channelId)) !== unit.groupId || unit.groupId === null) {
    throw badRequest(FOREIGN_CHANNEL_MESSAGE, { fields: { [field]: FOREIGN_CHANNEL_MESSAGE } });
  }
}

const CAPPING_CHOICE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['disabled', 'custom', 'preset'] },
    mbps: { type: ['number', 'string', 'null'], description: 'Mbps: a preset (3.6, 4.2, 4.4, 5.5, 6.2, 8.0) or a custom value' },
  },
} as const;

interface CappingBodyChoice {
  kind: 'disabled' | 'custom' | 'preset';
  mbps?: number | string | null;
}

/** Wire choice → domain choice; an unknown preset is refused (spec 000 §5 lists the presets). */
function cappingChoice(field: string, choice: CappingBodyChoice): CappingChoice {
  switch (choice.kind) {
    case 'disabled':
      return { kind: 'disabled' };
    case 'custom':
      return { kind: 'custom', mbps: choice.mbps ?? null };
    case 'preset': {
      const preset = CAPPING_PRESETS_MBPS.find((p) => p === Number(choice.mbps));
      if (preset === undefined) throw badRequest(`body.${field}.mbps must be one of ${CAPPING_PRESETS_MBPS.join(', ')}`, { fields: { [field]: 'Invalid field' } });
      return { kind: 'preset', mbps: preset };
    }
    default:
      throw badRequest(`body.${field}.kind is invalid`);
  }
}

/** kbps of a capping in Mbps (1 Mbps = 1000 kbps on the wire; null = no cap). */
const kbpsOf = (mbps: number | null): number | null => (mbps === null ? null : Math.round(mbps * 1000));

function linkTypeOf(live: SimUnit | undefined, port: string): LinkType | undefined {
  return live?.links.find((l) => l.port === port)?.type;
}

export const unitStreamingArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/delay',
    summary: 'Set the video delay (ms) of a unit',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ delay: { type: ['integer', 'string'], description: 'ms' }, subSecond: { type: 'boolean' } }, ['delay']),
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      const body = request.body as { delay: number | string; subSecond?: boolean };
      const unit = await visibleUnit(deps, request, uid);
      const live = simUnitOf(deps, uid);
      checkDelay(unit, live, Number(body.delay), body.subSecond === true);
      runCommand(deps, uid, { type: 'setDelay', delayMs: Number(body.delay) });
      return accepted(uid, 'setDelay');
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/stream',
    summary: 'Start (default) or stop streaming; the unit goes connecting, then streaming',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ channelId: ID, action: { type: 'string', enum: ['start', 'stop'] } }),
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      const body = (request.body ?? {}) as { channelId?: string; action?: 'start' | 'stop' };
      const unit = await visibleUnit(deps, request, uid);
      if (body.action === 'stop') {
        runCommand(deps, uid, { type: 'stopStream' });
        return accepted(uid, 'stopStream');
      }
      if (body.channelId !== undefined) await checkChannelOfUnit(deps, unit, body.channelId);
      runCommand(deps, uid, { type: 'startStream', ...(body.channelId !== undefined ? { channelId: body.channelId } : {}) });
      return accepted(uid, 'startStream');
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/databridge',
    summary: 'Databridge configuration of a unit (stored)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ enabled: { type: 'boolean' }, gatewayId: { type: ['string', 'null'], maxLength: 128 }, bitrateKbps: { type: 'integer', minimum: 0 } }),
    response: objectSchema({ uid: { type: 'string' }, databridge: { type: 'object', additionalProperties: true } }, ['uid', 'databridge']),
    handler: async (request) => {
      const uid = idOf(request);
      const unit = await visibleUnit(deps, request, uid);
      const next = { ...((unit.settings['databridge'] as object | undefined) ?? {}), ...(request.body as object) };
      await saveSetting(deps, uid, 'databridge', next);
      return { uid, databridge: next };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/videoreturn',
    summary: 'Video return configuration of a unit (input type, SRT mode, port; stored)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({
      enabled: { type: 'boolean' },
      inputType: { type: 'string', enum: VR_INPUT_TYPES },
      srtMode: { type: 'string', enum: SRT_MODES },
      port: { type: ['integer', 'string', 'null'] },
      channelId: { type: ['string', 'null'], maxLength: 128 },
    }),
    response: objectSchema({ uid: { type: 'string' }, videoReturn: { type: 'object', additionalProperties: true } }, ['uid', 'videoReturn']),
    handler: async (request) => {
      const uid = idOf(request);
      const body = request.body as { port?: number | string | null; channelId?: string | null };
      const unit = await visibleUnit(deps, request, uid);
      if (body.port !== undefined && body.port !== null) throwIfInvalid({ port: videoReturnPort(body.port) ?? undefined });
      const next = { ...((unit.settings['videoReturn'] as object | undefined) ?? {}), ...(request.body as object) };
      await saveSetting(deps, uid, 'videoReturn', next);
      return { uid, videoReturn: next };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/interfaces/modem/:port/config',
    summary: 'Configuration and live state of one interface (modem, Ethernet, Wi-Fi)',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, port: { type: 'string' }, link: { type: ['object', 'null'], additionalProperties: true }, config: { type: 'object', additionalProperties: true } }, ['uid', 'port', 'config']),
    handler: async (request) => {
      const uid = idOf(request);
      const port = idOf(request, 'port');
      const unit = await visibleUnit(deps, request, uid);
      const live = simUnitOf(deps, uid);
      const link = live.links.find((l) => l.port === port);
      if (link === undefined) throw notFound(`Interface '${port.slice(0, 64)}' not found`);
      const modems = (unit.settings['modems'] as Record<string, unknown> | undefined) ?? {};
      return { uid, port, link: { ...link }, config: (modems[port] as object | undefined) ?? {} };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/interfaces/modem/:port/config',
    summary: 'Configure one interface: enable/disable (at least 2 stay connected), network mode, limit (kbps)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({
      enabled: { type: 'boolean' },
      networkMode: { type: 'string', enum: NETWORK_MODES },
      limitKbps: { type: ['integer', 'string', 'null'] },
      apn: { type: 'string', maxLength: 255 },
      roaming: { type: 'boolean' },
      confirmed: { type: 'boolean', description: 'go on despite the last-modem warning' },
    }),
    response: objectSchema({ uid: { type: 'string' }, port: { type: 'string' }, config: { type: 'object', additionalProperties: true }, warning: { type: 'string' } }, ['uid', 'port', 'config']),
    handler: async (request) => {
      const uid = idOf(request);
      const port = idOf(request, 'port');
      const body = request.body as { enabled?: boolean; limitKbps?: number | string | null; confirmed?: boolean };
      const unit = await visibleUnit(deps, request, uid);
      const live = simUnitOf(deps, uid);
      if (!live.links.some((l) => l.port === port)) throw notFound(`Interface '${port.slice(0, 64)}' not found`);
      if (body.limitKbps !== undefined && body.limitKbps !== null) throwIfInvalid({ limitKbps: bandwidthLimit(body.limitKbps) ?? undefined });
      let warning: string | undefined;
      if (body.enabled === false) {
        const verdict = disableInterfaceVerdict(live.links, port);
        if (verdict.kind === 'blocked') throw new HttpError(409, verdict.message, { fields: { enabled: verdict.message } });
        if (verdict.kind === 'warning') {
          if (body.confirmed !== true) throw new HttpError(409, verdict.message, { fields: { enabled: verdict.message }, confirmable: true });
          warning = verdict.message;
        }
      }
      const modems = { ...((unit.settings['modems'] as Record<string, object> | undefined) ?? {}) };
      const { confirmed: _confirmed, ...config } = request.body as Record<string, unknown>;
      modems[port] = { ...(modems[port] ?? {}), ...config };
      await saveSetting(deps, uid, 'modems', modems);
      if (body.enabled !== undefined) runCommand(deps, uid, { type: 'setLinkEnabled', port, enabled: body.enabled });
      return { uid, port, config: modems[port], ...(warning !== undefined ? { warning } : {}) };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/interfaces/config',
    summary: 'Network limits (kbps): total ≥ cellular; per-interface below total (modems: cellular); priorities 1st-4th',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({
      totalKbps: { type: ['integer', 'string', 'null'] },
      cellularKbps: { type: ['integer', 'string', 'null'] },
      interfaces: {
        type: 'array',
        maxItems: 16,
        items: objectSchema({ port: { type: 'string', minLength: 1, maxLength: 32 }, limitKbps: { type: ['integer', 'string', 'null'] } }, ['port']),
      },
      priorities: objectSchema(Object.fromEntries(PRIORITY_GROUPS.map((g) => [g, { type: ['integer', 'string', 'null'] }]))),
    }),
    response: objectSchema({ uid: { type: 'string' }, network: { type: 'object', additionalProperties: true } }, ['uid', 'network']),
    handler: async (request) => {
      const uid = idOf(request);
      const body = request.body as {
        totalKbps?: number | string | null;
        cellularKbps?: number | string | null;
        interfaces?: { port: string; limitKbps?: number | string | null }[];
        priorities?: Record<string, number | string | null>;
      };
      await visibleUnit(deps, request, uid);
      const live = simUnitOf(deps, uid);
      const interfaces = (body.interfaces ?? []).map((i) => {
        const type = linkTypeOf(live, i.port);
        if (type === undefined) throw notFound(`Interface '${i.port.slice(0, 64)}' not found`);
        return { port: i.port, type, limitKbps: i.limitKbps ?? null };
      });
      throwIfInvalid(
        networkFormErrors({
          totalKbps: body.totalKbps ?? null,
          cellularKbps: body.cellularKbps ?? null,
          interfaces,
          ...(body.priorities !== undefined ? { priorities: body.priorities } : {}),
        }),
      );
      await saveSetting(deps, uid, 'network', body);
      return { uid, network: body };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v0/units/:id/storeandforward_quality',
    summary: 'Store-and-forward quality (codec h264/h265, level HQ/MQ/LQ; stored)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ codec: { type: 'string', enum: STORE_AND_FORWARD_CODECS }, level: { type: 'string', enum: STORE_AND_FORWARD_LEVELS } }, ['codec', 'level']),
    response: objectSchema({ uid: { type: 'string' }, storeAndForwardQuality: { type: 'object', additionalProperties: true } }, ['uid', 'storeAndForwardQuality']),
    handler: async (request) => {
      const uid = idOf(request);
      await visibleUnit(deps, request, uid);
      await saveSetting(deps, uid, 'storeAndForwardQuality', request.body);
      return { uid, storeAndForwardQuality: request.body };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/units/:id/network/capping',
    summary: 'Bandwidth capping (Mbps): cellular not above total; refused on a busy unit',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ total: CAPPING_CHOICE_SCHEMA, cellular: CAPPING_CHOICE_SCHEMA }, ['total', 'cellular']),
    response: objectSchema({ uid: { type: 'string' }, capping: { type: 'object', additionalProperties: true } }, ['uid', 'capping']),
    handler: async (request) => {
      const uid = idOf(request);
      const body = request.body as { total: CappingBodyChoice; cellular: CappingBodyChoice };
      await visibleUnit(deps, request, uid);
      const live = simUnitOf(deps, uid);
      const total = cappingChoice('total', body.total);
      const cellular = cappingChoice('cellular', body.cellular);
      const errors = cappingErrors({ unitBusy: isBusy(live.applications) || live.flow !== null, total, cellular });
      if (errors.unit !== undefined) throw new HttpError(409, errors.unit, { fields: { unit: errors.unit } });
      throwIfInvalid(errors);
      const capping = { totalKbps: kbpsOf(cappingMbps(total)), cellularKbps: kbpsOf(cappingMbps(cellular)) };
      runCommand(deps, uid, { type: 'setCapping', ...capping });
      await saveSetting(deps, uid, 'capping', { total, cellular });
      return { uid, capping: { total, cellular, ...capping } };
    },
  });
};

/** Exposed for the commands area: the caller's request unit and its live state. */
export async function unitAndLive(deps: RouteDeps, request: FastifyRequest): Promise<{ unit: StoredUnit; live: SimUnit }> {
  const uid = idOf(request);
  return { unit: await visibleUnit(deps, request, uid), live: simUnitOf(deps, uid) };
}
