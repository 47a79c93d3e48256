/**
 * The preview images of the visible tiles (PreviewLoader with the contract's call): each SVG test
 * card (GET v2/units/{id}/preview.svg, an endpoint that produces image/svg+xml) is fetched and
 * decoded into an <img> from a data: URL (an object URL would cost a round trip to the browser
 * process on create and on revoke; the card is ~2 KB). Decoding goes through a FrameGate: one card
 * parsed per frame at most.
 */
import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { unitPreview } from '../../protocol/rest/units.ts';
import { afterNextFrame, FrameGate } from './frameGate.ts';
import { PreviewLoader } from './previewLoader.ts';

/** One preview card's SVG text; `bust` (ms) keeps caches out. A lost session is the wall's to notice, not the preview's: no sign-in redirect. */
export function fetchPreviewSvg(unitId: string, bust: number, signal: AbortSignal): Promise<string> {
  return call(unitPreview, { params: { id: unitId }, query: { t: String(bust) } }, { signal, redirectOn401: false });
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
      const svg = await fetchPreviewSvg(unitId, bust, signal);
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
