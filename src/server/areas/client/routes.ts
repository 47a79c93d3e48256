/**
 * The client configuration calls (spec 002 §3 "User and client configuration", §7
 * v2/client/configuration, v2/client/application/urls): one `defineRoute` per endpoint of
 * src/protocol/rest/client.ts, for every signed-in user, about their own session.
 */
import type { FastifyRequest } from 'fastify';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF } from '../../http/scope.ts';
import { WS_PATH } from '../../http/paths.ts';
import * as api from '../../../protocol/rest/client.ts';
import type { RouteDeps } from '../deps.ts';
import { secondsToExpiry } from '../account/service.ts';
import { managedServicesOfInventories } from '../services/service.ts';

/** The websocket library setting (spec 002 §3 wsLibrary); the console reloads when it changes (§4). */
export const WS_LIBRARY = 'native';

/** Where the three applications of the drawer live (spec 000 §1, §2 "Drawer"). Paths on this server. */
export const APPLICATION_PATHS = {
  centralConsole: '/',
  videoReturnPortal: '/vr_portal', // the console's own page (src/domain/roles/routes.ts)
  matrixApplication: '/matrix/',
} as const;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function clientRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(api.getClientConfiguration, {
      access: 'self.read',
      scope: SELF,
      handler: async ({ auth }) => {
        const features = new Set<string>();
        const groups = await deps.store.groups.forUser(auth.user.id);
        for (const g of groups) {
          for (const f of (await deps.store.inventories.get(g.inventoryId))?.features ?? []) features.add(f);
        }
        return {
          wsLibrary: WS_LIBRARY,
          wsPath: WS_PATH,
          activeFeatures: [...features].sort(),
          loggedUserRoles: auth.roles,
          services: await managedServicesOfInventories(deps, groups.map((g) => g.inventoryId)), // issue 14
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
    }),
    defineRoute(api.getApplicationUrls, {
      access: 'self.read',
      scope: SELF,
      handler: async ({ request }) => {
        const origin = originOf(request);
        return {
          centralConsole: `${origin}${APPLICATION_PATHS.centralConsole}`,
          videoReturnPortal: `${origin}${APPLICATION_PATHS.videoReturnPortal}`,
          matrixApplication: `${origin}${APPLICATION_PATHS.matrixApplication}`,
        };
      },
    }),
  ];
}
