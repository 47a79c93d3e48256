/** Software Versions routes (src/protocol/rest/softwareVersions.ts): HTTP only. */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { TENANT } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/softwareVersions.ts';
import type { RouteDeps } from '../deps.ts';
import { SoftwareVersionService } from './service.ts';

export function softwareVersionRoutes(deps: RouteDeps): RouteDefinition[] {
  const versions = new SoftwareVersionService(deps);
  return [
    defineRoute(api.listSoftwareVersions, {
      access: 'softwareVersions.admin',
      scope: TENANT,
      handler: ({ query, tenancy }) => versions.page(tenancy, pageRequest(query, api.SW_VERSION_SEARCH_KEYS, api.SW_VERSION_SORT_KEYS)),
    }),
    defineRoute(api.createSoftwareVersion, { access: 'softwareVersions.admin', scope: TENANT, handler: ({ body, tenancy }) => versions.create(tenancy, body) }),
    defineRoute(api.updateSoftwareVersion, { access: 'softwareVersions.admin', scope: TENANT, handler: ({ params, body, tenancy }) => versions.update(tenancy, params.id, body) }),
    defineRoute(api.deleteSoftwareVersion, { access: 'softwareVersions.admin', scope: TENANT, handler: ({ params, tenancy }) => versions.remove(tenancy, params.id) }),
    defineRoute(api.listUnitVersions, {
      access: 'softwareVersions.admin',
      scope: TENANT,
      handler: ({ query, tenancy }) => versions.units(tenancy, pageRequest(query, api.UNIT_VERSION_SEARCH_KEYS)),
    }),
  ];
}
