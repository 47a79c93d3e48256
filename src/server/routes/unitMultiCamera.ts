/**
 * Multi camera and switcher of a unit (spec 000 §3, §4, §5, §7, §9): the configuration (mode,
 * cameras with channel and priority 1-9, HQ and proxy channels), single-camera and operational
 * mode, the SDI input of the switcher (at most one change per 5000 ms), and the multi-camera and
 * switcher streams (applications multiCamera / switcher / switcherAndProxy: connecting, streaming).
 */
import type { FastifyRequest } from 'fastify';
import { multiCameraErrors, MULTI_CAMERA_MODES, type MultiCameraConfig, type MultiCameraMode } from '../../domain/validation/multiCamera.ts';
import { isMultiCamera } from '../../domain/units/productTypes.ts';
import { OPERATING_MODES } from '../../domain/units/interface.ts';
import { SWITCHER_INPUT_GUARD_MS } from '../../domain/constants.ts';
import { HttpError } from '../http/errors.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { ACCEPTED_RESPONSE, accepted, ID, idOf, objectSchema, runCommand, saveSetting, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';
import { checkChannelOfUnit } from './unitStreaming.ts';

const TAGS = ['units', 'multiCamera'] as const;

/** Ours: only the multi-camera product types (800, 800e, 810; spec 000 §3) have these calls. */
export const NOT_MULTI_CAMERA_MESSAGE = 'This unit type does not support multi camera';
/** Ours: spec 000 §7 "A guard of 5000 ms applies to switcher input updates". */
export const SWITCHER_INPUT_GUARD_MESSAGE = 'The switcher input was changed less than 5 seconds ago; try again in a moment';
/** Ours: the SDI inputs of a switcher (1-4, the Multi-HQ camera count of spec 000 §9). */
export const SDI_INPUTS = [1, 2, 3, 4] as const;

interface StoredMultiCamera {
  enabled: boolean;
  mode: MultiCameraMode;
  cameras: { channelId: string | null; priority: number }[];
  highQualityChannelId: string | null;
  proxyChannelId: string | null;
  operationalMode?: string;
  sdiInput?: number;
}

function configOf(unit: StoredUnit): StoredMultiCamera {
  const stored = unit.settings['multiCamera'] as Partial<StoredMultiCamera> | undefined;
  return {
    enabled: stored?.enabled ?? false,
    mode: stored?.mode ?? 'highQuality',
    cameras: stored?.cameras ?? [],
    highQualityChannelId: stored?.highQualityChannelId ?? null,
    proxyChannelId: stored?.proxyChannelId ?? null,
    ...(stored?.operationalMode !== undefined ? { operationalMode: stored.operationalMode } : {}),
    ...(stored?.sdiInput !== undefined ? { sdiInput: stored.sdiInput } : {}),
  };
}

async function multiCameraUnit(deps: RouteDeps, request: FastifyRequest): Promise<StoredUnit> {
  const unit = await visibleUnit(deps, request, idOf(request));
  if (!isMultiCamera(unit.type)) throw new HttpError(409, NOT_MULTI_CAMERA_MESSAGE);
  return unit;
}

/** Validates a configuration with the domain rules (unique channels, HQ ≠ proxy, priority 1-9, 4 cameras in Multi-HQ) and the group's channels. */
async function checkConfig(deps: RouteDeps, unit: StoredUnit, config: StoredMultiCamera): Promise<void> {
  const domain: MultiCameraConfig = {
    mode: config.mode,
    cameras: config.cameras.map((c) => ({ channelId: c.channelId, priority: c.priority })),
    highQualityChannelId: config.highQualityChannelId,
    proxyChannelId: config.proxyChannelId,
  };
  throwIfInvalid(multiCameraErrors(domain));
  for (const [i, c] of config.cameras.entries()) if (c.channelId !== null) await checkChannelOfUnit(deps, unit, c.channelId, `cameras.${i}.channel`);
  if (config.highQualityChannelId !== null) await checkChannelOfUnit(deps, unit, config.highQualityChannelId, 'highQualityChannel');
  if (config.proxyChannelId !== null) await checkChannelOfUnit(deps, unit, config.proxyChannelId, 'proxyChannel');
}

const CONFIG_RESPONSE = objectSchema({ uid: { type: 'string' }, multiCamera: { type: 'object', additionalProperties: true } }, ['uid', 'multiCamera']);
const CAMERA = objectSchema({ channelId: { anyOf: [ID, { type: 'null' }] }, priority: { type: ['integer', 'string', 'null'] } }, ['channelId']);
const NULLABLE_ID = { anyOf: [ID, { type: 'null' }] };

export const unitMultiCameraArea: RouteArea = (app, deps) => {
  const lastSdiChange = new Map<string, number>();

  /** Applies a change to the stored configuration after validating the whole result. */
  const change = (summary: string, url: string, body: Record<string, Record<string, unknown>>, required: string[], apply: (config: StoredMultiCamera, body: Record<string, unknown>, unit: StoredUnit) => StoredMultiCamera, validate = true) =>
    unitRoute(app, deps, {
      method: 'PUT',
      url,
      summary,
      tags: TAGS,
      access: 'operate',
      body: objectSchema(body, required),
      response: CONFIG_RESPONSE,
      handler: async (request) => {
        const unit = await multiCameraUnit(deps, request);
        const next = apply(configOf(unit), request.body as Record<string, unknown>, unit);
        if (validate) await checkConfig(deps, unit, next);
        await saveSetting(deps, unit.uid, 'multiCamera', next);
        return { uid: unit.uid, multiCamera: next };
      },
    });

  change(
    'Multi-camera configuration: mode, cameras (unique channels, priority 1-9; up to 4 in Multi-HQ), HQ and proxy channels (different)',
    '/v2/units/:id/multiplecamera',
    {
      mode: { type: 'string', enum: MULTI_CAMERA_MODES },
      cameras: { type: 'array', maxItems: 16, items: CAMERA },
      highQualityChannelId: NULLABLE_ID,
      proxyChannelId: NULLABLE_ID,
    },
    ['mode', 'cameras'],
    (config, body) => ({
      ...config,
      enabled: true,
      mode: body['mode'] as MultiCameraMode,
      cameras: (body['cameras'] as { channelId: string | null; priority?: number | string | null }[]).map((c) => ({ channelId: c.channelId, priority: c.priority as number })),
      highQualityChannelId: (body['highQualityChannelId'] as string | null | undefined) ?? null,
      proxyChannelId: (body['proxyChannelId'] as string | null | undefined) ?? null,
    }),
  );
  change('Set the channel of one camera', '/v2/units/:id/multiplecamera/channel', { index: { type: 'integer', minimum: 0, maximum: 15 }, channelId: NULLABLE_ID }, ['index', 'channelId'], (config, body) => {
    const cameras = [...config.cameras];
    const index = body['index'] as number;
    while (cameras.length <= index) cameras.push({ channelId: null, priority: cameras.length + 1 });
    cameras[index] = { ...(cameras[index] ?? { priority: index + 1 }), channelId: body['channelId'] as string | null };
    return { ...config, cameras };
  });
  change('Set the multi-camera mode (highQuality, switcher, switcherAndProxy)', '/v2/units/:id/multiplecamera/mode', { mode: { type: 'string', enum: MULTI_CAMERA_MODES } }, ['mode'], (config, body) => ({ ...config, mode: body['mode'] as MultiCameraMode }));
  change('Back to single-camera mode', '/v2/units/:id/singlecamera', {}, [], (config) => ({ ...config, enabled: false }), false);
  change('Operational mode (Live, Store and Forward, Multi-HQ, Field Switcher, Station Switcher)', '/v2/units/:id/operationalMode', { mode: { type: 'string', enum: OPERATING_MODES } }, ['mode'], (config, body) => ({ ...config, operationalMode: body['mode'] as string }), false);
  change('Switcher mode (switcher or switcherAndProxy)', '/v2/units/:id/switchermode', { mode: { type: 'string', enum: ['switcher', 'switcherAndProxy'] } }, ['mode'], (config, body) => ({ ...config, enabled: true, mode: body['mode'] as MultiCameraMode }));
  change('HQ channel of the switcher (must differ from the proxy channel)', '/v2/units/:id/highqualitychannel', { channelId: NULLABLE_ID }, ['channelId'], (config, body) => ({ ...config, highQualityChannelId: body['channelId'] as string | null }));
  change('Proxy channel of the switcher (must differ from the HQ channel)', '/v2/units/:id/proxychannel', { channelId: NULLABLE_ID }, ['channelId'], (config, body) => ({ ...config, proxyChannelId: body['channelId'] as string | null }));

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/sdiinput',
    summary: 'SDI input of the switcher (at most one change per 5000 ms)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ input: { type: 'integer', enum: SDI_INPUTS } }, ['input']),
    response: CONFIG_RESPONSE,
    handler: async (request) => {
      const unit = await multiCameraUnit(deps, request);
      const now = deps.now();
      const last = lastSdiChange.get(unit.uid);
      if (last !== undefined && now - last < SWITCHER_INPUT_GUARD_MS) throw new HttpError(429, SWITCHER_INPUT_GUARD_MESSAGE, { retryAfterMs: SWITCHER_INPUT_GUARD_MS - (now - last) });
      lastSdiChange.set(unit.uid, now);
      const next = { ...configOf(unit), sdiInput: (request.body as { input: number }).input };
      await saveSetting(deps, unit.uid, 'multiCamera', next);
      return { uid: unit.uid, multiCamera: next };
    },
  });

  for (const [suffix, switcher] of [['multiplecamera', false], ['switchermode', true]] as const) {
    unitRoute(app, deps, {
      method: 'POST',
      url: `/v2/units/:id/stream/${suffix}`,
      summary: switcher ? 'Start the switcher stream (switcher or switcherAndProxy mode)' : 'Start the multi-camera stream in the configured mode',
      tags: TAGS,
      access: 'operate',
      response: ACCEPTED_RESPONSE,
      handler: async (request) => {
        const unit = await multiCameraUnit(deps, request);
        const config = configOf(unit);
        const mode: MultiCameraMode = switcher && config.mode === 'highQuality' ? 'switcher' : config.mode;
        await checkConfig(deps, unit, { ...config, mode });
        runCommand(deps, unit.uid, { type: 'startMultiCamera', mode });
        return accepted(unit.uid, `start:${mode}`);
      },
    });
    unitRoute(app, deps, {
      method: 'DELETE',
      url: `/v2/units/:id/stream/${suffix}`,
      summary: switcher ? 'Stop the switcher stream' : 'Stop the multi-camera stream',
      tags: TAGS,
      access: 'operate',
      response: ACCEPTED_RESPONSE,
      handler: async (request) => {
        const unit = await multiCameraUnit(deps, request);
        runCommand(deps, unit.uid, { type: 'stopMultiCamera' });
        return accepted(unit.uid, 'stopMultiCamera');
      },
    });
  }
};
