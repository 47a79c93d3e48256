/**
 * The preview images of the visible tiles (PreviewLoader with the browser's fetch): each SVG test
 * card is fetched with the console's headers and decoded into an <img> from a data: URL (an
 * object URL would cost a round trip to the browser process on create and on revoke; the card is
 * ~2 KB). Decoding goes through a FrameGate: one card parsed per frame at most.
 */
import { useEffect, useState } from 'react';
import { APPLICATION_ID, apiUrl } from '../../api/http.ts';
import { afterNextFrame, FrameGate } from './frameGate.ts';
import { PreviewLoader } from './previewLoader.ts';

export function previewPath(unitId: string): string {
  return `v2/units/${encodeURIComponent(unitId)}/preview.svg`;
}

/** The image of an SVG text, decoded. */
async function decodeSvg(svg: string, signal: AbortSignal): Promise<HTMLImageElement> {
  signal.throwIfAborted(); // left the screen while waiting for its frame
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  return image;
}

function createLoader(): PreviewLoader<HTMLImageElement> {
  const decodes = new FrameGate(afterNextFrame);
  return new PreviewLoader<HTMLImageElement>({
    async fetchPreview(unitId, bust, signal) {
      const response = await fetch(`${apiUrl(previewPath(unitId))}?t=${bust}`, {
        headers: { 'Application-Id': APPLICATION_ID },
        credentials: 'include',
        signal,
      });
      if (!response.ok) throw new Error(`preview ${response.status}`);
      const svg = await response.text();
      return decodes.run(() => decodeSvg(svg, signal));
    },
    release: () => undefined, // a data: URL holds nothing to free; the image goes with its last reference
    now: () => Date.now(),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
}

/**
 * The loader for this wall. The wall does not re-render when an image arrives: each tile follows
 * its own image (Tile.tsx), so one arrival redraws one tile.
 */
export function usePreviewImages(visibleIds: readonly string[]): PreviewLoader<HTMLImageElement> {
  const [loader] = useState(createLoader);
  useEffect(() => {
    loader.start();
    return () => loader.dispose();
  }, [loader]);
  const key = visibleIds.join('\n');
  useEffect(() => {
    loader.setVisible(key === '' ? [] : key.split('\n'));
  }, [loader, key]);
  return loader;
}
