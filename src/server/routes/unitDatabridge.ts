/**
 * Databridge of a unit (spec 000 §7): the DataBridge Gateway a unit uses (read; admins choose
 * it among the gateways of their groups) and the databridge stream (application databridge:
 * connecting, then connected; status transparent_bridge).
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { applicationSwitchRoutes, ID, idOf, objectSchema, saveSetting, unitRoute, unitView, visibleUnit } from './unitKit.ts';

const TAGS = ['units', 'databridge'] as const;

/** The product type of a databridge gateway (spec 000 §3 "DataBridge Extender and Gateway"). */
export const GATEWAY_TYPE = 'DataBridge Gateway';
/** Ours: the chosen gateway must be a DataBridge Gateway the caller can see. */
export const NOT_A_GATEWAY_MESSAGE = 'The selected unit is not a DataBridge Gateway of your groups';

async function gatewaysOf(deps: RouteDeps, request: FastifyRequest) {
  const { units } = await deps.store.units.list({
    groupIds: authOf(request).principal.groupIds,
    searchKey: 'type',
    searchValue: GATEWAY_TYPE,
    sortBy: 'name',
    sortDir: 'asc',
    limit: 1000,
    offset: 0,
  });
  return units.filter((u) => u.type === GATEWAY_TYPE);
}

const SELECTED_RESPONSE = objectSchema({ uid: { type: 'string' }, gatewayId: { type: ['string', 'null'] } }, ['uid', 'gatewayId']);

export const unitDatabridgeArea: RouteArea = (app, deps) => {
  const selected = async (request: FastifyRequest) => {
    const unit = await visibleUnit(deps, request, idOf(request));
    const gatewayId = unit.settings['dbGateway'];
    return { uid: unit.uid, gatewayId: typeof gatewayId === 'string' ? gatewayId : null };
  };

  unitRoute(app, deps, { method: 'GET', url: '/v2/units/:id/dbgateway/selected', summary: 'The DataBridge Gateway a unit uses', tags: TAGS, access: 'read', response: SELECTED_RESPONSE, handler: selected });
  unitRoute(app, deps, { method: 'GET', url: '/v2/admin/units/:id/dbgateway/selected', summary: 'The DataBridge Gateway a unit uses (admin)', tags: TAGS, access: 'manage', response: SELECTED_RESPONSE, handler: selected });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/dbgateway',
    summary: 'DataBridge Gateways a unit may use (those of the caller’s groups)',
    tags: TAGS,
    access: 'manage',
    response: objectSchema({ uid: { type: 'string' }, gateways: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'gateways']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return { uid: unit.uid, gateways: (await gatewaysOf(deps, request)).map((g) => unitView(deps, { ...g, alertsConfiguration: {}, metadata: {} })) };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/units/:id/dbgateway/selected',
    summary: 'Choose the DataBridge Gateway of a unit (null: none)',
    tags: TAGS,
    access: 'admin',
    body: objectSchema({ gatewayId: { anyOf: [ID, { type: 'null' }] } }, ['gatewayId']),
    response: SELECTED_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const { gatewayId } = request.body as { gatewayId: string | null };
      if (gatewayId !== null && !(await gatewaysOf(deps, request)).some((g) => g.uid === gatewayId)) {
        throw badRequest(NOT_A_GATEWAY_MESSAGE, { fields: { gatewayId: NOT_A_GATEWAY_MESSAGE } });
      }
      await saveSetting(deps, unit.uid, 'dbGateway', gatewayId);
      return { uid: unit.uid, gatewayId };
    },
  });

  applicationSwitchRoutes(app, deps, {
    url: '/v2/units/:id/stream/databridge',
    tags: TAGS,
    start: { summary: 'Start the databridge (connecting, then connected)', command: () => ({ type: 'startDatabridge' }) },
    stop: { summary: 'Stop the databridge', command: { type: 'stopDatabridge' } },
  });
};
