import { describe, it, expect } from 'vitest';
import { MAX_PREVIEWS_IN_FLIGHT, PREVIEW_REFRESH_MS, PREVIEW_RETRY_MS, PreviewLoader } from './previewLoader.ts';

/** A loader on a manual clock whose fetches the test settles by hand. */
function harness() {
  let now = 0;
  const pending: { id: string; bust: number; signal: AbortSignal; resolve(v: string): void; reject(e: Error): void }[] = [];
  const released: string[] = [];
  const loader = new PreviewLoader<string>({
    fetchPreview: (id, bust, signal) => new Promise((resolve, reject) => pending.push({ id, bust, signal, resolve, reject })),
    release: (image) => released.push(image),
    now: () => now,
    setInterval: () => 1,
    clearInterval: () => undefined,
  });
  const settle = async (index = 0, ok = true) => {
    const request = pending.splice(index, 1)[0];
    if (request === undefined) throw new Error('no pending request');
    if (ok) request.resolve(`${request.id}@${request.bust}`);
    else request.reject(new Error('boom'));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { loader, pending, released, settle, advance: (ms: number) => (now += ms) };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);

describe('PreviewLoader', () => {
  it(`keeps at most ${MAX_PREVIEWS_IN_FLIGHT} requests in flight for a 64-tile wall`, async () => {
    const h = harness();
    h.loader.setVisible(ids(64));
    expect(h.pending).toHaveLength(MAX_PREVIEWS_IN_FLIGHT);
    await h.settle();
    expect(h.pending).toHaveLength(MAX_PREVIEWS_IN_FLIGHT); // the next one starts when one ends
    expect(h.loader.started).toBe(MAX_PREVIEWS_IN_FLIGHT + 1);
  });

  it('fetches visible tiles in drawing order and shows the image', async () => {
    const h = harness();
    h.loader.setVisible(['a', 'b']);
    expect(h.pending.map((p) => p.id)).toEqual(['a', 'b']);
    await h.settle();
    expect(h.loader.image('a')).toBe('a@0');
    expect(h.loader.version).toBe(1);
  });

  it(`refreshes a preview only after ${PREVIEW_REFRESH_MS} ms, with a new cache-buster`, async () => {
    const h = harness();
    h.loader.setVisible(['a']);
    await h.settle();
    h.advance(PREVIEW_REFRESH_MS - 1);
    h.loader.pump();
    expect(h.pending).toHaveLength(0);
    h.advance(1);
    h.loader.pump();
    expect(h.pending.map((p) => p.bust)).toEqual([PREVIEW_REFRESH_MS]);
    await h.settle();
    expect(h.released).toEqual(['a@0']); // the old image is freed
    expect(h.loader.image('a')).toBe(`a@${PREVIEW_REFRESH_MS}`);
  });

  it('aborts and releases the previews of tiles that left the screen', async () => {
    const h = harness();
    h.loader.setVisible(['a', 'b']);
    await h.settle(); // a loaded, b pending
    const b = h.pending[0];
    h.loader.setVisible(['c']);
    expect(b?.signal.aborted).toBe(true);
    expect(h.released).toEqual(['a@0']);
    expect(h.loader.image('a')).toBeNull();
    expect(h.pending.map((p) => p.id)).toEqual(['b', 'c']);
  });

  it(`waits ${PREVIEW_RETRY_MS} ms after a failure`, async () => {
    const h = harness();
    h.loader.setVisible(['a']);
    await h.settle(0, false);
    h.advance(PREVIEW_RETRY_MS - 1);
    h.loader.pump();
    expect(h.pending).toHaveLength(0);
    h.advance(1);
    h.loader.pump();
    expect(h.pending).toHaveLength(1);
  });
});

describe('PreviewLoader.dispose', () => {
  it('aborts every request and releases every image', async () => {
    const h = harness();
    h.loader.setVisible(['a', 'b']);
    await h.settle(); // a loaded, b pending
    const b = h.pending[0];
    h.loader.dispose();
    expect(b?.signal.aborted).toBe(true);
    expect(h.released).toEqual(['a@0']);
    expect(h.loader.image('a')).toBeNull();
  });
});
