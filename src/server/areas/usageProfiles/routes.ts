/**
 * The usage profiles and usage reports routes (src/protocol/rest/usageProfiles.ts): HTTP only.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, TENANT, visibleUnitScope } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/usageProfiles.ts';
import type { RouteDeps } from '../deps.ts';
import { UsageProfileService } from './service.ts';

export function usageProfileRoutes(deps: RouteDeps): RouteDefinition[] {
  const profiles = new UsageProfileService(deps);
  return [
    defineRoute(api.listUsageProfiles, {
      access: 'usageProfiles.admin',
      scope: TENANT,
      handler: ({ query, tenancy }) => profiles.page(tenancy, pageRequest(query, api.USAGE_PROFILE_SEARCH_KEYS, api.USAGE_PROFILE_SORT_KEYS), query.inventoryId),
    }),
    defineRoute(api.createUsageProfile, { access: 'usageProfiles.admin', scope: TENANT, handler: ({ body, tenancy }) => profiles.create(tenancy, body) }),
    defineRoute(api.updateUsageProfile, { access: 'usageProfiles.admin', scope: TENANT, handler: ({ params, body, tenancy }) => profiles.update(tenancy, params.id, body) }),
    defineRoute(api.deleteUsageProfile, { access: 'usageProfiles.admin', scope: TENANT, handler: async ({ params, tenancy }) => ({ removed: await profiles.remove(tenancy, params.id) }) }),
    defineRoute(api.setUnitUsageProfile, {
      access: 'usageProfiles.admin',
      scope: visibleUnitScope('params.id'),
      handler: ({ body, tenancy, scoped }) => profiles.setUnitProfile(tenancy, scoped.unit, body.profileId),
    }),
    defineRoute(api.usageReport, { access: 'reports.read', scope: ownInventory('query.inventoryId'), handler: ({ query, scoped }) => profiles.report(scoped.inventory.id, query) }),
  ];
}
