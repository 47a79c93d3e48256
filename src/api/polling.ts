/**
 * spec 002 §7 "Background polling": every 5 minutes, after a random start delay of 1 to 300 s,
 * notifications and the client configuration are refetched. spec 002 §4: when the websocket
 * library setting changes after the first load, the page reloads.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POLLING_INTERVAL_MS, pollingStartDelayMs, wsLibraryChangeNeedsReload } from '../domain/account.ts';
import { queryKeys, useClientConfiguration } from './queries.ts';

/** Starts the poll while mounted (the signed-in shell). The first refetch comes 1–300 s in, then every 300 000 ms. */
export function useBackgroundPolling(random: () => number = Math.random): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = (): void => {
      void queryClient.refetchQueries({ queryKey: queryKeys.notifications, type: 'all' });
      void queryClient.refetchQueries({ queryKey: queryKeys.configuration, type: 'all' });
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      refetch();
      interval = setInterval(refetch, POLLING_INTERVAL_MS);
    }, pollingStartDelayMs(random()));
    return () => {
      clearTimeout(start);
      if (interval !== undefined) clearInterval(interval);
    };
  }, [queryClient, random]);

  // spec 002 §4: reload when wsLibrary differs from the value of the first load.
  const { data } = useClientConfiguration();
  const firstWsLibrary = useRef<string | null>(null);
  useEffect(() => {
    if (data === undefined) return;
    if (firstWsLibrary.current === null) {
      firstWsLibrary.current = data.wsLibrary;
      return;
    }
    if (wsLibraryChangeNeedsReload(firstWsLibrary.current, data.wsLibrary)) window.location.reload();
  }, [data]);
}
