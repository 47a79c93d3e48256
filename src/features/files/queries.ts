/**
 * The Files screen's calls (spec 001 §7 "Files"), each through `call(endpoint)`; the list is read
 * again every second while a file transfers (its progress), every 5 s otherwise.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import * as files from '../../protocol/rest/files.ts';
import type { FileDateFilter, FileKind } from '../../domain/files.ts';
import { chooseFileServer, type FileServerCandidate } from '../../domain/fileNames.ts';

/** ms between reads while a file transfers / while none does. */
export const FILES_POLL_MS = { transferring: 1_000, idle: 5_000 } as const;

export const fileKeys = {
  all: ['files'] as const,
  list: (groupId: string, kind: FileKind | null, date: FileDateFilter, search: string) => ['files', 'list', groupId, kind, date, search] as const,
};

export function useChannelFiles(groupId: string | null, kind: FileKind | null, date: FileDateFilter, search: string) {
  return useQuery({
    queryKey: fileKeys.list(groupId ?? '', kind, date, search),
    queryFn: ({ signal }) =>
      call(files.listChannelFiles, { query: { crnt_vcg_uid: groupId ?? '', date, ...(kind !== null ? { kind } : {}), ...(search !== '' ? { searchValue: search } : {}) } }, { signal }),
    enabled: groupId !== null,
    refetchInterval: (query) => (query.state.data?.items.some((f) => f.isTransferring) === true ? FILES_POLL_MS.transferring : FILES_POLL_MS.idle),
  });
}

const inGroup = (groupId: string) => ({ crnt_vcg_uid: groupId });

export const renameFile = (groupId: string, fileId: string, newFileName: string) => call(files.renameChannelFile, { query: inGroup(groupId), body: { fileId, newFileName } });
export const removeFile = (groupId: string, fileId: string) => call(files.removeChannelFile, { query: inGroup(groupId), body: { fileId } });
export const stopBroadcast = (groupId: string, fileId: string) => call(files.stopFileBroadcast, { query: inGroup(groupId), body: { fileId } });
export const fetchMetadata = (groupId: string, channelId: string, filePath: string) => call(files.fileMetadata, { query: { ...inGroup(groupId), channelId, filePath } });

/** The image probe of spec 001 §9: the server's probe image within the time-out (5,000 ms). */
async function probe(url: string, timeoutMs: number): Promise<boolean> {
  const id = /channelfiles\/mmh\/([^/]+)\/probe\.svg$/.exec(url)?.[1];
  if (id === undefined) return false;
  try {
    await call(files.mediaServerProbe, { params: { id: decodeURIComponent(id) }, query: { t: String(Date.now()) } }, { signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a broadcast: the file's own media server first, then the inventory's others, each probed
 * at once; the first that answers reads the file (spec 001 §9). Null when none answered.
 */
export async function startBroadcast(groupId: string, file: { fileId: string; mmhId: string; rootDirectory: string }, servers: readonly FileServerCandidate[]) {
  const ordered = [...servers].sort((a, b) => Number(b.id === file.mmhId) - Number(a.id === file.mmhId));
  const chosen = await chooseFileServer(ordered, probe);
  if (chosen === null) return null;
  return call(files.startFileBroadcast, { query: inGroup(groupId), body: { fileId: file.fileId, broadcastingMmhId: chosen.id, rootDirectory: file.rootDirectory } });
}
