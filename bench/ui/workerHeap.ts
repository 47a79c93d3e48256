/**
 * The fleet worker's JS heap, for the tab's heap figure: Chromium's DevTools protocol, through a
 * browser-level session (Playwright opens CDP sessions on pages only): every dedicated worker
 * target is attached, garbage-collected (HeapProfiler.collectGarbage) and asked
 * Runtime.getHeapUsage. Bytes used, summed over the workers; null when the browser has none.
 */
import type { Browser, CDPSession } from '@playwright/test';

type TargetInfo = { targetId: string; type: string; url: string };
type Received = { sessionId: string; message: string };

/** One DevTools command to an attached target (a non-flattened session), answered by id. Also used by bench/ingest/workerProfile.ts. */
export function ask(cdp: CDPSession, sessionId: string, id: number, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker heap: no answer to ${method}`)), 30_000);
    const listener = (event: Received) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      if (message.id !== id) return;
      clearTimeout(timer);
      (cdp as unknown as { off(name: string, l: (e: Received) => void): void }).off('Target.receivedMessageFromTarget', listener);
      if (message.error !== undefined) reject(new Error(`worker heap: ${method}: ${message.error.message}`));
      else resolve(message.result ?? {});
    };
    (cdp as unknown as { on(name: string, l: (e: Received) => void): void }).on('Target.receivedMessageFromTarget', listener);
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
  });
}

export async function workerHeapBytes(browser: Browser): Promise<number | null> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    const workers = targetInfos.filter((t) => t.type === 'worker');
    if (workers.length === 0) return null;
    let used = 0;
    for (const worker of workers) {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string };
      await ask(cdp, sessionId, 1, 'HeapProfiler.collectGarbage');
      const usage = await ask(cdp, sessionId, 2, 'Runtime.getHeapUsage');
      used += Number(usage['usedSize'] ?? 0);
      await cdp.send('Target.detachFromTarget', { sessionId });
    }
    return used;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
