/**
 * A unit a call names besides its scope (a link call is scoped by its group or inventory, and
 * names the unit too): the same rule and the same 404 as the unit scope (src/server/http/scope.ts),
 * so unknown and foreign units read alike.
 */
import { notFound } from '../../http/errors.ts';
import { unitVisible } from '../../http/scope.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';

export async function visibleUnit(deps: UnitDeps, tenancy: Tenancy, uid: string): Promise<StoredUnit> {
  const unit = await deps.store.units.get(uid);
  if (unit === undefined || !unitVisible(tenancy, unit)) throw notFound(`Unit '${uid.slice(0, 64)}' not found`);
  return unit;
}
