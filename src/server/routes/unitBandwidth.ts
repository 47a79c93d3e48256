/**
 * Bandwidth limitation of a unit (spec 000 §7 "GET and PUT v2/units/{id}/bwLimitation/cellular and
 * /total, plus admin variants"; §5 "the total bandwidth limit must be at or above the cellular
 * limit"). Limits in kbps, 0 or null = no limit; stored (settings.bwLimitation).
 */
import { networkFormErrors } from '../../domain/validation/network.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea } from './area.ts';
import { idOf, objectSchema, saveSetting, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';

export const BANDWIDTH_KINDS = ['cellular', 'total'] as const;
export type BandwidthKind = (typeof BANDWIDTH_KINDS)[number];

type Limits = { totalKbps: number | null; cellularKbps: number | null };

function limitsOf(unit: StoredUnit): Limits {
  const stored = unit.settings['bwLimitation'] as Partial<Limits> | undefined;
  return { totalKbps: stored?.totalKbps ?? null, cellularKbps: stored?.cellularKbps ?? null };
}

const LIMIT_RESPONSE = objectSchema(
  { uid: { type: 'string' }, kind: { type: 'string', enum: BANDWIDTH_KINDS }, limitKbps: { type: ['number', 'null'] }, totalKbps: { type: ['number', 'null'] }, cellularKbps: { type: ['number', 'null'] } },
  ['uid', 'kind', 'limitKbps'],
);

export const unitBandwidthArea: RouteArea = (app, deps) => {
  for (const admin of [false, true]) {
    for (const kind of BANDWIDTH_KINDS) {
      const url = `/v2/${admin ? 'admin/' : ''}units/:id/bwLimitation/${kind}`;
      const key = kind === 'total' ? 'totalKbps' : 'cellularKbps';
      unitRoute(app, deps, {
        method: 'GET',
        url,
        summary: `The ${kind} bandwidth limit of a unit (kbps; null = no limit)${admin ? ' (admin)' : ''}`,
        tags: ['units', 'bandwidth'],
        access: admin ? 'manage' : 'read',
        response: LIMIT_RESPONSE,
        handler: async (request) => {
          const unit = await visibleUnit(deps, request, idOf(request));
          const limits = limitsOf(unit);
          return { uid: unit.uid, kind, limitKbps: limits[key], ...limits };
        },
      });
      unitRoute(app, deps, {
        method: 'PUT',
        url,
        summary: `Set the ${kind} bandwidth limit (kbps, 0 or null = no limit; total ≥ cellular)${admin ? ' (admin)' : ''}`,
        tags: ['units', 'bandwidth'],
        access: admin ? 'admin' : 'operate',
        body: objectSchema({ limitKbps: { type: ['integer', 'string', 'null'] } }, ['limitKbps']),
        response: LIMIT_RESPONSE,
        handler: async (request) => {
          const unit = await visibleUnit(deps, request, idOf(request));
          const value = (request.body as { limitKbps: number | string | null }).limitKbps;
          const current = limitsOf(unit);
          const form = { totalKbps: current.totalKbps, cellularKbps: current.cellularKbps, [key]: value };
          const errors = networkFormErrors(form);
          // The message goes on the field being set (the total/cellular conflict is worded on the total).
          throwIfInvalid({ limitKbps: errors[key] ?? errors.totalKbps ?? errors.cellularKbps });
          const numeric = value === null || value === '' || Number(value) === 0 ? null : Number(value);
          const next = { ...current, [key]: numeric };
          await saveSetting(deps, unit.uid, 'bwLimitation', next);
          return { uid: unit.uid, kind, limitKbps: numeric, ...next };
        },
      });
    }
  }
};
