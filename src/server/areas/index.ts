/**
 * The server's list of areas written with the REST contract kit (docs/architecture.md "An area,
 * end to end"): each gives the routes of its endpoints. buildApp (app.ts) registers them under
 * /luc/luc-core-web/rest. Add a new area here, one line.
 */
import type { RouteDefinition } from '../http/route.ts';
import type { RouteDeps } from '../routes/area.ts';
import { groupRoutes } from './groups/routes.ts';
import { channelRoutes } from './channels/routes.ts';

export interface ContractArea {
  /** The area's name, as in src/protocol/rest/<name>.ts. */
  readonly name: string;
  routes(deps: RouteDeps): RouteDefinition[];
}

export const CONTRACT_AREAS: readonly ContractArea[] = [
  { name: 'groups', routes: groupRoutes },
  { name: 'channels', routes: channelRoutes },
];
