/**
 * A look at start-up alone: `npx tsx bench/ui/startupProbe.ts [PASSES] [--lists N] [--all]`.
 * Builds the console (LUC_BENCH_UI_ROOT: from another checkout, e.g. the main branch for a
 * before/after), starts the server with SMALL_UNITS units (simulator at LUC_BENCH_UI_RATE, default
 * 60,000 events/s as in the UI bench), optionally loads the list N times first as the UI bench does
 * before its start-up figure, then signs in through the form PASSES times in fresh contexts and
 * prints each sign-in's JavaScript, its times and its timeline (startup.ts). For tracing; the
 * figures come from uiBench.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsole, launch, loadList, signedIn, SIM_RATE, SMALL_UNITS, startServer, stopServer } from './uiBench.ts';
import { measureStartup } from './startup.ts';

const USER = 'luc_admin';
const PASSWORD = 'bench-Pass-1';

async function main(): Promise<void> {
  const passes = Number(process.argv[2] ?? 2);
  const listsAt = process.argv.indexOf('--lists');
  const lists = listsAt > 0 ? Number(process.argv[listsAt + 1] ?? 0) : 0;
  const all = process.argv.includes('--all'); // every script and stylesheet too
  const dir = mkdtempSync(join(tmpdir(), 'luc-startup-'));
  await buildConsole(dir);
  const server = await startServer(dir, SMALL_UNITS);
  const browser = await launch();
  try {
    console.log(`server ${server.url}, ${SMALL_UNITS} units, simulator at ${SIM_RATE} events/s`);
    const { context, page } = await signedIn(browser, server.url); // the bench user's preferences (group, no alert toasts)
    for (let i = 0; i < lists; i += 1) console.log(`list load ${i + 1}: first rows ${Math.round((await loadList(page, SMALL_UNITS)).paintedMs)} ms after the snapshot`);
    await context.close();
    for (let pass = 1; pass <= passes; pass += 1) {
      const result = await measureStartup(browser, server.url, join(dir, 'dist'), USER, PASSWORD);
      const kB = (bytes: number) => (bytes / 1024).toFixed(1);
      console.log(`\npass ${pass}: sign-in page ${result.signInScripts.length} scripts ${kB(result.signInGzipBytes)} kB gzip, then ${result.prefetchScripts.length} prefetched ${kB(result.prefetchGzipBytes)} kB; unit list ${result.listScripts.length} scripts ${kB(result.listGzipBytes)} kB gzip; largest chunk ${result.largestChunk.file} ${(result.largestChunk.bytes / 1000).toFixed(0)} kB`);
      console.log(`pass ${pass}: submit → first rows ${result.submitToFirstRowsMs.toFixed(0)} ms, → full order ${result.submitToFullListMs.toFixed(0)} ms`);
      for (const entry of result.timeline) if (all || !/\.(js|css|woff2?)$/.test(entry.what) || /Shell|UnitListScreen|fleet\.worker/.test(entry.what)) console.log(`${String(entry.atMs).padStart(8)} ms  ${entry.what}`);
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('startupProbe.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
