/**
 * The servers area's calls (spec 001 §7 "Servers", §3 Server and its admin fields, §2 edit server
 * with the tabs General, Server Info, SMPTE 2110, IP Pipe) and the IFB servers of the support menu
 * (spec 000 §2). Paths are the spec's; bodies and answers are ours (docs/api.md "Servers"), named
 * after the spec's fields. The edit-server and admin-field calls (`admin/servers/{id}`) and the IFB
 * servers' are ours: the spec does not show their paths.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, NumberBetween, PartOf, RefTo, TextBetween } from './common.ts';

/** `{id}` of an IFB server (404 when there is none). */
const IfbServerParams = Schema.Struct({ id: PartOf('IFB server') });
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';
import { HW_STATUSES, IFB_MODES, IP_PIPE_PROTOCOLS, SERVER_ADMIN_QUERY, SERVER_STATES, SERVER_TYPES } from '../../domain/servers.ts';
import { SERVICE_NAMES } from '../../domain/services.ts';
import { CHANNEL_STATUSES } from '../../domain/channels.ts';

const TAGS = ['servers'] as const;
const IFB_TAGS = ['servers', 'ifb'] as const;

/** A number as typed in a form: the rules (ranges, messages) are the domain's (src/domain/serverConfig.ts). */
const FormNumber = Schema.NullOr(NumberBetween(-1_000_000_000, 1_000_000_000));
const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));

export const ServerUsage = Schema.Struct({ cpuPercent: Schema.Finite, memoryPercent: Schema.Finite, bandwidthKbps: Schema.Finite });
export const ServicesData = Schema.Struct({
  list: Schema.Array(Schema.Struct({ name: Schema.Literals(SERVICE_NAMES), state: Schema.Literals(['active', 'inactive']) })),
  lastUpdate: EpochMs,
});

/** A server as the Devices screen lists it: the stored facts and the live ones (spec 001 §3). */
export const ServerRow = Schema.Struct({
  deviceId: Id,
  name: Schema.String,
  alias: Schema.String,
  serialNumber: Schema.String,
  swVersion: Schema.String,
  type: Schema.Literals(SERVER_TYPES),
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  /** Admin fields (spec 001 §3): max channels 8-24, IFB mode, cloud region. */
  maxChannels: Schema.Int,
  ifbMode: Schema.Literals(IFB_MODES),
  cloudRegion: Schema.String,
  channelCount: Schema.Int,
  /** Live (server.status): offline, idle or busy. */
  state: Schema.Literals(SERVER_STATES),
  applications: Schema.Record(Schema.String, Schema.Unknown),
  /** s */
  upTime: Schema.Int,
  serverUsage: ServerUsage,
  tallyHwStatus: Schema.Literals(HW_STATUSES),
  audioHwStatus: Schema.Literals(HW_STATUSES),
  /** The server.status rev this row was read at (the console applies only newer events). */
  rev: Schema.Int,
});
export type ServerRow = typeof ServerRow.Type;

export const ServerParams = IdParams;

/** spec 001 §7 "admin inventories/{id}/servers by type mmh_server, vr_server, ingest_server, transceiver_server". */
export const InventoryServersQuery = Schema.Struct({
  type: Schema.optionalKey(Schema.Literals(Object.values(SERVER_ADMIN_QUERY) as [string, ...string[]])),
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
});

export const ServerList = Schema.Struct({ total: Schema.Int, limit: Schema.Int, offset: Schema.Int, items: Schema.Array(ServerRow) });

export const inventoryServers = endpoint({
  method: 'GET',
  path: 'admin/inventories/{id}/servers',
  summary: 'Servers of an inventory, optionally of one type (mmh_server, vr_server, ingest_server, transceiver_server), with their live state',
  tags: TAGS,
  params: IdParams,
  query: InventoryServersQuery,
  response: ServerList,
});

export const getServer = endpoint({ method: 'GET', path: 'admin/servers/{id}', summary: 'One server with its live state', tags: TAGS, params: ServerParams, response: ServerRow });

/** The General tab: name, alias and the admin fields (spec 001 §3 max channels 8-24, IFB mode V1/V2, cloud region). */
export const ServerChanges = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH)),
  alias: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  maxChannels: Schema.optionalKey(FormNumber),
  ifbMode: Schema.optionalKey(Schema.Literals(IFB_MODES)),
  cloudRegion: Schema.optionalKey(Text(64)),
});
export type ServerChanges = typeof ServerChanges.Type;

export const updateServer = endpoint({
  method: 'PUT',
  path: 'admin/servers/{id}',
  summary: 'Edit a server: name, alias, max channels (8-24), IFB mode (refused with every reason of spec 001 §8), cloud region',
  tags: TAGS,
  params: ServerParams,
  body: ServerChanges,
  response: ServerRow,
});

export const deleteServer = endpoint({
  method: 'DELETE',
  path: 'admin/servers/{id}',
  summary: 'Delete a server (409 while an ingest server is online or tied to busy channels; other servers: while online or with channels)',
  tags: TAGS,
  params: ServerParams,
  response: Schema.Struct({ deviceId: Id, deleted: Schema.Literal(true) }),
});

export const ServerServices = Schema.Struct({
  deviceId: Id,
  servicesData: ServicesData,
  /** When this answer was read from the server; it is kept 30 minutes (spec 001 §9). */
  fetchedAt: EpochMs,
  cached: Schema.Boolean,
});
export const serverServices = endpoint({ method: 'GET', path: 'servers/{id}/services', summary: 'A server’s services and their last update time (cached 30 minutes)', tags: TAGS, params: ServerParams, response: ServerServices });

export const Bounds = Schema.Struct({ min: Schema.Int, max: Schema.Int });
export const ServerCapabilities = Schema.Struct({
  deviceId: Id,
  swVersion: Schema.String,
  /** Version gates of spec 001 §9: restart server 6.4, server info 8.5. */
  gates: Schema.Struct({ restartServer: Schema.Boolean, serverInfo: Schema.Boolean }),
  maxChannelsBounds: Bounds,
  smpte: Schema.Boolean,
  ipPipe: Schema.Boolean,
  smpteBounds: Schema.Struct({ port: Bounds, ptpDomain: Bounds }),
});
export const serverCapabilities = endpoint({ method: 'GET', path: 'servers/{id}/capabilities', summary: 'What a server can do: version gates, SMPTE, IP pipe and their bounds', tags: TAGS, params: ServerParams, response: ServerCapabilities });

export const ServerSpecifications = Schema.Struct({
  deviceId: Id,
  model: Schema.String,
  cpu: Schema.String,
  cores: Schema.Int,
  memoryGb: Schema.Int,
  storageGb: Schema.Int,
  os: Schema.String,
  sdiPorts: Schema.Int,
  gpu: Schema.String,
});
export const serverSpecifications = endpoint({ method: 'GET', path: 'servers/{id}/specifications', summary: 'A server’s hardware (Server Info tab, 8.5 and above)', tags: TAGS, params: ServerParams, response: ServerSpecifications });

export const serverIps = endpoint({
  method: 'GET',
  path: 'servers/{id}/ips',
  summary: 'A server’s internal and external addresses',
  tags: TAGS,
  params: ServerParams,
  response: Schema.Struct({ deviceId: Id, internal: Schema.Array(Schema.String), external: Schema.Array(Schema.String) }),
});

export const ServerSmpte = Schema.Struct({ enabled: Schema.Boolean, ptpDomain: FormNumber, basePort: FormNumber, genlockOffset: FormNumber });
export const ServerSmpteAnswer = Schema.Struct({ deviceId: Id, smpte: ServerSmpte, bounds: Schema.Struct({ port: Bounds, ptpDomain: Bounds }) });
export const getServerSmpte = endpoint({ method: 'GET', path: 'mmhservers/{id}/configuration/smpte', summary: 'An MMH server’s SMPTE 2110 interface and its bounds', tags: TAGS, params: ServerParams, response: ServerSmpteAnswer });
export const setServerSmpte = endpoint({
  method: 'PUT',
  path: 'mmhservers/{id}/configuration/smpte',
  summary: 'Set an MMH server’s SMPTE 2110 interface (PTP domain and base port within the bounds, genlock −511..511)',
  tags: TAGS,
  params: ServerParams,
  body: ServerSmpte,
  response: ServerSmpteAnswer,
});

export const IpPipe = Schema.Struct({
  enabled: Schema.Boolean,
  destinationHost: Text(NAME_MAX_LENGTH),
  port: FormNumber,
  bitrateKbps: FormNumber,
  protocol: Schema.Literals(IP_PIPE_PROTOCOLS),
});
export const IpPipeAnswer = Schema.Struct({ deviceId: Id, ipPipe: Schema.NullOr(IpPipe) });
export const getIpPipe = endpoint({ method: 'GET', path: 'mmhservers/{id}/configuration/ippipe', summary: 'An MMH server’s IP pipe (null: none yet)', tags: TAGS, params: ServerParams, response: IpPipeAnswer });
export const createIpPipe = endpoint({
  method: 'POST',
  path: 'mmhservers/{id}/configuration/ippipe',
  summary: 'Create an MMH server’s IP pipe (409 when it has one; port 1-65535, under 1 Mbps)',
  tags: TAGS,
  params: ServerParams,
  body: IpPipe,
  response: IpPipeAnswer,
  successStatus: 201,
});
export const updateIpPipe = endpoint({
  method: 'PUT',
  path: 'mmhservers/{id}/configuration/ippipe',
  summary: 'Change an MMH server’s IP pipe (404 when it has none)',
  tags: TAGS,
  params: ServerParams,
  body: IpPipe,
  response: IpPipeAnswer,
});

export const MmhConfiguration = Schema.Struct({ recordingEnabled: Schema.Boolean, storageQuotaGb: FormNumber, retentionDays: FormNumber });
export const MmhConfigurationAnswer = Schema.Struct({ deviceId: Id, configuration: MmhConfiguration });
export const getMmhConfiguration = endpoint({ method: 'GET', path: 'mmhservers/{id}/configuration', summary: 'An MMH server’s configuration', tags: TAGS, params: ServerParams, response: MmhConfigurationAnswer });
export const setMmhConfiguration = endpoint({
  method: 'POST',
  path: 'mmhservers/{id}/configuration',
  summary: 'Set an MMH server’s configuration (storage quota 10-100000 GB, retention 1-365 days)',
  tags: TAGS,
  params: ServerParams,
  body: MmhConfiguration,
  response: MmhConfigurationAnswer,
});

export const VrConfiguration = Schema.Struct({ maxReceivers: FormNumber, latencyMs: FormNumber });
export const VrConfigurationAnswer = Schema.Struct({ deviceId: Id, configuration: VrConfiguration });
export const getVrConfiguration = endpoint({ method: 'GET', path: 'vrservers/{id}/configuration', summary: 'A video return server’s configuration', tags: TAGS, params: ServerParams, response: VrConfigurationAnswer });
export const setVrConfiguration = endpoint({
  method: 'POST',
  path: 'vrservers/{id}/configuration',
  summary: 'Set a video return server’s configuration (receivers 1-100, latency 20-8000 ms)',
  tags: TAGS,
  params: ServerParams,
  body: VrConfiguration,
  response: VrConfigurationAnswer,
});

export const resetInstance = endpoint({
  method: 'PUT',
  path: 'servers/{id}/resetinstance',
  summary: 'Restart a server (6.4 and above): it goes offline with its channels and comes back',
  tags: TAGS,
  params: ServerParams,
  response: Schema.Struct({ deviceId: Id, restarting: Schema.Literal(true) }),
});

export const IngestServerChannel = Schema.Struct({ id: Id, name: Schema.String, status: Schema.Literals(CHANNEL_STATUSES), groupId: Schema.NullOr(Id) });
export const ingestServerChannels = endpoint({
  method: 'GET',
  path: 'ingestservers/{id}/channels',
  summary: 'The channels allocated to an ingest server, with their live status',
  tags: TAGS,
  params: ServerParams,
  response: Schema.Struct({ deviceId: Id, channels: Schema.Array(IngestServerChannel) }),
});

// ── IFB servers (support menu) ─────────────────────────────────────────────────────────────────

export const IfbServerRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  host: Schema.String,
  port: Schema.Int,
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  enabled: Schema.Boolean,
  updatedAt: EpochMs,
});
export type IfbServerRow = typeof IfbServerRow.Type;

export const listIfbServers = endpoint({
  method: 'GET',
  path: 'v2/admin/ifbServers',
  summary: 'The IFB servers (support menu)',
  tags: IFB_TAGS,
  query: Schema.Struct({ search: Schema.optionalKey(Text(NAME_MAX_LENGTH)) }),
  response: Schema.Array(IfbServerRow),
});

export const IfbServerChanges = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH)),
  host: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  port: Schema.optionalKey(FormNumber),
  inventoryId: Schema.optionalKey(Schema.NullOr(RefTo('inventory'))),
  enabled: Schema.optionalKey(Schema.Boolean),
});
export type IfbServerChanges = typeof IfbServerChanges.Type;

export const updateIfbServer = endpoint({
  method: 'PUT',
  path: 'v2/admin/ifbServers/{id}',
  summary: 'Edit an IFB server: name (unique), SIP host and port, inventory, enabled',
  tags: IFB_TAGS,
  params: IfbServerParams,
  body: IfbServerChanges,
  response: IfbServerRow,
});

export const SERVER_ENDPOINTS = [
  inventoryServers,
  getServer,
  updateServer,
  deleteServer,
  serverServices,
  serverCapabilities,
  serverSpecifications,
  serverIps,
  getServerSmpte,
  setServerSmpte,
  getIpPipe,
  createIpPipe,
  updateIpPipe,
  getMmhConfiguration,
  setMmhConfiguration,
  getVrConfiguration,
  setVrConfiguration,
  resetInstance,
  ingestServerChannels,
  listIfbServers,
  updateIfbServer,
] as const;
