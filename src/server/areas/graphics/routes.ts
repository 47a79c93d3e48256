/**
 * The graphics area's routes: one `defineRoute` per endpoint of src/protocol/rest/graphics.ts, HTTP
 * only, against the simulated cloud (cloudService.ts). Reads are open to the console's users of the
 * inventory ('graphics.read'); apps and jobs change the cloud ('graphics.use': not read-only users);
 * the simulation's switches are the super user's ('graphics.simulate').
 */
import * as api from '../../../protocol/rest/graphics.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, SYSTEM } from '../../http/scope.ts';
import type { RouteDeps } from '../deps.ts';
import { GraphicsCloud } from './cloudService.ts';

export function graphicsRoutes(deps: RouteDeps): RouteDefinition[] {
  const cloud = new GraphicsCloud(deps.store, deps.now);
  const inventory = ownInventory('params.inventoryId');
  const bodyInventory = ownInventory('body.inventoryId');
  return [
    defineRoute(api.getMyGraphics, { access: 'graphics.read', scope: inventory, handler: ({ scoped }) => cloud.myGraphics(scoped.inventory.id) }),
    defineRoute(api.createSingularApp, { access: 'graphics.use', scope: bodyInventory, handler: ({ body, auth }) => cloud.createSingular(body, auth.user.username) }),
    defineRoute(api.deleteGraphicsApp, { access: 'graphics.use', scope: inventory, handler: ({ params, scoped }) => cloud.deleteApp(scoped.inventory.id, params.appId) }),
    defineRoute(api.listGraphicsTemplates, { access: 'graphics.read', scope: inventory, handler: ({ scoped }) => cloud.templates(scoped.inventory.id) }),
    defineRoute(api.getGraphicsPermissions, { access: 'graphics.read', scope: inventory, handler: ({ scoped }) => cloud.permissions(scoped.inventory.id) }),
    defineRoute(api.postJobStatus, { access: 'graphics.use', scope: bodyInventory, handler: ({ body }) => cloud.startJob(body) }),
    defineRoute(api.setGraphicsSimulation, { access: 'graphics.simulate', scope: SYSTEM, handler: async ({ body }) => cloud.setReachable(body.reachable) }),
    defineRoute(api.setGraphicsPermissions, { access: 'graphics.simulate', scope: inventory, handler: ({ body, scoped }) => cloud.setPermissions(scoped.inventory.id, body.serviceEnabled) }),
  ];
}
