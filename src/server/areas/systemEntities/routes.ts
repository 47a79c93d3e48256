/** System Entities' own route (src/protocol/rest/systemEntities.ts): every server of a type, super user. */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SYSTEM } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/systemEntities.ts';
import { serverTypeFromAdminQuery } from '../../../domain/servers.ts';
import type { RouteDeps } from '../deps.ts';

export function systemEntitiesRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(api.listSystemServers, {
      access: 'system.admin',
      scope: SYSTEM,
      handler: async ({ query }) => {
        const request = pageRequest(query, api.SYSTEM_SERVER_SEARCH_KEYS, api.SYSTEM_SERVER_SORT_KEYS);
        // The contract admits the four admin type names only, so the type is always known.
        const type = serverTypeFromAdminQuery(query.type) ?? 'mmh';
        const page = await deps.store.systemEntities.serverPage(type, request);
        return { total: page.total, limit: request.limit, offset: request.offset, items: page.items };
      },
    }),
  ];
}
