/**
 * The channels area's calls (spec 001 §3 Channel and Streaming destination, §4, §5, §7
 * "Channels", "Inventories and services" for tallies, IFBs, ingest and recording channels). The
 * spec names most paths and no shapes: the shapes are ours, named after the spec's fields
 * (docs/api.md "Channels" lists them). Rules with the spec's words are the domain's
 * (src/domain/channelConfig.ts, validation/destinations.ts); these Schemas give the types and the
 * outer bounds, so that a value the domain refuses reaches the domain and gets its message.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, IntBetween, Page, PageQuery, RangeQuery, Ref, Removed, TextBetween, CurrentGroup, RefTo, PartOf, NotARef } from './common.ts';
import { CHANNEL_COUNTER_KEYS, CHANNEL_STATUSES, CHANNEL_TYPES, DELIVERY_MODES } from '../../domain/channels.ts';
import { AUDIO_INTERFACE_KINDS, INPUT_SOURCE_KINDS, SMPTE_FLAVORS } from '../../domain/channelConfig.ts';
import { STREAM_TYPES } from '../../domain/validation/destinations.ts';
import { DESTINATION_RESOLUTIONS, STREAMING_PROVIDERS, VIDEO_PROFILE_IDS } from '../../domain/streamingProfiles.ts';
import { IFB_MODES } from '../../domain/servers.ts';
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';

const TAGS = ['channels'] as const;

/** Text of a label field: the domain checks its length with the spec's words, this only bounds abuse. */
const Label = Schema.String.check(Schema.isMaxLength(1_024));
/** A whole number within what any field of the area may hold; the domain gives each its range. */
const Whole = IntBetween(-1_000_000, 1_000_000_000);
const Status = Schema.Literals(CHANNEL_STATUSES);

// ── A channel and its configuration ───────────────────────────────────────────────────────────

export const AudioInterface = Schema.Struct({ name: Label, kind: Schema.Literals(AUDIO_INTERFACE_KINDS) });
export const InputSource = Schema.Struct({ id: Id, kind: Schema.Literals(INPUT_SOURCE_KINDS), address: Label });

export const ChannelGeneral = Schema.Struct({
  output: Schema.Boolean,
  preview: Schema.Boolean,
  distributor: Schema.Boolean,
  forceOutput: Schema.Boolean,
  forwardRtmp: Schema.Boolean,
  /** SDI port, 1-based; null: none. */
  sdiNo: Schema.NullOr(Whole),
  deliveryMode: Schema.Literals(DELIVERY_MODES),
  recording: Schema.Boolean,
  broadcasterName: Label,
});
export const ChannelMultipoint = Schema.Struct({ sharing: Schema.Boolean, machines: Schema.Array(Id).check(Schema.isMaxLength(5_000)) });
export const ChannelNdi = Schema.Struct({ enabled: Schema.Boolean, sourceName: Label });
export const ChannelStreaming = Schema.Struct({ activeDestinationId: Schema.NullOr(RefTo('destination')), cdnName: Schema.NullOr(Schema.String) });
export const ChannelOverlay = Schema.Struct({ overlayId: Schema.NullOr(RefTo('overlay')) });
export const ChannelSmpte = Schema.Struct({
  flavor: Schema.NullOr(Schema.Literals(SMPTE_FLAVORS)),
  genlockOffset: Whole,
  port: Schema.NullOr(Whole),
  ptpDomain: Schema.NullOr(Whole),
});
export const ChannelTally = Schema.Struct({ onAir: Schema.Boolean, supportedByUnit: Schema.Boolean, tallyName: Label });
export const ChannelIfb = Schema.Struct({ enabled: Schema.Boolean, lowDelay: Schema.Boolean, alwaysOn: Schema.Boolean });
export const ChannelFfmpeg = Schema.Struct({ enabled: Schema.Boolean, command: Schema.String.check(Schema.isMaxLength(8_192)) });

/** The whole configuration (src/domain/channelConfig.ts ChannelConfig). */
export const ChannelConfig = Schema.Struct({
  general: ChannelGeneral,
  multipoint: ChannelMultipoint,
  ndi: ChannelNdi,
  streaming: ChannelStreaming,
  overlay: ChannelOverlay,
  smpte: ChannelSmpte,
  tally: ChannelTally,
  ifb: ChannelIfb,
  audioInterfaces: Schema.Array(AudioInterface),
  ingest: Schema.Struct({ serverId: Schema.NullOr(Id) }),
  ffmpeg: ChannelFfmpeg,
  bwLimitKbps: Schema.NullOr(Whole),
  privateSession: Schema.Boolean,
  inputSources: Schema.Array(InputSource),
});
export type ChannelConfig = typeof ChannelConfig.Type;

/** A channel as the Manage Channels screen and the admin calls show it. */
export const ChannelDetails = Schema.Struct({
  id: Id,
  name: Schema.String,
  /** The stored type (preview, output, input, group, distributor); the console derives its own from the flags. */
  type: Schema.Literals(CHANNEL_TYPES),
  serverId: Schema.NullOr(Id),
  serverName: Schema.NullOr(Schema.String),
  groupId: Schema.NullOr(Id),
  groupName: Schema.NullOr(Schema.String),
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  /** The software version of the channel's server (dotted), the version gates read it. */
  liveuVersion: Schema.NullOr(Schema.String),
  status: Status,
  /** Units sending to the channel now. */
  unitIds: Schema.Array(Id),
  config: ChannelConfig,
  createdAt: EpochMs,
});
export type ChannelDetails = typeof ChannelDetails.Type;

/** A channel as association lists show it: which group it is in, if any. */
export const ChannelRef = Schema.Struct({ id: Id, name: Schema.String, type: Schema.String, groupId: Schema.NullOr(Id), groupName: Schema.NullOr(Schema.String) });
export type ChannelRef = typeof ChannelRef.Type;

export const ChannelCounters = Schema.Struct(Object.fromEntries(CHANNEL_COUNTER_KEYS.map((key) => [key, Schema.Int])) as Record<(typeof CHANNEL_COUNTER_KEYS)[number], typeof Schema.Int>);

const ChannelParams = IdParams;
/** `?groupId=` of the group calls (the current group of spec 000 §7 `crnt_vcg_uid` also names it). */
const GroupQuery = Schema.Struct({ groupId: Schema.optionalKey(RefTo('memberGroup')), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) });
const InventoryQuery = Schema.Struct({ inventoryId: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) });

// ── Reads of the operator ─────────────────────────────────────────────────────────────────────

export const ChannelStatusAnswer = Schema.Struct({ id: Id, status: Status, unitIds: Schema.Array(Id), rev: Schema.Int });

export const channelStatus = endpoint({
  method: 'GET',
  path: 'channels/{id}/status',
  summary: 'A channel’s live status (offline, idle, collecting, connecting, unavailable, playStoredFile) and the units sending to it',
  tags: TAGS,
  params: ChannelParams,
  response: ChannelStatusAnswer,
});

export const fetchChannels = endpoint({
  method: 'GET',
  path: 'channels/fetch',
  summary: 'The channels of a group (groupId, else the current group), by name, with their configuration and live status',
  tags: TAGS,
  query: GroupQuery,
  response: Schema.Array(ChannelDetails),
});

export const GroupChannelDetails = Schema.Struct({
  groupId: Id,
  /** The group pseudo-channel (spec 001 §4): idle if any is idle, else collecting if any collects, else offline. */
  groupStatus: Schema.Literals(['offline', 'idle', 'collecting']),
  counters: ChannelCounters,
  channels: Schema.Array(ChannelDetails),
});

export const groupChannelDetails = endpoint({
  method: 'GET',
  path: 'internal/groups/{groupId}/channel-details',
  summary: 'A group’s channels with the group pseudo-channel status and the channel counters',
  tags: TAGS,
  params: Schema.Struct({ groupId: Id }),
  response: GroupChannelDetails,
});

// ── Administration ────────────────────────────────────────────────────────────────────────────

export const CHANNEL_SEARCH_KEYS = ['name', 'serverName', 'inventoryName', 'groupName'] as const;
export const CHANNEL_SORT_KEYS = ['name', 'type', 'serverName', 'inventoryName', 'groupName', 'createdAt'] as const;
export type ChannelSearchKey = (typeof CHANNEL_SEARCH_KEYS)[number];
export type ChannelSortKey = (typeof CHANNEL_SORT_KEYS)[number];

export const ChannelAdminRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: Schema.Literals(CHANNEL_TYPES),
  serverId: Schema.NullOr(Id),
  serverName: Schema.NullOr(Schema.String),
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  groupId: Schema.NullOr(Id),
  groupName: Schema.NullOr(Schema.String),
  createdAt: EpochMs,
});
export type ChannelAdminRow = typeof ChannelAdminRow.Type;

export const listChannels = endpoint({
  method: 'GET',
  path: 'admin/channels',
  summary: 'Channels of the caller’s inventories (every channel for a super user), paged, searched and sorted',
  tags: TAGS,
  query: PageQuery(CHANNEL_SEARCH_KEYS, CHANNEL_SORT_KEYS),
  response: Page(ChannelAdminRow),
});

export const NewChannel = Schema.Struct({
  name: TextBetween(1, NAME_MAX_LENGTH),
  /** preview, output, input or distributor (a group channel is the console's pseudo-channel, never stored). */
  type: Schema.Literals(['preview', 'output', 'input', 'distributor']),
  serverId: RefTo('server'),
  groupId: Schema.optionalKey(Schema.NullOr(RefTo('group'))),
});
export type NewChannel = typeof NewChannel.Type;

export const createChannel = endpoint({
  method: 'POST',
  path: 'admin/channels',
  summary: 'Create a channel on a media server of the caller’s inventories (in the server’s inventory; optionally in a group of it)',
  tags: TAGS,
  body: NewChannel,
  response: ChannelDetails,
  successStatus: 201,
});

export const getChannel = endpoint({ method: 'GET', path: 'admin/channels/{id}', summary: 'One channel with its configuration', tags: TAGS, params: ChannelParams, response: ChannelDetails });

/** What the admin edit changes: the name, the group (null: none) and any configuration section. */
export const ChannelChanges = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH)),
  groupId: Schema.optionalKey(Schema.NullOr(RefTo('group'))),
  general: Schema.optionalKey(ChannelGeneral),
  ndi: Schema.optionalKey(ChannelNdi),
  overlay: Schema.optionalKey(ChannelOverlay),
  streaming: Schema.optionalKey(Schema.Struct({ activeDestinationId: Schema.NullOr(RefTo('destination')) })),
});
export type ChannelChanges = typeof ChannelChanges.Type;

export const updateChannel = endpoint({
  method: 'PUT',
  path: 'admin/channels/{id}',
  summary: 'Change a channel: name, group, General, NDI, Graphics Overlay, active streaming destination',
  tags: TAGS,
  params: ChannelParams,
  body: ChannelChanges,
  response: ChannelDetails,
});

export const deleteChannel = endpoint({
  method: 'DELETE',
  path: 'admin/channels/{id}',
  summary: 'Delete a channel that is not in use (409 "The channel is not idle." while a unit sends to it)',
  tags: TAGS,
  params: ChannelParams,
  response: Removed,
});

export const channelInventories = endpoint({ method: 'GET', path: 'admin/channels/{id}/inventories', summary: 'The inventory of a channel (a channel is in at most one)', tags: TAGS, params: ChannelParams, query: RangeQuery, response: Page(Ref) });
export const channelGroups = endpoint({ method: 'GET', path: 'admin/channels/{id}/groups', summary: 'The group of a channel (a channel is in at most one)', tags: TAGS, params: ChannelParams, query: RangeQuery, response: Page(Ref) });

/** A channel's point-to-multipoint share: on or off, and the media servers it shares with. */
export const ChannelPtmp = Schema.Struct({ channelId: Id, sharing: Schema.Boolean, machines: Schema.Array(Ref) });

export const channelPtmp = endpoint({ method: 'GET', path: 'admin/channels/{id}/ptmp', summary: 'A channel’s multipoint share and its servers', tags: TAGS, params: ChannelParams, response: ChannelPtmp });

export const inventoryChannels = endpoint({
  method: 'GET',
  path: 'admin/inventories/{id}/channels',
  summary: 'Channels of an inventory, paged and searched by name',
  tags: TAGS,
  params: IdParams,
  query: PageQuery(['name'] as const),
  response: Page(ChannelRef),
});

const InventoryChannelParams = Schema.Struct({ invId: Id, id: PartOf('channel the inventory takes (one without an inventory) or gives back') });

export const linkInventoryChannel = endpoint({
  method: 'PUT',
  path: 'admin/inventories/{invId}/channels/{id}',
  summary: 'Move a channel into an inventory (it leaves its group, which belongs to the old inventory)',
  tags: TAGS,
  params: InventoryChannelParams,
  response: ChannelAdminRow,
});

export const unlinkInventoryChannel = endpoint({
  method: 'DELETE',
  path: 'admin/inventories/{invId}/channels/{id}',
  summary: 'Take a channel out of its inventory (and out of its group)',
  tags: TAGS,
  params: InventoryChannelParams,
  response: ChannelAdminRow,
});

// ── The editor's tabs and the channel's options ───────────────────────────────────────────────

/** What the operator's editor saves: General, NDI, Graphics Overlay, the active destination, the name. */
export const ChannelConfiguration = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH)),
  general: Schema.optionalKey(ChannelGeneral),
  ndi: Schema.optionalKey(ChannelNdi),
  overlay: Schema.optionalKey(ChannelOverlay),
  streaming: Schema.optionalKey(Schema.Struct({ activeDestinationId: Schema.NullOr(RefTo('destination')) })),
});
export type ChannelConfiguration = typeof ChannelConfiguration.Type;

export const updateChannelConfiguration = endpoint({
  method: 'PUT',
  path: 'channels/{id}/configuration',
  summary: 'Save the General, NDI or Graphics Overlay tab or the active destination (version gates, output licence, unique name)',
  tags: TAGS,
  params: ChannelParams,
  body: ChannelConfiguration,
  response: ChannelDetails,
});

export const FfmpegAnswer = Schema.Struct({ channelId: Id, ffmpeg: ChannelFfmpeg });

export const getChannelFfmpeg = endpoint({ method: 'GET', path: 'channels/{id}/ffmpeg', summary: 'A channel’s ffmpeg override', tags: TAGS, params: ChannelParams, response: FfmpegAnswer });
export const setChannelFfmpeg = endpoint({ method: 'PUT', path: 'channels/{id}/ffmpeg', summary: 'Set a channel’s ffmpeg override (a command is required while it is on)', tags: TAGS, params: ChannelParams, body: ChannelFfmpeg, response: FfmpegAnswer });
export const getAdminChannelFfmpeg = endpoint({ method: 'GET', path: 'admin/channels/{id}/ffmpeg', summary: 'A channel’s ffmpeg override (administration)', tags: TAGS, params: ChannelParams, response: FfmpegAnswer });
export const setAdminChannelFfmpeg = endpoint({ method: 'PUT', path: 'admin/channels/{id}/ffmpeg', summary: 'Set a channel’s ffmpeg override (administration)', tags: TAGS, params: ChannelParams, body: ChannelFfmpeg, response: FfmpegAnswer });

export const InputSourcesAnswer = Schema.Struct({ channelId: Id, inputSources: Schema.Array(InputSource) });

export const addInputSource = endpoint({
  method: 'POST',
  path: 'channels/{id}/inputSources',
  summary: 'Add an input source to a channel (SDI, SRT, RTMP or NDI; at most 8)',
  tags: TAGS,
  params: ChannelParams,
  body: Schema.Struct({ kind: Schema.Literals(INPUT_SOURCE_KINDS), address: TextBetween(1, 1_024) }),
  response: InputSourcesAnswer,
});

export const removeInputSource = endpoint({
  method: 'DELETE',
  path: 'channels/{id}/inputSources',
  summary: 'Remove an input source of a channel',
  tags: TAGS,
  params: ChannelParams,
  query: Schema.Struct({ sourceId: PartOf('input source of the channel'), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: InputSourcesAnswer,
});

export const MediaAccessOutput = Schema.Struct({
  uniqueId: Id,
  status: Status,
  /** Where the channel's output can be taken from. */
  outputs: Schema.Array(Schema.Struct({ protocol: Schema.Literals(['rtmp', 'srt', 'hls']), url: Schema.String })),
});

export const mediaAccessOutputInfo = endpoint({
  method: 'POST',
  path: 'channels/mediaAccessOutputInfo',
  summary: 'Output addresses of the given channels the caller sees (others are left out)',
  tags: TAGS,
  body: Schema.Struct({ uniqueIds: Schema.Array(NotARef('a lookup: the answer holds the caller’s channels among those named and leaves out the rest')).check(Schema.isMinLength(1), Schema.isMaxLength(500)) }),
  response: Schema.Array(MediaAccessOutput),
});

export const PtmpAnswer = Schema.Struct({
  uniqueID: Id,
  sharing: Schema.Boolean,
  machines: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String })),
  /** The media servers the channel may share with (spec 001 §9: the list asks for up to 1,000). */
  servers: Schema.Array(Ref),
});

export const fetchPtmp = endpoint({
  method: 'GET',
  path: 'ptmp/fetch',
  summary: 'A channel’s multipoint share and the servers it may share with (up to 1,000)',
  tags: TAGS,
  query: Schema.Struct({ uniqueID: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: PtmpAnswer,
});

export const updatePtmp = endpoint({
  method: 'POST',
  path: 'ptmp/update',
  summary: 'Set a channel’s multipoint share (needs channel software 5.0; servers of its inventory, each once)',
  tags: TAGS,
  body: Schema.Struct({ uniqueID: Id, sharing: Schema.optionalKey(Schema.Boolean), machines: Schema.Array(Schema.Struct({ uid: RefTo('server') })).check(Schema.isMaxLength(5_000)) }),
  response: PtmpAnswer,
});

export const updateGroupChannelInfo = endpoint({
  method: 'POST',
  path: 'v2/groups/{gid}/channels/info',
  summary: 'Update the broadcaster and tally names of channels of a group (the channel info update per group)',
  tags: TAGS,
  params: Schema.Struct({ gid: Id }),
  body: Schema.Struct({
    channels: Schema.Array(Schema.Struct({ id: RefTo('channel'), broadcasterName: Schema.optionalKey(Label), tallyName: Schema.optionalKey(Label) })).check(Schema.isMinLength(1), Schema.isMaxLength(500)),
  }),
  response: Schema.Array(ChannelDetails),
});

// ── Streaming destinations (spec 001 §3, §5, §7) ─────────────────────────────────────────────

const Port = Whole;
/** A destination as answered: credentials are never sent back, only whether they are set. */
export const Destination = Schema.Struct({
  id: Id,
  channelId: Id,
  name: Schema.String,
  provider: Schema.Literals(STREAMING_PROVIDERS),
  link: Schema.String,
  secondaryLink: Schema.String,
  streamType: Schema.Literals(STREAM_TYPES),
  streamId: Schema.String,
  username: Schema.String,
  hasPassword: Schema.Boolean,
  videoProfile: Schema.NullOr(Schema.Literals(VIDEO_PROFILE_IDS)),
  /** kbps */
  bitrateKbps: Schema.NullOr(Schema.Int),
  resolution: Schema.NullOr(Schema.Literals(DESTINATION_RESOLUTIONS)),
  maxFrameRate: Schema.NullOr(Schema.Int),
  srtMode: Schema.NullOr(Schema.String),
  hasPassphrase: Schema.Boolean,
  /** ms */
  latencyMs: Schema.NullOr(Schema.Int),
  sourcePort: Schema.NullOr(Schema.Int),
  /** Pass-through: the stream is forwarded as received. */
  transparent: Schema.Boolean,
  ffmpegOverride: Schema.Boolean,
  ffmpegCommand: Schema.String,
  mpegTsIp: Schema.String,
  mpegTsPort: Schema.NullOr(Schema.Int),
  /** kbps */
  mpegTsVideoBitrate: Schema.NullOr(Schema.Int),
  /** The destination the channel streams to now (its name is the channel's CDN name). */
  active: Schema.Boolean,
});
export type Destination = typeof Destination.Type;

/** A destination as sent: a password or passphrase left out keeps the stored one, '' clears it. */
export const DestinationInput = Schema.Struct({
  name: Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)),
  provider: Schema.Literals(STREAMING_PROVIDERS),
  link: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2_048))),
  secondaryLink: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2_048))),
  streamType: Schema.Literals(STREAM_TYPES),
  streamId: Schema.optionalKey(NotARef('the stream key the outside platform gave', Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)))),
  username: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH))),
  password: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH))),
  videoProfile: Schema.optionalKey(Schema.NullOr(Schema.Literals(VIDEO_PROFILE_IDS))),
  bitrateKbps: Schema.optionalKey(Schema.NullOr(IntBetween(1, 100_000))),
  resolution: Schema.optionalKey(Schema.NullOr(Schema.Literals(DESTINATION_RESOLUTIONS))),
  maxFrameRate: Schema.optionalKey(Schema.NullOr(Whole)),
  srtMode: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(32)))),
  passphrase: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH))),
  latencyMs: Schema.optionalKey(Schema.NullOr(IntBetween(20, 8_000))),
  sourcePort: Schema.optionalKey(Schema.NullOr(Port)),
  transparent: Schema.optionalKey(Schema.Boolean),
  ffmpegOverride: Schema.optionalKey(Schema.Boolean),
  ffmpegCommand: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2_048))),
  mpegTsIp: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
  mpegTsPort: Schema.optionalKey(Schema.NullOr(Port)),
  mpegTsVideoBitrate: Schema.optionalKey(Schema.NullOr(Whole)),
});
export type DestinationInput = typeof DestinationInput.Type;

const ChannelBody = { channelId: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) };

export const fetchDestinations = endpoint({
  method: 'POST',
  path: 'channels/fetch_details',
  summary: 'The streaming destinations of a channel, by name (credentials never sent back)',
  tags: TAGS,
  body: Schema.Struct(ChannelBody),
  response: Schema.Array(Destination),
});

export const fetchCdns = endpoint({
  method: 'POST',
  path: 'channels/fetch_cdns',
  summary: 'The CDN destinations of a channel: id, name, provider, which one is active',
  tags: TAGS,
  body: Schema.Struct(ChannelBody),
  response: Schema.Array(Schema.Struct({ id: Id, name: Schema.String, provider: Schema.String, active: Schema.Boolean })),
});

export const addDestination = endpoint({
  method: 'POST',
  path: 'channels/add_details',
  summary: 'Add a streaming destination (unique name and stream ID; MPEG-TS ip, port 0-65535, bitrate 2000-8000; SRT key 10-64; source port 0-553 or 558-65535)',
  tags: TAGS,
  body: Schema.Struct({ ...ChannelBody, destination: DestinationInput }),
  response: Destination,
});

export const updateDestination = endpoint({
  method: 'POST',
  path: 'channels/update_details',
  summary: 'Change a streaming destination (same rules as add_details)',
  tags: TAGS,
  body: Schema.Struct({ ...ChannelBody, destinationId: RefTo('destination'), destination: DestinationInput }),
  response: Destination,
});

export const removeDestination = endpoint({
  method: 'POST',
  path: 'channels/remove_details',
  summary: 'Remove a streaming destination (the active one leaves the channel without a CDN)',
  tags: TAGS,
  body: Schema.Struct({ ...ChannelBody, destinationId: RefTo('destination') }),
  response: Removed,
});

export const streamingMediaProfiles = endpoint({
  method: 'GET',
  path: 'streamingmediaprofiles',
  summary: 'Streaming providers with the domain of their ingest addresses',
  tags: TAGS,
  response: Schema.Array(Schema.Struct({ provider: Schema.String, domain: Schema.String })),
});

// ── Social media details of a unit (spec 001 §7 socialmediadetails) ──────────────────────────

export const SocialMediaDetails = Schema.Struct({
  uid: Id,
  /** The Facebook page a unit's preview stream is created on; null: none set (the preview cannot be created). */
  facebookPage: Schema.NullOr(Schema.String),
  title: Schema.String,
  description: Schema.String,
  privacy: Schema.Literals(['public', 'friends', 'private']),
  videoProfile: Schema.Literals(VIDEO_PROFILE_IDS),
});
export type SocialMediaDetails = typeof SocialMediaDetails.Type;

export const getSocialMediaDetails = endpoint({
  method: 'GET',
  path: 'socialmediadetails',
  summary: 'A unit’s social media details (Facebook page, title, privacy, video profile)',
  tags: ['channels', 'social'],
  query: Schema.Struct({ uid: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: SocialMediaDetails,
});

export const setSocialMediaDetails = endpoint({
  method: 'POST',
  path: 'socialmediadetails',
  summary: 'Save a unit’s social media details',
  tags: ['channels', 'social'],
  body: Schema.Struct({
    uid: Id,
    facebookPage: Schema.NullOr(Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH))),
    title: Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)),
    description: Schema.String.check(Schema.isMaxLength(1_024)),
    privacy: Schema.Literals(['public', 'friends', 'private']),
    videoProfile: Schema.Literals(VIDEO_PROFILE_IDS),
  }),
  response: SocialMediaDetails,
});

// ── Options of a channel ──────────────────────────────────────────────────────────────────────

export const setBwLimit = endpoint({
  method: 'PUT',
  path: 'channels/bwLimit',
  summary: 'Set a channel’s bandwidth limit (100-100,000 kbps, null: none)',
  tags: TAGS,
  body: Schema.Struct({ channelId: Id, limitKbps: Schema.NullOr(Whole) }),
  response: Schema.Struct({ channelId: Id, bwLimitKbps: Schema.NullOr(Schema.Int) }),
});

export const setPrivateSession = endpoint({
  method: 'PUT',
  path: 'channels/privateSession',
  summary: 'Turn a channel’s private session on or off (its output is not shared while on)',
  tags: TAGS,
  body: Schema.Struct({ channelId: Id, enabled: Schema.Boolean }),
  response: Schema.Struct({ channelId: Id, privateSession: Schema.Boolean }),
});

export const Bounds = Schema.Struct({ min: Schema.Int, max: Schema.Int });
export const SmpteAnswer = Schema.Struct({
  channelId: Id,
  smpte: ChannelSmpte,
  /** The port and PTP domain bounds the server supplies (spec 001 §5). */
  bounds: Schema.Struct({ port: Bounds, ptpDomain: Bounds }),
  /** False for an SMPTE channel without its port or PTP domain (the "SMPTE configuration missing" warning). */
  configured: Schema.Boolean,
});

export const getChannelSmpte = endpoint({ method: 'GET', path: 'channels/{id}/smpte', summary: 'A channel’s SMPTE 2110 configuration and the server’s bounds', tags: TAGS, params: ChannelParams, response: SmpteAnswer });
export const setChannelSmpte = endpoint({
  method: 'PUT',
  path: 'channels/{id}/smpte',
  summary: 'Set a channel’s SMPTE 2110 configuration (genlock −511..511; port and PTP domain within the server’s bounds)',
  tags: TAGS,
  params: ChannelParams,
  body: ChannelSmpte,
  response: SmpteAnswer,
});

export const FETCH_LOG_PHASES = ['connecting', 'collecting', 'stopping'] as const;
export const ChannelLogsAnswer = Schema.Struct({ channelId: Id, state: Schema.Literals([...FETCH_LOG_PHASES, 'idle']) });

export const startChannelLogs = endpoint({
  method: 'POST',
  path: 'channels/{id}/fetchlogs',
  summary: 'Fetch a channel’s logs (409 "Only one channel can fetch logs at a time.")',
  tags: TAGS,
  params: ChannelParams,
  response: ChannelLogsAnswer,
});

export const stopChannelLogs = endpoint({ method: 'DELETE', path: 'channels/{id}/fetchlogs', summary: 'Stop fetching a channel’s logs', tags: TAGS, params: ChannelParams, response: ChannelLogsAnswer });

export const channelIps = endpoint({
  method: 'GET',
  path: 'channels/{id}/ips',
  summary: 'The internal and external addresses of a channel’s server',
  tags: TAGS,
  params: ChannelParams,
  response: Schema.Struct({ channelId: Id, internal: Schema.Array(Schema.String), external: Schema.Array(Schema.String) }),
});

export const ChannelCapabilities = Schema.Struct({
  channelId: Id,
  liveuVersion: Schema.NullOr(Schema.String),
  supports4k: Schema.Boolean,
  /** How many output channels the server's licence allows, and how many it has. */
  outputLicence: Schema.Int,
  outputsInUse: Schema.Int,
  maxAudioInterfaces: Schema.Int,
  smpteBounds: Schema.Struct({ port: Bounds, ptpDomain: Bounds }),
  /** The version gates of spec 001 §9 this channel passes. */
  gates: Schema.Struct({ forceOutput: Schema.Boolean, multipoint: Schema.Boolean, graphicsOverlay: Schema.Boolean }),
});
export type ChannelCapabilities = typeof ChannelCapabilities.Type;

export const channelCapabilities = endpoint({ method: 'GET', path: 'channels/{id}/capabilities', summary: 'What a channel can do: 4K, output licence, audio interfaces, SMPTE bounds, version gates', tags: TAGS, params: ChannelParams, response: ChannelCapabilities });

export const IngestAssociation = Schema.Struct({ channelId: Id, channelName: Schema.String, serverId: Schema.NullOr(Id), serverName: Schema.NullOr(Schema.String) });

export const channelIngestAssociation = endpoint({ method: 'GET', path: 'channels/{id}/ingest_association', summary: 'The ingest server a channel is allocated to, if any', tags: TAGS, params: ChannelParams, response: IngestAssociation });

export const sdiChannels = endpoint({ method: 'GET', path: 'channels/sdi', summary: 'The SDI channels of an inventory, by name', tags: TAGS, query: InventoryQuery, response: Schema.Array(ChannelRef) });
export const outputChannels = endpoint({ method: 'GET', path: 'channels/output', summary: 'The output channels of an inventory (distributors included), by name', tags: TAGS, query: InventoryQuery, response: Schema.Array(ChannelRef) });

export const StunTurnInfo = Schema.Struct({
  inventoryName: Schema.String,
  urls: Schema.Array(Schema.String),
  username: Schema.String,
  credential: Schema.String,
  /** When the credential stops working (ms since the epoch): fetch again then. */
  expiresAt: EpochMs,
});

export const stunTurnInfo = endpoint({
  method: 'GET',
  path: 'stunTurnInfo',
  summary: 'STUN/TURN servers and a short-lived TURN credential for an inventory (by its name)',
  tags: TAGS,
  query: Schema.Struct({ inventoryName: TextBetween(1, NAME_MAX_LENGTH), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: StunTurnInfo,
});

// ── Tally, IFB, audio interfaces, ingest (spec 001 §2 dialogs; §7 inventory sub-resources) ────

export const TallyAnswer = Schema.Struct({ channelId: Id, tally: ChannelTally });

export const setChannelTally = endpoint({
  method: 'PUT',
  path: 'channels/{id}/tally',
  summary: 'The tally dialog: on air, supported by unit, tally name',
  tags: TAGS,
  params: ChannelParams,
  body: ChannelTally,
  response: TallyAnswer,
});

export const IfbAnswer = Schema.Struct({
  channelId: Id,
  ifb: ChannelIfb,
  /** 700 ms, 300 ms with low delay (spec 000 §9). */
  delayMs: Schema.Int,
  /** The IFB mode of the channel's server (spec 001 §3 server admin field). */
  mode: Schema.Literals(IFB_MODES),
});

export const setChannelIfb = endpoint({
  method: 'PUT',
  path: 'channels/{id}/ifb',
  summary: 'The IFB dialog: on, low delay, always on, and the server’s IFB mode (a mode change is refused with the spec’s reasons)',
  tags: TAGS,
  params: ChannelParams,
  body: Schema.Struct({ ...ChannelIfb.fields, mode: Schema.optionalKey(Schema.Literals(IFB_MODES)) }),
  response: IfbAnswer,
});

export const AudioInterfacesAnswer = Schema.Struct({ channelId: Id, interfaces: Schema.Array(AudioInterface), limit: Schema.Int });

export const getChannelAudioInterfaces = endpoint({ method: 'GET', path: 'channels/{id}/audiointerfaces', summary: 'A channel’s audio interfaces and how many it may have', tags: TAGS, params: ChannelParams, response: AudioInterfacesAnswer });
export const setChannelAudioInterfaces = endpoint({
  method: 'PUT',
  path: 'channels/{id}/audiointerfaces',
  summary: 'Set a channel’s audio interfaces (up to the limit its server supplies; names unique)',
  tags: TAGS,
  params: ChannelParams,
  body: Schema.Struct({ interfaces: Schema.Array(AudioInterface).check(Schema.isMaxLength(256)) }),
  response: AudioInterfacesAnswer,
});

export const InventoryTally = Schema.Struct({ channelId: Id, channelName: Schema.String, tallyName: Schema.String, onAir: Schema.Boolean, supportedByUnit: Schema.Boolean, associated: Schema.Boolean });

export const inventoryTallies = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/tallies',
  summary: 'The tallies of an inventory’s channels',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(InventoryTally),
});

export const InventoryIfbs = Schema.Struct({
  /** IFB lines the inventory's servers offer (ours: two per media server channel slot licence). */
  available: Schema.Int,
  used: Schema.Int,
  channels: Schema.Array(Schema.Struct({ channelId: Id, channelName: Schema.String, enabled: Schema.Boolean, lowDelay: Schema.Boolean, alwaysOn: Schema.Boolean })),
});

export const inventoryIfbs = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/ifbs',
  summary: 'The IFBs of an inventory: available and used counts, and the channels using one',
  tags: TAGS,
  params: IdParams,
  response: InventoryIfbs,
});

export const channelAssociation = endpoint({
  method: 'POST',
  path: 'v2/inventories/{id}/channel_association',
  summary: 'Associate a tally or an IFB with a channel of the inventory, or take it away',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ kind: Schema.Literals(['tally', 'ifb']), channelId: RefTo('channel'), associated: Schema.Boolean }),
  response: Schema.Struct({ tallies: Schema.Array(InventoryTally), ifbs: InventoryIfbs }),
});

export const IngestAllocation = Schema.Struct({
  associations: Schema.Array(IngestAssociation),
  /** The inventory's ingest servers a channel may be allocated to. */
  servers: Schema.Array(Ref),
});

export const inventoryIngestAssociation = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/ingest_association',
  summary: 'The ingest allocation of an inventory’s channels and its ingest servers',
  tags: TAGS,
  params: IdParams,
  response: IngestAllocation,
});

export const setIngestAssociation = endpoint({
  method: 'POST',
  path: 'v2/inventories/{id}/ingest_association',
  summary: 'Allocate a channel to an ingest server of the inventory, or free it (refused while the channel is busy)',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ channelId: RefTo('channel'), serverId: Schema.NullOr(RefTo('server')) }),
  response: IngestAssociation,
});

export const recordingChannels = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/recordingchannels',
  summary: 'The channels of an inventory that record, by name',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(ChannelRef),
});

/** Every endpoint of the area, for the server's registration check and the tests. */
export const CHANNEL_ENDPOINTS = [
  channelStatus,
  fetchChannels,
  groupChannelDetails,
  listChannels,
  createChannel,
  getChannel,
  updateChannel,
  deleteChannel,
  channelInventories,
  channelGroups,
  channelPtmp,
  inventoryChannels,
  linkInventoryChannel,
  unlinkInventoryChannel,
  updateChannelConfiguration,
  getChannelFfmpeg,
  setChannelFfmpeg,
  getAdminChannelFfmpeg,
  setAdminChannelFfmpeg,
  addInputSource,
  removeInputSource,
  mediaAccessOutputInfo,
  fetchPtmp,
  updatePtmp,
  updateGroupChannelInfo,
  fetchDestinations,
  fetchCdns,
  addDestination,
  updateDestination,
  removeDestination,
  streamingMediaProfiles,
  getSocialMediaDetails,
  setSocialMediaDetails,
  setBwLimit,
  setPrivateSession,
  getChannelSmpte,
  setChannelSmpte,
  startChannelLogs,
  stopChannelLogs,
  channelIps,
  channelCapabilities,
  channelIngestAssociation,
  sdiChannels,
  outputChannels,
  stunTurnInfo,
  setChannelTally,
  setChannelIfb,
  getChannelAudioInterfaces,
  setChannelAudioInterfaces,
  inventoryTallies,
  inventoryIfbs,
  channelAssociation,
  inventoryIngestAssociation,
  setIngestAssociation,
  recordingChannels,
] as const;
