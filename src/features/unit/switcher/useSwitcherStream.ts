/**
 * Start / stop of the switcher stream (POST / DELETE v2/units/{id}/stream/switchermode, spec 000
 * §7). While the call is in flight the button shows connecting / disconnecting, and the worker's
 * 'stream' transition keeps showing it until the unit's status arrives (spec 000 §4, as the
 * header's stream button). A refusal shows the server's message in the modal.
 *
 * Stop begins the transition before the call: the server drops the switcher application and
 * publishes the unit's status while it answers, so a transition begun on the answer could come
 * after that status and stay up, "Disconnecting…", for the 20 s of polls. Start begins it on the
 * answer (a refused start shows no connecting): the unit's status moves again when the stream is up.
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
      if (action === 'stop') void fleet.beginTransition(unitId, 'stream', 'disconnecting');
    },
    onSuccess: (_answer, action) => {
      if (action === 'start') void fleet.beginTransition(unitId, 'stream', 'connecting');
      showSuccess(t(action === 'start' ? 'switcher.toast.starting' : 'switcher.toast.stopping'));
      void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
    },
    onError: (error) => setRefusal(errorMessageOf(error)),
  });
  const pending: SwitcherStreamState | null = toggle.isPending ? (toggle.variables === 'start' ? 'connecting' : 'disconnecting') : null;
  return { state: pending ?? state, refusal, start: () => toggle.mutate('start'), stop: () => toggle.mutate('stop') };
}
