/**
 * The columns thread's body (node:worker_threads; started by columnsBuilder.ts): each message is a
 * request id and the packed snapshot's bytes (transferred); the answer is the id and the columns
 * answer's bytes (transferred back), built by the same function the server used on its event loop
 * before (columnsFromPacked), so the bytes are the same. At 50k units that work is seconds of CPU
 * (unpack, decode, model load, views, JSON) that no longer holds up the simulator and the fan-out.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { columnsFromPacked } from './packedSnapshot.ts';

export interface ColumnsRequest {
  readonly id: number;
  readonly packed: ArrayBuffer;
}

export type ColumnsReply = { readonly id: number; readonly body: ArrayBuffer; readonly type: string } | { readonly id: number; readonly error: string };

if (parentPort === null) throw new Error('columnsThread.ts: runs only as a worker thread (columnsBuilder.ts starts it)');
const port = parentPort;

/**
 * This thread at the lowest CPU priority (nice 19): on Linux the nice value is a thread's own
 * (setpriority with pid 0 sets the calling thread's), so the event loop, the simulator and the
 * fan-out keep their share of a loaded machine's cores and the columns take what is left.
 * Measured: at the same priority, the thread's seconds of CPU beside the loop on 2 cores
 * stretched the loop's delays (docs/performance.md §7i). Not allowed (another OS): left as is.
 */
const LOWEST_PRIORITY = 19;
try {
  setPriority(0, LOWEST_PRIORITY);
} catch {
  // The thread runs at the process's priority.
}

port.on('message', (request: ColumnsRequest) => {
  let reply: ColumnsReply;
  try {
    const { body, type } = columnsFromPacked(new Uint8Array(request.packed));
    // The answer's own buffer (encodeColumnsAnswer makes one; the packed fallback is the request's), whole, to transfer.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? (body.buffer as ArrayBuffer) : (body.slice().buffer as ArrayBuffer);
    reply = { id: request.id, body: own, type };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, 'body' in reply ? [reply.body] : []);
});
