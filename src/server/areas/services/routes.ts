/**
 * The services area's routes (src/protocol/rest/services.ts): HTTP only. The inventory a call is
 * about is checked by the scope (one of the caller's, else 404); the activation grant by the service.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory } from '../../http/scope.ts';
import { badRequest } from '../../http/errors.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/services.ts';
import { SERVICE_NAMES, type ServiceName } from '../../../domain/services.ts';
import type { RouteDeps } from '../deps.ts';
import { ServicesService } from './service.ts';

/** Ours: an unknown name in the serviceName list. */
export const UNKNOWN_SERVICE = 'Unknown service: {0}';

/** The serviceName list of services_status: comma-separated names, each one of SERVICE_NAMES (400 naming the first unknown). */
export function serviceNameList(text: string): ServiceName[] {
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.find((name) => !(SERVICE_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined || names.length === 0) {
    const message = UNKNOWN_SERVICE.replace('{0}', (unknown ?? text).slice(0, 64));
    throw badRequest(message, { fields: { serviceName: message } });
  }
  return names as ServiceName[];
}

export function serviceRoutes(deps: RouteDeps): RouteDefinition[] {
  const services = new ServicesService(deps);
  return [
    defineRoute(api.listManagedServices, { access: 'services.read', scope: ownInventory('query.inventoryId'), handler: ({ scoped }) => services.statuses(scoped.inventory.id) }),
    defineRoute(api.adminManagedServices, { access: 'services.admin', scope: ownInventory('query.inventoryId'), handler: ({ scoped }) => services.inventoryServices(scoped.inventory) }),
    defineRoute(api.servicesStatus, {
      access: 'services.read',
      scope: ownInventory('query.inventoryId'),
      handler: ({ query, scoped }) => services.statuses(scoped.inventory.id, serviceNameList(query.serviceName)),
    }),
    defineRoute(api.startTrial, { access: 'services.admin', scope: ownInventory('body.inventoryId'), handler: ({ body, scoped }) => services.startTrial(scoped.inventory.id, body.serviceName) }),
    defineRoute(api.activationUnits, {
      access: 'activation.use',
      scope: ownInventory('params.id'),
      handler: async ({ query, auth, scoped }) => {
        await services.requireActivation(scoped.inventory.id, auth.user.id, auth.roles);
        return services.activationUnits(scoped.inventory.id, pageRequest(query, api.ACTIVATION_SEARCH_KEYS, api.ACTIVATION_SORT_KEYS));
      },
    }),
    defineRoute(api.setUnitActivation, {
      access: 'activation.use',
      scope: ownInventory('params.id'),
      handler: async ({ params, body, auth, scoped }) => {
        await services.requireActivation(scoped.inventory.id, auth.user.id, auth.roles);
        return services.setActivation(scoped.inventory.id, params.uid, body.serviceName, body.active);
      },
    }),
    defineRoute(api.activationGrants, { access: 'activation.use', scope: ownInventory('params.id'), handler: ({ auth, scoped }) => services.grants(scoped.inventory.id, auth.user.id, auth.roles) }),
    defineRoute(api.setActivationGrants, {
      access: 'services.admin',
      scope: ownInventory('params.id'),
      handler: ({ body, auth, scoped }) => services.setGrants(scoped.inventory.id, body.userIds, auth.user.id, auth.roles),
    }),
  ];
}
