/**
 * The ids the unit list shows, in order: the units that pass the filters, sorted by the chosen
 * column (no value last in both directions; ties by name, then id, so the order is stable while
 * values change). Text sorts as Intl.Collator('en', { numeric, sensitivity: 'base' }) would.
 * One-shot form of unitOrder.ts (the screen keeps a UnitOrder and updates it as units change).
 */
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import type { UnitSort } from './listPrefs.ts';
import { UnitOrder } from './unitOrder.ts';

export function orderedUnitIds(units: Iterable<UnitView>, matches: (unit: UnitView) => boolean, sort: UnitSort | null): string[] {
  const byId = new Map<string, UnitView>();
  for (const unit of units) byId.set(unit.id, unit);
  const order = new UnitOrder({ unit: (id) => byId.get(id), unitIds: () => [...byId.keys()] });
  order.configure(sort, matches, null);
  return [...order.rows().ids];
}
