/**
 * Unit commands (spec 000 §7 "Commands"): POST devices/{id}/commands/{command}, one endpoint per
 * command so each says what it takes and answers, and POST
 * devices_retry/{id}/commands/LuSetVirtualChannel/{retry}.
 *
 * The spec names five commands (LuSetDelay, LuSetStopStreaming, LuSetVirtualChannel,
 * LuGetConfiguration, LuGetLinkConfiguration) and describes the others; their wire names are ours,
 * in the same Lu<Verb><Object> style. Commands with a live effect drive the simulator; the other
 * setters store their parameters (the unit's `commands` setting, with the time `at`) and answer
 * accepted. Where the spec shows no parameters and the console sends none, a command takes an
 * open object (at most 64 fields), stored as sent.
 */
import { Schema } from 'effect';
import { endpoint, type WireSchema } from './endpoint.ts';
import { EpochMs, FreeNumber, Id, CurrentGroup } from './common.ts';
import { UnitAccepted, UnitLink, UnitMetadata, UnitParams, UnitQuery, UnitSettings, UnitCappingKbps } from './units.ts';
import { ModemConfig } from './unitControl.ts';
import { AUDIO_BITRATES_KBPS, COLOUR_DEPTHS, NETWORK_MODES, RESOLUTIONS, SPEED_TEST_TIMEOUT_S, VIDEO_COMPLEXITY_LEVELS, VIRTUAL_CHANNEL_RETRIES } from '../../domain/constants.ts';
import { STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS } from '../../domain/units/productTypes.ts';

const TAGS = ['units', 'commands'] as const;

/** Parameters of a command the spec shows none of: an open object, stored as sent. */
export const OpenCommandParameters = Schema.Record(Schema.String, Schema.Unknown).check(Schema.isMaxProperties(64));
/** What a setter stored: its parameters and when (`at`, ms since the epoch). */
const Stored = <F extends Schema.Struct.Fields>(fields: F) => Schema.Struct({ ...fields, at: EpochMs });

const NoParameters = Schema.Struct({});

function command<const N extends string, B extends WireSchema, R extends WireSchema>(name: N, summary: string, body: B, response: R) {
  return endpoint({
    method: 'POST',
    path: `devices/{id}/commands/${name}`,
    summary: `${name}: ${summary}`,
    tags: TAGS,
    params: UnitParams,
    query: UnitQuery,
    body,
    response,
  });
}

/** A setter whose parameters are not shown: stored as sent. */
const storeOnly = <const N extends string>(name: N, summary: string) => command(name, `${summary} (parameters stored as sent)`, OpenCommandParameters, UnitAccepted);

// ── The spec's five ────────────────────────────────────────────────────────────────────────────

export const LuSetDelay = command('LuSetDelay', 'set the video delay (ms; sub-second needs the version gate)', Schema.Struct({ delay: Schema.Union([Schema.Int, Schema.String.check(Schema.isMaxLength(32))]), subSecond: Schema.optionalKey(Schema.Boolean) }), UnitAccepted);
export const LuSetStopStreaming = command('LuSetStopStreaming', 'stop streaming', NoParameters, UnitAccepted);

export const VirtualChannelBody = Schema.Struct({ virtualChannelName: Schema.String.check(Schema.isMaxLength(255)) });
export const VirtualChannelAnswer = Schema.Struct({ ...UnitAccepted.fields, channelId: Id, virtualChannelName: Schema.String });
export const LuSetVirtualChannel = command('LuSetVirtualChannel', 'select the channel of the unit’s group by name (or id)', VirtualChannelBody, VirtualChannelAnswer);

/** The store-and-forward qualities a unit offers per codec (spec 000 §3), and the selected one. */
const QualityChoice = Schema.Struct({ levels: Schema.Array(Schema.Literals(STORE_AND_FORWARD_LEVELS)), selected: Schema.NullOr(Schema.Literals(STORE_AND_FORWARD_LEVELS)) });
export const UnitConfiguration = Schema.Struct({
  uid: Id,
  /** ms */
  delay: Schema.Finite,
  channelId: Schema.NullOr(Schema.String),
  swVersion: Schema.String,
  capping: UnitCappingKbps,
  settings: UnitSettings,
  metadata: UnitMetadata,
  /** Keyed by the vendor's codec names (H.264/AVC, H.265/HEVC) and by h264 / h265. */
  storeAndForwardVideoQualityV2: Schema.Record(Schema.String, QualityChoice),
});
export const LuGetConfiguration = command('LuGetConfiguration', 'the unit’s configuration', NoParameters, UnitConfiguration);
export const LuGetLinkConfiguration = command(
  'LuGetLinkConfiguration',
  'one interface: its live state and stored configuration',
  Schema.Struct({ port: Schema.String.check(Schema.isMaxLength(64)) }),
  Schema.Struct({ uid: Id, port: Schema.String, link: UnitLink, config: ModemConfig }),
);

// ── Wi-Fi and links ────────────────────────────────────────────────────────────────────────────

export const LuGetWifiNetworks = command(
  'LuGetWifiNetworks',
  'the unit’s Wi-Fi links (signal %)',
  NoParameters,
  Schema.Struct({ uid: Id, networks: Schema.Array(Schema.Struct({ port: Schema.String, name: Schema.String, signal: Schema.Finite, connected: Schema.Boolean })) }),
);
export const LuConnectWifi = storeOnly('LuConnectWifi', 'connect to a Wi-Fi network');
export const LuDisconnectWifi = storeOnly('LuDisconnectWifi', 'disconnect from Wi-Fi');
export const LuSetLinkConfiguration = storeOnly('LuSetLinkConfiguration', 'set a link’s configuration');

// ── Audio, shooting mode, metadata, video complexity ───────────────────────────────────────────

/** spec 000 §9: 96, 128 or 192 kbps, AAC-LC, 2 channels. */
export const LuSetAudioBitrate = command(
  'LuSetAudioBitrate',
  'audio bit rate (96, 128, 192 kbps; AAC-LC, 2 channels)',
  Schema.Struct({ bitrateKbps: Schema.Literals(AUDIO_BITRATES_KBPS), codec: Schema.optionalKey(Schema.Literal('AAC-LC')), channels: Schema.optionalKey(Schema.Literal(2)) }),
  UnitAccepted,
);
export const LuSetAudioParameters = storeOnly('LuSetAudioParameters', 'audio parameters');
export const LuSetAudioParametersOld = storeOnly('LuSetAudioParametersOld', 'audio parameters, older units');
/** spec 000 §9 resolutions and colour depths. */
export const ShootingMode = Schema.Struct({ resolution: Schema.Literals(RESOLUTIONS), colourDepth: Schema.Literals(COLOUR_DEPTHS) });
export const LuSetShootingMode = command('LuSetShootingMode', 'shooting mode: resolution and colour depth', ShootingMode, UnitAccepted);
export const LuSetMetadata = command(
  'LuSetMetadata',
  'the unit’s metadata fields (no ; or \\, at most 1024 characters; other values are written as text)',
  Schema.Struct({
    metadata: Schema.optionalKey(Schema.Record(Schema.String, Schema.NullOr(Schema.Union([Schema.String.check(Schema.isMaxLength(65_536)), FreeNumber, Schema.Boolean]))).check(Schema.isMaxProperties(64))),
  }),
  UnitAccepted,
);
export const LuSetVideoComplexity = command('LuSetVideoComplexity', 'video complexity (Standard, Medium, Complex)', Schema.Struct({ level: Schema.Literals(VIDEO_COMPLEXITY_LEVELS) }), UnitAccepted);

// ── Store and forward ──────────────────────────────────────────────────────────────────────────

export const LuGetFilePrefix = command('LuGetFilePrefix', 'the store-and-forward file-name prefix', NoParameters, Schema.Struct({ uid: Id, prefix: Schema.String }));
export const LuSetFilePrefix = command('LuSetFilePrefix', 'the store-and-forward file-name prefix (at most 32 characters)', Schema.Struct({ prefix: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))) }), UnitAccepted);
export const LuSetStoreAndForwardQuality = command(
  'LuSetStoreAndForwardQuality',
  'store-and-forward quality (codec h264/h265, level HQ/MQ/LQ)',
  Schema.Struct({ codec: Schema.Literals(STORE_AND_FORWARD_CODECS), level: Schema.Literals(STORE_AND_FORWARD_LEVELS) }),
  UnitAccepted,
);
export const LuSetStoreAndForwardEncoder = storeOnly('LuSetStoreAndForwardEncoder', 'store-and-forward encoder');

// ── IFB, ancillary data ────────────────────────────────────────────────────────────────────────

/** spec 000 §9: IFB low delay reduces 700 ms to 300 ms. */
export const IfbDelay = Schema.Struct({ lowDelay: Schema.Boolean });
export const LuGetIfbDelay = command('LuGetIfbDelay', 'the IFB delay setting (null: never set)', NoParameters, Schema.Struct({ uid: Id, ifb: Schema.NullOr(Stored(IfbDelay.fields)) }));
export const LuSetIfbDelay = command('LuSetIfbDelay', 'IFB low delay on or off', IfbDelay, UnitAccepted);
export const LuSetIfbAlwaysOn = command('LuSetIfbAlwaysOn', 'IFB always on', Schema.Struct({ alwaysOn: Schema.Boolean }), UnitAccepted);
export const LuSetAncillaryData = storeOnly('LuSetAncillaryData', 'ancillary data');

// ── Cellular ───────────────────────────────────────────────────────────────────────────────────

export const NETWORK_SELECTION_MODES = ['automatic', 'manual'] as const;
/** Network selection (spec 000 §7 "manual or automatic network selection"); the operator for manual. */
export const NetworkSelection = Schema.Struct({
  mode: Schema.optionalKey(Schema.Literals(NETWORK_SELECTION_MODES)),
  networkMode: Schema.optionalKey(Schema.Literals(NETWORK_MODES)),
  operator: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(128))),
  port: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
});
export const LuGetNetworkSelectionMode = command(
  'LuGetNetworkSelectionMode',
  'the network selection (automatic until set)',
  NoParameters,
  Schema.Struct({ uid: Id, selection: NetworkSelection }),
);
export const LuSetNetworkSelection = command('LuSetNetworkSelection', 'manual or automatic network selection, network mode (3G/4G/5G, 3G/4G, 4G)', NetworkSelection, UnitAccepted);
export const LuSetActiveSim = storeOnly('LuSetActiveSim', 'the active SIM of one modem');
export const LuSetActiveSimAllModems = storeOnly('LuSetActiveSimAllModems', 'the active SIM of every modem');
export const LuScanNetworks = storeOnly('LuScanNetworks', 'scan the cellular networks (1 to 2 minutes)');
export const LuGetScanResults = command(
  'LuGetScanResults',
  'the last scan’s parameters (null: never scanned)',
  NoParameters,
  Schema.Struct({ uid: Id, scan: Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown)) }),
);

// ── Channels and files ─────────────────────────────────────────────────────────────────────────

export const LuVirtualChannelsUpdated = storeOnly('LuVirtualChannelsUpdated', 'the unit’s virtual channels changed');
export const LuCancelFileUpload = command(
  'LuCancelFileUpload',
  'cancel uploads of files (paths); a cancelled upload ends as failed',
  Schema.Struct({ files: Schema.Array(Schema.String.check(Schema.isMaxLength(1024))).check(Schema.isMaxLength(100)) }),
  UnitAccepted,
);

// ── Speed test, camera, reboot ─────────────────────────────────────────────────────────────────

export const LuSpeedTest = endpoint({
  method: 'POST',
  path: 'devices/{id}/commands/LuSpeedTest',
  summary: 'LuSpeedTest: test the links through the selected channel (7.5.1 or higher); timeout 10 s',
  tags: TAGS,
  params: UnitParams,
  query: Schema.Struct({
    timeout: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: SPEED_TEST_TIMEOUT_S })).annotate({ description: `s (spec 000 §9: ${SPEED_TEST_TIMEOUT_S})` })),
    crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
  }),
  body: NoParameters,
  response: Schema.Struct({ ...UnitAccepted.fields, timeout: Schema.Int }),
});

/** A camera level from the console's slider, 0-100. */
const CameraLevel = Schema.Struct({ value: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })) });
const CameraAuto = Schema.Struct({ enabled: Schema.Boolean });
export const LuCameraTakeControl = command('LuCameraTakeControl', 'take control of the camera', NoParameters, UnitAccepted);
export const LuCameraFocus = command('LuCameraFocus', 'camera focus (0-100)', CameraLevel, UnitAccepted);
export const LuCameraAutoFocus = command('LuCameraAutoFocus', 'camera auto focus on or off', CameraAuto, UnitAccepted);
export const LuCameraIris = command('LuCameraIris', 'camera iris (0-100)', CameraLevel, UnitAccepted);
export const LuCameraAutoIris = command('LuCameraAutoIris', 'camera auto iris on or off', CameraAuto, UnitAccepted);
export const LuCameraGain = command('LuCameraGain', 'camera gain (0-100)', CameraLevel, UnitAccepted);
export const LuCameraWhiteBalance = command('LuCameraWhiteBalance', 'camera white balance (0-100)', CameraLevel, UnitAccepted);
export const LuCameraAutoWhiteBalance = command('LuCameraAutoWhiteBalance', 'camera auto white balance on or off', CameraAuto, UnitAccepted);
export const LuCameraZoom = command('LuCameraZoom', 'camera zoom (0-100)', CameraLevel, UnitAccepted);
export const LuReboot = command('LuReboot', 'reboot the unit (offline, then online)', NoParameters, UnitAccepted);

/** Every command of spec 000 §7 "Commands", by name (the first five are the spec's names). */
export const UNIT_COMMANDS = {
  LuSetDelay,
  LuSetStopStreaming,
  LuSetVirtualChannel,
  LuGetConfiguration,
  LuGetLinkConfiguration,
  LuGetWifiNetworks,
  LuConnectWifi,
  LuDisconnectWifi,
  LuSetLinkConfiguration,
  LuSetAudioBitrate,
  LuSetAudioParameters,
  LuSetAudioParametersOld,
  LuSetShootingMode,
  LuSetMetadata,
  LuGetFilePrefix,
  LuSetFilePrefix,
  LuSetStoreAndForwardQuality,
  LuSetStoreAndForwardEncoder,
  LuGetIfbDelay,
  LuSetIfbDelay,
  LuSetIfbAlwaysOn,
  LuSetAncillaryData,
  LuGetNetworkSelectionMode,
  LuSetActiveSim,
  LuSetActiveSimAllModems,
  LuScanNetworks,
  LuGetScanResults,
  LuSetNetworkSelection,
  LuVirtualChannelsUpdated,
  LuCancelFileUpload,
  LuSpeedTest,
  LuCameraTakeControl,
  LuCameraFocus,
  LuCameraAutoFocus,
  LuCameraIris,
  LuCameraAutoIris,
  LuCameraGain,
  LuCameraWhiteBalance,
  LuCameraAutoWhiteBalance,
  LuCameraZoom,
  LuReboot,
  LuSetVideoComplexity,
} as const;
export type UnitCommandName = keyof typeof UNIT_COMMANDS;
export const UNIT_COMMAND_NAMES = Object.keys(UNIT_COMMANDS) as UnitCommandName[];

/** Commands whose parameters are stored as sent (no rule of their own). */
export type StoredCommandName =
  | 'LuConnectWifi'
  | 'LuDisconnectWifi'
  | 'LuSetLinkConfiguration'
  | 'LuSetAudioParameters'
  | 'LuSetAudioParametersOld'
  | 'LuSetStoreAndForwardEncoder'
  | 'LuSetAncillaryData'
  | 'LuSetActiveSim'
  | 'LuSetActiveSimAllModems'
  | 'LuScanNetworks'
  | 'LuVirtualChannelsUpdated';

/**
 * Any other command name (the spec's `{command}`): refused with 400 naming the known commands.
 * Each known command is its own operation above.
 */
export const unknownCommand = endpoint({
  method: 'POST',
  path: 'devices/{id}/commands/{command}',
  summary: 'A command this server does not know: 400 naming the known ones (each known command is its own operation)',
  tags: TAGS,
  params: Schema.Struct({ id: Id, command: Schema.String.check(Schema.isMaxLength(64)) }),
  query: UnitQuery,
  response: Schema.Never,
});

export const setVirtualChannelRetry = endpoint({
  method: 'POST',
  path: 'devices_retry/{id}/commands/LuSetVirtualChannel/{retry}',
  summary: `Set the virtual channel, retry number 0-${VIRTUAL_CHANNEL_RETRIES} (spec 000 §4: up to 7 retries)`,
  tags: TAGS,
  params: Schema.Struct({ id: Id, retry: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: VIRTUAL_CHANNEL_RETRIES })) }),
  query: UnitQuery,
  body: VirtualChannelBody,
  response: Schema.Struct({ ...VirtualChannelAnswer.fields, retry: Schema.Int }),
});
