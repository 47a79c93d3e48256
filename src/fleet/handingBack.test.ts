import { describe, expect, it } from 'vitest';
import { EMPTY_DIFF, encodePatches } from '../../workers/pipeline/diff.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { ASPECT } from '../../workers/pipeline/diff.ts';
import { handingBack } from './handingBack.ts';

const withPatches = (): FleetDiff => ({ ...EMPTY_DIFF, frame: 1, patchesBuffer: encodePatches([{ id: 'U1', rev: 2, a: ASPECT.alerts, activeAlerts: 1 }]) });

describe('the answer to a diff hands its patches buffer back', () => {
  it('after a paced apply has finished with it, not before', async () => {
    const diff = withPatches();
    let finish = (): void => undefined;
    let applied = false;
    const answer = handingBack(() => new Promise<void>((resolve) => (finish = () => {
      applied = true;
      resolve();
    })))(diff);
    let handed: unknown = 'not yet';
    void Promise.resolve(answer).then((value) => (handed = value));
    await Promise.resolve();
    await Promise.resolve();
    expect(handed).toBe('not yet');
    finish();
    expect(await answer).toBe(diff.patchesBuffer);
    expect(applied).toBe(true);
  });

  it('at once after an apply that is done when it returns; nothing for a diff without a buffer or whose buffer is gone', () => {
    const diff = withPatches();
    expect(handingBack(() => undefined)(diff)).toBe(diff.patchesBuffer);
    expect(handingBack(() => undefined)({ ...EMPTY_DIFF, frame: 2 })).toBeUndefined();
    const gone = withPatches();
    structuredClone(gone.patchesBuffer, { transfer: [gone.patchesBuffer as ArrayBuffer] });
    expect(handingBack(() => undefined)(gone)).toBeUndefined();
  });

  it('a failed apply answers with its error, not with the buffer', async () => {
    await expect(Promise.resolve(handingBack(() => Promise.reject(new Error('damaged')))(withPatches()))).rejects.toThrow('damaged');
  });
});
