/**
 * The preview images of the visible tiles (PreviewLoader with the browser's fetch): each SVG test
 * card is fetched with the console's headers, decoded into an <img> from an object URL, and the
 * URL revoked when the image is replaced or leaves the screen.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { APPLICATION_ID, apiUrl } from '../../api/http.ts';
import { PreviewLoader } from './previewLoader.ts';

export function previewPath(unitId: string): string {
  return `v2/units/${encodeURIComponent(unitId)}/preview.svg`;
}

async function fetchPreview(unitId: string, bust: number, signal: AbortSignal): Promise<HTMLImageElement> {
  const response = await fetch(`${apiUrl(previewPath(unitId))}?t=${bust}`, {
    headers: { 'Application-Id': APPLICATION_ID },
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw new Error(`preview ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return image;
}

function createLoader(): PreviewLoader<HTMLImageElement> {
  return new PreviewLoader<HTMLImageElement>({
    fetchPreview,
    release: (image) => URL.revokeObjectURL(image.src),
    now: () => Date.now(),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
}

/** The loader for this wall; re-renders when an image arrives. */
export function usePreviewImages(visibleIds: readonly string[]): PreviewLoader<HTMLImageElement> {
  const [loader] = useState(createLoader);
  const subscribe = useCallback((onChange: () => void) => loader.subscribe(onChange), [loader]);
  useSyncExternalStore(subscribe, () => loader.version, () => loader.version);
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
