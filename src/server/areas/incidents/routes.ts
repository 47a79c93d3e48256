/**
 * The incident centre's routes: one `defineRoute` per endpoint of src/protocol/rest/incidents.ts,
 * HTTP only. The listings are the caller's (the service limits them by the tenancy); thresholds
 * are set for one of the caller's groups (the member-group scope refuses any other).
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, SELF, TENANT } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/incidents.ts';
import type { RouteDeps } from '../deps.ts';
import { IncidentService } from './service.ts';

export function incidentRoutes(deps: RouteDeps): RouteDefinition[] {
  const incidents = new IncidentService(deps.store, deps.incidents, deps.now);
  return [
    defineRoute(api.incidentNews, { access: 'incidents.read', scope: SELF, handler: ({ auth, tenancy, query }) => incidents.news(auth, tenancy, query.after) }),
    defineRoute(api.listIncidents, { access: 'incidents.read', scope: TENANT, handler: ({ auth, tenancy, query }) => incidents.page(auth, tenancy, query) }),
    defineRoute(api.markIncidentsSeen, { access: 'incidents.read', scope: SELF, handler: ({ auth, tenancy, body }) => incidents.markSeen(auth, tenancy, body.upTo) }),
    defineRoute(api.acknowledgeIncident, { access: 'incidents.acknowledge', scope: TENANT, handler: ({ auth, tenancy, params }) => incidents.acknowledge(auth, tenancy, params.id) }),
    defineRoute(api.getThresholds, { access: 'incidents.thresholds', scope: memberGroup('params.groupId'), handler: ({ auth, scoped }) => incidents.thresholds(auth.user.id, scoped.groupId) }),
    defineRoute(api.setThresholds, {
      access: 'incidents.thresholds',
      scope: memberGroup('params.groupId'),
      handler: async ({ auth, scoped, body, activity }) => {
        // The feed keeps the thresholds before and after (the scope loads only the group's id).
        const before = await incidents.thresholds(auth.user.id, scoped.groupId);
        const after = await incidents.setThresholds(auth.user.id, scoped.groupId, body.thresholds);
        activity.change(before, after);
        return after;
      },
    }),
  ];
}
