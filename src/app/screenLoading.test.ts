import { describe, expect, it } from 'vitest';
import { failedStylesheetUrl, loadWithRetry, SCREEN_LOAD_RETRY_MS } from './screenLoading.ts';

describe('loadWithRetry (a screen chunk on a busy link)', () => {
  it.each([
    [0, 'ok', []],
    [1, 'ok', [500]],
    [3, 'ok', [500, 1_500, 3_000]],
  ])('after %i failures loads with waits %j', async (failures, expected, waits) => {
    let calls = 0;
    const waited: number[] = [];
    const value = await loadWithRetry(
      async () => {
        calls += 1;
        if (calls <= failures) throw new Error(`attempt ${calls} failed`);
        return 'ok';
      },
      SCREEN_LOAD_RETRY_MS,
      async (ms) => void waited.push(ms),
    );
    expect(value).toBe(expected);
    expect(waited).toEqual(waits);
  });

  it('gives up after the last delay with the last error', async () => {
    let calls = 0;
    await expect(
      loadWithRetry(async () => {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      }, SCREEN_LOAD_RETRY_MS, async () => undefined),
    ).rejects.toThrow('attempt 4 failed');
    expect(calls).toBe(SCREEN_LOAD_RETRY_MS.length + 1);
  });
});

describe('failedStylesheetUrl (Vite\'s preload error)', () => {
  it.each([
    [new Error('Unable to preload CSS for http://127.0.0.1:35633/assets/MapScreen-c_1sG1-7.css'), 'http://127.0.0.1:35633/assets/MapScreen-c_1sG1-7.css'],
    [new Error('Failed to fetch dynamically imported module: http://h/assets/x.js'), null],
    ['Unable to preload CSS for /assets/a.css', '/assets/a.css'],
  ])('%s → %s', (error, url) => {
    expect(failedStylesheetUrl(error)).toBe(url);
  });
});
