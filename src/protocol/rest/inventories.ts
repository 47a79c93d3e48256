/**
 * The inventories area's calls (spec 001 §3 Inventory, §7 "Admin inventories: list, enhanced,
 * count, create, update, delete, units association, properties GET and PUT, devices serviceable,
 * vrChannels PUT and DELETE"; 002 §3 Inventory). An inventory is a customer's pool of units,
 * channels, servers and users; groups live inside one. Body and answer shapes are not shown in
 * the spec: ours, named after the spec's fields (docs/api.md lists them). The units association
 * calls (v2/admin/inventories/{inv}/units) belong to the units area.
 *
 * Texts are checked loosely here (lengths only) and by the domain's rules
 * (src/domain/inventories.ts), so that each failing field gets the spec's message.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, IntBetween, Page, PageQuery, RangeQuery, Removed, TextBetween, CurrentGroup, RefTo } from './common.ts';
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';
import { INVENTORY_FEATURE_FLAG_NAMES, type InventoryFeatureFlag } from '../../domain/roles/roleSets.ts';
import { UNIT_TYPE_GROUPS, type UnitTypeGroup } from '../../domain/units/productTypes.ts';
import {
  CUSTOMER_MAX_LENGTH,
  IDENTITY_PROVIDER_MAX_LENGTH,
  MAX_PROPERTIES,
  PROPERTY_KEY_MAX_LENGTH,
  PROPERTY_VALUE_MAX_LENGTH,
  REGION_MAX_LENGTH,
  SIP_SERVER_MAX_LENGTH,
  USER_LICENCES_MAX,
} from '../../domain/inventories.ts';

const TAGS = ['inventories'] as const;

/** An inventory as the admin list shows it. */
export const InventoryRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  region: Schema.String,
  customer: Schema.String,
  parentId: Schema.NullOr(Id),
  parentName: Schema.NullOr(Schema.String),
  groupCount: Schema.Int,
  unitCount: Schema.Int,
  userCount: Schema.Int,
  createdAt: EpochMs,
});
export type InventoryRow = typeof InventoryRow.Type;

export const INVENTORY_SEARCH_KEYS = ['name', 'customer', 'region'] as const;
export const INVENTORY_SORT_KEYS = ['name', 'customer', 'region', 'parentName', 'groupCount', 'unitCount', 'userCount', 'createdAt'] as const;
export type InventorySearchKey = (typeof INVENTORY_SEARCH_KEYS)[number];
export type InventorySortKey = (typeof INVENTORY_SORT_KEYS)[number];

export const InventoryPageQuery = PageQuery(INVENTORY_SEARCH_KEYS, INVENTORY_SORT_KEYS);

/** Every feature flag of spec 000 §6 with its state (answers). */
export const FeatureSwitches = Schema.Struct(
  Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, Schema.Boolean])) as Record<InventoryFeatureFlag, typeof Schema.Boolean>,
);
export type FeatureSwitches = typeof FeatureSwitches.Type;

/** Some feature flags (bodies): a flag left out keeps its state (off for a new inventory). */
export const FeatureChanges = Schema.Struct(
  Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, Schema.optionalKey(Schema.Boolean)])) as Record<InventoryFeatureFlag, Schema.optionalKey<typeof Schema.Boolean>>,
);
export type FeatureChanges = typeof FeatureChanges.Type;

/** A default software version as typed: "8.5.2" (the 3.5–9.0 rule is the domain's). */
const VersionText = Schema.String.check(Schema.isMaxLength(32));

/** Default software version per unit type group (spec 000 §3); a group left out has none. */
export const DefaultSwVersions = Schema.Struct(
  Object.fromEntries(UNIT_TYPE_GROUPS.map((group) => [group, Schema.optionalKey(VersionText)])) as Record<UnitTypeGroup, Schema.optionalKey<typeof VersionText>>,
);
export type DefaultSwVersions = typeof DefaultSwVersions.Type;

/** Free key/value settings of an inventory (keys: letters, digits, dashes, underscores; unique). */
/** At most 10 × MAX_PROPERTIES keys on the wire (a size bound); the domain refuses above MAX_PROPERTIES with the spec's text. */
export const InventoryProperties = Schema.Record(Schema.String.check(Schema.isMaxLength(PROPERTY_KEY_MAX_LENGTH)), Schema.String.check(Schema.isMaxLength(PROPERTY_VALUE_MAX_LENGTH))).check(
  Schema.isMaxProperties(10 * MAX_PROPERTIES),
);
export type InventoryProperties = typeof InventoryProperties.Type;

/** An inventory with everything the System Entities drawer edits (the "enhanced" listing). */
export const InventoryDetails = Schema.Struct({
  ...InventoryRow.fields,
  /** A group named after the inventory was created with it (spec 002 §3 "auto group"). */
  autoGroup: Schema.Boolean,
  /** IPv4 address or DNS name; '' for none. */
  sipServer: Schema.String,
  /** '' = the console's own sign-in; else the external identity provider's name (spec 002 §5). */
  identityProvider: Schema.String,
  /** How many active users the inventory may hold; null = no limit (spec 002 §8). */
  userLicences: Schema.NullOr(Schema.Int),
  features: FeatureSwitches,
  properties: InventoryProperties,
  defaultSwVersions: DefaultSwVersions,
});
export type InventoryDetails = typeof InventoryDetails.Type;

const InventoryName = TextBetween(1, NAME_MAX_LENGTH);
const UserLicences = Schema.NullOr(IntBetween(0, USER_LICENCES_MAX));

export const NewInventory = Schema.Struct({
  name: InventoryName,
  region: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(REGION_MAX_LENGTH))),
  customer: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(CUSTOMER_MAX_LENGTH))),
  parentId: Schema.optionalKey(Schema.NullOr(RefTo('inventory'))),
  /** Creates a group named after the inventory, both auto associations on, in the same transaction. */
  autoGroup: Schema.optionalKey(Schema.Boolean),
  sipServer: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(SIP_SERVER_MAX_LENGTH))),
  identityProvider: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(IDENTITY_PROVIDER_MAX_LENGTH))),
  userLicences: Schema.optionalKey(UserLicences),
  features: Schema.optionalKey(FeatureChanges),
  properties: Schema.optionalKey(InventoryProperties),
  defaultSwVersions: Schema.optionalKey(DefaultSwVersions),
});
export type NewInventory = typeof NewInventory.Type;

/**
 * Changes to an inventory: a field left out stays as stored. Feature flags named take their
 * value, the others stay; properties and default versions, when given, replace the stored ones.
 * The auto group is a choice made at creation (ours): it is not changed afterwards.
 */
export const InventoryChanges = Schema.Struct({
  name: Schema.optionalKey(InventoryName),
  region: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(REGION_MAX_LENGTH))),
  customer: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(CUSTOMER_MAX_LENGTH))),
  parentId: Schema.optionalKey(Schema.NullOr(RefTo('inventory'))),
  sipServer: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(SIP_SERVER_MAX_LENGTH))),
  identityProvider: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(IDENTITY_PROVIDER_MAX_LENGTH))),
  userLicences: Schema.optionalKey(UserLicences),
  features: Schema.optionalKey(FeatureChanges),
  properties: Schema.optionalKey(InventoryProperties),
  defaultSwVersions: Schema.optionalKey(DefaultSwVersions),
});
export type InventoryChanges = typeof InventoryChanges.Type;

/** The properties of one inventory (GET and PUT v2/admin/inventories/{id}/properties). */
export const InventoryPropertiesAnswer = Schema.Struct({ inventoryId: Id, properties: InventoryProperties });

/**
 * A unit support may act on now (GET .../devices/serviceable): ours, a unit of the inventory that
 * is online (a remote action or a support session needs the unit to answer).
 */
export const ServiceableDevice = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  /** The version the unit runs now (the simulator's word), or the stored one. */
  swVersion: Schema.String,
  groupId: Schema.NullOr(Id),
  groupName: Schema.NullOr(Schema.String),
});
export type ServiceableDevice = typeof ServiceableDevice.Type;

/** A video return channel of an inventory, as the association calls answer it. */
export const InventoryVrChannel = Schema.Struct({
  id: Id,
  name: Schema.String,
  inventoryId: Id,
  /** How many groups of the inventory it is given to. */
  groupCount: Schema.Int,
});
export type InventoryVrChannel = typeof InventoryVrChannel.Type;

/** `{id}/vrChannels/{cid}`. */
export const InventoryVrChannelParams = Schema.Struct({ id: Id, cid: Id });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────

export const listInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories',
  summary: 'Inventories the caller administers (every inventory for a super user), paged, searched and sorted',
  tags: TAGS,
  query: InventoryPageQuery,
  response: Page(InventoryRow),
});

export const listEnhancedInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/enhanced',
  summary: 'Inventories with their counts, feature flags, properties and settings, paged, searched and sorted',
  tags: TAGS,
  query: InventoryPageQuery,
  response: Page(InventoryDetails),
});

export const countInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/count',
  summary: 'How many inventories the caller administers (matching the search, when one is given)',
  tags: TAGS,
  query: Schema.Struct({
    searchKey: Schema.optionalKey(Schema.Literals(INVENTORY_SEARCH_KEYS)),
    searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(255))),
    crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
  }),
  response: Schema.Struct({ count: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }),
});

export const getInventory = endpoint({ method: 'GET', path: 'v2/admin/inventories/{id}', summary: 'One inventory', tags: TAGS, params: IdParams, response: InventoryRow });

export const createInventory = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories',
  summary: 'Create an inventory (name: letters, numbers, underscores, hyphens; unique), optionally with its auto group',
  tags: TAGS,
  body: NewInventory,
  response: InventoryDetails,
  successStatus: 201,
});

export const updateInventory = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}',
  summary: 'Change an inventory’s name, region, customer, parent, SIP server, flags, properties or default versions',
  tags: TAGS,
  params: IdParams,
  body: InventoryChanges,
  response: InventoryDetails,
});

export const deleteInventory = endpoint({
  method: 'DELETE',
  path: 'v2/admin/inventories/{id}',
  summary: 'Delete an inventory that has no overlays, no active audio room and no groups, units or users left',
  tags: TAGS,
  params: IdParams,
  response: Removed,
});

export const getInventoryProperties = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/properties',
  summary: 'The key/value properties of an inventory',
  tags: TAGS,
  params: IdParams,
  response: InventoryPropertiesAnswer,
});

export const setInventoryProperties = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}/properties',
  summary: `Replace the properties of an inventory (at most ${MAX_PROPERTIES}; keys unique)`,
  tags: TAGS,
  params: IdParams,
  body: InventoryProperties,
  response: InventoryPropertiesAnswer,
});

export const serviceableDevices = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/devices/serviceable',
  summary: 'Units of the inventory that support may act on now (online), by name',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(ServiceableDevice),
});

export const linkInventoryVrChannel = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}/vrChannels/{cid}',
  summary: 'Move a video return channel into the inventory (it leaves the groups of its former inventory)',
  tags: TAGS,
  params: InventoryVrChannelParams,
  response: InventoryVrChannel,
});

export const unlinkInventoryVrChannel = endpoint({
  method: 'DELETE',
  path: 'v2/admin/inventories/{id}/vrChannels/{cid}',
  summary: 'Take a video return channel out of the inventory, its only one: the channel is removed (refused while groups use it)',
  tags: TAGS,
  params: InventoryVrChannelParams,
  response: Removed,
});

/** Every endpoint of the area, for the server's registration check and the tests. */
export const INVENTORY_ENDPOINTS = [
  listInventories,
  listEnhancedInventories,
  countInventories,
  getInventory,
  createInventory,
  updateInventory,
  deleteInventory,
  getInventoryProperties,
  setInventoryProperties,
  serviceableDevices,
  linkInventoryVrChannel,
  unlinkInventoryVrChannel,
] as const;
