/**
 * A log file cut into chunks that several threads read independently (the parallel summary
 * reader, replay/parallelLog.ts): chunk k covers the NOMINAL byte range [k·C, (k+1)·C) and owns
 * the "\n"-terminated blocks of lines that START in that range (a block starts at byte 0 or just
 * after a "\n"). Every thread finds the same cut from the bytes alone, so no thread has to tell
 * another where its lines begin, and every line belongs to exactly one chunk:
 * - the first owned block starts just after the first "\n" at or after byte k·C − 1 (byte 0 for
 *   chunk 0); none is owned when that start is not below (k+1)·C (a line longer than a chunk);
 * - the last owned block ends at the first "\n" at or after byte (k+1)·C − 1, or at the end of the
 *   file (its tail: the bytes after the file's last "\n", a torn last line perhaps).
 * A "\r\n" never straddles two chunks (a cut is always just after a "\n").
 */
import { readSync } from 'node:fs';

const NEWLINE = 0x0a;
/** Bytes read past a chunk's nominal end to find the end of its last line (grown when a line is longer). */
const LOOKAHEAD_BYTES = 1 << 16;

/** The bytes a chunk owns: `bytes[start, end)`. `end` is just after a "\n", or the file's end. */
export type OwnedBytes = { readonly bytes: Buffer; readonly start: number; readonly end: number };

/** How many chunks of `chunkBytes` a file of `fileBytes` has. */
export function chunkCount(fileBytes: number, chunkBytes: number): number {
  return Math.ceil(fileBytes / chunkBytes);
}

/** A read buffer kept across chunks by one thread (grown when a chunk needs more). */
export type ChunkScratch = { buffer: Buffer };

function fill(fd: number, scratch: ChunkScratch, filled: number, want: number, position: number): number {
  if (scratch.buffer.length < want) {
    const grown = Buffer.allocUnsafe(Math.max(want, scratch.buffer.length * 2));
    scratch.buffer.copy(grown, 0, 0, filled);
    scratch.buffer = grown;
  }
  let at = filled;
  while (at < want) {
    const read = readSync(fd, scratch.buffer, at, want - at, position + at);
    if (read === 0) break; // the file shrank while it was read: what is there is read
    at += read;
  }
  return at;
}

/** Reads the bytes chunk `chunk` owns from the open file `fd` of `fileBytes` bytes. */
export function readOwnedBytes(fd: number, fileBytes: number, chunkBytes: number, chunk: number, scratch: ChunkScratch): OwnedBytes {
  const nominalStart = chunk * chunkBytes;
  const nominalEnd = Math.min(nominalStart + chunkBytes, fileBytes);
  // From one byte before the range: a "\n" there means a block starts at the range's first byte.
  const from = chunk === 0 ? 0 : nominalStart - 1;
  let filled = fill(fd, scratch, 0, Math.min(fileBytes, nominalEnd + LOOKAHEAD_BYTES) - from, from);
  let start = 0;
  if (chunk > 0) {
    // A "\n" at file byte p in [k·C − 1, (k+1)·C − 2] starts an owned block at p + 1.
    const newline = scratch.buffer.subarray(0, Math.min(filled, nominalEnd - 1 - from)).indexOf(NEWLINE);
    if (newline < 0) return { bytes: scratch.buffer, start: 0, end: 0 };
    start = newline + 1;
  }
  // The last owned block ends at the first "\n" at or after file byte (k+1)·C − 1.
  let searchFrom = Math.max(start, nominalEnd - 1 - from);
  for (;;) {
    const newline = scratch.buffer.subarray(0, filled).indexOf(NEWLINE, searchFrom);
    if (newline >= 0) return { bytes: scratch.buffer, start, end: newline + 1 };
    if (from + filled >= fileBytes) return { bytes: scratch.buffer, start, end: filled };
    searchFrom = filled;
    const more = Math.min(fileBytes - from, filled * 2);
    const before = filled;
    filled = fill(fd, scratch, filled, more, from);
    if (filled === before) return { bytes: scratch.buffer, start, end: filled };
  }
}
