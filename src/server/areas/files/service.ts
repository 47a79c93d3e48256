/**
 * The Files area's service (spec 001 §3, §5, §7 "Files"): the files of the group's channels, kept
 * in channel_files from what the simulator's transfers report (FileTransferSim.drain: started →
 * a row that is transferring, finished → its size and time, failed → gone), their progress, the
 * broadcast of a stored file on its channel, rename by the file-name rules (src/domain/fileNames.ts),
 * removal, chunks, download URLs and metadata documents. HTTP stays in routes.ts.
 */
import { dateFilterWindowMs, fileKind, type FileDateFilter, type FileKind } from '../../../domain/files.ts';
import { FILE_MESSAGES, planRename, recordingBaseOf } from '../../../domain/fileNames.ts';
import type { ChannelFile, ChannelFilesAnswer, FileBroadcast } from '../../../protocol/rest/files.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import type { TransferRecord } from '../../sim/fileTransfers.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredFile } from './repo.ts';

type FileDeps = Pick<RouteDeps, 'store' | 'fleet' | 'now' | 'runsBackgroundJobs'>;

/** The drain timer's period where background jobs run (ms): files reach the store without anyone listing them. */
export const FILE_DRAIN_EVERY_MS = 1_000;
/** One drain at a time per fleet: the records are taken from the fleet once and written in order (started before finished). */
const draining = new WeakMap<object, Promise<void>>();

const shown = (id: string): string => id.slice(0, 64);

/** Files answered at most by one listing (ours: newest first; the screen filters by date). */
export const FILES_LISTED_MAX = 500;

/** Our words for the refusals the spec does not word. */
export const FILES_MESSAGES = {
  transferring: 'The file is still transferring',
  playing: 'The file is playing on its channel: stop the broadcast first',
  notVideo: 'Only a video file can be broadcast',
  notMediaServer: 'Not a media server of this inventory',
  notMetadata: 'Not a metadata file',
} as const;

export const fileNotFound = (id: string): HttpError => notFound(`File '${shown(id)}' not found`);

/** The document a metadata file holds (ours: what the unit knew when it recorded). */
function metadataDocument(fileName: string, unitName: string, at: number): string {
  const recorded = new Date(at).toISOString();
  const base = recordingBaseOf(fileName);
  if (fileName.endsWith('.json')) return JSON.stringify({ recording: base, unit: unitName, recordedAt: recorded, slugline: '', keywords: [] }, null, 2);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<recording name="${base}">\n  <unit>${unitName}</unit>\n  <recordedAt>${recorded}</recordedAt>\n  <slugline/>\n</recording>\n`;
}

export class FileService {
  constructor(private readonly deps: FileDeps) {}

  /**
   * Writes what the simulator's transfers reported since the last read (started, finished, failed).
   * Only where background jobs run (the records leave the fleet when read: one reader); a front
   * that is not the owner reads what the owner wrote.
   */
  drain(): Promise<void> {
    if (!this.deps.runsBackgroundJobs) return Promise.resolve();
    const key = this.deps.fleet;
    const next = (draining.get(key) ?? Promise.resolve()).then(() => this.drainOnce());
    draining.set(key, next.catch(() => undefined));
    return next;
  }

  private async drainOnce(): Promise<void> {
    const records: TransferRecord[] = (await this.deps.fleet.get()?.fleet.files.drain()) ?? [];
    for (const { event, transfer, at } of records) {
      if (event === 'started') {
        await this.deps.store.files.insert(
          { id: transfer.fileId, channelId: transfer.channelId, mmhId: transfer.mmhId, unitUid: transfer.unitUid, luName: transfer.unitName, fileName: transfer.fileName, rootDirectory: transfer.rootDirectory, sizeBytes: 0, lastModified: at, isTransferring: true, content: null },
          this.deps.now(),
        );
      } else if (event === 'finished') {
        const content = transfer.kind === 'metadata' ? metadataDocument(transfer.fileName, transfer.unitName, transfer.startedAt) : null;
        await this.deps.store.files.finishTransfer(transfer.fileId, transfer.sizeBytes, at, content);
      } else {
        await this.deps.store.files.delete(transfer.fileId);
      }
    }
  }

  private async progressOf(): Promise<Map<string, number>> {
    return new Map(((await this.deps.fleet.get()?.fleet.files.transfers()) ?? []).map((t) => [t.fileId, t.progress]));
  }

  private view(file: StoredFile, progress: ReadonlyMap<string, number>): ChannelFile {
    return {
      fileId: file.id,
      fileName: file.fileName,
      kind: fileKind(file.fileName),
      channelId: file.channelId,
      channelName: file.channelName,
      unitUid: file.unitUid,
      luName: file.luName,
      mmhId: file.mmhId,
      mmhName: file.mmhName,
      sizeBytes: file.sizeBytes,
      lastModified: file.lastModified,
      isTransferring: file.isTransferring,
      progress: file.isTransferring ? (progress.get(file.id) ?? 0) : null,
      rootDirectory: file.rootDirectory,
      storyId: file.storyId,
    };
  }

  async list(groupId: string, filters: { kind?: FileKind; date?: FileDateFilter; searchValue?: string }): Promise<ChannelFilesAnswer> {
    await this.drain();
    const channels = await this.deps.store.channels.listByGroup(groupId);
    const window = dateFilterWindowMs(filters.date ?? 'any');
    const files = await this.deps.store.files.list({ channelIds: channels.map((c) => c.id), since: window === null ? null : this.deps.now() - window, search: filters.searchValue?.trim() ?? '', limit: FILES_LISTED_MAX });
    const progress = await this.progressOf();
    const sim = this.deps.fleet.get()?.fleet.files;
    const playing = await Promise.all(channels.map(async (c) => ({ channelId: c.id, b: await sim?.broadcastOf(c.id) })));
    const broadcasts: FileBroadcast[] = playing.flatMap(({ channelId, b }) =>
      b === undefined ? [] : [{ channelId, fileId: b.fileId, broadcastingMmhId: b.broadcastingMmhId, rootDirectory: b.rootDirectory, since: b.since }],
    );
    const group = await this.deps.store.groups.get(groupId);
    const servers = group === undefined ? [] : await this.deps.store.servers.listByInventory(group.inventoryId, 'mmh');
    return {
      items: files.filter((f) => filters.kind === undefined || fileKind(f.fileName) === filters.kind).map((f) => this.view(f, progress)),
      broadcasts,
      mediaServers: servers.map((s) => ({ id: s.id, name: s.name, probeUrl: `channelfiles/mmh/${s.id}/probe.svg` })),
    };
  }

  /** The file when it is on a channel of the group; the same 404 for unknown and foreign files. */
  async ofGroup(groupId: string, fileId: string): Promise<StoredFile> {
    await this.drain();
    const file = await this.deps.store.files.get(fileId);
    if (file === undefined || (await this.deps.store.channels.groupOf(file.channelId)) !== groupId) throw fileNotFound(fileId);
    return file;
  }

  private async playing(file: StoredFile): Promise<boolean> {
    return (await this.deps.fleet.get()?.fleet.files.broadcastOf(file.channelId))?.fileId === file.id;
  }

  async remove(file: StoredFile): Promise<{ removed: number }> {
    if (file.isTransferring) throw conflict(FILES_MESSAGES.transferring);
    if (await this.playing(file)) throw conflict(FILES_MESSAGES.playing);
    return { removed: (await this.deps.store.files.delete(file.id)) ? 1 : 0 };
  }

  /**
   * Renames the file's recording (its parts and metadata) to a new prefix (spec 001 §5): the
   * prefix rule answers 400 on newFileName, a name taken on the media server 409 on newFileName.
   */
  async rename(file: StoredFile, newFileName: string) {
    if (file.isTransferring) throw conflict(FILES_MESSAGES.transferring);
    const onServer = await this.deps.store.files.ofMediaServer(file.mmhId);
    const plan = planRename(onServer.map((f) => ({ fileId: f.id, fileName: f.fileName, mmhId: f.mmhId })), file.id, newFileName.trim());
    if (!plan.ok) throw new HttpError(plan.error === FILE_MESSAGES.nameExists ? 409 : 400, plan.error, { fields: { newFileName: plan.error } });
    if (onServer.some((f) => f.isTransferring && plan.renames.some((r) => r.fileId === f.id))) throw conflict(FILES_MESSAGES.transferring);
    await this.deps.store.transaction((tx) => tx.files.rename(plan.renames));
    return { renamed: plan.renames.map((r) => ({ ...r })) };
  }

  async startBroadcast(file: StoredFile, broadcastingMmhId: string, rootDirectory: string): Promise<FileBroadcast> {
    if (file.isTransferring) throw conflict(FILES_MESSAGES.transferring);
    if (fileKind(file.fileName) !== 'chunks') throw badRequest(FILES_MESSAGES.notVideo);
    const server = await this.deps.store.servers.get(broadcastingMmhId);
    const channel = await this.deps.store.channels.get(file.channelId);
    if (server === undefined || server.type !== 'mmh' || channel === undefined || server.inventoryId !== channel.inventoryId) {
      throw badRequest(FILES_MESSAGES.notMediaServer, { fields: { broadcastingMmhId: FILES_MESSAGES.notMediaServer } });
    }
    const started = await this.deps.fleet.require().fleet.files.startBroadcast(file.channelId, { fileId: file.id, broadcastingMmhId, rootDirectory: rootDirectory === '' ? file.rootDirectory : rootDirectory });
    return { channelId: file.channelId, ...started };
  }

  async stopBroadcast(file: StoredFile): Promise<{ stopped: boolean }> {
    const sim = this.deps.fleet.require().fleet.files;
    if ((await sim.broadcastOf(file.channelId))?.fileId !== file.id) return { stopped: false };
    return { stopped: await sim.stopBroadcast(file.channelId) };
  }

  async chunks(file: StoredFile): Promise<ChannelFile[]> {
    const base = recordingBaseOf(file.fileName);
    const progress = await this.progressOf();
    return (await this.deps.store.files.ofMediaServer(file.mmhId)).filter((f) => recordingBaseOf(f.fileName) === base).map((f) => this.view(f, progress));
  }

  /** Where each file of the channel is read from on its media server (simulated servers serve no bytes). */
  async downloadUrls(groupId: string, channelId: string) {
    if ((await this.deps.store.channels.groupOf(channelId)) !== groupId) throw notFound(`Channel '${shown(channelId)}' not found`);
    await this.drain();
    const files = await this.deps.store.files.list({ channelIds: [channelId], since: null, search: '', limit: FILES_LISTED_MAX });
    return files.filter((f) => !f.isTransferring).map((f) => ({ fileId: f.id, fileName: f.fileName, url: `https://${f.mmhId.toLowerCase()}.media.invalid${f.rootDirectory}/${encodeURIComponent(f.fileName)}` }));
  }

  async metadata(groupId: string, channelId: string, filePath: string) {
    if ((await this.deps.store.channels.groupOf(channelId)) !== groupId) throw notFound(`Channel '${shown(channelId)}' not found`);
    const slash = filePath.lastIndexOf('/');
    const file = await this.deps.store.files.byPath(channelId, filePath.slice(0, Math.max(0, slash)), filePath.slice(slash + 1));
    if (file === undefined) throw notFound(`File '${filePath.slice(0, 128)}' not found`);
    if (fileKind(file.fileName) !== 'metadata') throw badRequest(FILES_MESSAGES.notMetadata);
    if (file.isTransferring) throw conflict(FILES_MESSAGES.transferring);
    return { channelId, filePath, format: file.fileName.endsWith('.json') ? ('json' as const) : ('xml' as const), content: file.content ?? metadataDocument(file.fileName, file.luName, file.lastModified) };
  }
}
