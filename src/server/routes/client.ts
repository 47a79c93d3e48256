import type { FastifyRequest } from 'fastify';
import { authOf } from '../http/requestAuth.ts';
import { WS_PATH } from '../http/paths.ts';
import { secondsToExpiry } from './users.ts';
import type { RouteArea } from './area.ts';

/** The websocket library setting (spec 002 §3 wsLibrary); the console reloads when it changes (§4). */
export const WS_LIBRARY = 'native';

/** Where the three applications of the drawer live (spec 000 §1, §2 "Drawer"). Paths on this server. */
export const APPLICATION_PATHS = {
  centralConsole: '/',
  videoReturnPortal: '/video_return_portal/',
  matrixApplication: '/matrix/',
} as const;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** spec 002 §3 "User and client configuration", §7 v2/client/configuration and application/urls. */
export const clientArea: RouteArea = (app, deps) => {
  app.get(
    '/v2/client/configuration',
    {
      schema: {
        summary: 'Client configuration of the signed-in user (spec 002 §3)',
        tags: ['client'],
        response: {
          200: {
            type: 'object',
            additionalProperties: true,
            required: ['wsLibrary', 'activeFeatures', 'loggedUserRoles', 'services', 'userId', 'applicationId'],
            properties: {
              wsLibrary: { type: 'string' },
              wsPath: { type: 'string' },
              activeFeatures: { type: 'array', items: { type: 'string' } },
              loggedUserRoles: { type: 'array', items: { type: 'string' } },
              services: { type: 'array', items: { type: 'object', additionalProperties: true } },
              userId: { type: 'string' },
              hasInternet: { type: 'boolean' },
              secondsToPwdExpiration: { type: ['integer', 'null'] },
              googleProperties: { type: 'object', additionalProperties: true },
              facebookAppId: { type: 'string' },
              facebookApiVersion: { type: 'string' },
              applicationId: { type: 'string' },
              mapTileUrl: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const features = new Set<string>();
      for (const g of await deps.store.groups.forUser(auth.user.id)) {
        for (const f of (await deps.store.inventories.get(g.inventoryId))?.features ?? []) features.add(f);
      }
      return {
        wsLibrary: WS_LIBRARY,
        wsPath: WS_PATH,
        activeFeatures: [...features].sort(),
        loggedUserRoles: auth.roles,
        services: [],
        userId: auth.user.id,
        hasInternet: true,
        secondsToPwdExpiration: secondsToExpiry(auth.user, deps.now()),
        // No analytics, maps or social keys ship with the embedded back end.
        googleProperties: { gaTrackingCode: '', googleMapsClientId: '', googleApiVersion: '', hasGoogleGA: false },
        facebookAppId: '',
        facebookApiVersion: '',
        applicationId: auth.applicationId,
        mapTileUrl: deps.settings.mapTileUrl,
      };
    },
  );

  app.get(
    '/v2/client/application/urls',
    {
      schema: {
        summary: 'URLs of the central console, the video return portal and the matrix application',
        tags: ['client'],
        response: {
          200: {
            type: 'object',
            required: ['centralConsole', 'videoReturnPortal', 'matrixApplication'],
            properties: {
              centralConsole: { type: 'string' },
              videoReturnPortal: { type: 'string' },
              matrixApplication: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => {
      const origin = originOf(request);
      return {
        centralConsole: `${origin}${APPLICATION_PATHS.centralConsole}`,
        videoReturnPortal: `${origin}${APPLICATION_PATHS.videoReturnPortal}`,
        matrixApplication: `${origin}${APPLICATION_PATHS.matrixApplication}`,
      };
    },
  );
};
