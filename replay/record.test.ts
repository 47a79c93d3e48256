import { describe, expect, it } from 'vitest';
import { snapshotEvents } from './record.ts';

const unit = (uid: string) => ({ uid, name: uid, type: '800', status: { state: 'online' } });

describe('snapshotEvents', () => {
  it('writes units and channel statuses on the seqs just below the lowest watermark, keeping their revs', () => {
    const head = snapshotEvents(
      [
        { watermark: 100, units: [{ rev: 7, unit: unit('U1') }], channels: [{ id: 'C1', rev: 3, status: { status: 'idle' } }, { id: 'C2', rev: 1 }] },
        { watermark: 90, units: [{ rev: 2, unit: unit('U2') }], channels: [] },
      ],
      1_763_700_000_000,
    );
    expect(head.events.map((e) => [e.seq, e.kind, e.id, e.rev])).toEqual([
      [88, 'unit.added', 'U1', 7],
      [89, 'channel.status', 'C1', 3],
      [90, 'unit.added', 'U2', 2],
    ]);
    expect(head.watermark).toBe(90);
    expect(head.refused).toEqual([]);
  });

  it('shifts the seqs up from 0 when the bus is younger than the snapshot, and raises the watermark with them', () => {
    const head = snapshotEvents([{ watermark: 1, units: [{ rev: 0, unit: unit('U1') }, { rev: 1, unit: unit('U2') }, { rev: 1, unit: unit('U3') }], channels: [] }], 5);
    expect(head.events.map((e) => [e.seq, e.rev])).toEqual([[0, 1], [1, 1], [2, 1]]);
    expect(head.watermark).toBe(2);
  });

  it('leaves out and reports a unit that is not a protocol unit', () => {
    const head = snapshotEvents([{ watermark: 10, units: [{ rev: 1, unit: { uid: 'U1' } }], channels: [] }], 5);
    expect(head.events).toEqual([]);
    expect(head.refused[0]).toMatch(/^snapshot unit.added U1 is not a protocol event: /);
  });
});
