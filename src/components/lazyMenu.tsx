/**
 * Menus whose code loads when first wanted, not with the page that shows their button
 * (docs/performance.md §7t): the header's user menu and the unit list's column menu. Mantine's Menu
 * and the Checkbox of the column menu were 8.7 KiB gzip of every signed-in page's first load, for
 * two buttons.
 *
 * Until the code is in, the button is drawn as it is (`trigger`, with the aria-haspopup of a menu
 * button); hovering or focusing it starts the load, so a click usually finds the code in. A click
 * before that loads it and opens the menu once in: the loaded module draws the whole Mantine Menu
 * around the same button, and the kit focuses and clicks that new button, so the menu opens as a
 * loaded one does (the focus goes into it, and with `returnFocus` comes back to the button). A load
 * that fails after the screen's retries says so in a toast ("Menu not loaded"), the button stays,
 * and the next click tries again.
 */
import { cloneElement, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { componentLoader, useLoadedComponent, useLoadFailure, type PrefetchOn } from './lazyLoading.ts';

/** What the loaded module is given: the button to put in `Menu.Target`. */
export interface LoadedMenuProps {
  readonly trigger: ReactElement;
}

/** The props a trigger element takes from the kit before the code is in. */
type TriggerProps = PrefetchOn & {
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  onClick(): void;
};

export interface LazyMenu<P> {
  /** Render it where the menu's button goes. */
  readonly Menu: ComponentType<P & { readonly trigger: ReactElement }>;
}

export function lazyMenu<P extends object>(load: () => Promise<ComponentType<P & LoadedMenuProps>>): LazyMenu<P> {
  const loader = componentLoader(load);
  function Menu(props: P & { readonly trigger: ReactElement }) {
    const tell = useLoadFailure('menu');
    // Clicks before the code is in (a new one after a failure is a new attempt); a code already
    // loaded by this page (another mount, a prefetch) is drawn at once.
    const [clicks, setClicks] = useState(0);
    const wanted = clicks > 0 || loader.loaded() !== null;
    const state = useLoadedComponent(loader, wanted, clicks, tell);
    const holder = useRef<HTMLSpanElement>(null);
    const loaded = typeof state === 'object';
    // Clicked before the code was in: the button is a new element now; open the menu from it.
    useEffect(() => {
      if (!loaded || clicks === 0) return;
      const button = holder.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]');
      button?.focus();
      button?.click();
    }, [loaded, clicks]);
    if (loaded) {
      const Component = state.component;
      return (
        <span ref={holder} style={{ display: 'contents' }}>
          <Component {...props} />
        </span>
      );
    }
    const triggerProps: TriggerProps = {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      ...loader.prefetchOn,
      onClick: () => setClicks((n) => n + 1),
    };
    return cloneElement(props.trigger, triggerProps);
  }
  return { Menu };
}
