/**
 * The servers area's routes (issue 12; spec 001 §7 "Servers"): one `defineRoute` per endpoint of
 * src/protocol/rest/servers.ts, HTTP only; the work is the service's (service.ts).
 *
 * Access: reading servers (the Devices screen) is `servers.read` (the broad management set, as
 * /devices); changing them, their configuration and restarting them is `servers.admin` (the admin
 * set); the IFB servers of the support menu are `ifbServers.admin` (super user). Scope: a server
 * named by id is in one of the caller's inventories (a super user: any), else the same 404 for
 * unknown and foreign servers.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { badRequest } from '../../http/errors.ts';
import { inputText, ownInventory, SYSTEM, type InputRef, type ScopeRule } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/servers.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredServer } from './repo.ts';
import { serverNotFound, ServerService, serverVisible } from './service.ts';

/** The server a call is about: in one of the caller's inventories (a super user: any); unknown and foreign get the same 404. */
export function administeredServer(from: InputRef = 'params.id'): ScopeRule<{ server: StoredServer }> {
  return {
    kind: 'server',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const server = await deps.store.servers.get(id);
      if (server === undefined || !serverVisible(tenancy, server)) throw serverNotFound(id);
      return { server };
    },
  };
}

/** One service per app (its services cache is shared by the servers and devices areas). */
const services = new WeakMap<RouteDeps, ServerService>();
export function serverServiceOf(deps: RouteDeps): ServerService {
  let service = services.get(deps);
  if (service === undefined) services.set(deps, (service = new ServerService(deps)));
  return service;
}

export function serverRoutes(deps: RouteDeps): RouteDefinition[] {
  const servers = serverServiceOf(deps);
  const byServer = administeredServer('params.id');
  return [
    defineRoute(api.inventoryServers, {
      access: 'servers.read',
      scope: ownInventory('params.id'),
      handler: ({ query, scoped }) => servers.ofInventory(scoped.inventory.id, query.type, query.limit ?? GRID_PAGE_SIZE, query.offset ?? 0),
    }),
    defineRoute(api.getServer, { access: 'servers.read', scope: byServer, handler: ({ scoped }) => servers.row(scoped.server) }),
    defineRoute(api.updateServer, { access: 'servers.admin', scope: byServer, handler: ({ body, scoped }) => servers.update(scoped.server, body) }),
    defineRoute(api.deleteServer, { access: 'servers.admin', scope: byServer, handler: ({ scoped }) => servers.remove(scoped.server) }),
    defineRoute(api.serverServices, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.services(scoped.server) }),
    defineRoute(api.serverCapabilities, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.capabilities(scoped.server) }),
    defineRoute(api.serverSpecifications, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.specifications(scoped.server) }),
    defineRoute(api.serverIps, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.ips(scoped.server) }),
    defineRoute(api.getServerSmpte, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.smpte(scoped.server) }),
    defineRoute(api.setServerSmpte, { access: 'servers.admin', scope: byServer, handler: ({ body, scoped }) => servers.setSmpte(scoped.server, body) }),
    defineRoute(api.getIpPipe, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.ipPipe(scoped.server) }),
    defineRoute(api.createIpPipe, {
      access: 'servers.admin',
      scope: byServer,
      handler: async ({ body, scoped, setStatus }) => {
        const answer = await servers.saveIpPipe(scoped.server, body, 'create');
        setStatus(201);
        return answer;
      },
    }),
    defineRoute(api.updateIpPipe, { access: 'servers.admin', scope: byServer, handler: ({ body, scoped }) => servers.saveIpPipe(scoped.server, body, 'update') }),
    defineRoute(api.getMmhConfiguration, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.mmhConfiguration(scoped.server) }),
    defineRoute(api.setMmhConfiguration, { access: 'servers.admin', scope: byServer, handler: ({ body, scoped }) => servers.setMmhConfiguration(scoped.server, body) }),
    defineRoute(api.getVrConfiguration, { access: 'servers.read', scope: byServer, handler: async ({ scoped }) => servers.vrConfiguration(scoped.server) }),
    defineRoute(api.setVrConfiguration, { access: 'servers.admin', scope: byServer, handler: ({ body, scoped }) => servers.setVrConfiguration(scoped.server, body) }),
    defineRoute(api.resetInstance, { access: 'servers.admin', scope: byServer, handler: async ({ scoped }) => servers.restart(scoped.server) }),
    defineRoute(api.ingestServerChannels, { access: 'servers.read', scope: byServer, handler: ({ scoped }) => servers.ingestChannelsOf(scoped.server) }),
    defineRoute(api.listIfbServers, { access: 'ifbServers.admin', scope: SYSTEM, handler: ({ query }) => servers.ifbServers(query.search) }),
    defineRoute(api.updateIfbServer, { access: 'ifbServers.admin', scope: SYSTEM, handler: ({ params, body }) => servers.updateIfbServer(params.id, body) }),
  ];
}
