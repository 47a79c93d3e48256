/**
 * The users area's routes (administration of users, spec 002 §2 /users for the admin set): one
 * `defineRoute` per endpoint of src/protocol/rest/users.ts, HTTP only. The user a call names must
 * be one of the caller's inventories' (scope); the work is the service's.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { administeredUser, TENANT } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/users.ts';
import { USER_SEARCH_KEYS, USER_SORT_KEYS } from '../../../protocol/rest/users.ts';
import type { RouteDeps } from '../deps.ts';
import { UserService } from './service.ts';

export function userRoutes(deps: RouteDeps): RouteDefinition[] {
  const users = new UserService(deps.store, deps.ownership, deps.closeSessionSockets, deps.now);
  return [
    defineRoute(api.listUsers, {
      access: 'users.admin',
      scope: TENANT,
      handler: ({ query, tenancy }) => users.page(tenancy, pageRequest(query, USER_SEARCH_KEYS, USER_SORT_KEYS), query.inventoryId),
    }),
    defineRoute(api.getUser, { access: 'users.admin', scope: administeredUser('params.id'), handler: ({ tenancy, scoped }) => users.row(tenancy, scoped.user.id) }),
    defineRoute(api.createUser, { access: 'users.admin', scope: TENANT, handler: ({ auth, tenancy, body }) => users.create(auth, tenancy, body) }),
    defineRoute(api.updateUser, { access: 'users.admin', scope: administeredUser('params.id'), handler: ({ auth, tenancy, scoped, body }) => users.update(auth, tenancy, scoped.user, body) }),
    defineRoute(api.deactivateUser, { access: 'users.admin', scope: administeredUser('params.id'), handler: ({ auth, tenancy, scoped }) => users.setActive(auth, tenancy, scoped.user, false) }),
    defineRoute(api.activateUser, { access: 'users.admin', scope: administeredUser('params.id'), handler: ({ auth, tenancy, scoped }) => users.setActive(auth, tenancy, scoped.user, true) }),
    defineRoute(api.deleteUser, { access: 'users.admin', scope: administeredUser('params.id'), handler: async ({ auth, scoped }) => ({ removed: await users.remove(auth, scoped.user) }) }),
  ];
}
