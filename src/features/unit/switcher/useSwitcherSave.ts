/**
 * Saving the switcher's mode and channels: the calls of switcherSavePlan, one after the other
 * (PUT v2/units/{id}/highqualitychannel, /proxychannel, /switchermode; a swap as one PUT
 * v2/units/{id}/multiplecamera), stopping at the first refusal; the detail record is refetched
 * after, whatever the outcome, so the form's "saved" values are the unit's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMultiCamera, setHighQualityChannel, setProxyChannel, setSwitcherMode } from '../api/unitCalls.ts';
import { unitDetailsKey } from '../useUnitPage.ts';
import type { SwitcherCall } from './switcherSettings.ts';

function run(unitId: string, call: SwitcherCall): Promise<unknown> {
  switch (call.kind) {
    case 'highQualityChannel':
      return setHighQualityChannel(unitId, call.channelId);
    case 'proxyChannel':
      return setProxyChannel(unitId, call.channelId);
    case 'mode':
      return setSwitcherMode(unitId, call.mode);
    case 'whole':
      return saveMultiCamera(unitId, { mode: call.mode, cameras: call.cameras, highQualityChannelId: call.highQualityChannelId, proxyChannelId: call.proxyChannelId });
  }
}

export function useSwitcherSave(unitId: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (calls: readonly SwitcherCall[]) => {
      for (const call of calls) await run(unitId, call);
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) }),
  });
}
