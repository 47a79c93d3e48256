/**
 * Video return on a unit (spec 000 §7): select the video return channel, start and stop the video
 * return stream (application videoReturn: connecting, then collecting).
 */
import { ERRORS } from '../../domain/errors.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteArea } from './area.ts';
import { ACCEPTED_RESPONSE, accepted, ID, idOf, objectSchema, runCommand, saveSetting, unitRoute, visibleUnit } from './unitKit.ts';
import { checkChannelOfUnit } from './unitStreaming.ts';

const TAGS = ['units', 'videoReturn'] as const;

export const unitVideoReturnArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/vrChannels/selected',
    summary: 'Select the video return channel of a unit (null: none)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ channelId: { anyOf: [ID, { type: 'null' }] } }, ['channelId']),
    response: objectSchema({ uid: { type: 'string' }, channelId: { type: ['string', 'null'] } }, ['uid', 'channelId']),
    handler: async (request) => {
      const uid = idOf(request);
      const unit = visibleUnit(deps, request, uid);
      const { channelId } = request.body as { channelId: string | null };
      if (channelId !== null) checkChannelOfUnit(deps, unit, channelId);
      saveSetting(deps, uid, 'vrChannelSelected', channelId);
      return { uid, channelId };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/vrChannels/stream',
    summary: 'Start the video return stream to the unit (needs a selected channel)',
    tags: TAGS,
    access: 'operate',
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      const unit = visibleUnit(deps, request, uid);
      const channelId = unit.settings['vrChannelSelected'];
      if (typeof channelId !== 'string') throw new HttpError(409, ERRORS.videoReturn.noChannelSelected);
      runCommand(deps, uid, { type: 'startVideoReturn', channelId });
      return accepted(uid, 'startVideoReturn');
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/units/:id/vrChannels/stream',
    summary: 'Stop the video return stream',
    tags: TAGS,
    access: 'operate',
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      visibleUnit(deps, request, uid);
      runCommand(deps, uid, { type: 'stopVideoReturn' });
      return accepted(uid, 'stopVideoReturn');
    },
  });
};
