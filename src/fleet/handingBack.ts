/**
 * The UI's answer to a diff hands its patches buffer back to the worker (workers/pipeline/diff.ts
 * DiffAnswer): one module for the console's client and the ingest bench's page, which answers as
 * the console does.
 */
import * as Comlink from 'comlink';
import type { DiffAnswer, FleetDiff } from '../../workers/pipeline/diff.ts';

/**
 * The answer to a diff (live or replayed) once it is applied: its patches buffer transferred back
 * to the worker, which writes a later diff into it instead of into fresh memory (docs/performance.md
 * §3o). Nothing on this side keeps the buffer: the store copies each row's values into the unit's
 * new view (PatchColumns.applyRow), and a diff of an older stream is dropped unread.
 */
export function handingBack(apply: (diff: FleetDiff) => void | Promise<void>): (diff: FleetDiff) => DiffAnswer | Promise<DiffAnswer> {
  return (diff) => {
    const buffer = diff.patchesBuffer;
    // Looked at when answering: a buffer already gone (detached, byteLength 0) is not handed back.
    const back = (): DiffAnswer => (buffer instanceof ArrayBuffer && buffer.byteLength > 0 ? Comlink.transfer(buffer, [buffer]) : undefined);
    const answer = apply(diff);
    return answer === undefined ? back() : answer.then(back);
  };
}
