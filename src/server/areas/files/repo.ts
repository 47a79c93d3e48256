/**
 * Channel files in the store (migration 0008 channel_files; spec 001 §3 File): the files of the
 * media servers' channels, with their channel's and media server's names. SQL only, one code for
 * SQLite and PostgreSQL. A file name is unique on its media server (a unique index).
 */
import type { Db } from '../../store/queries.ts';
import { containsText } from '../../store/queries.ts';

export interface StoredFile {
  id: string;
  channelId: string;
  channelName: string;
  mmhId: string;
  mmhName: string;
  unitUid: string | null;
  luName: string;
  fileName: string;
  rootDirectory: string;
  /** bytes */
  sizeBytes: number;
  lastModified: number;
  isTransferring: boolean;
  storyId: string | null;
  content: string | null;
}

export interface NewFile {
  id: string;
  channelId: string;
  mmhId: string;
  unitUid: string | null;
  luName: string;
  fileName: string;
  rootDirectory: string;
  sizeBytes: number;
  lastModified: number;
  isTransferring: boolean;
  content: string | null;
}

export interface FileListing {
  channelIds: readonly string[];
  /** ms since the epoch; null: any date. */
  since: number | null;
  search: string;
  /** Most rows answered. */
  limit: number;
}

export class FileRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('channel_files as f')
      .innerJoin('channels as c', 'c.id', 'f.channel_id')
      .innerJoin('servers as s', 's.id', 'f.mmh_id')
      .select([
        'f.id as id',
        'f.channel_id as channelId',
        'c.name as channelName',
        'f.mmh_id as mmhId',
        's.name as mmhName',
        'f.unit_uid as unitUid',
        'f.lu_name as luName',
        'f.file_name as fileName',
        'f.root_directory as rootDirectory',
        'f.size_bytes as sizeBytes',
        'f.last_modified as lastModified',
        'f.is_transferring as isTransferring',
        'f.story_id as storyId',
        'f.content as content',
      ]);
  }

  private static toFile(r: { isTransferring: unknown; sizeBytes: unknown; lastModified: unknown } & Omit<StoredFile, 'isTransferring' | 'sizeBytes' | 'lastModified'>): StoredFile {
    return { ...r, isTransferring: Boolean(Number(r.isTransferring)), sizeBytes: Number(r.sizeBytes), lastModified: Number(r.lastModified) };
  }

  /** The files of some channels, newest first (then by name). */
  async list(listing: FileListing): Promise<StoredFile[]> {
    if (listing.channelIds.length === 0) return [];
    let query = this.rows().where('f.channel_id', 'in', [...listing.channelIds]);
    if (listing.since !== null) query = query.where('f.last_modified', '>=', listing.since);
    if (listing.search !== '') query = query.where(containsText('f.file_name', listing.search));
    const rows = await query.orderBy('f.last_modified', 'desc').orderBy('f.file_name').limit(listing.limit).execute();
    return rows.map((r) => FileRepo.toFile(r));
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const row = await this.rows().where('f.id', '=', id).executeTakeFirst();
    return row && FileRepo.toFile(row);
  }

  /** Every file of a media server (the rename rule compares names there). */
  async ofMediaServer(mmhId: string): Promise<StoredFile[]> {
    return (await this.rows().where('f.mmh_id', '=', mmhId).orderBy('f.file_name').execute()).map((r) => FileRepo.toFile(r));
  }

  async byPath(channelId: string, rootDirectory: string, fileName: string): Promise<StoredFile | undefined> {
    const row = await this.rows().where('f.channel_id', '=', channelId).where('f.root_directory', '=', rootDirectory).where('f.file_name', '=', fileName).executeTakeFirst();
    return row && FileRepo.toFile(row);
  }

  /** Inserts a file; false when its name is already on the media server (nothing written). */
  async insert(file: NewFile, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('channel_files')
      .values({
        id: file.id,
        channel_id: file.channelId,
        mmh_id: file.mmhId,
        unit_uid: file.unitUid,
        lu_name: file.luName,
        file_name: file.fileName,
        root_directory: file.rootDirectory,
        size_bytes: file.sizeBytes,
        last_modified: file.lastModified,
        is_transferring: file.isTransferring ? 1 : 0,
        content: file.content,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['mmh_id', 'file_name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async finishTransfer(id: string, sizeBytes: number, lastModified: number, content: string | null): Promise<void> {
    await this.db.updateTable('channel_files').set({ is_transferring: 0, size_bytes: sizeBytes, last_modified: lastModified, ...(content !== null ? { content } : {}) }).where('id', '=', id).execute();
  }

  async rename(renames: readonly { fileId: string; to: string }[]): Promise<void> {
    for (const rename of renames) await this.db.updateTable('channel_files').set({ file_name: rename.to }).where('id', '=', rename.fileId).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('channel_files').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
