/**
 * The bench's replay logs, generated in the run from the simulator (fixtures/generate.ts
 * runScenario, the busy-hour script: half of the idle units start streaming in the first minute,
 * 2,000 churn events/s, link usage every 5 s per transmitting unit). Deterministic: the same seed
 * and parameters give the same bytes, so every run replays the same events.
 *
 * Sizes are bounded for a 2-core machine (~5 s each to generate):
 *   10k units, 60 s of virtual time  ≈ 200,000 events,  ≈ 105 MB
 *   50k units, 30 s of virtual time  ≈ 216,000 events (50,000 unit.added), ≈ 150 MB
 */
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { defaultParams, FIXTURES_DIR, runScenario } from '../../fixtures/generate.ts';

export const BENCH_LOGS = [
  { name: 'bench-10k', units: 10_000, durationMs: 60_000 },
  { name: 'bench-50k', units: 50_000, durationMs: 30_000 },
] as const;
export type BenchLogName = (typeof BENCH_LOGS)[number]['name'];

export type GeneratedLog = { readonly name: BenchLogName; readonly units: number; readonly path: string; readonly events: number; readonly bytes: number; readonly seconds: number };

/** Writes one bench log to fixtures/generated/<name>.ndjson (git-ignored, synced to disk) and says what it holds. */
export function generateLog(spec: (typeof BENCH_LOGS)[number]): GeneratedLog {
  const dir = join(FIXTURES_DIR, 'generated');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${spec.name}.ndjson`);
  const fd = openSync(path, 'w');
  const started = performance.now();
  let bytes = 0;
  let events: number;
  try {
    events = runScenario('busy-hour-10k', { ...defaultParams('busy-hour-10k'), units: spec.units, durationMs: spec.durationMs }, (chunk) => {
      bytes += Buffer.byteLength(chunk);
      writeSync(fd, chunk);
    });
    // On disk before anything is timed: the kernel writes dirty pages back ~30 s after they were
    // written (vm.dirty_expire_centisecs 3000 here), which fell in the middle of the whole-process
    // rounds (processBench.ts) and stole CPU and I/O from whichever process ran then.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return { name: spec.name, units: spec.units, path, events, bytes, seconds: (performance.now() - started) / 1000 };
}
