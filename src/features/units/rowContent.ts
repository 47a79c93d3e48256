/**
 * What one unit row shows (UnitRow.tsx): the unit's view, and its name.
 *
 * The name is the view's; while the view has not come (a first snapshot's views in two parts,
 * src/fleet/store.ts: rows beyond the first screen's, for one round trip after the first paint) it
 * is the name the store holds for the unit without its view (`unitName`: the snapshot's names, the
 * ones the list's order was built from, or a live change's view). The two are the store's one
 * answer: `unitName` answers the view's name whenever there is a view (tests/property/firstViews.test.ts).
 * Only what is known is shown: the other cells stay placeholders until the view comes.
 */
import type { UnitView } from '../../../workers/pipeline/diff.ts';

/** The store's reads a row needs (FleetStore). */
export interface RowSource {
  unit(unitId: string): UnitView | undefined;
  unitName(unitId: string): string | undefined;
}

export interface RowContent {
  /** The unit's view; undefined while it has not come, or for a unit the store does not hold. */
  readonly unit: UnitView | undefined;
  /** The unit's name; undefined only for a unit the store does not hold. */
  readonly name: string | undefined;
}

export function rowContent(store: RowSource, unitId: string): RowContent {
  const unit = store.unit(unitId);
  return { unit, name: unit === undefined ? store.unitName(unitId) : unit.name };
}
