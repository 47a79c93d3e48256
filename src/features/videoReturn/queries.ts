/**
 * The video return calls of the console (spec 001 §7 "Video return"), each through
 * `call(endpoint)`: the group's channels with their live state (polled: the simulator moves them,
 * and there is no websocket topic for video return channels), a channel's configuration and input.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import * as vr from '../../protocol/rest/videoReturn.ts';
import type { VrChannelUpdate, VrChannelView } from '../../protocol/rest/videoReturn.ts';

/** How often the live state of the channels is read again (ms): connecting lasts 1-2.5 s. */
export const VR_POLL_MS = 2_000;

export const vrKeys = {
  all: ['videoReturn'] as const,
  group: (groupId: string) => ['videoReturn', 'group', groupId] as const,
  capabilities: (groupId: string, id: string) => ['videoReturn', 'capabilities', groupId, id] as const,
};

export const fetchGroupVrChannels = (groupId: string, signal?: AbortSignal): Promise<readonly VrChannelView[]> =>
  call(vr.groupVideoReturnChannels, { params: { groupId }, query: { crnt_vcg_uid: groupId } }, signal !== undefined ? { signal } : {});

export const updateVrChannel = (groupId: string, uniqueId: string, body: VrChannelUpdate): Promise<VrChannelView> =>
  call(vr.updateVideoReturnChannel, { params: { uniqueId }, query: { crnt_vcg_uid: groupId }, body });

export const fetchVrCapabilities = (groupId: string, id: string) => call(vr.vrChannelCapabilities, { params: { id }, query: { crnt_vcg_uid: groupId } });

/** The group's video return channels, by name, read again every VR_POLL_MS while shown. */
export function useGroupVrChannels(groupId: string | null) {
  return useQuery({
    queryKey: vrKeys.group(groupId ?? ''),
    queryFn: ({ signal }) => fetchGroupVrChannels(groupId ?? '', signal),
    enabled: groupId !== null,
    refetchInterval: VR_POLL_MS,
  });
}

export function useVrCapabilities(groupId: string | null, id: string | null) {
  return useQuery({
    queryKey: vrKeys.capabilities(groupId ?? '', id ?? ''),
    queryFn: () => fetchVrCapabilities(groupId ?? '', id ?? ''),
    enabled: groupId !== null && id !== null,
  });
}

export function invalidateVideoReturn(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: vrKeys.all });
}

export function useInvalidateVideoReturn(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateVideoReturn(queryClient);
}
