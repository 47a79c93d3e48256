/**
 * Files coming back from the field, in the simulator (spec 001 §3 Channel "fileTransfer (path,
 * status)", File "isTransferring"; §4 channel status "play stored file"). In memory only:
 *
 * - Transfers. When a unit starts forwarding what it stored (store and forward, spec 000 §4), its
 *   recording travels to the media server (MMH) of its channel: 1-3 video parts
 *   (`name.mp4`, `name_part2.mp4`, …: spec 001 §3 multi-part names) then one metadata file (.xml
 *   or .json), one file at a time per channel. Each file's progress climbs in steps of 8-20 % every
 *   0.8-1.5 s; 3 % of files fail. While a file moves, the channel's status carries
 *   `fileTransfer: {fileId, path, status: 'transferring', progress}`; at the end `done` or `failed`
 *   stays for DONE_SHOWN_MS, then the field goes. A channel that is not on a media server has no
 *   transfers.
 * - Records. Every start, end and failure is queued for the REST layer, which writes the file rows
 *   (`drain`): the simulator never does I/O. The queue keeps the last MAX_RECORDS.
 * - Broadcasts. A stored file played on its channel (channelfiles/broadcast/start): the channel's
 *   status is `playStoredFile` while no unit streams to it.
 *
 * `publish(channelId)` asks the fleet to publish the channel's status again (FleetSimulator).
 */
import type { SimClock, TimerHandle } from './clock.ts';
import type { Random } from './random.ts';
import { FILE_KIND_OF_EXTENSION, partFileName, type FileExtension } from '../../domain/files.ts';

/** A channel on a media server (its MMH), as the fleet was given it. */
export interface MediaChannel {
  readonly id: string;
  readonly mediaServerId: string;
}

export type TransferStatus = 'transferring' | 'done' | 'failed';

/** One file on its way to a media server. */
export interface FileTransfer {
  readonly fileId: string;
  readonly channelId: string;
  readonly mmhId: string;
  readonly unitUid: string;
  readonly unitName: string;
  readonly fileName: string;
  readonly rootDirectory: string;
  /** rootDirectory + '/' + fileName */
  readonly path: string;
  /** bytes, the whole file's */
  readonly sizeBytes: number;
  readonly kind: 'chunks' | 'metadata';
  /** 0-100 (%) */
  progress: number;
  status: TransferStatus;
  readonly startedAt: number;
}

/** channel.status `fileTransfer` (docs/protocol.md). */
export interface ChannelFileTransfer {
  readonly fileId: string;
  readonly path: string;
  readonly status: TransferStatus;
  /** 0-100 (%) */
  readonly progress: number;
}

export interface TransferRecord {
  readonly event: 'started' | 'finished' | 'failed';
  readonly transfer: Readonly<FileTransfer>;
  /** ms since the epoch */
  readonly at: number;
}

/** A stored file playing on its channel. */
export interface Broadcast {
  readonly fileId: string;
  /** The media server the file is read from (chosen by the console's image probe). */
  readonly broadcastingMmhId: string;
  readonly rootDirectory: string;
  readonly since: number;
}

/** Each progress step: every 0.8-1.5 s, 8-20 % more. */
export const TRANSFER_STEP_MS = [800, 1_500] as const;
export const TRANSFER_STEP_PCT = [8, 20] as const;
/** Share of files that fail on the way. */
export const TRANSFER_FAILURE_RATE = 0.03;
/** How long `done` / `failed` stays on the channel (ms). */
export const DONE_SHOWN_MS = 3_000;
/** Records kept until the REST layer drains them. */
export const MAX_RECORDS = 10_000;
const MB = 1_048_576;

interface Queued {
  readonly unitUid: string;
  readonly unitName: string;
  readonly fileName: string;
  readonly sizeBytes: number;
  readonly kind: 'chunks' | 'metadata';
}

/** 2024-05-01T09:03:07Z → 20240501-090307 (UTC), for recording names. */
function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export class FileTransferSim {
  private readonly media = new Map<string, string>();
  private readonly active = new Map<string, FileTransfer>();
  private readonly queues = new Map<string, Queued[]>();
  private readonly timers = new Map<string, TimerHandle>();
  private readonly broadcasts = new Map<string, Broadcast>();
  private records: TransferRecord[] = [];
  private counter = 0;

  constructor(
    private readonly clock: SimClock,
    private readonly random: Random,
    private readonly publish: (channelId: string) => void,
    channels: readonly MediaChannel[],
  ) {
    for (const channel of channels) this.media.set(channel.id, channel.mediaServerId);
  }

  /** The media server of a channel, or undefined when it is not on one. */
  mediaServerOf(channelId: string): string | undefined {
    return this.media.get(channelId);
  }

  /**
   * A unit started forwarding: its recording is queued for its channel's media server. Nothing
   * happens for a channel off a media server. Answers the file names queued.
   */
  recordingForwarded(unit: { readonly uid: string; readonly name: string; readonly channelId: string | null }): string[] {
    if (unit.channelId === null || !this.media.has(unit.channelId)) return [];
    const base = `${unit.name}_${stamp(this.clock.now())}`;
    const parts = this.random.weighted([
      [1, 6],
      [2, 3],
      [3, 1],
    ] as const);
    const extension: FileExtension = this.random.weighted([
      ['mp4', 6],
      ['mkv', 2],
      ['mov', 1],
      ['3gp', 1],
    ] as const);
    const files: Queued[] = [];
    for (let part = 1; part <= parts; part += 1) {
      files.push({ unitUid: unit.uid, unitName: unit.name, fileName: partFileName(base, part, extension), sizeBytes: this.random.int(50, 1_900) * MB, kind: 'chunks' });
    }
    const metadata: FileExtension = this.random.chance(0.7) ? 'xml' : 'json';
    files.push({ unitUid: unit.uid, unitName: unit.name, fileName: `${base}.${metadata}`, sizeBytes: this.random.int(1_024, 4_096), kind: FILE_KIND_OF_EXTENSION[metadata] });
    const queue = this.queues.get(unit.channelId) ?? [];
    queue.push(...files);
    this.queues.set(unit.channelId, queue);
    this.next(unit.channelId);
    return files.map((file) => file.fileName);
  }

  /** The transfer shown on a channel's status, if any. */
  fileTransferOf(channelId: string): ChannelFileTransfer | undefined {
    const transfer = this.active.get(channelId);
    return transfer === undefined ? undefined : { fileId: transfer.fileId, path: transfer.path, status: transfer.status, progress: transfer.progress };
  }

  /** Every transfer under way (for the files listing's progress). */
  transfers(): FileTransfer[] {
    return [...this.active.values()].filter((t) => t.status === 'transferring').map((t) => ({ ...t }));
  }

  /** The records since the last drain, oldest first. */
  drain(): TransferRecord[] {
    const out = this.records;
    this.records = [];
    return out;
  }

  // ── Broadcasts ──

  broadcastOf(channelId: string): Broadcast | undefined {
    return this.broadcasts.get(channelId);
  }

  /** Plays a stored file on its channel (the caller checked the channel is idle). */
  startBroadcast(channelId: string, broadcast: Omit<Broadcast, 'since'>): Broadcast {
    const started = { ...broadcast, since: this.clock.now() };
    this.broadcasts.set(channelId, started);
    this.publish(channelId);
    return started;
  }

  /** Stops a channel's broadcast; false when none was playing. */
  stopBroadcast(channelId: string): boolean {
    if (!this.broadcasts.delete(channelId)) return false;
    this.publish(channelId);
    return true;
  }

  /** Cancels every pending step (the simulator stops). */
  stop(): void {
    for (const handle of this.timers.values()) this.clock.clear(handle);
    this.timers.clear();
  }

  private next(channelId: string): void {
    if (this.active.get(channelId)?.status === 'transferring') return;
    const queued = this.queues.get(channelId)?.shift();
    const mmhId = this.media.get(channelId);
    if (queued === undefined || mmhId === undefined) return;
    this.counter += 1;
    const rootDirectory = `/recordings/${queued.unitName}`;
    const transfer: FileTransfer = {
      fileId: `F-${this.clock.now().toString(36)}-${this.counter}`,
      channelId,
      mmhId,
      unitUid: queued.unitUid,
      unitName: queued.unitName,
      fileName: queued.fileName,
      rootDirectory,
      path: `${rootDirectory}/${queued.fileName}`,
      sizeBytes: queued.sizeBytes,
      kind: queued.kind,
      progress: 0,
      status: 'transferring',
      startedAt: this.clock.now(),
    };
    this.active.set(channelId, transfer);
    this.record('started', transfer);
    this.publish(channelId);
    this.step(transfer);
  }

  private step(transfer: FileTransfer): void {
    const [min, max] = TRANSFER_STEP_MS;
    this.schedule(transfer.channelId, this.random.int(min, max), () => {
      if (this.random.chance(TRANSFER_FAILURE_RATE / 5)) return this.finish(transfer, 'failed'); // ~5 steps a file
      transfer.progress = Math.min(100, transfer.progress + this.random.int(TRANSFER_STEP_PCT[0], TRANSFER_STEP_PCT[1]));
      if (transfer.progress >= 100) return this.finish(transfer, 'done');
      this.publish(transfer.channelId);
      this.step(transfer);
    });
  }

  private finish(transfer: FileTransfer, status: 'done' | 'failed'): void {
    transfer.status = status;
    if (status === 'done') transfer.progress = 100;
    this.record(status === 'done' ? 'finished' : 'failed', transfer);
    this.publish(transfer.channelId);
    const queue = this.queues.get(transfer.channelId) ?? [];
    // A failed part ends its recording: the files after it are not sent.
    if (status === 'failed') this.queues.set(transfer.channelId, queue.filter((q) => !q.fileName.startsWith(transfer.fileName.replace(/(_part\d+)?\.[^.]+$/, ''))));
    this.schedule(transfer.channelId, DONE_SHOWN_MS, () => {
      if (this.active.get(transfer.channelId) === transfer) this.active.delete(transfer.channelId);
      if ((this.queues.get(transfer.channelId)?.length ?? 0) > 0) this.next(transfer.channelId);
      else this.publish(transfer.channelId);
    });
  }

  private record(event: TransferRecord['event'], transfer: FileTransfer): void {
    this.records.push({ event, transfer: { ...transfer }, at: this.clock.now() });
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
  }

  private schedule(channelId: string, ms: number, fn: () => void): void {
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(channelId);
      fn();
    }, ms);
    this.timers.set(channelId, handle);
  }
}
