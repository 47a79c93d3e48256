/**
 * The incident recorder's buffer (src/server/areas/incidents/recorder.ts): what waits is stored in
 * order in one transaction per flush; when BUFFER_MAX incidents wait, the oldest tenth is dropped
 * at once (not one per new incident: that copied the whole array each time) and counted, and the
 * drops are logged at the next flush, at most once a minute, with how many since the last report.
 * The store is a recording stand-in: the point is what the recorder asks of it.
 */
import { describe, expect, it } from 'vitest';
import { BUFFER_DROP_BLOCK, BUFFER_MAX, DROPPED_REPORT_EVERY_MS, IncidentRecorder } from './recorder.ts';
import type { NewIncident } from './repo.ts';
import type { Store } from '../../store/store.ts';
import type { LiveEvent } from '../../live/types.ts';

/** A recorder over a store that records the units of each insertMany. */
function recorderWith() {
  const writes: string[][] = [];
  const warnings: string[] = [];
  const clock = { now: 0 };
  const store = {
    incidents: {
      insertMany: async (rows: readonly NewIncident[]) => void writes.push(rows.map((r) => r.unit_id)),
    },
  } as unknown as Store;
  const recorder = new IncidentRecorder({ store, groupOfUnit: () => undefined, now: () => clock.now, logError: () => undefined, logWarning: (message) => warnings.push(message) });
  return { recorder, writes, warnings, clock };
}

/** Makes `count` transition incidents wait, one per unit: each unit seen online, then offline. */
function raise(recorder: IncidentRecorder, count: number, prefix: string): string[] {
  const units = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  let seq = 0;
  const event = (id: string, state: string): LiveEvent => ({ seq: ++seq, ts: 1_000 + seq, kind: 'unit.status', id, rev: seq, data: { state } });
  for (const id of units) recorder.handle(event(id, 'online'));
  for (const id of units) recorder.handle(event(id, 'offline'));
  return units;
}

describe('the incident recorder buffer', () => {
  it('stores what waits in order, in one transaction per flush, and logs nothing when nothing was dropped', async () => {
    const { recorder, writes, warnings } = recorderWith();
    const units = raise(recorder, 2_500, 'U');
    expect(recorder.waiting).toBe(2_500);
    await recorder.flush();
    expect(writes).toEqual([units]);
    expect([recorder.stored, recorder.waiting, recorder.dropped]).toEqual([2_500, 0, 0]);
    expect(warnings).toEqual([]);
  });

  it('drops the oldest tenth at once when BUFFER_MAX wait, stores the rest in order, and logs the drops once a minute at most', async () => {
    expect([BUFFER_MAX, BUFFER_DROP_BLOCK, DROPPED_REPORT_EVERY_MS]).toEqual([100_000, 10_000, 60_000]);
    const { recorder, writes, warnings, clock } = recorderWith();
    const units = raise(recorder, BUFFER_MAX, 'U');
    expect([recorder.waiting, recorder.dropped]).toEqual([BUFFER_MAX, 0]);
    raise(recorder, 1, 'X');
    expect(recorder.dropped).toBe(BUFFER_DROP_BLOCK);
    expect(recorder.waiting).toBe(BUFFER_MAX + 1 - BUFFER_DROP_BLOCK);
    await recorder.flush();
    expect(writes[0]).toEqual([...units.slice(BUFFER_DROP_BLOCK), 'X0']);
    expect(warnings).toEqual(['incidents: 10000 dropped unstored (more than 100000 waited for the store); 10000 since start']);

    // More drops within the minute: counted, not logged; after it, logged with the count since the last report.
    raise(recorder, BUFFER_MAX + 1, 'V');
    clock.now = DROPPED_REPORT_EVERY_MS - 1;
    await recorder.flush();
    expect(warnings).toHaveLength(1);
    raise(recorder, BUFFER_MAX + 1, 'W');
    clock.now = DROPPED_REPORT_EVERY_MS;
    await recorder.flush();
    expect(warnings[1]).toBe('incidents: 20000 dropped unstored (more than 100000 waited for the store); 30000 since start');
    expect(recorder.stored).toBe(3 * (BUFFER_MAX + 1 - BUFFER_DROP_BLOCK));
  });
});
