/**
 * My Publishers and My Subscribers (spec 002 §2, §3, §5; issue 14 part B): creating, changing and
 * deleting an inventory's publishers and subscribers, and the folders they are filed in. The rules
 * are the domain's (src/domain/shares.ts, validation/shares.ts); SQL is the repository's. Each
 * inventory has one root folder per kind, created the first time its tree is used; a party with no
 * folder sits in it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  FOLDER_MESSAGES,
  PARTY_MESSAGES,
  ROOT_FOLDER_NAMES,
  folderDeletionRefusal,
  folderEditError,
  partyFormErrors,
  shareFolderNameError,
  shareKeyFromBytes,
  type ShareKind,
} from '../../../domain/shares.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { NewShareParty, ShareFolder, SharePartyChanges, SharePartyRow, ShareSearchKey, ShareSortKey } from '../../../protocol/rest/shares.ts';
import { HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { constraintKind } from '../../store/queries.ts';
import type { Store } from '../../store/store.ts';
import type { FiledParty, PartyListRow, StoredFolder } from './repo.ts';

/** Tries at drawing a share key that no subscriber of the inventory has (16 characters: a clash is unheard of). */
const KEY_DRAWS = 5;

const ONE = { publishers: 'Publisher', subscribers: 'Subscriber' } as const;

export class ShareAdminService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** The root folder of a tree, created on first use (a concurrent creation is read back). */
  async root(inventoryId: string, kind: ShareKind, by: string): Promise<StoredFolder> {
    const existing = (await this.store.shares.folders(inventoryId, kind)).find((f) => f.isRoot);
    if (existing !== undefined) return existing;
    const root: StoredFolder = { id: `SFD-${randomUUID()}`, inventoryId, kind, parentId: null, name: ROOT_FOLDER_NAMES[kind], isRoot: true, createdOn: this.now(), createdBy: by };
    try {
      await this.store.shares.insertFolder(root);
      return root;
    } catch (error) {
      if (constraintKind(error) !== 'unique') throw error;
      const raced = (await this.store.shares.folders(inventoryId, kind)).find((f) => f.isRoot);
      if (raced === undefined) throw error;
      return raced;
    }
  }

  private async rowOf(root: StoredFolder, row: PartyListRow): Promise<SharePartyRow> {
    return {
      id: row.id,
      inventoryId: row.inventoryId,
      inventoryName: row.inventoryName,
      name: row.name,
      shareKey: row.shareKey,
      description: row.description,
      groupId: row.groupId,
      groupName: row.groupName,
      folderId: row.folderId ?? root.id,
      folderName: row.folderName ?? root.name,
      createdOn: row.createdOn,
      createdBy: row.createdBy,
    };
  }

  async page(kind: ShareKind, inventoryId: string, folderId: string | undefined, request: PageRequest<ShareSearchKey, ShareSortKey>, by: string) {
    const root = await this.root(inventoryId, kind, by);
    let folder: StoredFolder | undefined;
    if (folderId !== undefined) {
      folder = await this.store.shares.folder(inventoryId, folderId);
      if (folder === undefined || folder.kind !== kind) throw notFound(FOLDER_MESSAGES.unknownFolder);
    }
    const page = await this.store.shares.partyPage(kind, { inventoryId, ...(folder !== undefined ? { folder } : {}), ...request });
    return { total: page.total, limit: request.limit, offset: request.offset, items: await Promise.all(page.items.map((r) => this.rowOf(root, r))) };
  }

  /** One party as its table row. */
  private async listed(kind: ShareKind, inventoryId: string, id: string, by: string): Promise<SharePartyRow> {
    const row = await this.store.shares.partyRow(kind, inventoryId, id);
    if (row === undefined) throw notFound(`${ONE[kind]} '${id.slice(0, 64)}' not found`);
    return this.rowOf(await this.root(inventoryId, kind, by), row);
  }

  /** The folder a party is filed in: null for the root (or none named), else a folder of the same tree. */
  private async folderFor(kind: ShareKind, inventoryId: string, folderId: string | null | undefined): Promise<string | null | undefined> {
    if (folderId === undefined) return undefined;
    if (folderId === null) return null;
    const folder = await this.store.shares.folder(inventoryId, folderId);
    if (folder === undefined || folder.kind !== kind) refuseFields({ folderId: FOLDER_MESSAGES.unknownFolder });
    return folder?.isRoot === true ? null : folderId;
  }

  private async checkGroup(inventoryId: string, groupId: string | null | undefined): Promise<void> {
    if (groupId === undefined || groupId === null) return;
    const group = await this.store.groups.get(groupId);
    if (group === undefined || group.inventoryId !== inventoryId) refuseFields({ groupId: PARTY_MESSAGES.unknownGroup });
  }

  private async checkForm(kind: ShareKind, inventoryId: string, party: { id?: string; name: string; shareKey: string; description: string }): Promise<void> {
    const existing = kind === 'subscribers' ? await this.store.shares.partiesOf('subscribers', inventoryId) : [];
    refuseFields({ ...partyFormErrors(kind, { ...party, inventoryId }, existing) });
  }

  /** A write refused by a unique index (a concurrent twin): 409 on the field. */
  private uniqueRefusal(error: unknown): never {
    if (constraintKind(error) === 'unique') {
      const message = String((error as Error).message ?? '');
      const field = /share_key/i.test(message) ? 'shareKey' : 'name';
      const text = field === 'name' ? MESSAGES.uniqueName : MESSAGES.mustBeUnique;
      throw new HttpError(409, text, { fields: { [field]: text } });
    }
    throw error;
  }

  async create(kind: ShareKind, inventoryId: string, body: NewShareParty, by: string): Promise<SharePartyRow> {
    const name = body.name.trim();
    const typedKey = (body.shareKey ?? '').trim();
    const description = body.description ?? '';
    await this.checkForm(kind, inventoryId, { name, shareKey: typedKey, description });
    await this.checkGroup(inventoryId, body.groupId);
    const folderId = (await this.folderFor(kind, inventoryId, body.folderId)) ?? null;
    const taken = new Set((await this.store.shares.partiesOf(kind, inventoryId)).map((p) => p.shareKey.toLowerCase()));
    let shareKey = typedKey;
    for (let draw = 0; shareKey === '' || (typedKey === '' && taken.has(shareKey.toLowerCase())); draw += 1) {
      if (draw >= KEY_DRAWS) throw new Error('could not draw a free share key');
      shareKey = shareKeyFromBytes(randomBytes(16));
    }
    const party: FiledParty = { id: `${kind === 'publishers' ? 'PUB' : 'SUB'}-${randomUUID()}`, inventoryId, name, shareKey, description, groupId: body.groupId ?? null, folderId, createdOn: this.now(), createdBy: by };
    try {
      await this.store.shares.insertParty(kind, party);
    } catch (error) {
      this.uniqueRefusal(error);
    }
    return this.listed(kind, inventoryId, party.id, by);
  }

  async update(kind: ShareKind, inventoryId: string, id: string, changes: SharePartyChanges, by: string): Promise<SharePartyRow> {
    const party = await this.store.shares.party(kind, inventoryId, id);
    if (party === undefined) throw notFound(`${ONE[kind]} '${id.slice(0, 64)}' not found`);
    const next = {
      id,
      name: changes.name?.trim() ?? party.name,
      shareKey: changes.shareKey?.trim() ?? party.shareKey,
      description: changes.description ?? party.description,
    };
    await this.checkForm(kind, inventoryId, next);
    if (changes.shareKey !== undefined && next.shareKey === '') refuseFields({ shareKey: MESSAGES.required });
    await this.checkGroup(inventoryId, changes.groupId);
    const folderId = await this.folderFor(kind, inventoryId, changes.folderId);
    try {
      await this.store.shares.updateParty(kind, id, {
        name: next.name,
        shareKey: next.shareKey,
        description: next.description,
        ...(changes.groupId !== undefined ? { groupId: changes.groupId } : {}),
        ...(folderId !== undefined ? { folderId } : {}),
      });
    } catch (error) {
      this.uniqueRefusal(error);
    }
    return this.listed(kind, inventoryId, id, by);
  }

  async remove(kind: ShareKind, inventoryId: string, id: string): Promise<{ removed: number }> {
    const party = await this.store.shares.party(kind, inventoryId, id);
    if (party === undefined) throw notFound(`${ONE[kind]} '${id.slice(0, 64)}' not found`);
    return { removed: await this.store.shares.deleteParty(kind, id) };
  }

  // ── Folders ──

  async folders(inventoryId: string, kind: ShareKind, by: string): Promise<ShareFolder[]> {
    const root = await this.root(inventoryId, kind, by);
    const [folders, counts] = await Promise.all([this.store.shares.folders(inventoryId, kind), this.store.shares.folderCounts(inventoryId, kind)]);
    return folders.map((f) => ({
      ...f,
      count: (counts.get(f.id) ?? 0) + (f.id === root.id ? (counts.get(null) ?? 0) : 0),
    }));
  }

  private async folderView(inventoryId: string, kind: ShareKind, id: string, by: string): Promise<ShareFolder> {
    const folder = (await this.folders(inventoryId, kind, by)).find((f) => f.id === id);
    if (folder === undefined) throw notFound(FOLDER_MESSAGES.unknownFolder);
    return folder;
  }

  private async existingFolder(inventoryId: string, id: string): Promise<StoredFolder> {
    const folder = await this.store.shares.folder(inventoryId, id);
    if (folder === undefined) throw notFound(FOLDER_MESSAGES.unknownFolder);
    return folder;
  }

  async createFolder(inventoryId: string, body: { kind: ShareKind; name: string; parentId?: string | null }, by: string): Promise<ShareFolder> {
    const root = await this.root(inventoryId, body.kind, by);
    const name = body.name.trim();
    const others = (await this.store.shares.folders(inventoryId, body.kind)).map((f) => f.name);
    refuseFields({ name: shareFolderNameError(name, others) });
    let parentId = root.id;
    if (body.parentId !== undefined && body.parentId !== null) {
      const parent = await this.store.shares.folder(inventoryId, body.parentId);
      if (parent === undefined || parent.kind !== body.kind) refuseFields({ parentId: FOLDER_MESSAGES.unknownFolder });
      parentId = body.parentId;
    }
    const folder: StoredFolder = { id: `SFD-${randomUUID()}`, inventoryId, kind: body.kind, parentId, name, isRoot: false, createdOn: this.now(), createdBy: by };
    try {
      await this.store.shares.insertFolder(folder);
    } catch (error) {
      this.uniqueRefusal(error);
    }
    return this.folderView(inventoryId, body.kind, folder.id, by);
  }

  async renameFolder(inventoryId: string, id: string, name: string, by: string): Promise<ShareFolder> {
    const folder = await this.existingFolder(inventoryId, id);
    refuseFields({ name: folderEditError(folder) });
    const trimmed = name.trim();
    const others = (await this.store.shares.folders(inventoryId, folder.kind)).filter((f) => f.id !== id).map((f) => f.name);
    refuseFields({ name: shareFolderNameError(trimmed, others) });
    try {
      await this.store.shares.renameFolder(id, trimmed);
    } catch (error) {
      this.uniqueRefusal(error);
    }
    return this.folderView(inventoryId, folder.kind, id, by);
  }

  async deleteFolder(inventoryId: string, id: string): Promise<{ removed: number }> {
    const folder = await this.existingFolder(inventoryId, id);
    const refusal = folderDeletionRefusal(folder, await this.store.shares.folderHolds(folder));
    if (refusal !== null) throw new HttpError(409, refusal);
    return { removed: await this.store.shares.deleteFolder(id) };
  }
}
