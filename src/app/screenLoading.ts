/**
 * Loading a screen's chunk on a busy link. A lazily loaded screen (screens.ts) fetches a JS chunk
 * and its CSS; under load (the UI bench at 60,000 events/s: one CSS preload failed) one of those
 * requests can fail although the server is up. Instead of the error page at once:
 * - a failed chunk load is retried after 0.5, 1.5 and 3 s (SCREEN_LOAD_RETRY_MS), then fails for good;
 * - a stylesheet Vite could not preload (its `vite:preloadError` event) does not fail the screen:
 *   the screen loads, and the stylesheet is asked for again (a new <link>) after 1 s.
 */

/** Delays before the 2nd, 3rd and 4th attempt of a chunk load (ms). */
export const SCREEN_LOAD_RETRY_MS: readonly number[] = [500, 1_500, 3_000];
/** Delay before a stylesheet that failed to preload is asked for again (ms). */
export const STYLESHEET_RETRY_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `load()`, retried after each of `delaysMs` when it rejects; the last failure is thrown. */
export async function loadWithRetry<T>(load: () => Promise<T>, delaysMs: readonly number[] = SCREEN_LOAD_RETRY_MS, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/** The stylesheet URL of Vite's "Unable to preload CSS for <url>" error, or null for other errors. */
export function failedStylesheetUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^Unable to preload CSS for (\S+)$/.exec(message.trim());
  return match?.[1] ?? null;
}

/** Keeps a failed stylesheet preload from failing its screen, and asks for the stylesheet again. */
export function recoverStylesheetPreloads(target: Window, doc: Document): void {
  target.addEventListener('vite:preloadError', (event) => {
    const url = failedStylesheetUrl((event as Event & { payload?: unknown }).payload);
    if (url === null) return; // a JS chunk: the screen's load fails and loadWithRetry retries it
    event.preventDefault();
    setTimeout(() => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      doc.head.appendChild(link);
    }, STYLESHEET_RETRY_MS);
  });
}
