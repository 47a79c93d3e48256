/**
 * The video return area's calls (spec 001 §3 "Video return channel", §4 states, §5 rules, §7
 * "Video return"; spec 002 §8 "Unknown video return channel on update"). The paths are the spec's;
 * bodies and answers are not shown there: ours, named after the spec's fields (docs/api.md "Video
 * return"). The unit's side (select, start, stop) is in unitApplications.ts.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Page, PageQuery, RangeQuery, Ref, Removed, TextBetween, CurrentGroup, RefTo } from './common.ts';
import { SRT_MODES, VR_DESCRIPTION_MAX_LENGTH, VR_INPUT_TYPES, VR_STATES } from '../../domain/videoReturn.ts';
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';

const TAGS = ['videoReturn'] as const;

/** A port as typed: a whole number, or its text (the domain's rule says 1-65535 in the spec's words). */
const PortInput = Schema.NullOr(Schema.Union([Schema.Int, Schema.String.check(Schema.isMaxLength(16))]));
/** Texts are bounded above the domain's limits, so the domain's own words answer first. */
const ShortText = (max: number) => Schema.String.check(Schema.isMaxLength(max));

/** A unit receiving the channel (spec 001 §3 p2MPStreamingStatuses): connecting, then connected. */
export const VrReceiver = Schema.Struct({ uid: Id, name: Schema.String, state: Schema.Literals(['connecting', 'connected']) });

/** A streaming address of the channel (spec 001 §3 urlData): where an SRT source reaches it. */
export const VrUrl = Schema.Struct({ kind: Schema.Literals(['external', 'internal', 'caller']), url: Schema.String });

/** The input signal while connected (spec 001 §3 inputParameters; fields ours): kbps, ms. */
export const VrInputParameters = Schema.Struct({
  bitrateKbps: Schema.Int,
  codec: Schema.Literals(['H.264', 'HEVC']),
  latencyMs: Schema.NullOr(Schema.Int),
  audioChannels: Schema.Int,
});

/**
 * A video return channel: what is stored (name … serialNumber) and what is live (status, uptime in
 * seconds, inputStandard, inputParameters, the units receiving it). The passphrase is never
 * answered: `hasPassphrase` says whether one is set.
 */
export const VrChannelView = Schema.Struct({
  uniqueId: Id,
  name: Schema.String,
  description: Schema.String,
  inventoryId: Id,
  inventoryName: Schema.String,
  serverId: Schema.NullOr(Id),
  serverName: Schema.NullOr(Schema.String),
  inputType: Schema.Literals(VR_INPUT_TYPES),
  srtMode: Schema.NullOr(Schema.Literals(SRT_MODES)),
  url: Schema.String,
  hasPassphrase: Schema.Boolean,
  destinationPort: Schema.NullOr(Schema.Int),
  internalIp: Schema.String,
  externalIp: Schema.String,
  serialNumber: Schema.String,
  status: Schema.Literals(VR_STATES),
  uptime: Schema.NullOr(Schema.Int.annotate({ description: 's' })),
  inputStandard: Schema.NullOr(Schema.String),
  inputParameters: Schema.NullOr(VrInputParameters),
  p2MPStreamingStatuses: Schema.Array(VrReceiver),
  urlData: Schema.Array(VrUrl),
  updatedAt: Schema.NullOr(EpochMs),
});
export type VrChannelView = typeof VrChannelView.Type;

/** The input of a channel (spec 001 §3): absent fields stay as stored; passphrase '' removes it. */
export const VrInputFields = {
  inputType: Schema.optionalKey(Schema.Literals(VR_INPUT_TYPES)),
  srtMode: Schema.optionalKey(Schema.NullOr(Schema.Literals(SRT_MODES))),
  url: Schema.optionalKey(ShortText(2048)),
  passphrase: Schema.optionalKey(ShortText(128)),
  destinationPort: Schema.optionalKey(PortInput),
} as const;

/** The configuration an operator changes (POST …/update): name, description, input, addresses. */
export const VrChannelUpdate = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH + 1)),
  description: Schema.optionalKey(ShortText(VR_DESCRIPTION_MAX_LENGTH * 8)),
  ...VrInputFields,
  internalIp: Schema.optionalKey(ShortText(255)),
  externalIp: Schema.optionalKey(ShortText(255)),
});
export type VrChannelUpdate = typeof VrChannelUpdate.Type;

/** An administrator's changes: the configuration plus the server it runs on and its serial number. */
export const VrChannelAdminChanges = Schema.Struct({
  ...VrChannelUpdate.fields,
  serverId: Schema.optionalKey(Schema.NullOr(RefTo('server'))),
  serialNumber: Schema.optionalKey(ShortText(64)),
});
export type VrChannelAdminChanges = typeof VrChannelAdminChanges.Type;

/** A new channel: its name and inventory, optionally everything else, and the groups to give it to. */
export const NewVrChannel = Schema.Struct({
  ...VrChannelAdminChanges.fields,
  name: TextBetween(0, NAME_MAX_LENGTH + 1),
  inventoryId: RefTo('inventory'),
  groupIds: Schema.optionalKey(Schema.Array(RefTo('group')).check(Schema.isMaxLength(100))),
});
export type NewVrChannel = typeof NewVrChannel.Type;

export const VR_SEARCH_KEYS = ['name', 'inventoryName', 'serialNumber'] as const;
export const VR_SORT_KEYS = ['name', 'inventoryName', 'inputType', 'createdAt'] as const;
export type VrSearchKey = (typeof VR_SEARCH_KEYS)[number];
export type VrSortKey = (typeof VR_SORT_KEYS)[number];
export const VrPageQuery = PageQuery(VR_SEARCH_KEYS, VR_SORT_KEYS);
export const VrPage = Page(VrChannelView);

/** `{groupId}`. */
const GroupParams = Schema.Struct({ groupId: Id });
/** `{uniqueId}`. */
const UniqueIdParams = Schema.Struct({ uniqueId: RefTo('vrChannel') });
/** `{id}` of an operating call: a video return channel the caller sees (its group's, checked by the handler). */
const VrChannelParams = Schema.Struct({ id: RefTo('vrChannel') });
/** The group the operator acts in (spec 000 §7 crnt_vcg_uid): the channel must be one of its. */
export const InGroupQuery = Schema.Struct({ crnt_vcg_uid: Id });

/** What a channel can take (spec 001 §7 capabilities; fields ours). */
export const VrCapabilities = Schema.Struct({
  uniqueId: Id,
  /** Input types the channel's server offers (disabled only without a server). */
  inputTypes: Schema.Array(Schema.Literals(VR_INPUT_TYPES)),
  srtModes: Schema.Array(Schema.Literals(SRT_MODES)),
  /** SRT encryption key length (characters). */
  passphraseLength: Schema.Struct({ min: Schema.Int, max: Schema.Int }),
  portRange: Schema.Struct({ min: Schema.Int, max: Schema.Int }),
  /** Most units one channel sends to at once (point to multipoint). */
  maxReceivers: Schema.Int,
  hevc: Schema.Boolean,
});

/** An input a channel may take (spec 001 §7 inputSources; ours). */
export const VrInputSource = Schema.Struct({
  id: Schema.String,
  inputType: Schema.Literals(VR_INPUT_TYPES),
  srtMode: Schema.NullOr(Schema.Literals(SRT_MODES)),
  label: Schema.String,
});

export const VrInputSources = Schema.Struct({
  uniqueId: Id,
  current: Schema.Struct({
    inputType: Schema.Literals(VR_INPUT_TYPES),
    srtMode: Schema.NullOr(Schema.Literals(SRT_MODES)),
    url: Schema.String,
    hasPassphrase: Schema.Boolean,
    destinationPort: Schema.NullOr(Schema.Int),
  }),
  sources: Schema.Array(VrInputSource),
});

export const VrIps = Schema.Struct({ uniqueId: Id, internalIp: Schema.String, externalIp: Schema.String, urlData: Schema.Array(VrUrl) });

/** A group of the channel's inventory, and whether it holds the channel. */
export const VrGroupOption = Schema.Struct({ id: Id, name: Schema.String, linked: Schema.Boolean });

// ── Operating (spec 001 §7) ────────────────────────────────────────────────────────────────────

export const groupVideoReturnChannels = endpoint({
  method: 'GET',
  path: 'v0/groups/{groupId}/video-return-channels',
  summary: 'The video return channels of a group, by name, with their live state and receiving units',
  tags: TAGS,
  params: GroupParams,
  query: Schema.Struct({ crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Array(VrChannelView),
});

export const updateVideoReturnChannel = endpoint({
  method: 'POST',
  path: 'v0/video-return-channels/{uniqueId}/update',
  summary: 'Change a channel of the group: name, description (0-32), input (SRT mode, url, passphrase 10-64, port 1-65535), IPs; 404 "Unknown video return channel"',
  tags: TAGS,
  params: UniqueIdParams,
  query: InGroupQuery,
  body: VrChannelUpdate,
  response: VrChannelView,
});

export const vrChannelCapabilities = endpoint({
  method: 'GET',
  path: 'v2/vrChannels/{id}/capabilities',
  summary: 'What a channel of the group can take: input types, SRT modes, key length, ports, receivers',
  tags: TAGS,
  params: VrChannelParams,
  query: InGroupQuery,
  response: VrCapabilities,
});

export const vrChannelInputSources = endpoint({
  method: 'GET',
  path: 'v2/vrChannels/{id}/inputSources',
  summary: 'A channel’s input and the inputs it may take',
  tags: TAGS,
  params: VrChannelParams,
  query: InGroupQuery,
  response: VrInputSources,
});

export const setVrChannelInputSource = endpoint({
  method: 'POST',
  path: 'v2/vrChannels/{id}/inputSources',
  summary: 'Set a channel’s input (disabled, SDI or SRT listener/caller); the channel connects, then its input is connected',
  tags: TAGS,
  params: VrChannelParams,
  query: InGroupQuery,
  body: Schema.Struct(VrInputFields),
  response: VrChannelView,
});

export const vrChannelIps = endpoint({
  method: 'GET',
  path: 'v2/vrChannels/{id}/ips',
  summary: 'A channel’s internal and external IP and its streaming addresses',
  tags: TAGS,
  params: VrChannelParams,
  query: InGroupQuery,
  response: VrIps,
});

/**
 * A unit of the group as the video return portal shows it (ours: the portal sends a channel to the
 * group's units): whether it is online and holds the licence, the channel it has selected, and the
 * channel it receives now with the application's state.
 */
export const VrReceiverUnit = Schema.Struct({
  uid: Id,
  name: Schema.String,
  type: Schema.String,
  online: Schema.Boolean,
  licensed: Schema.Boolean,
  selectedChannelId: Schema.NullOr(Schema.String),
  receiving: Schema.NullOr(Schema.Struct({ channelId: Schema.NullOr(Schema.String), state: Schema.String })),
});
export type VrReceiverUnit = typeof VrReceiverUnit.Type;

export const vrReceiverUnits = endpoint({
  method: 'GET',
  path: 'v2/vrChannels/receivers',
  summary: 'Ours (the portal): the group’s units that may receive video return, by name, with their selected and received channel',
  tags: TAGS,
  query: InGroupQuery,
  response: Schema.Array(VrReceiverUnit),
});

// ── Administration (spec 001 §7) ───────────────────────────────────────────────────────────────

export const listVrChannels = endpoint({
  method: 'GET',
  path: 'v2/admin/vrChannels',
  summary: 'Video return channels of the caller’s inventories (all for a super user), paged, searched and sorted',
  tags: TAGS,
  query: VrPageQuery,
  response: VrPage,
});

export const listInventoryVrChannels = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/vrChannels',
  summary: 'Video return channels of one inventory, paged, searched and sorted',
  tags: TAGS,
  params: IdParams,
  query: VrPageQuery,
  response: VrPage,
});

export const inventoryVrServers = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/vrServers',
  summary: 'The video return servers of an inventory a channel may run on (ours: the admin form’s choices)',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(Ref),
});

export const getVrChannel = endpoint({ method: 'GET', path: 'v2/admin/vrChannels/{id}', summary: 'One video return channel', tags: TAGS, params: IdParams, response: VrChannelView });

export const createVrChannel = endpoint({
  method: 'POST',
  path: 'v2/admin/vrChannels',
  summary: 'Create a video return channel in an inventory (name: letters, numbers, underscores, hyphens; unique), optionally given to groups',
  tags: TAGS,
  body: NewVrChannel,
  response: VrChannelView,
  successStatus: 201,
});

export const updateVrChannel = endpoint({
  method: 'PUT',
  path: 'v2/admin/vrChannels/{id}',
  summary: 'Change a video return channel, its server and serial number',
  tags: TAGS,
  params: IdParams,
  body: VrChannelAdminChanges,
  response: VrChannelView,
});

export const deleteVrChannel = endpoint({
  method: 'DELETE',
  path: 'v2/admin/vrChannels/{id}',
  summary: 'Delete a video return channel no group holds any more (409 while groups do)',
  tags: TAGS,
  params: IdParams,
  response: Removed,
});

export const vrChannelInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/vrChannels/{id}/inventories',
  summary: 'The inventory of a channel (a channel belongs to exactly one)',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(Ref),
});

export const vrChannelGroups = endpoint({
  method: 'GET',
  path: 'v2/admin/vrChannels/{id}/groups',
  summary: 'The groups holding a channel, by name',
  tags: TAGS,
  params: IdParams,
  query: RangeQuery,
  response: Page(Ref),
});

export const vrChannelGroupsOfInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/vrChannels/{id}/groups/ofInventories',
  summary: 'The groups of the channel’s inventory (searched by name), each with whether it holds the channel',
  tags: TAGS,
  params: IdParams,
  query: PageQuery(['name'] as const),
  response: Page(VrGroupOption),
});

/** Every endpoint of the area. */
export const VIDEO_RETURN_ENDPOINTS = [
  groupVideoReturnChannels,
  updateVideoReturnChannel,
  vrChannelCapabilities,
  vrChannelInputSources,
  setVrChannelInputSource,
  vrChannelIps,
  vrReceiverUnits,
  listVrChannels,
  listInventoryVrChannels,
  inventoryVrServers,
  getVrChannel,
  createVrChannel,
  updateVrChannel,
  deleteVrChannel,
  vrChannelInventories,
  vrChannelGroups,
  vrChannelGroupsOfInventories,
] as const;
