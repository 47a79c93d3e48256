/**
 * Bandwidth limitation of a unit (spec 000 §7 "GET and PUT v2/units/{id}/bwLimitation/cellular and
 * /total, plus admin variants"; §5 "the total bandwidth limit must be at or above the cellular
 * limit"). Limits in kbps, 0 or null = no limit; stored (settings.bwLimitation).
 */
import { networkFormErrors } from '../../../domain/validation/network.ts';
import type { BandwidthKind } from '../../../protocol/rest/unitControl.ts';
import { refuseFields } from '../../http/errors.ts';
import type { StoredUnit } from '../units/repo.ts';
import type { UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';

type Limits = { totalKbps: number | null; cellularKbps: number | null };

const KEY_OF = { total: 'totalKbps', cellular: 'cellularKbps' } as const satisfies Record<BandwidthKind, keyof Limits>;

function limitsOf(unit: StoredUnit): Limits {
  const stored = settingObject<Limits>(unit, 'bwLimitation');
  return { totalKbps: stored?.totalKbps ?? null, cellularKbps: stored?.cellularKbps ?? null };
}

export function bandwidthLimitOf(unit: StoredUnit, kind: BandwidthKind) {
  const limits = limitsOf(unit);
  return { uid: unit.uid, kind, limitKbps: limits[KEY_OF[kind]], ...limits };
}

/** Sets one limit; the message goes on the field being set (the total/cellular conflict is worded on the total). */
export async function setBandwidthLimit(deps: UnitDeps, unit: StoredUnit, kind: BandwidthKind, value: number | string | null) {
  const key = KEY_OF[kind];
  const current = limitsOf(unit);
  const errors = networkFormErrors({ ...current, [key]: value });
  refuseFields({ limitKbps: errors[key] ?? errors.totalKbps ?? errors.cellularKbps });
  const numeric = value === null || value === '' || Number(value) === 0 ? null : Number(value);
  const next: Limits = { ...current, [key]: numeric };
  await saveSetting(deps, unit.uid, 'bwLimitation', next);
  return { uid: unit.uid, kind, limitKbps: numeric, ...next };
}
