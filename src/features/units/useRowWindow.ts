/**
 * The rows of the unit table to mount, over the page's own scroll. Rows are one fixed height (41
 * px, or 105 px expanded), so the range follows from the scroll position by arithmetic (rowRange.ts):
 * no row is measured, and nothing is built per row of the fleet (the virtualizer this replaces
 * built 50,000 measurement objects in the first rows' task at 50k units, docs/performance.md §7g).
 * The hook re-renders only when the mounted range changes (a row edge crossed), synchronously in
 * the scroll or resize event so the new rows are in the frame that scrolls to them. The body's
 * offset from the top of the page is read after the first layout and when the layout around it
 * changes size (ResizeObserver), never while scrolling.
 */
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { RowRange, Viewport } from './rowRange.ts';
import { rowRange } from './rowRange.ts';

export type RowWindow = RowRange;

function readViewport(): Viewport {
  return { scrollY: window.scrollY, height: window.innerHeight };
}

export function useRowWindow(body: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [top, setTop] = useState(0);
  // The viewport as of the last scroll or resize (every one, so a render for another reason, a new
  // count or body offset, reads where the page is now); a scroll that keeps the range renders nothing.
  const viewport = useRef<Viewport | null>(null);
  viewport.current ??= readViewport();
  const [, setMoved] = useState(0);

  // The body's distance from the top of the page (the banner or the filters may move it).
  useLayoutEffect(() => {
    const element = body.current;
    if (element === null) return undefined;
    const measure = (): void => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    // Whatever is above the body lives in these: the table (its header), the screen, the page.
    for (const around of [element.parentElement, element.parentElement?.parentElement, document.body]) if (around) observer.observe(around);
    return () => observer.disconnect();
  }, [body]);

  const range = rowRange(count, rowHeight, overscan, top, viewport.current);
  // What a scroll compares against: this render's inputs and range.
  const latest = useRef({ count, rowHeight, overscan, top, range });
  latest.current = { count, rowHeight, overscan, top, range };

  useEffect(() => {
    /** `sync`: in a scroll or resize event, render now, in the frame that shows the new position. */
    const follow = (sync: boolean): void => {
      const next = readViewport();
      viewport.current = next;
      const { count: rows, rowHeight: height, overscan: extra, top: bodyTop, range: shown } = latest.current;
      const nextRange = rowRange(rows, height, extra, bodyTop, next);
      if (nextRange.first === shown.first && nextRange.last === shown.last) return;
      if (sync) flushSync(() => setMoved((moves) => moves + 1));
      else setMoved((moves) => moves + 1);
    };
    // The page may have scrolled between the first render and this effect (no flushSync inside an effect).
    follow(false);
    const onEvent = (): void => follow(true);
    window.addEventListener('scroll', onEvent, { passive: true });
    window.addEventListener('resize', onEvent, { passive: true });
    return () => {
      window.removeEventListener('scroll', onEvent);
      window.removeEventListener('resize', onEvent);
    };
  }, []);

  return range;
}
