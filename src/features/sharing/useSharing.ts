/** TanStack Query hooks of a unit's sharing options (keys under 'session': dropped on sign-out). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchUnitSharing, saveUnitSharing } from './sharingCalls.ts';

export const unitSharingKey = (unitId: string) => ['session', 'unit', unitId, 'sharing'] as const;

export function useUnitSharing(unitId: string) {
  return useQuery({ queryKey: unitSharingKey(unitId), queryFn: ({ signal }) => fetchUnitSharing(unitId, signal) });
}

export function useSaveSharing(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriberIds: readonly string[]) => saveUnitSharing(unitId, subscriberIds),
    onSuccess: (answer) => queryClient.setQueryData(unitSharingKey(unitId), answer),
  });
}
