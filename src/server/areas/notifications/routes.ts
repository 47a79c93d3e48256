/**
 * What the console polls (spec 002 §7 client_notifications/fetch; spec 000 §7 v2/alerts/active):
 * one `defineRoute` per endpoint of src/protocol/rest/notifications.ts.
 */
import { Schema } from 'effect';
import { notificationFlags } from '../../../domain/notifications.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, SELF } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/notifications.ts';
import type { RouteDeps } from '../deps.ts';

/** The simulator's alerts come in untyped (LiveQueries): decoded here, at the edge. */
const decodeAlerts = Schema.decodeUnknownSync(Schema.Array(api.ActiveAlert), { onExcessProperty: 'ignore' });

export function notificationRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(api.fetchClientNotifications, {
      access: 'self.read',
      scope: SELF,
      handler: async () => {
        const now = deps.now();
        return (await deps.store.notifications.active(now)).map((n) => {
          const flags = notificationFlags(n.expireDate, now);
          return { id: n.id, globalNotification: n.globalNotification, expireDate: n.expireDate, expiresWithin24h: flags.expiresWithin24h, expiresWithin2h: flags.expiresWithin2h };
        });
      },
    }),
    // The group must be one of the caller's groups (403), whatever crnt_vcg_uid says.
    defineRoute(api.activeAlerts, { access: 'units.read', scope: memberGroup('query.groupId'), handler: async ({ scoped }) => decodeAlerts(deps.live.activeAlerts(scoped.groupId)) }),
  ];
}
