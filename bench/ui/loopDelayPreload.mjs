/**
 * Loaded into a bench server (`node --import bench/ui/loopDelayPreload.mjs --import tsx main.ts`,
 * serverColumnsProbe.ts) of any checkout: the event loop's delay (perf_hooks monitorEventLoopDelay,
 * sampled every 10 ms; plain JavaScript, loaded before tsx) over a window the bench opens and closes with SIGUSR2. The first signal
 * resets and starts the histogram; the second prints one line on stdout, numbered from 1:
 * `LUC_LOOP_DELAY n {"p50":ms,"p99":ms,"max":ms,"mean":ms,"count":n}` and stops it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
let open = false;
let windows = 0;
const ms = (ns) => Math.round(ns / 1e4) / 100;

process.on('SIGUSR2', () => {
  if (!open) {
    histogram.reset();
    histogram.enable();
    open = true;
    return;
  }
  histogram.disable();
  open = false;
  const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean), count: histogram.count };
  windows += 1;
  process.stdout.write(`LUC_LOOP_DELAY ${windows} ${JSON.stringify(figures)}\n`);
});
