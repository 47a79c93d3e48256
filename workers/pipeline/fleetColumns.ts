/**
 * A loaded fleet's units as the UI's snapshot columns (snapshotColumns.ts), from a decoded REST
 * snapshot: the model loaded from it (loadSnapshot, the worker's own load) and each unit's view
 * (unitView.ts, the worker's own view), in the model's order. The server runs it to answer
 * GET devices/fetch in the columnar form (src/protocol/columnsSnapshot.ts, issue 15 item 3), so
 * the console's worker can hand the columns to the UI before it unpacks or decodes anything; the
 * worker's pipeline makes the same columns from the same functions when it loads a snapshot itself.
 *
 * A fresh model holds no pressed button's transition and no fetched capabilities: the views carry
 * none, as a first load's do (the worker sends a unit whole again when it holds either).
 */
import type { UnitCounters } from '../../src/domain/units/counters.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import { createFleetModel } from '../model/fleetModel.ts';
import { loadSnapshot } from '../model/snapshot.ts';
import type { UnitView } from './diff.ts';
import type { SnapshotColumns } from './snapshotColumns.ts';
import { encodeSnapshotColumns } from './snapshotColumns.ts';
import { unitViewOf } from './unitView.ts';

export interface FleetColumns {
  readonly columns: SnapshotColumns;
  /** The columns' buffers (snapshotColumns.ts), to transfer or write out. */
  readonly transfer: ArrayBuffer[];
  /** The model's counters after the load (the reset diff's `counters`). */
  readonly counters: UnitCounters;
}

/** The columns of `snapshot`'s units as a fresh model loads them (a unit id twice: the last entry wins, as in the model). */
export function columnsOfFleet(snapshot: FleetSnapshot): FleetColumns {
  const model = createFleetModel();
  loadSnapshot(model, snapshot, 0);
  const views = new Array<UnitView>(model.units.size);
  let index = 0;
  for (const unit of model.units.values()) views[index++] = unitViewOf(unit, null, undefined);
  const { columns, transfer } = encodeSnapshotColumns(views);
  return { columns, transfer, counters: { ...model.counters } };
}
