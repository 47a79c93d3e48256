/**
 * The columns answer built on the server's columns thread (src/server/areas/units/columnsBuilder.ts,
 * issue 15 item 3): for any snapshot, the thread's answer is the answer built on the caller's thread
 * (which tests/property/columnsSnapshot.test.ts proves is the worker's own columns), byte for byte,
 * with its type; requests sent together are each answered with their own bytes; a thread that dies
 * answers what it held packed, the reason logged, and the next request starts a new thread.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { createColumnsBuilder } from '../../src/server/areas/units/columnsBuilder.ts';
import { columnsSnapshot, packSnapshot } from '../../src/server/areas/units/packedSnapshot.ts';
import { snapshotArb } from './snapshotArbitraries.ts';

const builder = createColumnsBuilder();
afterAll(() => builder.close());

const noLog = (reason: string): void => {
  throw new Error(`unexpected: ${reason}`);
};

describe('the columns thread', () => {
  it("answers the caller's thread's bytes and type, byte for byte, for any snapshot, several at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(snapshotArb, { minLength: 1, maxLength: 3 }), async (snapshots) => {
        const threaded = await Promise.all(snapshots.map((snapshot) => builder.build(packSnapshot(snapshot), noLog)));
        snapshots.forEach((snapshot, index) => {
          const here = columnsSnapshot(snapshot);
          expect(threaded[index]?.type).toBe(here.type);
          expect(Buffer.compare(threaded[index]?.body as Buffer, here.body)).toBe(0);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('answers bytes that are not a snapshot packed, as the caller would', async () => {
    const notPacked = new Uint8Array([0xc1, 1, 2, 3]);
    const answer = await builder.build(notPacked, noLog);
    expect(answer.type).toBe(PACKED_SNAPSHOT_TYPE);
    expect([...answer.body]).toEqual([...notPacked]);
  });

  it('answers packed with the reason when its thread dies, and starts a new thread for the next request', async () => {
    const packed = packSnapshot({ watermark: 1, units: [] });
    // A thread body that exits as soon as it loads (process.exit in a worker thread ends that thread).
    const dying = createColumnsBuilder('data:text/javascript,process.exit(3)');
    for (const round of [1, 2]) {
      const reasons: string[] = [];
      const answer = await dying.build(packed, (reason) => reasons.push(reason));
      expect(answer.type, `round ${round}`).toBe(PACKED_SNAPSHOT_TYPE);
      expect(Buffer.compare(answer.body, packed)).toBe(0);
      expect(reasons).toEqual(['columns thread: exited (code 3); answered packed']);
    }
    // The real thread, ended and asked again: a new thread answers the columns.
    const live = createColumnsBuilder();
    const fleet = { watermark: 5, units: [] };
    expect((await live.build(packSnapshot(fleet), noLog)).type).toBe(columnsSnapshot(fleet).type);
    await live.close();
    const again = await live.build(packSnapshot(fleet), noLog);
    expect(Buffer.compare(again.body, columnsSnapshot(fleet).body)).toBe(0);
    await live.close();
  });
});
