/**
 * The toast lane, loaded when it is first needed: Mantine's Notifications container (with its
 * transitions and scroll-lock helpers, ~10 kB gzipped) is not part of the sign-in page, which
 * shows no toast (docs/performance.md §7q). The toasts' store is: a toast shown before the lane
 * has mounted waits there and shows when it does. The lane mounts on the first toast, or when the
 * shell asks for it as it mounts (useToastLane): a toast shown while the lane still loads would
 * otherwise appear late, over a dialog opened meanwhile (the rule: never over a dialog, issue 17).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { loadWithRetry } from './screenLoading.ts';

const loadLane = () => import('./ToastLaneContainer.tsx');

/** A lane that failed to load (after its retries) shows nothing rather than taking the page down with it. */
const Lane = lazy(() => loadWithRetry<{ default: ComponentType }>(loadLane).catch(() => ({ default: () => null })));

/** True once something asked for the lane; the lane's mount listens (LazyToastLane). */
let requested = false;
const requestListeners = new Set<() => void>();

/** Mounts the lane from now on (the shell, as it mounts: see the header). */
export function useToastLane(): void {
  useEffect(() => {
    requested = true;
    for (const listener of requestListeners) listener();
  }, []);
}

/** The lane is wanted once asked for or once a toast waits in the store. */
function laneWanted(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return requested || notifications.length + queue.length > 0;
}

/** Renders the lane from the first toast, or the shell's request, on. */
export function LazyToastLane() {
  const [wanted, setWanted] = useState(laneWanted);
  useEffect(() => {
    if (wanted) return undefined;
    const check = () => {
      if (laneWanted()) setWanted(true);
    };
    const stop = notificationsStore.subscribe(check);
    requestListeners.add(check);
    check(); // asked for between the first render and this effect
    return () => {
      stop();
      requestListeners.delete(check);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Lane />
    </Suspense>
  );
}
