/**
 * The groups area's calls (spec 002 §3 Group, §4, §5, §7 "Groups (legacy)", "Groups
 * (administration, v2)", "Group services (v2)"). Body and answer shapes are not shown in the spec:
 * ours, named after the spec's fields (docs/api.md lists them).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { AlertsConfiguration } from './alerts.ts';
import { EpochMs, Id, IdParams, Page, PageQuery, RangeQuery, Ref, Removed, TextBetween, CurrentGroup, RefTo } from './common.ts';
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../../domain/roles/roleSets.ts';
import { QUALITY_CODECS, QUALITY_TIERS } from '../../domain/constants.ts';
import { DELAY_LIST_MS } from '../../domain/validation/delay.ts';
import { CHANNEL_STATUSES } from '../../domain/channels.ts';

const TAGS = ['groups'] as const;

/** A group name as typed: the rules (pattern, uniqueness) are the domain's (src/domain/groups.ts). */
const GroupName = TextBetween(1, NAME_MAX_LENGTH);

/** A group as the admin screens list and edit it. */
export const GroupRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  inventoryId: Id,
  inventoryName: Schema.String,
  /** spec 002 §3 "global auto association": new users of the inventory join this group. */
  autoAssociation: Schema.Boolean,
  /** spec 002 §3 "unit auto association": new units of the inventory land in this group. */
  unitAutoAssociation: Schema.Boolean,
  unitCount: Schema.Int,
  channelCount: Schema.Int,
  userCount: Schema.Int,
  createdAt: EpochMs,
});
export type GroupRow = typeof GroupRow.Type;

export const GROUP_SEARCH_KEYS = ['name', 'inventoryName'] as const;
export const GROUP_SORT_KEYS = ['name', 'inventoryName', 'unitCount', 'userCount', 'createdAt'] as const;
export type GroupSearchKey = (typeof GROUP_SEARCH_KEYS)[number];
export type GroupSortKey = (typeof GROUP_SORT_KEYS)[number];

export const GroupPageQuery = PageQuery(GROUP_SEARCH_KEYS, GROUP_SORT_KEYS);
export const GroupPage = Page(GroupRow);

export const NewGroup = Schema.Struct({
  name: GroupName,
  inventoryId: RefTo('inventory'),
  autoAssociation: Schema.optionalKey(Schema.Boolean),
  unitAutoAssociation: Schema.optionalKey(Schema.Boolean),
});
export type NewGroup = typeof NewGroup.Type;

/** A group's inventory does not change (ours: its units, channels and users belong to that inventory). */
export const GroupChanges = Schema.Struct({
  name: Schema.optionalKey(GroupName),
  autoAssociation: Schema.optionalKey(Schema.Boolean),
  unitAutoAssociation: Schema.optionalKey(Schema.Boolean),
});
export type GroupChanges = typeof GroupChanges.Type;

/** What a group holds, as its association lists show it. */
export const GroupUnit = Schema.Struct({ id: Id, name: Schema.String, type: Schema.String, serial: Schema.String });
export const GroupChannel = Schema.Struct({ id: Id, name: Schema.String, type: Schema.String });
export const GroupUser = Schema.Struct({ id: Id, username: Schema.String, firstName: Schema.String, lastName: Schema.String, userType: Schema.String });

/** `{gid}/channels/{cid}`, `{gid}/vrChannels/{cid}`. */
export const GroupChannelParams = Schema.Struct({ gid: Id, cid: Id });
/** `{gid}/users/{uid}`. */
export const GroupUserParams = Schema.Struct({ gid: Id, uid: RefTo('user') });

/** The answer of a link or unlink: the group's association counts after it. */
export const GroupLinked = Schema.Struct({ group: GroupRow });

// ── Administration (v2) ────────────────────────────────────────────────────────────────────────

export const listGroups = endpoint({
  method: 'GET',
  path: 'v2/admin/groups',
  summary: 'Groups the caller administers (every group for a super user), paged, searched and sorted',
  tags: TAGS,
  query: GroupPageQuery,
  response: GroupPage,
});

export const listInventoryGroups = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/groups',
  summary: 'Groups of one inventory, paged, searched and sorted',
  tags: TAGS,
  params: IdParams,
  query: GroupPageQuery,
  response: GroupPage,
});

export const getGroup = endpoint({ method: 'GET', path: 'v2/admin/groups/{id}', summary: 'One group', tags: TAGS, params: IdParams, response: GroupRow });

export const createGroup = endpoint({
  method: 'POST',
  path: 'v2/admin/groups',
  summary: 'Create a group in an inventory (name: letters, numbers, underscores, hyphens; unique)',
  tags: TAGS,
  body: NewGroup,
  response: GroupRow,
  successStatus: 201,
});

export const updateGroup = endpoint({
  method: 'PUT',
  path: 'v2/admin/groups/{id}',
  summary: 'Rename a group or change its auto-association flags',
  tags: TAGS,
  params: IdParams,
  body: GroupChanges,
  response: GroupRow,
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: 'v2/admin/groups/{id}',
  summary: 'Delete a group that holds no units or channels any more (its users leave it)',
  tags: TAGS,
  params: IdParams,
  response: Removed,
});

export const groupUnits = endpoint({
  method: 'GET',
  path: 'v2/admin/groups/{id}/units',
  summary: 'Units of a group, by name',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(GroupUnit),
});

export const groupChannels = endpoint({
  method: 'GET',
  path: 'v2/admin/groups/{id}/channels',
  summary: 'Channels of a group, by name',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(GroupChannel),
});

export const groupVrChannels = endpoint({
  method: 'GET',
  path: 'v2/admin/groups/{id}/vrChannels',
  summary: 'Video return channels of a group, by name',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(Ref),
});

export const groupUsers = endpoint({
  method: 'GET',
  path: 'v2/admin/groups/{id}/users',
  summary: 'Users of a group, by username',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(GroupUser),
});

export const linkGroupChannel = endpoint({
  method: 'PUT',
  path: 'v2/admin/groups/{gid}/channels/{cid}',
  summary: 'Move a channel of the group’s inventory into the group',
  tags: TAGS,
  params: GroupChannelParams,
  response: GroupLinked,
});

export const unlinkGroupChannel = endpoint({
  method: 'DELETE',
  path: 'v2/admin/groups/{gid}/channels/{cid}',
  summary: 'Take a channel out of the group (it stays in its inventory)',
  tags: TAGS,
  params: GroupChannelParams,
  response: GroupLinked,
});

export const linkGroupVrChannel = endpoint({
  method: 'PUT',
  path: 'v2/admin/groups/{gid}/vrChannels/{cid}',
  summary: 'Give the group a video return channel of its inventory',
  tags: TAGS,
  params: GroupChannelParams,
  response: GroupLinked,
});

export const unlinkGroupVrChannel = endpoint({
  method: 'DELETE',
  path: 'v2/admin/groups/{gid}/vrChannels/{cid}',
  summary: 'Take a video return channel from the group',
  tags: TAGS,
  params: GroupChannelParams,
  response: GroupLinked,
});

export const linkGroupUser = endpoint({
  method: 'PUT',
  path: 'v2/admin/groups/{gid}/users/{uid}',
  summary: 'Add a user of the group’s inventory to the group',
  tags: TAGS,
  params: GroupUserParams,
  response: GroupLinked,
});

export const unlinkGroupUser = endpoint({
  method: 'DELETE',
  path: 'v2/admin/groups/{gid}/users/{uid}',
  summary: 'Remove a user from the group',
  tags: TAGS,
  params: GroupUserParams,
  response: GroupLinked,
});

// ── Legacy calls (spec 002 §7 "Groups (legacy)") ──────────────────────────────────────────────

/** A group as the start-up calls list it (groups/fetch). */
export const GroupSummary = Schema.Struct({ uid: Id, name: Schema.String, inventoryId: Id, inventoryName: Schema.String });
export type GroupSummary = typeof GroupSummary.Type;

export const fetchGroups = endpoint({
  method: 'GET',
  path: 'groups/fetch',
  summary: 'The groups of the signed-in user',
  tags: TAGS,
  response: Schema.Array(GroupSummary),
});

export const lightFetchGroups = endpoint({
  method: 'GET',
  path: 'groups/light_fetch',
  summary: 'The signed-in user’s groups, id and name only',
  tags: TAGS,
  response: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String })),
});

export const fetchMachineGroups = endpoint({
  method: 'GET',
  path: 'groups/fetch_machinegroups',
  summary: 'The signed-in user’s groups with how many units each holds',
  tags: TAGS,
  response: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String, inventoryId: Id, unitCount: Schema.Int })),
});

export const fetchGroupDetails = endpoint({
  method: 'GET',
  path: 'groups/fetch_details',
  summary: 'One group (groupUid) or the groups of an inventory (inventoryUid), with their details',
  tags: TAGS,
  query: Schema.Struct({ groupUid: Schema.optionalKey(RefTo('group')), inventoryUid: Schema.optionalKey(RefTo('inventory')), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Array(GroupRow),
});

export const GroupFeatures = Schema.Struct({
  uid: Id,
  inventoryId: Id,
  /** spec 000 §6 feature flags of the group's inventory (map view, reboot, lux, ...). */
  features: Schema.Struct(Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, Schema.Boolean])) as Record<(typeof INVENTORY_FEATURE_FLAG_NAMES)[number], typeof Schema.Boolean>),
});

export const fetchGroupFeatures = endpoint({
  method: 'GET',
  path: 'groups/fetch_features',
  summary: 'Feature flags of a group’s inventory (spec 000 §6)',
  tags: TAGS,
  query: Schema.Struct({ uid: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: GroupFeatures,
});

export const legacyAddGroup = endpoint({
  method: 'POST',
  path: 'groups/add',
  summary: 'Create a group (legacy form of POST v2/admin/groups)',
  tags: TAGS,
  body: Schema.Struct({ name: GroupName, inventoryId: RefTo('inventory') }),
  response: GroupRow,
});

export const legacyAddGroupDetails = endpoint({
  method: 'POST',
  path: 'groups/add_details',
  summary: 'Create a group with its auto-association flags (legacy)',
  tags: TAGS,
  body: NewGroup,
  response: GroupRow,
});

export const legacyUpdateGroup = endpoint({
  method: 'POST',
  path: 'groups/update',
  summary: 'Rename a group (legacy)',
  tags: TAGS,
  body: Schema.Struct({ uid: Id, name: GroupName }),
  response: GroupRow,
});

export const legacyUpdateGroupDetails = endpoint({
  method: 'POST',
  path: 'groups/update_details',
  summary: 'Change a group’s name or auto-association flags (legacy)',
  tags: TAGS,
  body: Schema.Struct({ uid: Id, name: Schema.optionalKey(GroupName), autoAssociation: Schema.optionalKey(Schema.Boolean), unitAutoAssociation: Schema.optionalKey(Schema.Boolean) }),
  response: GroupRow,
});

export const legacyRemoveGroups = endpoint({
  method: 'POST',
  path: 'groups/remove_multiple',
  summary: 'Delete several groups: all of them, or none when one cannot go (the answer names it)',
  tags: TAGS,
  body: Schema.Struct({ uids: Schema.Array(RefTo('group')).check(Schema.isMinLength(1), Schema.isMaxLength(500)) }),
  response: Removed,
});

// ── Group services (spec 002 §7 "Group services (v2)") ────────────────────────────────────────

/**
 * The settings a unit of the group starts with (spec 000 §3 "Unit settings concepts"): delay,
 * store-and-forward quality and codec, bandwidth capping. Null means "the unit's own default".
 */
export const GroupDefaultConfiguration = Schema.Struct({
  delayMs: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: DELAY_LIST_MS.min, maximum: DELAY_LIST_MS.max }))),
  storeAndForwardQuality: Schema.NullOr(Schema.Literals(Object.keys(QUALITY_TIERS) as (keyof typeof QUALITY_TIERS)[])),
  storeAndForwardCodec: Schema.NullOr(Schema.Literals(QUALITY_CODECS)),
  /** kbps */
  totalCappingKbps: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 }))),
  /** kbps */
  cellularCappingKbps: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 }))),
});
export type GroupDefaultConfiguration = typeof GroupDefaultConfiguration.Type;

export const GroupDefaultConfigurationAnswer = Schema.Struct({ groupId: Id, configuration: GroupDefaultConfiguration, updatedAt: EpochMs });

export const getGroupDefaultConfiguration = endpoint({
  method: 'GET',
  path: 'v2/groups/{id}/defaultConfiguration',
  summary: 'The default unit configuration of a group (404 "Configuration unavailable" when none is set)',
  tags: TAGS,
  params: IdParams,
  response: GroupDefaultConfigurationAnswer,
});

export const createGroupDefaultConfiguration = endpoint({
  method: 'POST',
  path: 'v2/groups/{id}/defaultConfiguration',
  summary: 'Set a group’s default unit configuration the first time (409 when one exists)',
  tags: TAGS,
  params: IdParams,
  body: GroupDefaultConfiguration,
  response: GroupDefaultConfigurationAnswer,
  successStatus: 201,
});

export const updateGroupDefaultConfiguration = endpoint({
  method: 'PUT',
  path: 'v2/groups/{id}/defaultConfiguration',
  summary: 'Change a group’s default unit configuration',
  tags: TAGS,
  params: IdParams,
  body: GroupDefaultConfiguration,
  response: GroupDefaultConfigurationAnswer,
});

/** spec 001 §3 Multi-camera channel: sorted by status then name. */
export const MultiCameraChannel = Schema.Struct({
  uniqueId: Id,
  name: Schema.String,
  status: Schema.Literals(['offline', 'idle', 'collecting']),
  busy: Schema.Boolean,
  sdi: Schema.Boolean,
  channels: Schema.Array(Schema.Struct({ uniqueId: Id, name: Schema.String, status: Schema.Literals(CHANNEL_STATUSES) })),
});

export const groupMultiChannels = endpoint({
  method: 'GET',
  path: 'v2/groups/{id}/multiChannels',
  summary: 'The group’s multi-camera channels (one per media server), by status then name',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(MultiCameraChannel),
});

export const GroupAlertsAnswer = Schema.Struct({ groupId: Id, configuration: AlertsConfiguration });

export const getGroupAlertsConfiguration = endpoint({
  method: 'GET',
  path: 'v2/groups/{id}/alerts/configuration',
  summary: 'Alerts configuration of a group (battery threshold %, camera disconnected, e-mail list)',
  tags: TAGS,
  params: IdParams,
  response: GroupAlertsAnswer,
});

export const updateGroupAlertsConfiguration = endpoint({
  method: 'PUT',
  path: 'v2/groups/{id}/alerts/configuration',
  summary: 'Set the alerts configuration of a group (the given parts replace the stored ones)',
  tags: TAGS,
  params: IdParams,
  body: AlertsConfiguration,
  response: GroupAlertsAnswer,
});

export const unitGroups = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/groups',
  summary: 'The group a unit belongs to (none when it is only in its inventory)',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(Ref),
});

/** Every endpoint of the area, for the server's registration check and the tests. */
export const GROUP_ENDPOINTS = [
  listGroups,
  listInventoryGroups,
  getGroup,
  createGroup,
  updateGroup,
  deleteGroup,
  groupUnits,
  groupChannels,
  groupVrChannels,
  groupUsers,
  linkGroupChannel,
  unlinkGroupChannel,
  linkGroupVrChannel,
  unlinkGroupVrChannel,
  linkGroupUser,
  unlinkGroupUser,
  fetchGroups,
  lightFetchGroups,
  fetchMachineGroups,
  fetchGroupDetails,
  fetchGroupFeatures,
  legacyAddGroup,
  legacyAddGroupDetails,
  legacyUpdateGroup,
  legacyUpdateGroupDetails,
  legacyRemoveGroups,
  getGroupDefaultConfiguration,
  createGroupDefaultConfiguration,
  updateGroupDefaultConfiguration,
  groupMultiChannels,
  getGroupAlertsConfiguration,
  updateGroupAlertsConfiguration,
  unitGroups,
] as const;

