/**
 * Start / stop of the switcher stream (POST / DELETE v2/units/{id}/stream/switchermode, spec 000
 * §7). While the call is in flight the button shows connecting / disconnecting, and the worker's
 * 'stream' transition keeps showing it until the unit's status arrives (spec 000 §4, as the
 * header's stream button). A refusal shows the server's message in the modal.
 *
 * Both begin the transition at the press, before the call (as the header's stream button): the
 * server changes the unit's applications and publishes its status while it answers, so a
 * transition begun on the answer could come after that status and stay up for the 20 s of polls.
 * A refused call ends the transition at once and shows the server's message.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, showSuccess } from '../../../components/toasts.ts';
import { useFleet, useUnit } from '../../../fleet/hooks.ts';
import { isOfflineState } from '../../../domain/units/status.ts';
import { startSwitcher, stopSwitcher } from '../api/unitCalls.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { unitDetailsKey } from '../useUnitPage.ts';
import { switcherStreamState, type SwitcherStreamState } from './switcherStream.ts';

export function useSwitcherStream(unitId: string, details: UnitDetails | undefined) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const queryClient = useQueryClient();
  const view = useUnit(unitId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const state = switcherStreamState({
    offline: view !== undefined ? isOfflineState(view.status) : details?.isOffline === true,
    applications: view?.applications ?? Object.keys(details?.applications ?? {}),
    applicationStates: details?.applications ?? {},
    transition: view?.transition ?? null,
  });
  const toggle = useMutation({
    mutationFn: (action: 'start' | 'stop') => (action === 'start' ? startSwitcher(unitId) : stopSwitcher(unitId)),
    onMutate: (action) => {
      setRefusal(null);
      void fleet.beginTransition(unitId, 'stream', action === 'start' ? 'connecting' : 'disconnecting');
    },
    onSuccess: (_answer, action) => {
      showSuccess(t(action === 'start' ? 'switcher.toast.starting' : 'switcher.toast.stopping'));
      void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
    },
    onError: (error) => {
      void fleet.endTransition(unitId, 'stream');
      setRefusal(errorMessageOf(error));
    },
  });
  const pending: SwitcherStreamState | null = toggle.isPending ? (toggle.variables === 'start' ? 'connecting' : 'disconnecting') : null;
  return { state: pending ?? state, refusal, start: () => toggle.mutate('start'), stop: () => toggle.mutate('stop') };
}
