/**
 * The unit area's reads and identity calls (spec 000 §7 "Units"), and the schema pieces every
 * unit contract shares (the unit as the read calls answer it, the answer of a command the unit
 * took). The other unit calls are in unitAdmin.ts (administration, inventory and group links),
 * unitSettings.ts (stored settings, services, pairing, alerts), unitCommands.ts
 * (devices/{id}/commands/...), unitControl.ts (streaming and control, bandwidth, storage and logs)
 * and unitApplications.ts (multi camera, switcher, intercom, IP pipe, databridge, video return,
 * social media). Bodies and answers are not shown by the spec: ours, named after its fields
 * (docs/api.md "Units").
 *
 * Every unit call takes the optional current group `crnt_vcg_uid` (the API gate checks it is one of
 * the caller's groups); a unit another tenant owns answers the same 404 as an unknown one.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { CurrentGroupQuery, EpochMs, Id, IdParams, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, MAX_SEARCH_LENGTH, SORT_DIRECTIONS, CurrentGroup } from './common.ts';
import { ApplicationSchema, ChannelStatusDataSchema, UnitStatusDataSchema } from '../payloads.ts';
import { DEFAULT_SEARCH_KEY, UNIT_SEARCH_PAGE_SIZE } from '../../domain/constants.ts';
import { UNIT_STATUSES } from '../../domain/units/status.ts';
import { ALERT_SEVERITIES, ALERT_TYPES, INTERCOM_MODES } from '../../domain/units/interface.ts';
import { UNIT_TYPE_GROUPS } from '../../domain/units/productTypes.ts';
import { AlertsConfiguration } from './alerts.ts';

export const UNIT_TAGS = ['units'] as const;

/** The query every unit call accepts: the current group (spec 000 §7 `crnt_vcg_uid`). */
export const UnitQuery = CurrentGroupQuery;

/** `{id}` of a unit. */
export const UnitParams = IdParams;

/** A whole number or its text (today's unit forms send either; the domain rules read both). */
export const NumberInput = Schema.Union([Schema.Int, Schema.String.check(Schema.isMaxLength(32))]);
/** A NumberInput that may be null or empty (no limit). */
export const OptionalNumberInput = Schema.NullOr(NumberInput);

/** Latitude and longitude in degrees; null when the unit has no position. */
const Degrees = Schema.Finite;

// ── The unit as the read calls answer it ───────────────────────────────────────────────────────

export const LINK_TYPES = ['lan', 'wifi', 'cell'] as const;
export const SIM_SLOTS = ['A', 'B'] as const;

/** One link of a unit (spec 000 §3 "Links"), live: bitrates in kbps, signal 0-100 %. */
export const UnitLink = Schema.Struct({
  port: Schema.String,
  name: Schema.String,
  type: Schema.Literals(LINK_TYPES),
  connected: Schema.Boolean,
  enabled: Schema.Boolean,
  uplinkKbps: Schema.Finite,
  downlinkKbps: Schema.Finite,
  signal: Schema.Finite,
  roaming: Schema.Boolean,
  /** The active SIM of a cellular link; null for the others. */
  sim: Schema.NullOr(Schema.Literals(SIM_SLOTS)),
});
export type UnitLink = typeof UnitLink.Type;

/** An alert of a unit (spec 000 §3, 001 §3 "Alert"); `active` false is a cleared alert. */
export const UnitAlert = Schema.Struct({
  id: Schema.String,
  entityUniqueId: Schema.String,
  type: Schema.Literals(ALERT_TYPES),
  severity: Schema.Literals(ALERT_SEVERITIES),
  active: Schema.Boolean,
  message: Schema.String,
});

/** Phases of the video application (spec 000 §4; `speedtest` while the link is tested). */
export const VIDEO_PHASES = ['idle', 'connecting', 'streaming', 'disconnecting', 'speedtest'] as const;
export const UnitVideo = Schema.Struct({ state: Schema.Literals(VIDEO_PHASES), onAir: Schema.Boolean });

/** Power (spec 000 §3): percentage 0-100. */
export const UnitBattery = Schema.Struct({ connected: Schema.Boolean, charging: Schema.Boolean, percentage: Schema.Finite });

/** The bandwidth capping in force, kbps (null: no cap). */
export const UnitCappingKbps = Schema.Struct({ totalKbps: Schema.NullOr(Schema.Finite), cellularKbps: Schema.NullOr(Schema.Finite) });

export const INTERCOM_STATES = ['connecting', 'connected'] as const;
/** An open intercom session (spec 000 §3 intercom1, intercom2). */
export const IntercomSessionView = Schema.Struct({
  mode: Schema.Literals(INTERCOM_MODES),
  destinationAccount: Schema.String,
  state: Schema.Literals(INTERCOM_STATES),
});
export const UnitIntercom = Schema.Struct({ intercom1: Schema.optionalKey(IntercomSessionView), intercom2: Schema.optionalKey(IntercomSessionView) });

/** The active applications of a unit (protocol.md: a key present means active). */
export const UnitApplications = Schema.Record(Schema.String, ApplicationSchema);

/**
 * A unit with its live status (spec 000 §3, §4): the stored identity and placement, and what the
 * running fleet says of it (offline, with empty live parts, while the simulator is not running).
 */
export const UnitView = Schema.Struct({
  uid: Id,
  name: Schema.String,
  /** The same name, under the vendor console's field name. */
  uname: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  comment: Schema.String,
  groupId: Schema.NullOr(Id),
  inventoryId: Schema.NullOr(Id),
  swVersion: Schema.String,
  lat: Schema.NullOr(Degrees),
  lng: Schema.NullOr(Degrees),
  ownedBy: Schema.String,
  /** The derived status (spec 000 §4 "Status derived from the applications map"). */
  status: Schema.Literals(UNIT_STATUSES),
  /** The raw state: online or offline. */
  state: Schema.String,
  isOffline: Schema.Boolean,
  isBusy: Schema.Boolean,
  applications: UnitApplications,
  video: UnitVideo,
  channelId: Schema.NullOr(Schema.String),
  /** ms */
  delay: Schema.NullOr(Schema.Finite),
  battery: Schema.NullOr(UnitBattery),
  links: Schema.Array(UnitLink),
  alerts: Schema.Array(UnitAlert),
  capping: Schema.NullOr(UnitCappingKbps),
  intercom: UnitIntercom,
  /** The unit's current rev on the event bus (apply only events above it). */
  rev: Schema.Int,
});
export type UnitView = typeof UnitView.Type;

/**
 * The settings a unit keeps (spec 000 §3 "Unit settings concepts"), keyed by setting: owner, SLA,
 * services, pairing, modems, network, capping, multi camera, IP pipe, stored command parameters...
 * Each is written by its own call (and described there); this bag is open.
 */
export const UnitSettings = Schema.Record(Schema.String, Schema.Unknown).annotate({ description: 'the unit’s stored settings, by setting name' });
/** Metadata fields of a unit (spec 000 §5: no ; or \, at most 1024 characters each). */
export const UnitMetadata = Schema.Record(Schema.String, Schema.String);

/** A unit with its stored settings and metadata (the unit page, the admin view). */
export const UnitWithSettings = Schema.Struct({ ...UnitView.fields, settings: UnitSettings, metadata: UnitMetadata });
export type UnitWithSettings = typeof UnitWithSettings.Type;

export const UPGRADE_STATES = ['upgrading', 'succeeded', 'failed'] as const;
/** The last software upgrade of the unit since the server started (code: spec 000 §8 upgrade codes). */
export const LastUpgrade = Schema.Struct({
  state: Schema.Literals(UPGRADE_STATES),
  targetVersion: Schema.String,
  code: Schema.optionalKey(Schema.Int),
  message: Schema.optionalKey(Schema.String),
});

/** What a unit can do: its type group (spec 000 §3) and the version-gated features (spec 000 §9). */
export const UnitCapabilities = Schema.Struct({
  typeGroup: Schema.NullOr(Schema.Literals(UNIT_TYPE_GROUPS)),
  multiCamera: Schema.Boolean,
  singleEthernet: Schema.Boolean,
  upgradable: Schema.Boolean,
  camera: Schema.Boolean,
  extender: Schema.Boolean,
  versionGates: Schema.Struct({
    forceOutput: Schema.Boolean,
    multipoint: Schema.Boolean,
    streamingOffline: Schema.Boolean,
    restartServer: Schema.Boolean,
    facebook: Schema.Boolean,
    graphicsOverlay: Schema.Boolean,
    serverInfo: Schema.Boolean,
    speedTest: Schema.Boolean,
  }),
});
export type UnitCapabilities = typeof UnitCapabilities.Type;

/** A unit with everything the unit page shows (GET v2/units/enhanced/{id}). */
export const UnitEnhanced = Schema.Struct({
  ...UnitWithSettings.fields,
  alertsConfiguration: AlertsConfiguration,
  lastUpgrade: Schema.NullOr(LastUpgrade),
  /** ms since the epoch; null while offline. */
  onlineSince: Schema.NullOr(EpochMs),
  /** null: the unit has no camera input. */
  cameraConnected: Schema.NullOr(Schema.Boolean),
  capabilities: UnitCapabilities,
});
export type UnitEnhanced = typeof UnitEnhanced.Type;

/** The answer of a call the unit (the simulator) took: `action` names what it runs. */
export const UnitAccepted = Schema.Struct({ uid: Id, accepted: Schema.Literal(true), action: Schema.String });
export type UnitAccepted = typeof UnitAccepted.Type;

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────

export const UnitStatusAnswer = Schema.Struct({
  uid: Id,
  status: Schema.Literals(UNIT_STATUSES),
  state: Schema.String,
  isOffline: Schema.Boolean,
  isBusy: Schema.Boolean,
  applications: UnitApplications,
  video: UnitVideo,
  rev: Schema.Int,
});

export const unitStatus = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/status',
  summary: 'Live status of a unit (derived status, applications, video)',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitStatusAnswer,
});

/**
 * A unit of the snapshot: the websocket's unit.added payload (docs/protocol.md) with the stored
 * name and comment. Like on the websocket, fields the protocol does not name pass through.
 */
export const SnapshotUnit = Schema.StructWithRest(
  Schema.Struct({
    uid: Id,
    name: Schema.String,
    type: Schema.String,
    comment: Schema.String,
    /** unit.status data with the live parts beside it (video, intercom, battery...). */
    status: Schema.StructWithRest(UnitStatusDataSchema, [Schema.Record(Schema.String, Schema.Unknown)]),
    lat: Schema.optionalKey(Schema.NullOr(Degrees)),
    lng: Schema.optionalKey(Schema.NullOr(Degrees)),
  }),
  [Schema.Record(Schema.String, Schema.Unknown)],
);

export const SnapshotChannel = Schema.Struct({
  id: Id,
  rev: Schema.Int,
  name: Schema.String,
  /** The channel server's software version, dotted. */
  version: Schema.optionalKey(Schema.String),
  /** The channel's live status (channel.status data), when the fleet knows it. */
  status: Schema.optionalKey(ChannelStatusDataSchema),
});

export const DeviceSnapshot = Schema.Struct({
  /** The bus seq read before the state: apply only events above it. */
  watermark: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  units: Schema.Array(Schema.Struct({ rev: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), unit: SnapshotUnit })),
  channels: Schema.Array(SnapshotChannel),
  /** Servers reach the console by their events only: always empty here. */
  servers: Schema.Tuple([]),
});
export type DeviceSnapshot = typeof DeviceSnapshot.Type;

export const fetchDevices = endpoint({
  method: 'GET',
  path: 'devices/fetch',
  summary: 'The current group’s units with their live status: the REST snapshot of protocol.md (watermark = bus seq before the read)',
  tags: UNIT_TAGS,
  query: Schema.Struct({ crnt_vcg_uid: Id }),
  response: DeviceSnapshot,
});

/** Fields a unit listing searches and sorts on (spec 000 §7, §9: default key name). */
export const UNIT_LIST_KEYS = ['name', 'uid', 'serial', 'type', 'swVersion', 'comment', 'groupId', 'inventoryId', 'createdAt'] as const;
export type UnitListKey = (typeof UNIT_LIST_KEYS)[number];

/**
 * A unit listing's query: limit (default 50, ≤ 500), offset, searchKey (default name) and
 * searchValue, sortBy/sortDir, or `sort` ("field", "field,asc|desc", "-field").
 */
export const UnitListQuery = Schema.Struct({
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT).annotate({ description: `page size, default ${UNIT_SEARCH_PAGE_SIZE}` })),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET).annotate({ description: 'rows to skip, default 0' })),
  searchKey: Schema.optionalKey(Schema.Literals(UNIT_LIST_KEYS).annotate({ description: `field searched, default ${DEFAULT_SEARCH_KEY}` })),
  searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_SEARCH_LENGTH))),
  sortBy: Schema.optionalKey(Schema.Literals(UNIT_LIST_KEYS)),
  sortDir: Schema.optionalKey(Schema.Literals(SORT_DIRECTIONS)),
  sort: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64)).annotate({ description: '"field" or "field,asc|desc" (alternative to sortBy/sortDir)' })),
  crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
});
export type UnitListQuery = typeof UnitListQuery.Type;

/** A page of units (the console, the tests and docs/api.md read `units`). */
export const UnitPage = Schema.Struct({
  total: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  limit: Schema.Int,
  offset: Schema.Int,
  units: Schema.Array(UnitView),
});
export type UnitPage = typeof UnitPage.Type;

export const listUnits = endpoint({
  method: 'GET',
  path: 'v2/admin/units',
  summary: 'Units of the caller’s groups (every unit, grouped or not, for a super user): search (searchKey default name), sort and paging (limit default 50)',
  tags: ['units', 'admin'],
  query: UnitListQuery,
  response: UnitPage,
});

export const listInventoryUnits = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/units',
  summary: 'Units of an inventory (in the caller’s groups, or in no group): search, sort and paging (limit default 50)',
  tags: ['units', 'admin'],
  params: Schema.Struct({ inv: Id }),
  query: UnitListQuery,
  response: UnitPage,
});

export const fetchUnitById = endpoint({
  method: 'GET',
  path: 'devices/fetch_by_id/{id}',
  summary: 'One unit with its live status',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitView,
});

export const unitLocation = endpoint({
  method: 'GET',
  path: 'devices/{id}/location',
  summary: 'Location of a unit',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, lat: Schema.NullOr(Degrees), lng: Schema.NullOr(Degrees), address: Schema.optionalKey(Schema.String) }),
});

export const unitModems = endpoint({
  method: 'GET',
  path: 'devices/{id}/modems',
  summary: 'Links (modems, Ethernet, Wi-Fi) of a unit with their live bitrates (kbps)',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, modems: Schema.Array(UnitLink) }),
});

export const unitCoordinates = endpoint({
  method: 'GET',
  path: 'devices/fetch_coords',
  summary: 'Coordinates of a unit',
  tags: UNIT_TAGS,
  query: Schema.Struct({ uid: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Struct({ uid: Id, lat: Schema.NullOr(Degrees), lng: Schema.NullOr(Degrees) }),
});

export const unitCapabilities = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/capabilities',
  summary: 'Capabilities of a unit: type group, multi-camera, single Ethernet, upgradable, version-gated features',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, ...UnitCapabilities.fields }),
});

export const enhancedUnit = endpoint({
  method: 'GET',
  path: 'v2/units/enhanced/{id}',
  summary: 'A unit with everything: live status, links, alerts, settings, alert configuration, metadata, last upgrade',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitEnhanced,
});

export const unitTargetVersion = endpoint({
  method: 'GET',
  path: 'v2/devices/{id}/targetversion',
  summary: 'Current and target software version of a unit',
  tags: UNIT_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, swVersion: Schema.String, targetVersion: Schema.NullOr(Schema.String), lastUpgrade: Schema.NullOr(LastUpgrade) }),
});

// ── The unit itself ────────────────────────────────────────────────────────────────────────────

/** Longest text the server reads of a name or comment; the domain's rules (100, 1024) answer first. */
const TYPED_TEXT_MAX = 4096;

/** A unit's identity as a user edits it: name (unique; letters, digits, _ and -), comment (≤ 100), metadata (no ; or \, ≤ 1024). */
export const UnitIdentityChanges = Schema.Struct({
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))),
  comment: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(TYPED_TEXT_MAX))),
  metadata: Schema.optionalKey(Schema.Record(Schema.String, Schema.String.check(Schema.isMaxLength(65_536))).check(Schema.isMaxProperties(64))),
});
export type UnitIdentityChanges = typeof UnitIdentityChanges.Type;

export const getUnit = endpoint({
  method: 'GET',
  path: 'v2/units/{id}',
  summary: 'A unit with its live status and stored settings',
  tags: ['units', 'settings'],
  params: UnitParams,
  query: UnitQuery,
  response: UnitWithSettings,
});

export const updateUnit = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}',
  summary: 'Edit a unit: name (unique; letters, digits, _ and -), comment (max 100), metadata (no ; or \\, max 1024)',
  tags: ['units', 'settings'],
  params: UnitParams,
  query: UnitQuery,
  body: UnitIdentityChanges,
  response: UnitWithSettings,
});

export const renameUnit = endpoint({
  method: 'POST',
  path: 'devices/update',
  summary: 'Rename a unit',
  tags: ['units', 'settings'],
  query: UnitQuery,
  body: Schema.Struct({ uid: Id, name: Schema.String.check(Schema.isMaxLength(1024)) }),
  response: UnitView,
});

// ── The multiview's preview image ──────────────────────────────────────────────────────────────

export const unitPreview = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/preview.svg',
  summary: 'A preview image of the unit: a test card with its name, status and the current time (SVG, not cached; add t=<ms> to bust caches)',
  tags: ['units', 'multiview'],
  params: UnitParams,
  query: Schema.Struct({ t: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(32))), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.String,
  produces: 'image/svg+xml; charset=utf-8',
});

/** The reads and identity calls of this file, for registration checks and tests. */
export const UNIT_READ_ENDPOINTS = [
  unitStatus,
  fetchDevices,
  listUnits,
  listInventoryUnits,
  fetchUnitById,
  unitLocation,
  unitModems,
  unitCoordinates,
  unitCapabilities,
  enhancedUnit,
  unitTargetVersion,
  getUnit,
  updateUnit,
  renameUnit,
  unitPreview,
] as const;
