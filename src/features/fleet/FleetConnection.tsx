/**
 * Binds the fleet stream to the user's current group for everything inside the shell: one fleet
 * client (worker, websocket, REST snapshot) per group, created when the group is known, replaced
 * when the user picks another group, disposed when the shell goes away (sign-out leaves the
 * shell). The user's unit alert settings go to the worker at connect and whenever they change,
 * so it only reports the transitions that should raise a notification. A disposed client ignores
 * late calls (settledClient.ts): the screens release their views in the same commit.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useGroups, usePreferences, useSavePreferences } from '../../api/queries.ts';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { showError } from '../../components/toasts.ts';
import { unitAlertSettingsFrom } from '../../domain/units/alertSettings.ts';
import { createFleetClient, FleetProvider } from '../../fleet/index.ts';
import type { FleetClient } from '../../fleet/index.ts';
import { chooseGroup } from './groupChoice.ts';
import { CurrentGroupContext } from './currentGroup.ts';
import type { CurrentGroup } from './currentGroup.ts';
import { settledClient } from './settledClient.ts';
import { TransitionToasts } from './TransitionToasts.tsx';
import { TransitionMute, TransitionMuteContext } from './transitionMute.ts';

export function FleetConnection({ children }: { readonly children: ReactNode }) {
  const groups = useGroups();
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const groupList = useMemo(() => groups.data ?? [], [groups.data]);
  const groupId = chooseGroup(groupList, preferences.data?.groupId);
  const ready = !groups.isPending && !preferences.isPending;
  const alertSettings = unitAlertSettingsFrom(preferences.data?.unitAlertsSettings);
  const alertKey = JSON.stringify(alertSettings);
  const alertSettingsRef = useRef(alertSettings);
  alertSettingsRef.current = alertSettings;
  const [client, setClient] = useState<FleetClient | null>(null);
  const [mute] = useState(() => new TransitionMute());

  useEffect(() => {
    if (!ready) return undefined;
    const next = settledClient(createFleetClient());
    // The client configuration names no subscription batch property: the worker's default (50) holds.
    if (groupId !== null) next.connect({ groupId, alertSettings: alertSettingsRef.current }).catch((error: unknown) => showError(error));
    setClient(next);
    return () => next.dispose();
  }, [ready, groupId]);

  useEffect(() => {
    if (client !== null) void client.setAlertSettings(alertSettingsRef.current);
  }, [client, alertKey]);

  const { mutate } = savePreferences;
  const selectGroup = useCallback(
    (next: string) => mutate({ groupId: next }, { onError: (error) => showError(error) }),
    [mutate],
  );
  const current = useMemo<CurrentGroup>(() => ({ groupId, groups: groupList, selectGroup }), [groupId, groupList, selectGroup]);

  if (client === null) return <FullPageLoader />;
  return (
    <CurrentGroupContext.Provider value={current}>
      <TransitionMuteContext.Provider value={mute}>
        <FleetProvider client={client}>
          <TransitionToasts mute={mute} />
          {children}
        </FleetProvider>
      </TransitionMuteContext.Provider>
    </CurrentGroupContext.Provider>
  );
}
