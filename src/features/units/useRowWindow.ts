/**
 * The rows of the unit table to mount, over the page's own scroll: @tanstack/react-virtual's
 * window virtualizer with one fixed row height (41 px, or 105 px expanded), so no row is measured
 * in the DOM. The virtualizer re-renders only when the mounted range changes (a row edge crossed),
 * synchronously in the scroll event so the new rows are in the frame that scrolls to them. The
 * body's offset from the top of the page (the virtualizer's scroll margin) is read after the first
 * layout and when the layout around it changes size (ResizeObserver), never while scrolling.
 */
import type { RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/** First and last row index to mount (inclusive, overscan included); last < first when there is none. */
export interface RowWindow {
  readonly first: number;
  readonly last: number;
}

export function useRowWindow(body: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [top, setTop] = useState(0);

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

  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useWindowVirtualizer({ count, estimateSize, overscan, scrollMargin: top });
  // A new row height (expanded rows switched) invalidates every cached size.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return first === undefined || last === undefined ? { first: 0, last: -1 } : { first: first.index, last: last.index };
}
