/**
 * The ad-hoc area's routes: one `defineRoute` per endpoint of src/protocol/rest/adhoc.ts, HTTP
 * only. Access levels of the unit calls: reads are 'units.read' (any signed-in user), writes and a
 * key regeneration 'units.operate' (console users who are not read-only, spec 000 §6).
 *
 * Scopes: the group calls name the group in the path (and maybe crnt_vcg_uid); each must be one of
 * the caller's groups (403 "Group '<id>' is not one of your groups"). The expiration calls are
 * scoped by their unit (unknown and foreign units: the same 404), then the service checks the
 * group named beside it.
 */
import { may } from '../../../domain/roles/permissions.ts';
import * as api from '../../../protocol/rest/adhoc.ts';
import { forbidden, ACCESS_REFUSED } from '../../http/errors.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, visibleUnitScope } from '../../http/scope.ts';
import type { RouteDeps } from '../deps.ts';
import { AdhocService } from './service.ts';


export function adhocRoutes(deps: RouteDeps): RouteDefinition[] {
  const adhoc = new AdhocService(deps.store, deps.fleet, deps.ownership, deps.now);
  const groupScope = memberGroup('params.groupId', 'query.crnt_vcg_uid');
  const unitScope = visibleUnitScope('params.unitId');

  const invitation = (channel: keyof typeof api.INVITATION_ENDPOINTS): RouteDefinition =>
    defineRoute(api.INVITATION_ENDPOINTS[channel], {
      access: 'units.operate',
      scope: groupScope,
      handler: async ({ body, auth, scoped }) => adhoc.invite((await adhoc.group(scoped.groupId)).id, channel, body, auth.user.id),
    });

  return [
    // ── Ad-hoc registration ──
    defineRoute(api.getAdhocRegistration, {
      access: 'units.read',
      scope: groupScope,
      handler: async ({ query, scoped }) => adhoc.registration((await adhoc.group(scoped.groupId)).id, query.mode ?? 'smart'),
    }),
    defineRoute(api.changeAdhocRegistration, {
      access: 'units.operate',
      scope: groupScope,
      handler: async ({ body, scoped, setStatus }) => {
        const { answer, created } = await adhoc.changeRegistration(await adhoc.group(scoped.groupId), body);
        if (created) setStatus(201); // a device was registered with the change
        return answer;
      },
    }),

    // ── Permanent registration ──
    defineRoute(api.getPermanentRegistration, {
      access: 'units.read',
      scope: groupScope,
      handler: async ({ query, auth, scoped }) => {
        const regenerate = query.regenerate === true;
        // A new key is a change: read-only users may look at the key, not replace it.
        if (regenerate && !may(auth.roles, 'units.operate')) throw forbidden(ACCESS_REFUSED);
        return adhoc.permanent((await adhoc.group(scoped.groupId)).id, regenerate);
      },
    }),
    defineRoute(api.changePermanentRegistration, {
      access: 'units.operate',
      scope: groupScope,
      handler: async ({ body, scoped }) => adhoc.changePermanent((await adhoc.group(scoped.groupId)).id, body),
    }),

    // ── Invitations ──
    invitation('email'),
    invitation('sms'),

    // ── Expiration of an ad-hoc unit ──
    defineRoute(api.getUnitExpiration, {
      access: 'units.read',
      scope: unitScope,
      handler: async ({ params, query, tenancy, scoped }) => adhoc.expiration(adhoc.groupSmartUnit(scoped.unit, params.gid, [query.crnt_vcg_uid], tenancy.groupIds)),
    }),
    defineRoute(api.resetUnitExpiration, {
      access: 'units.operate',
      scope: unitScope,
      handler: async ({ params, query, body, tenancy, scoped }) =>
        adhoc.resetExpiration(adhoc.groupSmartUnit(scoped.unit, params.gid, [query.crnt_vcg_uid], tenancy.groupIds), body.period),
    }),
  ];
}
