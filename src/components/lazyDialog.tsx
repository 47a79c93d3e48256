/**
 * Dialogs whose code loads when first wanted, not with the page that opens them (docs/performance.md
 * §7s): the unit list's "Add LU-Smart / LU-Lite" and "Guest interview" dialogs (their tabs, forms
 * and Mantine's Tabs, SegmentedControl, SimpleGrid: 17 KiB gzip and 9 chunks of the list's first
 * load, for two buttons), and the shell's applications drawer and what's-new dialog (Mantine's
 * Modal, Drawer and the scroll lock they share).
 *
 * - `lazyDialog`: a dialog mounted while open (`{open && <X.Dialog … />}`).
 * - `lazyOverlay`: a Modal or Drawer driven by `opened`, kept mounted once loaded so that it slides
 *   in and out as Mantine animates it.
 *
 * The opening button spreads `prefetchOn`: its hover and focus start the load, so a click usually
 * finds the code in; opened before it is in, a spinner shows over the page. The load is retried
 * like a screen's (screenLoading.ts); if it still fails, the dialog closes itself with an error
 * toast ("Dialog not loaded"), and the next opening tries again. A `quiet` overlay (one the user
 * did not ask for, like the what's-new notes) shows nothing instead, and is not closed for the
 * user: it tries again with the next page.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Box, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { componentLoader, useLoadedComponent, useLoadFailure, type PrefetchOn } from './lazyLoading.ts';

/** The spinner over the page while a dialog's code loads. */
function LoadingDialog() {
  const { t } = useTranslation();
  return (
    <Box pos="fixed" inset={0} style={{ display: 'grid', placeItems: 'center', zIndex: 300 }} role="status" aria-label={t('common.loading')}>
      <Loader />
    </Box>
  );
}

export interface LazyDialog<P extends { onClose(): void }> {
  /** Render it where the dialog would be, mounted while open. */
  readonly Dialog: ComponentType<P>;
  /** For the opening button: its hover and focus start loading the dialog's code (a failure is left to the opening). */
  readonly prefetchOn: PrefetchOn;
}

export function lazyDialog<P extends { onClose(): void }>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  const loader = componentLoader(load);
  function Dialog(props: P) {
    const tell = useLoadFailure('dialog');
    const state = useLoadedComponent(loader, true, 0, (error) => {
      tell(error);
      props.onClose();
    });
    if (state === 'failed') return null;
    if (state === 'loading') return <LoadingDialog />;
    const Component = state.component;
    return <Component {...props} />;
  }
  return { Dialog, prefetchOn: loader.prefetchOn };
}

export interface LazyOverlay<P extends { opened: boolean; onClose(): void }> {
  /** Render it always, as the Modal or Drawer it stands for: nothing is loaded until `opened`. */
  readonly Overlay: ComponentType<P>;
  readonly prefetchOn: PrefetchOn;
}

export function lazyOverlay<P extends { opened: boolean; onClose(): void }>(load: () => Promise<ComponentType<P>>, options: { readonly quiet?: boolean } = {}): LazyOverlay<P> {
  const loader = componentLoader(load);
  function Overlay(props: P) {
    const { opened, onClose } = props;
    const tell = useLoadFailure('dialog');
    // Each opening counts (set while rendering, as `opened` changes: no effect, no extra pass); the
    // code is wanted from the first, and an opening after a failure is a new attempt.
    const [openings, setOpenings] = useState(opened ? 1 : 0);
    const [wasOpened, setWasOpened] = useState(opened);
    if (opened !== wasOpened) {
      setWasOpened(opened);
      if (opened) setOpenings(openings + 1);
    }
    const wanted = openings > 0;
    const state = useLoadedComponent(loader, wanted, openings, (error) => {
      if (options.quiet === true) return;
      tell(error);
      onClose();
    });
    // Shown closed for one frame first: Mantine animates an opening only from closed.
    const [entered, setEntered] = useState(false);
    const ready = typeof state === 'object';
    useEffect(() => {
      if (!ready) return undefined;
      const frame = requestAnimationFrame(() => setEntered(true));
      return () => cancelAnimationFrame(frame);
    }, [ready]);
    if (!wanted || state === 'failed') return null;
    if (state === 'loading') return opened && options.quiet !== true ? <LoadingDialog /> : null;
    const Component = state.component;
    return <Component {...props} opened={opened && entered} />;
  }
  return { Overlay, prefetchOn: loader.prefetchOn };
}
