/** Browser facts the wall follows: an element's size, the device pixel ratio, and full-screen mode. */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const observer = new ResizeObserver(() => {
      const width = Math.floor(element.clientWidth);
      const height = Math.floor(element.clientHeight);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** window.devicePixelRatio, updated when it changes (zoom, moving to another screen). */
export function useDevicePixelRatio(): number {
  const [ratio, setRatio] = useState(() => window.devicePixelRatio || 1);
  useEffect(() => {
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const onChange = () => setRatio(window.devicePixelRatio || 1);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [ratio]);
  return ratio;
}

/** Full-screen state of an element (Fullscreen API), with enter and exit. */
export function useFullscreen(ref: RefObject<HTMLElement | null>): { active: boolean; enter(): void; exit(): void } {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  const enter = useCallback(() => {
    void ref.current?.requestFullscreen?.().catch(() => undefined);
  }, [ref]);
  const exit = useCallback(() => {
    if (document.fullscreenElement !== null) void document.exitFullscreen().catch(() => undefined);
  }, []);
  return { active, enter, exit };
}

/** The shell's bottom padding below a full-height screen (px; Mantine spacing lg). */
export const PAGE_BOTTOM_GAP_PX = 20;

/**
 * The height (px) that takes an element from where it starts to the bottom of the window, less
 * `bottomGap`; follows window resizes and anything above it appearing or going (banners).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, bottomGap: number): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element === null) return;
      const next = Math.max(0, Math.floor(window.innerHeight - element.getBoundingClientRect().top - bottomGap));
      setHeight((old) => (old === next ? old : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, bottomGap]);
  return height;
}
