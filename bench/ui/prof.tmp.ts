import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsole, launch, loadList, signedIn, startServer, stopServer } from './uiBench.ts';
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
async function main(): Promise<void> {
  const units = Number(process.argv[2] ?? 10_000);
  const query = process.argv[3] ?? '';
  const dir = mkdtempSync(join(tmpdir(), 'luc-prof-'));
  await buildConsole(dir);
  const server = await startServer(dir, units);
  const browser = await launch();
  try {
    const { page } = await signedIn(browser, server.url);
    await loadList(page, units, query);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const result = await loadList(page, units, query);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number } };
    console.log(JSON.stringify(result));
    writeFileSync('/tmp/p4/main.cpuprofile', JSON.stringify(profile));
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const n = byId.get(id)!;
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(1)} ms ${k}`).join('\n'));
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
void main();
