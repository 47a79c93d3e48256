/**
 * The bench's 10k log (fixtures/generated/bench-10k.ndjson, made by `npm run bench`'s replay phase)
 * as the worker-path probes read it: its first EVENTS lines after the header, the first UNITS
 * `unit.added` events as the snapshot's units, and every other event but adds and removals as the
 * stream (each an NDJSON line). One reader for pipelineProfile.ts, pipelineAB.ts and allocProbe.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../child.ts';

export const UNITS = 10_000;
/** Lines read after the header: enough for the 10,000 adds and ~190,000 stream events. */
export const EVENTS = 250_000;

export type TenKLog = {
  /** The snapshot's units as GET devices/fetch lists them ({rev, unit}). */
  readonly units: { rev: number; unit: unknown }[];
  /** The stream's events, one NDJSON line each, in log order. */
  readonly stream: string[];
};

export function readTenKLog(): TenKLog {
  const lines = readFileSync(join(ROOT, 'fixtures/generated/bench-10k.ndjson'), 'utf8').split('\n').slice(1, EVENTS + 1).filter((line) => line !== '');
  const units = lines
    .filter((line) => line.includes('"unit.added"'))
    .slice(0, UNITS)
    .map((line) => {
      const event = JSON.parse(line) as { rev: number; data: unknown };
      return { rev: event.rev, unit: event.data };
    });
  const stream = lines.filter((line) => !line.includes('"unit.added"') && !line.includes('"unit.removed"'));
  return { units, stream };
}
