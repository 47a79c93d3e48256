/**
 * The Devices screen's own calls (issue 12; src/protocol/rest/devices.ts): a unit's LU-Link
 * settings. Reading them is `servers.read` (the management set, as /devices); setting them is
 * `devices.configure` (the admin set). Scope: the unit is visible to the caller, else 404.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { visibleUnitScope } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/devices.ts';
import type { RouteDeps } from '../deps.ts';
import { serverServiceOf } from '../servers/routes.ts';

export function deviceRoutes(deps: RouteDeps): RouteDefinition[] {
  const servers = serverServiceOf(deps);
  const byUnit = visibleUnitScope('params.id');
  return [
    defineRoute(api.getLuLink, { access: 'servers.read', scope: byUnit, handler: ({ scoped }) => servers.luLinkOf(scoped.unit) }),
    defineRoute(api.setLuLink, { access: 'devices.configure', scope: byUnit, handler: ({ body, scoped }) => servers.setLuLink(scoped.unit, body) }),
  ];
}
