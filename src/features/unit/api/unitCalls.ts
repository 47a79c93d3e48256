/**
 * The unit page's REST calls (spec 000 §7), one function per call, each through
 * `call(endpoint, input)` (src/api/call.ts): the URL from the endpoint's path, the answer decoded
 * with its contract (src/protocol/rest/units.ts, unitControl.ts, unitCommands.ts,
 * unitApplications.ts, unitSettings.ts); a refusal rejects with an ApiError carrying the server's
 * message and the message of each field. The current group is not sent: the server checks that the
 * unit is in one of the caller's groups.
 */
import { call } from '../../../api/call.ts';
import type { AlertsConfiguration } from '../../../protocol/rest/alerts.ts';
import { enhancedUnit, unitLocation, updateUnit } from '../../../protocol/rest/units.ts';
import * as control from '../../../protocol/rest/unitControl.ts';
import * as commands from '../../../protocol/rest/unitCommands.ts';
import * as apps from '../../../protocol/rest/unitApplications.ts';
import { unitAlertsConfiguration, updateUnitAlertsConfiguration } from '../../../protocol/rest/unitSettings.ts';
import type { IntercomMode } from '../../../domain/units/interface.ts';
import type { MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import type { CappingChoice } from '../../../domain/validation/capping.ts';
import type { PriorityGroup } from '../../../domain/validation/network.ts';
import type { StoreAndForwardCodec, StoreAndForwardLevel } from '../../../domain/units/productTypes.ts';
import type { NumberInput } from '../../../domain/validation/fields.ts';
import type { AudioBitrateKbps, ColourDepth, Resolution, VIDEO_COMPLEXITY_LEVELS } from '../../../domain/constants.ts';
import { SPEED_TEST_TIMEOUT_S } from '../../../domain/constants.ts';

/** A unit's path; the current group is not sent (the server checks the unit is the caller's). */
const unit = (id: string) => ({ params: { id } });
const withSignal = (signal: AbortSignal | undefined) => (signal !== undefined ? { signal } : {});

/** A form's number as the wire takes it: a number or its text; empty is null (no value). */
export function wireNumber(value: NumberInput): number | string | null {
  return value === undefined || value === null ? null : value;
}

/**
 * The listed value a form's text stands for (a Select gives text; the contract takes the value of
 * its list). The form's own check refused anything else, so a miss here is a programming error.
 */
export function listedValue<const T extends string | number>(values: readonly T[], text: string): T {
  const value = values.find((v) => String(v) === text);
  if (value === undefined) throw new Error(`'${text}' is not one of ${values.join(', ')}`);
  return value;
}

// ---- reads ----------------------------------------------------------------------------------------
export const fetchEnhanced = (id: string, signal?: AbortSignal) => call(enhancedUnit, unit(id), withSignal(signal));
export const fetchLocation = (id: string, signal?: AbortSignal) => call(unitLocation, unit(id), withSignal(signal));
export const fetchFiles = (id: string, path: string, signal?: AbortSignal) => call(control.unitFiles, { params: { id }, query: { path } }, withSignal(signal));
export const fetchStorages = (id: string, signal?: AbortSignal) => call(control.unitStorages, unit(id), withSignal(signal));
export const fetchAlertsConfiguration = (id: string) => call(unitAlertsConfiguration, unit(id));
export const fetchDatabridgeGateways = (id: string) => call(apps.gatewaysOfUnit, unit(id));
export const fetchSelectedGateway = (id: string) => call(apps.selectedGateway, unit(id));
export const fetchFilePrefix = (id: string) => call(commands.LuGetFilePrefix, { ...unit(id), body: {} });

// ---- header actions -------------------------------------------------------------------------------
/** Start (or stop) streaming (POST v2/units/{id}/stream; body action start|stop, optional channelId). */
export const startStream = (id: string, channelId?: string) => call(control.startUnitStream, { ...unit(id), body: { action: 'start', ...(channelId ? { channelId } : {}) } });
export const stopStream = (id: string) => call(control.startUnitStream, { ...unit(id), body: { action: 'stop' } });
/** LuSetVirtualChannel: the channel by name or id (spec 000 §7). */
export const selectChannel = (id: string, channel: string) => call(commands.LuSetVirtualChannel, { ...unit(id), body: { virtualChannelName: channel } });
export const setDelay = (id: string, delayMs: number, subSecond: boolean) => call(control.setUnitDelay, { ...unit(id), body: { delay: delayMs, subSecond } });
export const reboot = (id: string) => call(commands.LuReboot, { ...unit(id), body: {} });
/** Speed test with the spec's 10 s command timeout (spec 000 §7, §9). */
export const speedTest = (id: string) => call(commands.LuSpeedTest, { params: { id }, query: { timeout: SPEED_TEST_TIMEOUT_S }, body: {} });
/** Send logs, optionally opening a support case (PUT v2/units/{id}/fetchlogs/enhanced). */
export const sendLogs = (id: string, supportCase: { description: string } | null) =>
  call(control.sendUnitLogs, { ...unit(id), body: supportCase === null ? {} : { openSupportCase: true, description: supportCase.description } });

// ---- tabs -------------------------------------------------------------------------------------------

/** Camera commands with a level (0-100) and with an auto switch (spec 000 §7 camera commands). */
export type CameraLevelCommand = 'LuCameraFocus' | 'LuCameraIris' | 'LuCameraGain' | 'LuCameraWhiteBalance' | 'LuCameraZoom';
export type CameraAutoCommand = 'LuCameraAutoFocus' | 'LuCameraAutoIris' | 'LuCameraAutoWhiteBalance';
export const takeCameraControl = (id: string) => call(commands.LuCameraTakeControl, { ...unit(id), body: {} });
export const setCameraLevel = (id: string, command: CameraLevelCommand, value: number) => call(commands.UNIT_COMMANDS[command], { ...unit(id), body: { value } });
export const setCameraAuto = (id: string, command: CameraAutoCommand, enabled: boolean) => call(commands.UNIT_COMMANDS[command], { ...unit(id), body: { enabled } });

export interface MultiCameraBody {
  readonly mode: MultiCameraMode;
  readonly cameras: ReadonlyArray<{ channelId: string | null; priority: NumberInput }>;
  readonly highQualityChannelId?: string | null;
  readonly proxyChannelId?: string | null;
}
export const saveMultiCamera = (id: string, body: MultiCameraBody) =>
  call(apps.setMultiCamera, {
    ...unit(id),
    body: {
      mode: body.mode,
      cameras: body.cameras.map((c) => ({ channelId: c.channelId, priority: wireNumber(c.priority) })),
      ...(body.highQualityChannelId !== undefined ? { highQualityChannelId: body.highQualityChannelId } : {}),
      ...(body.proxyChannelId !== undefined ? { proxyChannelId: body.proxyChannelId } : {}),
    },
  });
const streamOf = (mode: MultiCameraMode) => (mode === 'highQuality' ? apps.multiCameraStream : apps.switcherStream);
export const startMultiCamera = (id: string, mode: MultiCameraMode) => call(streamOf(mode).start, unit(id));
export const stopMultiCamera = (id: string, mode: MultiCameraMode) => call(streamOf(mode).stop, unit(id));
/** Switcher (spec 000 §7): mode, HQ and proxy channels (must differ), SDI input (5000 ms guard: src/domain/switcher.ts), its stream. */
export const setSwitcherMode = (id: string, mode: 'switcher' | 'switcherAndProxy') => call(apps.setSwitcherMode, { ...unit(id), body: { mode } });
export const setHighQualityChannel = (id: string, channelId: string | null) => call(apps.setHighQualityChannel, { ...unit(id), body: { channelId } });
export const setProxyChannel = (id: string, channelId: string | null) => call(apps.setProxyChannel, { ...unit(id), body: { channelId } });
export const setSdiInput = (id: string, input: (typeof apps.SDI_INPUTS)[number]) => call(apps.setSdiInput, { ...unit(id), body: { input } });
export const startSwitcher = (id: string) => call(apps.switcherStream.start, unit(id));
export const stopSwitcher = (id: string) => call(apps.switcherStream.stop, unit(id));

export type IntercomSession = 1 | 2;
const session = (id: string, s: IntercomSession) => ({ params: { id, session: String(s) } });
export const openIntercom = (id: string, s: IntercomSession, mode: IntercomMode, destinationAccount: string) => call(apps.openIntercom, { ...session(id, s), body: { mode, destinationAccount } });
export const closeIntercom = (id: string, s: IntercomSession) => call(apps.closeIntercom, session(id, s));

export const selectGateway = (id: string, gatewayId: string | null) => call(apps.selectGateway, { ...unit(id), body: { gatewayId } });
export const startDatabridge = (id: string) => call(apps.databridgeStream.start, unit(id));
export const stopDatabridge = (id: string) => call(apps.databridgeStream.stop, unit(id));

export const selectVideoReturnChannel = (id: string, channelId: string | null) => call(apps.selectVideoReturnChannel, { ...unit(id), body: { channelId } });
export const startVideoReturn = (id: string) => call(apps.videoReturnStream.start, unit(id));
export const stopVideoReturn = (id: string) => call(apps.videoReturnStream.stop, unit(id));

// ---- configuration dialog ---------------------------------------------------------------------------
const modem = (id: string, port: string) => ({ params: { id, port } });
export const setInterfaceEnabled = (id: string, port: string, enabled: boolean, confirmed: boolean) => call(control.setModemConfig, { ...modem(id, port), body: { enabled, confirmed } });
export const setModemNetworkMode = (id: string, port: string, networkMode: (typeof control.ModemConfig.Type)['networkMode'] & string) =>
  call(control.setModemConfig, { ...modem(id, port), body: { networkMode } });

export interface NetworkBody {
  readonly totalKbps: NumberInput;
  readonly cellularKbps: NumberInput;
  readonly interfaces: ReadonlyArray<{ port: string; limitKbps: NumberInput }>;
  readonly priorities: Partial<Record<PriorityGroup, NumberInput>>;
}
export const saveNetwork = (id: string, body: NetworkBody) =>
  call(control.setNetworkLimits, {
    ...unit(id),
    body: {
      totalKbps: wireNumber(body.totalKbps),
      cellularKbps: wireNumber(body.cellularKbps),
      interfaces: body.interfaces.map((i) => ({ port: i.port, limitKbps: wireNumber(i.limitKbps) })),
      priorities: Object.fromEntries(Object.entries(body.priorities).map(([group, value]) => [group, wireNumber(value)])),
    },
  });

/** A capping choice as the wire takes it (a custom value's text or number; none is null). */
function wireCapping(choice: CappingChoice) {
  return choice.kind === 'disabled' ? { kind: choice.kind } : { kind: choice.kind, mbps: wireNumber(choice.mbps) };
}
export const saveCapping = (id: string, total: CappingChoice, cellular: CappingChoice) => call(control.setCapping, { ...unit(id), body: { total: wireCapping(total), cellular: wireCapping(cellular) } });

export const setShootingMode = (id: string, resolution: Resolution, colourDepth: ColourDepth) => call(commands.LuSetShootingMode, { ...unit(id), body: { resolution, colourDepth } });
export const setAudioBitrate = (id: string, bitrateKbps: AudioBitrateKbps) => call(commands.LuSetAudioBitrate, { ...unit(id), body: { bitrateKbps, codec: 'AAC-LC', channels: 2 } });
export const setVideoComplexity = (id: string, level: (typeof VIDEO_COMPLEXITY_LEVELS)[number]) => call(commands.LuSetVideoComplexity, { ...unit(id), body: { level } });

export const setStoreAndForwardQuality = (id: string, codec: StoreAndForwardCodec, level: StoreAndForwardLevel) => call(control.setStoreAndForwardQuality, { ...unit(id), body: { codec, level } });
export const setFilePrefix = (id: string, prefix: string) => call(commands.LuSetFilePrefix, { ...unit(id), body: { prefix } });
export const setIfbLowDelay = (id: string, lowDelay: boolean) => call(commands.LuSetIfbDelay, { ...unit(id), body: { lowDelay } });
export const setIfbAlwaysOn = (id: string, alwaysOn: boolean) => call(commands.LuSetIfbAlwaysOn, { ...unit(id), body: { alwaysOn } });

export interface IpPipeBody {
  readonly destination: string;
  readonly port: NumberInput;
  readonly protocol: 'udp' | 'tcp';
}
export const saveIpPipe = (id: string, body: IpPipeBody) =>
  call(apps.configureIpPipe, { ...unit(id), body: { destination: body.destination, protocol: body.protocol, ...(body.port !== undefined && body.port !== null ? { port: body.port } : {}) } });
export const connectIpPipe = (id: string) => call(apps.ipPipeConnection.start, unit(id));
export const disconnectIpPipe = (id: string) => call(apps.ipPipeConnection.stop, unit(id));

export const saveAlertsConfiguration = (id: string, body: AlertsConfiguration) => call(updateUnitAlertsConfiguration, { ...unit(id), body });

export const saveUnitIdentity = (id: string, body: { name: string; comment: string; metadata: Record<string, string> }) => call(updateUnit, { ...unit(id), body });

// ---- files ----------------------------------------------------------------------------------------
export const uploadFiles = (id: string, paths: readonly string[]) => call(control.uploadUnitFiles, { ...unit(id), body: { paths } });
export const deleteFiles = (id: string, paths: readonly string[]) => call(control.deleteUnitFiles, { ...unit(id), body: { paths } });
/** LuCancelFileUpload: the uploads of these paths end as failed. */
export const cancelUploads = (id: string, files: readonly string[]) => call(commands.LuCancelFileUpload, { ...unit(id), body: { files } });
