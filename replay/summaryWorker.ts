/**
 * A reader thread of the parallel summary reader (replay/parallelLog.ts): it claims chunks of the
 * log one at a time from the counter shared with the main thread and the other readers, reads
 * each from its own file handle (replay/logChunks.ts) into compact records
 * (replay/summaryRecords.ts), and posts them on its port, records transferred. It stops when no
 * chunk is left or the main thread sets the stop flag (an error, --until reached).
 */
import { closeSync, openSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import type { ChunkScratch } from './logChunks.ts';
import { chunkCount, readOwnedBytes } from './logChunks.ts';
import { SummaryRecordWriter } from './summaryRecords.ts';
import type { SharedCounters } from './sharedCounters.ts';
import { claimChunk, notePosted, stopRequested } from './sharedCounters.ts';

export type SummaryWorkerData = {
  readonly path: string;
  readonly fileBytes: number;
  readonly chunkBytes: number;
  readonly segmentBytes: number;
  readonly counters: SharedCounters;
  readonly port: MessagePort;
};

const { path, fileBytes, chunkBytes, segmentBytes, counters, port } = workerData as SummaryWorkerData;
const chunks = chunkCount(fileBytes, chunkBytes);
const fd = openSync(path, 'r');
const scratch: ChunkScratch = { buffer: Buffer.allocUnsafe(0) };
const writer = new SummaryRecordWriter();
try {
  for (let chunk = claimChunk(counters); chunk < chunks && !stopRequested(counters); chunk = claimChunk(counters)) {
    const read = writer.read(chunk, readOwnedBytes(fd, fileBytes, chunkBytes, chunk, scratch), segmentBytes);
    port.postMessage(read, [read.records.buffer as ArrayBuffer]);
    notePosted(counters);
  }
} finally {
  closeSync(fd);
  port.close();
}
