/**
 * Headless: turns the worker's transition notifications (already filtered by the user's unit
 * alert settings) into toasts naming the unit and the transition, paced by paceToasts (at most 5
 * of ours per 3 s window, spec 002 §9). They stack in the shell's toast lane (Shell.tsx), where no
 * control lives. While a wall is on screen or the document is in full screen they are counted
 * instead (transitionMute.ts); while a dialog is open, or the viewport is too narrow for the lane,
 * they are left out (the incident centre keeps every transition).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { UnitTransition } from '../../../workers/model/fleetModel.ts';
import { useFleet } from '../../fleet/index.ts';
import { paceToasts } from './transitionToasts.ts';
import { dialogOpen, toastLaneShown, type TransitionMute } from './transitionMute.ts';

/** The notifications after `last` in `list` (all of them when `last` was trimmed away). */
export function freshNotifications(list: readonly UnitTransition[], last: UnitTransition | undefined): readonly UnitTransition[] {
  if (last === undefined) return list;
  const index = list.lastIndexOf(last);
  return index < 0 ? list : list.slice(index + 1);
}

export function TransitionToasts({ mute }: { readonly mute: TransitionMute }): null {
  const { store } = useFleet();
  const { t } = useTranslation();
  useEffect(() => {
    let last = store.notifications.peek().at(-1); // what was there before we listened is not news
    let shownAt: readonly number[] = [];
    // Ours still on screen: hidden when the stream goes (sign-out, another group), so a signed-out
    // user's unit names do not linger on the sign-in page.
    const ours = new Set<string>();
    const show = (data: Parameters<typeof notifications.show>[0]): void => {
      const id = notifications.show({ ...data, onClose: () => ours.delete(id) });
      ours.add(id);
    };
    const unsubscribe = store.notifications.subscribe((list) => {
      const fresh = freshNotifications(list, last);
      last = list.at(-1);
      if (fresh.length === 0) return;
      if (!mute.admit(fresh.length, globalThis.document?.fullscreenElement != null)) return;
      if (dialogOpen() || !toastLaneShown()) return; // never over a dialog or a control (transitionMute.ts)
      const paced = paceToasts(fresh, shownAt, Date.now());
      shownAt = paced.shownAt;
      for (const item of paced.show) {
        show({
          title: store.unit(item.unitId)?.name ?? item.unitId,
          message: t(`fleet.transitions.${item.transition}`),
          color: item.transition.endsWith('ToOffline') ? 'gray' : item.transition.includes('Streaming') || item.transition.includes('StoreAndForward') ? 'red' : 'teal',
        });
      }
      if (paced.summary) {
        show({ message: t('fleet.transitions.more', { count: paced.dropped }), color: 'gray' });
      }
    });
    return () => {
      unsubscribe();
      for (const id of ours) notifications.hide(id);
    };
  }, [store, t, mute]);
  return null;
}
