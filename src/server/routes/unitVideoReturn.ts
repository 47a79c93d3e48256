/**
 * Video return on a unit (spec 000 §7): select the video return channel, start and stop the video
 * return stream (application videoReturn: connecting, then collecting).
 */
import { ERRORS } from '../../domain/errors.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteArea } from './area.ts';
import { applicationSwitchRoutes, ID, idOf, objectSchema, saveSetting, unitRoute, visibleUnit } from './unitKit.ts';
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
      const unit = await visibleUnit(deps, request, uid);
      const { channelId } = request.body as { channelId: string | null };
      if (channelId !== null) await checkChannelOfUnit(deps, unit, channelId);
      await saveSetting(deps, uid, 'vrChannelSelected', channelId);
      return { uid, channelId };
    },
  });

  applicationSwitchRoutes(app, deps, {
    url: '/v2/units/:id/vrChannels/stream',
    tags: TAGS,
    start: {
      summary: 'Start the video return stream to the unit (needs a selected channel)',
      command: (unit) => {
        const channelId = unit.settings['vrChannelSelected'];
        if (typeof channelId !== 'string') throw new HttpError(409, ERRORS.videoReturn.noChannelSelected);
        return { type: 'startVideoReturn', channelId };
      },
    },
    stop: { summary: 'Stop the video return stream', command: { type: 'stopVideoReturn' } },
  });
};
