/**
 * The activity feed's routes: one `defineRoute` per endpoint of src/protocol/rest/activity.ts, HTTP
 * only. Reads of the caller's tenancy (the service limits them); the feed is written by the route
 * kit for every write (src/server/http/activityHook.ts).
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { TENANT } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/activity.ts';
import type { RouteDeps } from '../deps.ts';
import { ActivityService } from './service.ts';

export function activityRoutes(deps: RouteDeps): RouteDefinition[] {
  const activity = new ActivityService(deps.store, deps.now);
  return [
    defineRoute(api.listActivity, { access: 'activity.read', scope: TENANT, handler: ({ auth, tenancy, query }) => activity.page(auth, tenancy, query) }),
    defineRoute(api.activityFacets, { access: 'activity.read', scope: TENANT, handler: ({ auth, tenancy }) => activity.facets(auth, tenancy) }),
  ];
}
