/**
 * A dialog whose code loads when it is first wanted, not with the screen that opens it: the unit
 * list's "Add LU-Smart / LU-Lite" and "Guest interview" dialogs (their tabs, forms and Mantine's
 * Tabs, SegmentedControl, SimpleGrid) were 17 KiB gzip and 9 chunks of the list's first load, for
 * two buttons (docs/performance.md §7s).
 *
 * `prefetch()` starts the load (the opening button calls it on hover and focus, so a click usually
 * finds the code in); opened before it is in, the dialog shows a spinner over the page. The load
 * is retried like a screen's (screenLoading.ts); if it still fails, the dialog closes itself with
 * an error toast, and the next opening tries again.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Box, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadWithRetry } from '../app/screenLoading.ts';
import { showError } from './toasts.ts';

export interface LazyDialog<P extends { onClose(): void }> {
  /** Render it where the dialog would be (mounted while open). */
  readonly Dialog: ComponentType<P>;
  /** Starts loading the dialog's code without waiting (a failure is left to the opening). */
  readonly prefetch: () => void;
}

export function lazyDialog<P extends { onClose(): void }>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= loadWithRetry(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next opening tries again
        throw error;
      },
    );
    return loading;
  };

  function Dialog(props: P) {
    const { t } = useTranslation();
    // A function in state is called as an updater: the component is wrapped in an object.
    const [ready, setReady] = useState<{ readonly component: ComponentType<P> } | null>(loaded === null ? null : { component: loaded });
    const { onClose } = props;
    useEffect(() => {
      if (ready !== null) return undefined;
      let mounted = true;
      start().then(
        (component) => mounted && setReady({ component }),
        (error: unknown) => {
          if (!mounted) return;
          console.warn('lazyDialog: the dialog did not load', error); // the browser's reason, for an engineer
          showError(new Error(t('kit.dialog.checkConnection')), t('kit.dialog.loadFailed'));
          onClose();
        },
      );
      return () => {
        mounted = false;
      };
    }, [ready, onClose, t]);
    if (ready === null) {
      return (
        <Box pos="fixed" inset={0} style={{ display: 'grid', placeItems: 'center', zIndex: 300 }} role="status" aria-label={t('common.loading')}>
          <Loader />
        </Box>
      );
    }
    const Component = ready.component;
    return <Component {...props} />;
  }

  return { Dialog, prefetch: () => void start().catch(() => undefined) };
}
