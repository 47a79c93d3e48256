/**
 * The shares area's calls (spec 002 §1 "Shares between publishers and subscribers", §3 Publisher,
 * §5 Shares; §7 "shares … calls: paths not shown", so the paths are ours): the publishers and
 * subscribers of an inventory, and a unit's sharing options, v2/units/{id}/sharing: the subscribers
 * its live stream is shared to (channel mode "multipoint share", spec 001 §2). docs/api.md "Shares".
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, RefTo } from './common.ts';

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

/** Every endpoint of the area. */
export const SHARE_ENDPOINTS = [listPublishers, listSubscribers, getUnitSharing, setUnitSharing] as const;
