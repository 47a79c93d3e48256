/**
 * The replay logs area's routes (src/protocol/rest/replayLogs.ts): the listing and one log,
 * streamed. Super user only ('replay.logs'), over every tenant's data (scope SYSTEM). The places
 * are read when the routes are made (buildApp), from LUC_LOG_DIR and LUC_RECORD as main.ts's
 * parseConfig reads them; tests may pass their own.
 */
import { createReadStream } from 'node:fs';
import * as api from '../../../protocol/rest/replayLogs.ts';
import { replayLogPlaces } from '../../config.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute, rawAnswer, type RouteDefinition } from '../../http/route.ts';
import { SYSTEM } from '../../http/scope.ts';
import type { RouteDeps } from '../deps.ts';
import { FIXTURES_DIR, findLog, findLogs, type ReplayLogPlaces } from './logs.ts';

/** A file name safe inside a Content-Disposition header. */
const attachmentName = (name: string): string => name.replace(/[^\w.-]/g, '_');

export const defaultReplayLogPlaces = (): ReplayLogPlaces => ({ ...replayLogPlaces(process.env), fixturesDir: FIXTURES_DIR });

export function makeReplayLogRoutes(placesOf: () => ReplayLogPlaces): (deps: RouteDeps) => RouteDefinition[] {
  return () => {
    const places = placesOf();
    return [
      defineRoute(api.listReplayLogs, {
        access: 'replay.logs',
        scope: SYSTEM,
        handler: async () => (await findLogs(places)).map(({ name, size, modified, source }) => ({ name, size, modified, source })),
      }),
      defineRoute(api.getReplayLog, {
        access: 'replay.logs',
        scope: SYSTEM,
        handler: async ({ params, reply }) => {
          const found = await findLog(places, params.name);
          if (found === undefined) throw notFound(`Log '${params.name.slice(0, 64)}' not found`);
          void reply.header('content-disposition', `attachment; filename="${attachmentName(found.name)}"`);
          // Sent piece by piece: a log of hundreds of MB is never held in memory.
          return rawAnswer(createReadStream(found.path));
        },
      }),
    ];
  };
}

export const replayLogRoutes = makeReplayLogRoutes(defaultReplayLogPlaces);
