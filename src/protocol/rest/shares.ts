/**
 * The shares area's calls (spec 002 §1 "Shares between publishers and subscribers", §3 Publisher,
 * §5 Shares; §7 "shares … calls: paths not shown", so the paths are ours): the publishers and
 * subscribers of an inventory, and a unit's sharing options, v2/units/{id}/sharing: the subscribers
 * its live stream is shared to (channel mode "multipoint share", spec 001 §2). docs/api.md "Shares".
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Page, PageQuery, PartOf, RefTo, Removed, TextBetween } from './common.ts';
import { SHARE_DESCRIPTION_MAX_LENGTH, SHARE_FOLDER_NAME_MAX_LENGTH, SHARE_KEY_MAX_LENGTH, SHARE_KINDS, SHARE_NAME_MAX_LENGTH } from '../../domain/shares.ts';

const TAGS = ['shares'] as const;

/**
 * Most subscriber ids a body may carry (ours). The domain's limit (64 subscribers per unit) is
 * below it, so 65-1000 ids get the domain's own words on the field.
 */
export const SHARING_BODY_MAX_IDS = 1000;

/**
 * A publisher or a subscriber (spec 002 §3: name, share key, description, group, createdOn,
 * createdBy). The share key is given only to the media group set (super users and media group
 * admins, who manage shares); others see the rest.
 */
export const ShareParty = Schema.Struct({
  id: Id,
  inventoryId: Id,
  name: Schema.String,
  shareKey: Schema.optionalKey(Schema.String),
  description: Schema.String,
  groupId: Schema.NullOr(Id),
  createdOn: EpochMs,
  createdBy: Schema.String,
  /** The folder it is filed in (migration 0013); absent/null = the root folder. */
  folderId: Schema.optionalKey(Schema.NullOr(Id)),
});
export type ShareParty = typeof ShareParty.Type;

/** `v2/admin/inventories/{inv}/…`: the inventory must be one of the caller's (404 otherwise). */
export const InventoryParams = Schema.Struct({ inv: Id });

export const listPublishers = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/publishers',
  summary: 'The share publishers of an inventory (share keys for super users and media group admins only)',
  tags: TAGS,
  params: InventoryParams,
  response: Schema.Struct({ publishers: Schema.Array(ShareParty) }),
});

export const listSubscribers = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/subscribers',
  summary: 'The share subscribers of an inventory (share keys for super users and media group admins only)',
  tags: TAGS,
  params: InventoryParams,
  response: Schema.Struct({ subscribers: Schema.Array(ShareParty) }),
});

/** A unit's sharing options. */
export const UnitSharing = Schema.Struct({
  uid: Id,
  inventoryId: Schema.NullOr(Id),
  /** The subscribers the stream is shared to, by id (sorted). */
  subscriberIds: Schema.Array(Id),
  subscribers: Schema.Array(ShareParty),
  /** Every subscriber of the unit's inventory: those it may be shared to. */
  available: Schema.Array(ShareParty),
});
export type UnitSharing = typeof UnitSharing.Type;

const UnitParams = Schema.Struct({ id: Id });

export const getUnitSharing = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/sharing',
  summary: 'A unit’s sharing options: the subscribers its live stream is shared to, and those it may be',
  tags: ['units', ...TAGS],
  params: UnitParams,
  response: UnitSharing,
});

export const setUnitSharing = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/sharing',
  summary: 'Share a unit’s live stream with these subscribers of its inventory (replaces the list; [] stops sharing)',
  tags: ['units', ...TAGS],
  params: UnitParams,
  body: Schema.Struct({ subscriberIds: Schema.Array(RefTo('subscriber')).check(Schema.isMaxLength(SHARING_BODY_MAX_IDS)) }),
  response: UnitSharing,
});

// ── My Publishers / My Subscribers (spec 002 §2, §5): CRUD per inventory, folders ─────────────────

export const ShareKind = Schema.Literals(SHARE_KINDS);

/** A row of the My Publishers / My Subscribers tables: the party with its folder's and group's names. */
export const SharePartyRow = Schema.Struct({
  id: Id,
  inventoryId: Id,
  inventoryName: Schema.String,
  name: Schema.String,
  shareKey: Schema.String,
  description: Schema.String,
  groupId: Schema.NullOr(Id),
  groupName: Schema.NullOr(Schema.String),
  folderId: Id,
  folderName: Schema.String,
  createdOn: EpochMs,
  createdBy: Schema.String,
});
export type SharePartyRow = typeof SharePartyRow.Type;

export const SHARE_SEARCH_KEYS = ['name', 'description', 'createdBy'] as const;
export const SHARE_SORT_KEYS = ['name', 'description', 'createdOn', 'createdBy'] as const;
export type ShareSearchKey = (typeof SHARE_SEARCH_KEYS)[number];
export type ShareSortKey = (typeof SHARE_SORT_KEYS)[number];

/** The page query plus the inventory (required: the scope) and, optionally, one folder. */
export const SharePageQuery = Schema.Struct({
  ...PageQuery(SHARE_SEARCH_KEYS, SHARE_SORT_KEYS).fields,
  inventoryId: Id,
  folderId: Schema.optionalKey(PartOf('share folder of the inventory')),
});
export const SharePartyPage = Page(SharePartyRow);

const PartyName = TextBetween(1, SHARE_NAME_MAX_LENGTH);
/** '' on create: the server draws a key. The rule (8-64, letters, digits, - and _) is the domain's. */
const ShareKeyText = TextBetween(0, SHARE_KEY_MAX_LENGTH);
const Description = TextBetween(0, SHARE_DESCRIPTION_MAX_LENGTH);

export const NewShareParty = Schema.Struct({
  name: PartyName,
  shareKey: Schema.optionalKey(ShareKeyText),
  description: Schema.optionalKey(Description),
  groupId: Schema.optionalKey(Schema.NullOr(RefTo('group'))),
  /** Absent/null: the root folder. */
  folderId: Schema.optionalKey(Schema.NullOr(PartOf('share folder of the inventory'))),
});
export type NewShareParty = typeof NewShareParty.Type;

export const SharePartyChanges = Schema.Struct({
  name: Schema.optionalKey(PartyName),
  shareKey: Schema.optionalKey(TextBetween(1, SHARE_KEY_MAX_LENGTH)),
  description: Schema.optionalKey(Description),
  groupId: Schema.optionalKey(Schema.NullOr(RefTo('group'))),
  folderId: Schema.optionalKey(Schema.NullOr(PartOf('share folder of the inventory'))),
});
export type SharePartyChanges = typeof SharePartyChanges.Type;

const PartyParams = Schema.Struct({ inv: Id, id: PartOf('publisher or subscriber of the inventory') });

function partyEndpoints<const K extends (typeof SHARE_KINDS)[number]>(kind: K, one: string) {
  return {
    page: endpoint({
      method: 'GET',
      path: `v2/admin/shares/${kind}`,
      summary: `My ${kind[0]?.toUpperCase()}${kind.slice(1)}: the ${kind} of one inventory (optionally one folder), paged, searched and sorted`,
      tags: TAGS,
      query: SharePageQuery,
      response: SharePartyPage,
    }),
    create: endpoint({
      method: 'POST',
      path: `v2/admin/inventories/{inv}/${kind}`,
      summary: `Create a ${one} (name 1-32${kind === 'subscribers' ? '; name and share key unique per inventory' : ''}; no share key: one is drawn)`,
      tags: TAGS,
      params: InventoryParams,
      body: NewShareParty,
      response: SharePartyRow,
      successStatus: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: `v2/admin/inventories/{inv}/${kind}/{id}`,
      summary: `Change a ${one}: name, share key, description, group or folder`,
      tags: TAGS,
      params: PartyParams,
      body: SharePartyChanges,
      response: SharePartyRow,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `v2/admin/inventories/{inv}/${kind}/{id}`,
      summary: `Delete a ${one}${kind === 'subscribers' ? ' (units stop sharing to it)' : ''}`,
      tags: TAGS,
      params: PartyParams,
      response: Removed,
    }),
  };
}

export const publisherCalls = partyEndpoints('publishers', 'publisher');
export const subscriberCalls = partyEndpoints('subscribers', 'subscriber');

/** A folder of publishers or subscribers (spec 002 §3 "folder is similar"; §5 unique names, roots fixed). */
export const ShareFolder = Schema.Struct({
  id: Id,
  inventoryId: Id,
  kind: ShareKind,
  /** null for the root. */
  parentId: Schema.NullOr(Id),
  name: Schema.String,
  isRoot: Schema.Boolean,
  /** Publishers or subscribers filed directly in it. */
  count: Schema.Int,
  createdOn: EpochMs,
  createdBy: Schema.String,
});
export type ShareFolder = typeof ShareFolder.Type;

const FolderName = TextBetween(1, SHARE_FOLDER_NAME_MAX_LENGTH);
const FolderParams = Schema.Struct({ inv: Id, id: PartOf('share folder of the inventory') });

export const listShareFolders = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/share-folders',
  summary: 'The folders of an inventory’s publishers or subscribers, the root first (created on first use)',
  tags: TAGS,
  params: InventoryParams,
  query: Schema.Struct({ kind: ShareKind }),
  response: Schema.Struct({ folders: Schema.Array(ShareFolder) }),
});

export const createShareFolder = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories/{inv}/share-folders',
  summary: 'Create a folder (name unique per inventory and kind; in the root unless a parent is named)',
  tags: TAGS,
  params: InventoryParams,
  body: Schema.Struct({ kind: ShareKind, name: FolderName, parentId: Schema.optionalKey(Schema.NullOr(PartOf('share folder of the inventory'))) }),
  response: ShareFolder,
  successStatus: 201,
});

export const renameShareFolder = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{inv}/share-folders/{id}',
  summary: 'Rename a folder (root folders cannot be edited)',
  tags: TAGS,
  params: FolderParams,
  body: Schema.Struct({ name: FolderName }),
  response: ShareFolder,
});

export const deleteShareFolder = endpoint({
  method: 'DELETE',
  path: 'v2/admin/inventories/{inv}/share-folders/{id}',
  summary: 'Delete an empty folder (root folders cannot be edited)',
  tags: TAGS,
  params: FolderParams,
  response: Removed,
});

/** Every endpoint of the area. */
export const SHARE_ENDPOINTS = [
  listPublishers,
  listSubscribers,
  getUnitSharing,
  setUnitSharing,
  ...Object.values(publisherCalls),
  ...Object.values(subscriberCalls),
  listShareFolders,
  createShareFolder,
  renameShareFolder,
  deleteShareFolder,
] as const;
