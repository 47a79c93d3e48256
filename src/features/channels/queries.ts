/**
 * The Manage Channels screen's calls, each through `call(endpoint)` (src/api/call.ts), and its
 * query keys: a write invalidates the channel lists and the one channel's reads it changed.
 * The overlay upload is the one call whose body is bytes (its endpoint's `bytesBody`): `call` sends
 * the file as is, so the server checks the PNG from its bytes, not from its name.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { apiUrl } from '../../api/http.ts';
import * as api from '../../protocol/rest/channels.ts';
import * as overlays from '../../protocol/rest/overlays.ts';
import type { ChannelConfiguration, ChannelConfig, DestinationInput } from '../../protocol/rest/channels.ts';
import { fillPath } from '../../protocol/rest/endpoint.ts';

export const channelKeys = {
  all: ['channels'] as const,
  list: ['channels', 'list'] as const,
  one: (id: string, part: string) => ['channels', 'one', id, part] as const,
  overlays: (inventoryId: string) => ['channels', 'overlays', inventoryId] as const,
};

export const fetchChannels = (signal: AbortSignal) => call(api.fetchChannels, {}, { signal });

export const saveConfiguration = (id: string, body: ChannelConfiguration) => call(api.updateChannelConfiguration, { params: { id }, body });

export const fetchCapabilities = (id: string, signal: AbortSignal) => call(api.channelCapabilities, { params: { id } }, { signal });

export const fetchPtmp = (id: string, signal: AbortSignal) => call(api.fetchPtmp, { query: { uniqueID: id } }, { signal });
export const savePtmp = (id: string, sharing: boolean, machines: readonly string[]) => call(api.updatePtmp, { body: { uniqueID: id, sharing, machines: machines.map((uid) => ({ uid })) } });

export const fetchSmpte = (id: string, signal: AbortSignal) => call(api.getChannelSmpte, { params: { id } }, { signal });
export const saveSmpte = (id: string, smpte: ChannelConfig['smpte']) => call(api.setChannelSmpte, { params: { id }, body: smpte });

export const fetchDestinations = (channelId: string, signal: AbortSignal) => call(api.fetchDestinations, { body: { channelId } }, { signal });
export const addDestination = (channelId: string, destination: DestinationInput) => call(api.addDestination, { body: { channelId, destination } });
export const updateDestination = (channelId: string, destinationId: string, destination: DestinationInput) => call(api.updateDestination, { body: { channelId, destinationId, destination } });
export const removeDestination = (channelId: string, destinationId: string) => call(api.removeDestination, { body: { channelId, destinationId } });
export const fetchProfiles = (signal: AbortSignal) => call(api.streamingMediaProfiles, {}, { signal });

export const saveTally = (id: string, tally: ChannelConfig['tally']) => call(api.setChannelTally, { params: { id }, body: tally });
export const saveIfb = (id: string, ifb: ChannelConfig['ifb'] & { mode?: 'V1' | 'V2' }) => call(api.setChannelIfb, { params: { id }, body: ifb });
export const fetchAudioInterfaces = (id: string, signal: AbortSignal) => call(api.getChannelAudioInterfaces, { params: { id } }, { signal });
export const saveAudioInterfaces = (id: string, interfaces: ChannelConfig['audioInterfaces']) => call(api.setChannelAudioInterfaces, { params: { id }, body: { interfaces } });

export const fetchIngest = (inventoryId: string, signal: AbortSignal) => call(api.inventoryIngestAssociation, { params: { id: inventoryId } }, { signal });
export const saveIngest = (inventoryId: string, channelId: string, serverId: string | null) => call(api.setIngestAssociation, { params: { id: inventoryId }, body: { channelId, serverId } });

export const fetchOverlays = (inventoryId: string, signal: AbortSignal) => call(overlays.listOverlays, { params: { id: inventoryId } }, { signal });
export const deleteOverlay = (inventoryId: string, overlayId: string) => call(overlays.deleteOverlay, { params: { id: inventoryId, overlayId } });
export const overlayImageUrl = (inventoryId: string, overlayId: string): string => apiUrl(fillPath(overlays.overlayImage.path, { id: inventoryId, overlayId }));

/** Uploads an overlay image: the file's bytes are the body (the server checks the PNG from them). */
export const uploadOverlayFile = (inventoryId: string, file: File) => call(overlays.uploadOverlay, { params: { id: inventoryId }, query: { fileName: file.name }, bytes: file });

/** After a write: every list and read of the area is stale. */
export function invalidateChannels(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: channelKeys.all });
}
