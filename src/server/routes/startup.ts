import { notificationFlags } from '../../domain/notifications.ts';
import { requireGroup } from '../http/guards.ts';
import { authOf } from '../http/requestAuth.ts';
import type { RouteArea } from './area.ts';

/** spec 002 §7: client_notifications/fetch; spec 000 §7: v2/alerts/active (groups/fetch is the groups area's). */
export const startupArea: RouteArea = (app, deps) => {
  app.get(
    '/client_notifications/fetch',
    {
      schema: {
        summary: 'Global notifications not yet expired, with the 24 h and 2 h expiry flags (spec 002 §3, §4)',
        tags: ['notifications'],
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                globalNotification: { type: 'string' },
                expireDate: { type: 'integer' },
                expiresWithin24h: { type: 'boolean' },
                expiresWithin2h: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
    async () => {
      const now = deps.now();
      return (await deps.store.notifications.active(now)).map((n) => {
        const flags = notificationFlags(n.expireDate, now);
        return {
          id: n.id,
          globalNotification: n.globalNotification,
          expireDate: n.expireDate,
          expiresWithin24h: flags.expiresWithin24h,
          expiresWithin2h: flags.expiresWithin2h,
        };
      });
    },
  );

  app.get<{ Querystring: { groupId: string } }>(
    '/v2/alerts/active',
    {
      schema: {
        summary: 'Active alerts of the units of a group',
        tags: ['alerts'],
        querystring: {
          type: 'object',
          required: ['groupId'],
          properties: {
            groupId: { type: 'string', minLength: 1, maxLength: 128 },
            crnt_vcg_uid: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } } },
      },
      preHandler: requireGroup(),
    },
    async (request) => deps.live.activeAlerts(request.query.groupId),
  );
};
