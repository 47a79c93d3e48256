/**
 * Streaming and control of a unit (spec 000 §7 "Streaming and control", "Bandwidth", "Storage and
 * logs"): delay, start and stop, databridge and video return configuration, interface (modem)
 * configuration, network limits, store-and-forward quality, bandwidth capping and limitation, the
 * unit's storages and files, and sending logs. Bodies and answers: ours (docs/api.md "Units").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { FreeNumber, Id, CurrentGroup, RefTo } from './common.ts';
import { NumberInput, OptionalNumberInput, UnitAccepted, UnitLink, UnitParams, UnitQuery } from './units.ts';
import { NETWORK_MODES } from '../../domain/constants.ts';
import type { PriorityGroup } from '../../domain/validation/network.ts';
import { CAPPING_PRESETS_MBPS } from '../../domain/validation/capping.ts';
import { STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS } from '../../domain/units/productTypes.ts';
import { SRT_MODES, VR_INPUT_TYPES } from '../../domain/videoReturn.ts';
import { UPLOADED_FILE_STATUSES } from '../../domain/files.ts';

const TAGS = ['units', 'streaming'] as const;

/** `{id}/…/{port}`: an interface of the unit (eth0, wlan0, modem1...). */
const PortParams = Schema.Struct({ id: Id, port: Id });

// ── Streaming and control ──────────────────────────────────────────────────────────────────────

export const setUnitDelay = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/delay',
  summary: 'Set the video delay (ms) of a unit: 1000-20000 (camera 500), sub-second with the version gate; while streaming only between delays of 900 ms or more',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ delay: NumberInput.annotate({ description: 'ms' }), subSecond: Schema.optionalKey(Schema.Boolean) }),
  response: UnitAccepted,
});

export const STREAM_ACTIONS = ['start', 'stop'] as const;
export const startUnitStream = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/stream',
  summary: 'Start (default) or stop streaming; the unit goes connecting, then streaming',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ channelId: Schema.optionalKey(RefTo('channel')), action: Schema.optionalKey(Schema.Literals(STREAM_ACTIONS)) }),
  response: UnitAccepted,
});

/** A unit's databridge configuration (stored). */
export const DatabridgeConfig = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  gatewayId: Schema.optionalKey(Schema.NullOr(RefTo('gateway'))),
  /** kbps */
  bitrateKbps: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
});

export const configureDatabridge = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/databridge',
  summary: 'Databridge configuration of a unit (stored; the given fields replace the stored ones)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: DatabridgeConfig,
  response: Schema.Struct({ uid: Id, databridge: DatabridgeConfig }),
});

/** A unit's video return configuration (stored): input type, SRT mode, port 1-65535. */
export const VideoReturnConfig = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  inputType: Schema.optionalKey(Schema.Literals(VR_INPUT_TYPES)),
  srtMode: Schema.optionalKey(Schema.Literals(SRT_MODES)),
  port: Schema.optionalKey(OptionalNumberInput),
  channelId: Schema.optionalKey(Schema.NullOr(RefTo('vrChannel'))),
});

export const configureVideoReturn = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/videoreturn',
  summary: 'Video return configuration of a unit (input type, SRT mode, port; stored)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: VideoReturnConfig,
  response: Schema.Struct({ uid: Id, videoReturn: VideoReturnConfig }),
});

/** One interface's stored configuration: enabled, network mode, limit (kbps), APN, roaming. */
export const ModemConfig = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  networkMode: Schema.optionalKey(Schema.Literals(NETWORK_MODES)),
  limitKbps: Schema.optionalKey(OptionalNumberInput),
  apn: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(255))),
  roaming: Schema.optionalKey(Schema.Boolean),
});
export type ModemConfig = typeof ModemConfig.Type;

export const getModemConfig = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/interfaces/modem/{port}/config',
  summary: 'Configuration and live state of one interface (modem, Ethernet, Wi-Fi); 404 for an unknown port',
  tags: TAGS,
  params: PortParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, port: Schema.String, link: UnitLink, config: ModemConfig }),
});

export const setModemConfig = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/interfaces/modem/{port}/config',
  summary: 'Configure one interface: enable/disable (at least 2 stay connected; the last-modem warning needs confirmed), network mode, limit (kbps)',
  tags: TAGS,
  params: PortParams,
  query: UnitQuery,
  body: Schema.Struct({ ...ModemConfig.fields, confirmed: Schema.optionalKey(Schema.Boolean.annotate({ description: 'go on despite the last-modem warning' })) }),
  response: Schema.Struct({ uid: Id, port: Schema.String, config: ModemConfig, warning: Schema.optionalKey(Schema.String) }),
});

/** The network limits form (kbps): total ≥ cellular; per-interface below the total (modems: cellular); priorities 1st-4th. */
export const NetworkLimits = Schema.Struct({
  totalKbps: Schema.optionalKey(OptionalNumberInput),
  cellularKbps: Schema.optionalKey(OptionalNumberInput),
  interfaces: Schema.optionalKey(
    Schema.Array(Schema.Struct({ port: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(32)), limitKbps: Schema.optionalKey(OptionalNumberInput) })).check(Schema.isMaxLength(16)),
  ),
  priorities: Schema.optionalKey(
    Schema.Struct({
      cellular: Schema.optionalKey(OptionalNumberInput),
      eth1: Schema.optionalKey(OptionalNumberInput),
      eth2: Schema.optionalKey(OptionalNumberInput),
      wifi: Schema.optionalKey(OptionalNumberInput),
    }),
  ),
});
export type NetworkLimits = typeof NetworkLimits.Type;
/** The priorities name every priority group of the domain (spec 000 §9), and only those. */
type PrioritiesCoverGroups = [keyof NonNullable<NetworkLimits['priorities']>] extends [PriorityGroup] ? ([PriorityGroup] extends [keyof NonNullable<NetworkLimits['priorities']>] ? true : never) : never;
export const PRIORITIES_COVER_GROUPS: PrioritiesCoverGroups = true;

export const setNetworkLimits = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/interfaces/config',
  summary: 'Network limits (kbps): total ≥ cellular; per-interface below total (modems: cellular); priorities 1st-4th',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: NetworkLimits,
  response: Schema.Struct({ uid: Id, network: NetworkLimits }),
});

export const StoreAndForwardQuality = Schema.Struct({ codec: Schema.Literals(STORE_AND_FORWARD_CODECS), level: Schema.Literals(STORE_AND_FORWARD_LEVELS) });

export const setStoreAndForwardQuality = endpoint({
  method: 'PUT',
  path: 'v0/units/{id}/storeandforward_quality',
  summary: 'Store-and-forward quality (codec h264/h265, level HQ/MQ/LQ; stored)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: StoreAndForwardQuality,
  response: Schema.Struct({ uid: Id, storeAndForwardQuality: StoreAndForwardQuality }),
});

export const CAPPING_KINDS = ['disabled', 'custom', 'preset'] as const;
/** A capping as the form sends it: disabled, a preset (3.6, 4.2, 4.4, 5.5, 6.2, 8.0 Mbps) or a custom value (Mbps). */
export const CappingInput = Schema.Struct({
  kind: Schema.Literals(CAPPING_KINDS),
  mbps: Schema.optionalKey(Schema.NullOr(Schema.Union([FreeNumber, Schema.String.check(Schema.isMaxLength(32))])).annotate({ description: 'Mbps' })),
});
/** A capping as stored and answered. */
export const CappingChoice = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('disabled') }),
  Schema.Struct({ kind: Schema.Literal('preset'), mbps: Schema.Literals(CAPPING_PRESETS_MBPS) }),
  Schema.Struct({ kind: Schema.Literal('custom'), mbps: Schema.NullOr(Schema.Union([Schema.Finite, Schema.String])) }),
]);

export const setCapping = endpoint({
  method: 'PUT',
  path: 'units/{id}/network/capping',
  summary: 'Bandwidth capping (Mbps): cellular not above total; refused on a busy unit (409)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ total: CappingInput, cellular: CappingInput }),
  response: Schema.Struct({
    uid: Id,
    capping: Schema.Struct({ total: CappingChoice, cellular: CappingChoice, totalKbps: Schema.NullOr(Schema.Int), cellularKbps: Schema.NullOr(Schema.Int) }),
  }),
});

// ── Bandwidth limitation (kbps; 0 or null = no limit) ──────────────────────────────────────────

export const BANDWIDTH_KINDS = ['cellular', 'total'] as const;
export type BandwidthKind = (typeof BANDWIDTH_KINDS)[number];

export const BandwidthLimit = Schema.Struct({
  uid: Id,
  kind: Schema.Literals(BANDWIDTH_KINDS),
  /** This kind's limit, kbps; null: no limit. */
  limitKbps: Schema.NullOr(Schema.Finite),
  totalKbps: Schema.NullOr(Schema.Finite),
  cellularKbps: Schema.NullOr(Schema.Finite),
});
const BandwidthBody = Schema.Struct({ limitKbps: OptionalNumberInput });

function bandwidthCalls<const K extends BandwidthKind, const A extends boolean>(kind: K, admin: A) {
  const path = `v2/${admin ? 'admin/' : ''}units/{id}/bwLimitation/${kind}` as const;
  const tags = ['units', 'bandwidth'] as const;
  return {
    get: endpoint({
      method: 'GET',
      path,
      summary: `The ${kind} bandwidth limit of a unit (kbps; null = no limit)${admin ? ' (admin)' : ''}`,
      tags,
      params: UnitParams,
      query: UnitQuery,
      response: BandwidthLimit,
    }),
    put: endpoint({
      method: 'PUT',
      path,
      summary: `Set the ${kind} bandwidth limit (kbps, 0 or null = no limit; total ≥ cellular)${admin ? ' (admin)' : ''}`,
      tags,
      params: UnitParams,
      query: UnitQuery,
      body: BandwidthBody,
      response: BandwidthLimit,
    }),
  };
}

export const cellularLimit = bandwidthCalls('cellular', false);
export const totalLimit = bandwidthCalls('total', false);
export const adminCellularLimit = bandwidthCalls('cellular', true);
export const adminTotalLimit = bandwidthCalls('total', true);

// ── Storage and logs ───────────────────────────────────────────────────────────────────────────

/** A storage of the unit (MB). */
export const UnitStorage = Schema.Struct({ id: Schema.String, name: Schema.String, path: Schema.String, totalMb: Schema.Int, usedMb: Schema.Int, freeMb: Schema.Int });
/** A file on the unit; size in bytes, lastModified in ms since the epoch. */
export const UnitFile = Schema.Struct({ path: Schema.String, fileName: Schema.String, sizeBytes: Schema.Int, lastModified: Schema.Int });
/** An upload of a unit's file (spec 000 §3 upload statuses); the last 10 are kept. */
export const UnitUpload = Schema.Struct({ unitId: Id, path: Schema.String, status: Schema.Literals(UPLOADED_FILE_STATUSES) });
/** Paths on the unit, 1-100 of them. */
const PathsBody = Schema.Struct({ paths: Schema.Array(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024))).check(Schema.isMinLength(1), Schema.isMaxLength(100)) });

export const unitStorages = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/storages',
  summary: 'Storages of a unit with their used and free space (MB)',
  tags: ['units', 'storage'],
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, storages: Schema.Array(UnitStorage) }),
});

export const unitFiles = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/storages/files',
  summary: 'Files of a unit under a path, with the last 10 uploads',
  tags: ['units', 'storage'],
  params: UnitParams,
  query: Schema.Struct({ path: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024)), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Struct({ uid: Id, path: Schema.String, files: Schema.Array(UnitFile), uploads: Schema.Array(UnitUpload) }),
});

export const uploadUnitFiles = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/storages/files/upload',
  summary: 'Upload files of a unit (paths); each upload starts pending; the last 10 are kept',
  tags: ['units', 'storage'],
  params: UnitParams,
  query: UnitQuery,
  body: PathsBody,
  response: Schema.Struct({ uid: Id, uploads: Schema.Array(UnitUpload) }),
});

export const deleteUnitFiles = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/storages/files/deletion',
  summary: 'Delete files of a unit (paths); read-only users cannot delete files',
  tags: ['units', 'storage'],
  params: UnitParams,
  query: UnitQuery,
  body: PathsBody,
  response: Schema.Struct({ uid: Id, deleted: Schema.Array(Schema.String) }),
});

export const sendUnitLogs = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/fetchlogs/enhanced',
  summary: 'Send the unit’s logs (optionally opening a support case); the unit goes through connecting, collecting, stopping',
  tags: ['units', 'logs'],
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ openSupportCase: Schema.optionalKey(Schema.Boolean), description: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(4096))) }),
  response: UnitAccepted,
});

export const stopUnitLogs = endpoint({
  method: 'DELETE',
  path: 'v2/units/{id}/stream/fetchlogs',
  summary: 'Stop sending logs',
  tags: ['units', 'logs'],
  params: UnitParams,
  query: UnitQuery,
  response: UnitAccepted,
});
