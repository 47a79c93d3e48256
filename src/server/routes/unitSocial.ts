/**
 * Social media and content delivery calls of spec 000 §7: start and stop a unit's stream to a
 * social provider or a CDN (social.status events: UNPUBLISHED = preview, then LIVE), and the
 * streams of a group's units.
 */
import { hasFeature } from '../../domain/versions.ts';
import { ERRORS } from '../../domain/errors.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteArea } from './area.ts';
import { ACCEPTED_RESPONSE, accepted, idOf, liveOf, objectSchema, runCommand, saveSetting, simUnitOf, unitRoute, visibleUnit } from './unitKit.ts';

const TAGS = ['units', 'social'] as const;

/** Social providers (ours: spec 000 names Facebook; the others are the usual live platforms). */
export const SOCIAL_PROVIDERS = ['facebook', 'youtube', 'twitch', 'linkedin', 'custom'] as const;
/** Ours: spec 000 §9 gates Facebook at 6.2.1 but gives no words. */
export const FACEBOOK_VERSION_MESSAGE = 'Streaming to Facebook needs unit version 6.2.1 or higher';

/** The provider key of a CDN stream (one namespace with the social providers). */
const cdnKey = (name: string): string => `cdn:${name}`;

export const unitSocialArea: RouteArea = (app, deps) => {
  const start = (kind: 'social' | 'cdn') => async (request: import('fastify').FastifyRequest) => {
    const uid = idOf(request);
    const unit = await visibleUnit(deps, request, uid);
    const body = request.body as { provider?: string; name?: string; streamUrl?: string; title?: string };
    const provider = kind === 'social' ? String(body.provider) : cdnKey(String(body.name ?? 'default'));
    const live = simUnitOf(deps, uid);
    if (provider === 'facebook' && !hasFeature(live.swVersion, 'facebook')) throw new HttpError(409, FACEBOOK_VERSION_MESSAGE);
    runCommand(deps, uid, { type: 'startSocial', provider });
    const streams = { ...((unit.settings['socialStreams'] as Record<string, unknown> | undefined) ?? {}), [provider]: { ...body, startedAt: deps.now() } };
    await saveSetting(deps, uid, 'socialStreams', streams);
    return accepted(uid, `start:${provider}`);
  };
  const stop = (kind: 'social' | 'cdn') => async (request: import('fastify').FastifyRequest) => {
    const uid = idOf(request);
    const unit = await visibleUnit(deps, request, uid);
    const query = request.query as { provider?: string; name?: string };
    const provider = kind === 'social' ? String(query.provider) : cdnKey(String(query.name ?? 'default'));
    runCommand(deps, uid, { type: 'stopSocial', provider });
    const { [provider]: _gone, ...streams } = (unit.settings['socialStreams'] as Record<string, unknown> | undefined) ?? {};
    await saveSetting(deps, uid, 'socialStreams', streams);
    return accepted(uid, `stop:${provider}`);
  };

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v0/units/:id/stream/social_media',
    summary: 'Stream a unit to a social media provider (Facebook needs 6.2.1)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ provider: { type: 'string', enum: SOCIAL_PROVIDERS }, streamUrl: { type: 'string', maxLength: 2048 }, title: { type: 'string', maxLength: 255 } }, ['provider']),
    response: ACCEPTED_RESPONSE,
    handler: start('social'),
  });
  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v0/units/:id/stream/social_media',
    summary: 'Stop streaming a unit to a social media provider',
    tags: TAGS,
    access: 'operate',
    querystring: { provider: { type: 'string', enum: SOCIAL_PROVIDERS } },
    requiredQuery: ['provider'],
    response: ACCEPTED_RESPONSE,
    handler: stop('social'),
  });
  unitRoute(app, deps, {
    method: 'POST',
    url: '/v0/units/:id/stream/cdn',
    summary: 'Stream a unit to a content delivery network',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ name: { type: 'string', minLength: 1, maxLength: 64 }, streamUrl: { type: 'string', maxLength: 2048 } }, ['streamUrl']),
    response: ACCEPTED_RESPONSE,
    handler: start('cdn'),
  });
  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v0/units/:id/stream/cdn',
    summary: 'Stop streaming a unit to a content delivery network',
    tags: TAGS,
    access: 'operate',
    querystring: { name: { type: 'string', minLength: 1, maxLength: 64 } },
    response: ACCEPTED_RESPONSE,
    handler: stop('cdn'),
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v0/groups/:gid/units/stream/social_media/status',
    summary: 'Social media and CDN streams of the group’s units',
    tags: TAGS,
    access: 'read',
    group: true,
    response: { type: 'array', items: objectSchema({ uid: { type: 'string' }, providers: { type: 'array', items: { type: 'string' } } }, ['uid', 'providers']) },
    handler: async (request) => {
      const gid = idOf(request, 'gid');
      const fleet = liveOf(deps).fleet;
      return (await deps.store.units.listByGroup(gid, Number.MAX_SAFE_INTEGER, 0))
        .units.map((u) => ({ uid: u.uid, providers: fleet.socialProviders(u.uid) }))
        .filter((entry) => entry.providers.length > 0);
    },
  });
};

/** Kept for the catalogue text used when a provider refuses a second stream (answered by the simulator). */
export const ALREADY_STREAMING_MESSAGE = ERRORS.social.alreadyStreamingToProvider;
