/**
 * The signed-in user's own account (spec 002 §7 "User and client": users/fetch_current_user_details,
 * users/update_current_user, users/contact; ours: users/change_password). Every signed-in user,
 * on their own record only (scope self).
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/account.ts';
import type { RouteDeps } from '../deps.ts';
import { AccountService } from './service.ts';

export function accountRoutes(deps: RouteDeps): RouteDefinition[] {
  const account = new AccountService(deps.store, deps.closeSessionSockets, deps.now);
  return [
    defineRoute(api.fetchCurrentUserDetails, { access: 'self.read', scope: SELF, handler: ({ auth }) => account.details(auth.user) }),
    defineRoute(api.updateCurrentUser, { access: 'self.update', scope: SELF, handler: ({ auth, body }) => account.updateProfile(auth.user, body) }),
    defineRoute(api.getContact, { access: 'self.read', scope: SELF, handler: ({ auth }) => account.contact(auth.user) }),
    defineRoute(api.saveContact, { access: 'self.update', scope: SELF, handler: ({ auth, body }) => account.saveContact(auth.user, body) }),
    defineRoute(api.confirmEmail, { access: 'self.update', scope: SELF, handler: ({ auth, body }) => account.confirmEmail(auth.user, body.token) }),
    defineRoute(api.changePassword, { access: 'self.update', scope: SELF, handler: ({ auth, body }) => account.changePassword(auth, body) }),
  ];
}
