/**
 * IP pipe of a unit (spec 000 §7, §4 "IP pipe: connected, connecting, disconnecting, not
 * connected, failed"; §9 "IP pipe is for under 1 Mbps"): configure it, connect and disconnect
 * (application l2ControlPipe: connecting, then connected).
 */
import { ipPipePort } from '../../domain/validation/ports.ts';
import { ipOrDns } from '../../domain/validation/fields.ts';
import type { RouteArea } from './area.ts';
import { applicationSwitchRoutes, idOf, objectSchema, saveSetting, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';

const TAGS = ['units', 'ipPipe'] as const;

export const unitIpPipeArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/ippipe',
    summary: 'IP pipe configuration: destination (IP or DNS name) and port 1-65535',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({
      enabled: { type: 'boolean' },
      destination: { type: 'string', maxLength: 255 },
      port: { type: ['integer', 'string'] },
      protocol: { type: 'string', enum: ['udp', 'tcp'] },
    }),
    response: objectSchema({ uid: { type: 'string' }, ipPipe: { type: 'object', additionalProperties: true } }, ['uid', 'ipPipe']),
    handler: async (request) => {
      const uid = idOf(request);
      const unit = await visibleUnit(deps, request, uid);
      const body = request.body as { destination?: string; port?: number | string };
      throwIfInvalid({
        destination: body.destination === undefined ? undefined : (ipOrDns(body.destination) ?? undefined),
        port: body.port === undefined ? undefined : (ipPipePort(body.port) ?? undefined),
      });
      const ipPipe = { ...((unit.settings['ipPipe'] as object | undefined) ?? {}), ...(request.body as object) };
      await saveSetting(deps, uid, 'ipPipe', ipPipe);
      return { uid, ipPipe };
    },
  });

  applicationSwitchRoutes(app, deps, {
    url: '/v2/units/:id/ippipe/connection',
    tags: TAGS,
    start: { summary: 'Connect the IP pipe (connecting, then connected)', command: () => ({ type: 'startIpPipe' }) },
    stop: { summary: 'Disconnect the IP pipe', command: { type: 'stopIpPipe' } },
  });
};
