/**
 * Code of a component loaded when first wanted (lazyDialog.tsx, lazyMenu.tsx): one load per page,
 * retried like a screen's (screenLoading.ts), a failed one forgotten so that the next want tries
 * again, the hook a component renders from (the loaded component, 'loading' or 'failed'), and the
 * toast that says a load failed.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { loadWithRetry } from '../app/screenLoading.ts';
import { showProblem } from './toasts.ts';

/** What an opening button spreads: hovering or focusing it starts the load, so a click usually finds the code in. */
export interface PrefetchOn {
  readonly onPointerEnter: () => void;
  readonly onFocus: () => void;
}

/** A component's code loaded once for the page; a failed load is forgotten, so the next start tries again. */
export function componentLoader<P>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= loadWithRetry(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const prefetch = (): void => void start().catch(() => undefined);
  const prefetchOn: PrefetchOn = { onPointerEnter: prefetch, onFocus: prefetch };
  return { start, loaded: () => loaded, prefetchOn };
}

/**
 * Tells the user that a dialog's or menu's code did not load (`what`: kit.dialog or kit.menu, whose
 * loadFailed is the title); the browser's reason goes to the console, for an engineer.
 */
export function useLoadFailure(what: 'dialog' | 'menu'): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => {
    console.warn(`the ${what} did not load`, error);
    showProblem(t('kit.dialog.checkConnection'), t(`kit.${what}.loadFailed`));
  };
}

export type Loaded<P> = { readonly component: ComponentType<P> } | 'loading' | 'failed';

/**
 * The component once loaded; 'loading' meanwhile; 'failed' after a failed load (told through
 * `onFailed`). Loads while `wanted`; a change of `attempt` after a failure loads again.
 */
export function useLoadedComponent<P>(loader: ReturnType<typeof componentLoader<P>>, wanted: boolean, attempt: number, onFailed: (error: unknown) => void): Loaded<P> {
  // A function in state is called as an updater: the component is wrapped in an object.
  const [state, setState] = useState<Loaded<P>>(() => {
    const component = loader.loaded();
    return component === null ? 'loading' : { component };
  });
  useEffect(() => {
    if (!wanted || typeof state === 'object') return undefined;
    let mounted = true;
    setState('loading');
    loader.start().then(
      (component) => mounted && setState({ component }),
      (error: unknown) => {
        if (!mounted) return;
        setState('failed');
        onFailed(error);
      },
    );
    return () => {
      mounted = false;
    };
    // `state` is read only to skip a component already loaded, and onFailed is called as it is at
    // the failure: neither starts a load of its own.
  }, [wanted, attempt, loader]);
  return state;
}
