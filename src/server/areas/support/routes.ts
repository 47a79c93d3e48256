/**
 * The support area's routes (src/protocol/rest/support.ts): HTTP only. Every call is a TENANT
 * listing or names a device or approval the service looks up within the caller's reach (404 for
 * unknown and foreign alike): devices are units or servers, which no shared scope covers.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { TENANT } from '../../http/scope.ts';
import type { RequestAuth } from '../../http/requestAuth.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/support.ts';
import type { RouteDeps } from '../deps.ts';
import { SupportService, type Caller } from './service.ts';

const callerOf = (auth: RequestAuth, tenancy: Tenancy): Caller => ({ roles: auth.roles, tenancy, username: auth.user.username });

export function supportRoutes(deps: RouteDeps): RouteDefinition[] {
  const support = new SupportService(deps);
  return [
    defineRoute(api.listSupportDevices, {
      access: 'support.read',
      scope: TENANT,
      handler: ({ auth, tenancy, query }) =>
        support.devicePage(callerOf(auth, tenancy), pageRequest(query, api.SUPPORT_DEVICE_SEARCH_KEYS, api.SUPPORT_DEVICE_SORT_KEYS), { kind: query.kind, access: query.access }),
    }),
    defineRoute(api.getDeviceSupport, { access: 'support.read', scope: TENANT, handler: ({ auth, tenancy, params }) => support.deviceSupport(callerOf(auth, tenancy), params.kind, params.id) }),
    defineRoute(api.grantSupportAccess, { access: 'support.approve', scope: TENANT, handler: ({ auth, tenancy, params }) => support.grant(callerOf(auth, tenancy), params.kind, params.id) }),
    defineRoute(api.revokeSupportAccess, { access: 'support.approve', scope: TENANT, handler: ({ auth, tenancy, params }) => support.revoke(callerOf(auth, tenancy), params.kind, params.id) }),
    defineRoute(api.listRemoteActions, {
      access: 'support.read',
      scope: TENANT,
      handler: ({ auth, tenancy, query }) =>
        support.actionPage(
          callerOf(auth, tenancy),
          { ...pageRequest(query, api.REMOTE_ACTION_SEARCH_KEYS, api.REMOTE_ACTION_SORT_KEYS), sortBy: query.sortBy ?? 'requestedAt', sortDir: query.sortDir ?? 'desc' },
          { status: query.status, deviceKind: query.deviceKind, deviceId: query.deviceId },
        ),
    }),
    defineRoute(api.createRemoteAction, { access: 'support.request', scope: TENANT, handler: ({ auth, tenancy, body }) => support.request(callerOf(auth, tenancy), body) }),
    defineRoute(api.listAccessApprovals, {
      access: 'support.read',
      scope: TENANT,
      handler: ({ auth, tenancy, query }) =>
        support.approvalPage(
          callerOf(auth, tenancy),
          { ...pageRequest(query, api.ACCESS_APPROVAL_SEARCH_KEYS, api.ACCESS_APPROVAL_SORT_KEYS), sortBy: query.sortBy ?? 'requestedAt', sortDir: query.sortDir ?? 'desc' },
          { state: query.state, deviceKind: query.deviceKind, deviceId: query.deviceId },
        ),
    }),
    defineRoute(api.approveAccessApproval, { access: 'support.approve', scope: TENANT, handler: ({ auth, tenancy, params }) => support.approve(callerOf(auth, tenancy), params.id) }),
    defineRoute(api.declineAccessApproval, { access: 'support.approve', scope: TENANT, handler: ({ auth, tenancy, params }) => support.decline(callerOf(auth, tenancy), params.id) }),
  ];
}
