/**
 * The unit page's REST calls (spec 000 §7), one function per call, each resolving with the
 * server's JSON or rejecting with an ApiError that carries the server's message (src/api/http.ts).
 * Paths are relative to /luc/luc-core-web/rest. The current group is not sent: the server checks
 * that the unit is in one of the caller's groups.
 */
import { apiRequest } from '../../../api/http.ts';
import type { IntercomMode } from '../../../domain/units/interface.ts';
import type { MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import type { CappingChoice } from '../../../domain/validation/capping.ts';
import type { PriorityGroup } from '../../../domain/validation/network.ts';
import type { StoreAndForwardCodec, StoreAndForwardLevel } from '../../../domain/units/productTypes.ts';
import type { NumberInput } from '../../../domain/validation/fields.ts';
import { SPEED_TEST_TIMEOUT_S } from '../../../domain/constants.ts';

const unit = (id: string): string => `v2/units/${encodeURIComponent(id)}`;
const put = (path: string, body: unknown) => apiRequest(path, { method: 'PUT', body });
const post = (path: string, body?: unknown) => apiRequest(path, { method: 'POST', ...(body !== undefined ? { body } : {}) });
const del = (path: string, query?: Record<string, string>) => apiRequest(path, { method: 'DELETE', ...(query ? { query } : {}) });

/** POST devices/{id}/commands/{command} (spec 000 §7 "Commands"). */
export const sendCommand = (id: string, command: string, body: Record<string, unknown> = {}, query?: Record<string, number>) =>
  apiRequest(`devices/${encodeURIComponent(id)}/commands/${command}`, { method: 'POST', body, ...(query ? { query } : {}) });

// ---- reads ----------------------------------------------------------------------------------------
export const fetchEnhanced = (id: string, signal?: AbortSignal) => apiRequest(`v2/units/enhanced/${encodeURIComponent(id)}`, signal ? { signal } : {});
export const fetchLocation = (id: string, signal?: AbortSignal) => apiRequest(`devices/${encodeURIComponent(id)}/location`, signal ? { signal } : {});
export const fetchFiles = (id: string, path: string, signal?: AbortSignal) => apiRequest(`${unit(id)}/storages/files`, { query: { path }, ...(signal ? { signal } : {}) });
export const fetchStorages = (id: string, signal?: AbortSignal) => apiRequest(`${unit(id)}/storages`, signal ? { signal } : {});
export const fetchAlertsConfiguration = (id: string) => apiRequest(`${unit(id)}/alerts/configuration`);
export const fetchDatabridgeGateways = (id: string) => apiRequest(`v2/admin/units/${encodeURIComponent(id)}/dbgateway`);
export const fetchSelectedGateway = (id: string) => apiRequest(`${unit(id)}/dbgateway/selected`);
export const fetchFilePrefix = (id: string) => sendCommand(id, 'LuGetFilePrefix');

// ---- header actions -------------------------------------------------------------------------------
/** Start (or stop) streaming (POST v2/units/{id}/stream; body action start|stop, optional channelId). */
export const startStream = (id: string, channelId?: string) => post(`${unit(id)}/stream`, { action: 'start', ...(channelId ? { channelId } : {}) });
export const stopStream = (id: string) => post(`${unit(id)}/stream`, { action: 'stop' });
/** LuSetVirtualChannel: the channel by name or id (spec 000 §7). */
export const selectChannel = (id: string, channel: string) => sendCommand(id, 'LuSetVirtualChannel', { virtualChannelName: channel });
export const setDelay = (id: string, delayMs: number, subSecond: boolean) => put(`${unit(id)}/delay`, { delay: delayMs, subSecond });
export const reboot = (id: string) => sendCommand(id, 'LuReboot');
/** Speed test with the spec's 10 s command timeout (spec 000 §7, §9). */
export const speedTest = (id: string) => sendCommand(id, 'LuSpeedTest', {}, { timeout: SPEED_TEST_TIMEOUT_S });
/** Send logs, optionally opening a support case (PUT v2/units/{id}/fetchlogs/enhanced). */
export const sendLogs = (id: string, supportCase: { description: string } | null) =>
  put(`${unit(id)}/fetchlogs/enhanced`, supportCase === null ? {} : { openSupportCase: true, description: supportCase.description });

// ---- tabs -------------------------------------------------------------------------------------------
export const cameraCommand = (id: string, command: string, body: Record<string, unknown>) => sendCommand(id, command, body);

export interface MultiCameraBody {
  readonly mode: MultiCameraMode;
  readonly cameras: ReadonlyArray<{ channelId: string | null; priority: NumberInput }>;
  readonly highQualityChannelId?: string | null;
  readonly proxyChannelId?: string | null;
}
export const saveMultiCamera = (id: string, body: MultiCameraBody) => put(`${unit(id)}/multiplecamera`, body);
export const startMultiCamera = (id: string, mode: MultiCameraMode) =>
  post(`${unit(id)}/stream/${mode === 'highQuality' ? 'multiplecamera' : 'switchermode'}`);
export const stopMultiCamera = (id: string, mode: MultiCameraMode) =>
  del(`${unit(id)}/stream/${mode === 'highQuality' ? 'multiplecamera' : 'switchermode'}`);
/** Switcher (spec 000 §7): mode, HQ and proxy channels (must differ), SDI input (5000 ms guard: src/domain/switcher.ts), its stream. */
export const setSwitcherMode = (id: string, mode: 'switcher' | 'switcherAndProxy') => put(`${unit(id)}/switchermode`, { mode });
export const setHighQualityChannel = (id: string, channelId: string | null) => put(`${unit(id)}/highqualitychannel`, { channelId });
export const setProxyChannel = (id: string, channelId: string | null) => put(`${unit(id)}/proxychannel`, { channelId });
export const setSdiInput = (id: string, input: number) => put(`${unit(id)}/sdiinput`, { input });
export const startSwitcher = (id: string) => post(`${unit(id)}/stream/switchermode`);
export const stopSwitcher = (id: string) => del(`${unit(id)}/stream/switchermode`);

export type IntercomSession = 1 | 2;
export const openIntercom = (id: string, session: IntercomSession, mode: IntercomMode, destinationAccount: string) =>
  post(`${unit(id)}/intercom/session/${session}`, { mode, destinationAccount });
export const closeIntercom = (id: string, session: IntercomSession) => del(`${unit(id)}/intercom/session/${session}`);

export const selectGateway = (id: string, gatewayId: string | null) => put(`v2/admin/units/${encodeURIComponent(id)}/dbgateway/selected`, { gatewayId });
export const startDatabridge = (id: string) => post(`${unit(id)}/stream/databridge`);
export const stopDatabridge = (id: string) => del(`${unit(id)}/stream/databridge`);

export const selectVideoReturnChannel = (id: string, channelId: string | null) => put(`${unit(id)}/vrChannels/selected`, { channelId });
export const startVideoReturn = (id: string) => post(`${unit(id)}/vrChannels/stream`);
export const stopVideoReturn = (id: string) => del(`${unit(id)}/vrChannels/stream`);

// ---- configuration dialog ---------------------------------------------------------------------------
export const setInterfaceEnabled = (id: string, port: string, enabled: boolean, confirmed: boolean) =>
  put(`${unit(id)}/interfaces/modem/${encodeURIComponent(port)}/config`, { enabled, confirmed });
export const setModemNetworkMode = (id: string, port: string, networkMode: string) =>
  put(`${unit(id)}/interfaces/modem/${encodeURIComponent(port)}/config`, { networkMode });

export interface NetworkBody {
  readonly totalKbps: NumberInput;
  readonly cellularKbps: NumberInput;
  readonly interfaces: ReadonlyArray<{ port: string; limitKbps: NumberInput }>;
  readonly priorities: Partial<Record<PriorityGroup, NumberInput>>;
}
export const saveNetwork = (id: string, body: NetworkBody) => put(`${unit(id)}/interfaces/config`, body);
export const saveCapping = (id: string, total: CappingChoice, cellular: CappingChoice) => put(`units/${encodeURIComponent(id)}/network/capping`, { total, cellular });

export const setShootingMode = (id: string, resolution: string, colourDepth: string) => sendCommand(id, 'LuSetShootingMode', { resolution, colourDepth });
export const setAudioBitrate = (id: string, bitrateKbps: number) => sendCommand(id, 'LuSetAudioBitrate', { bitrateKbps, codec: 'AAC-LC', channels: 2 });
export const setVideoComplexity = (id: string, level: string) => sendCommand(id, 'LuSetVideoComplexity', { level });

export const setStoreAndForwardQuality = (id: string, codec: StoreAndForwardCodec, level: StoreAndForwardLevel) =>
  put(`v0/units/${encodeURIComponent(id)}/storeandforward_quality`, { codec, level });
export const setFilePrefix = (id: string, prefix: string) => sendCommand(id, 'LuSetFilePrefix', { prefix });
export const setIfbLowDelay = (id: string, lowDelay: boolean) => sendCommand(id, 'LuSetIfbDelay', { lowDelay });
export const setIfbAlwaysOn = (id: string, alwaysOn: boolean) => sendCommand(id, 'LuSetIfbAlwaysOn', { alwaysOn });

export interface IpPipeBody {
  readonly destination: string;
  readonly port: NumberInput;
  readonly protocol: 'udp' | 'tcp';
}
export const saveIpPipe = (id: string, body: IpPipeBody) => put(`${unit(id)}/ippipe`, body);
export const connectIpPipe = (id: string) => post(`${unit(id)}/ippipe/connection`);
export const disconnectIpPipe = (id: string) => del(`${unit(id)}/ippipe/connection`);

export const saveAlertsConfiguration = (id: string, body: unknown) => put(`${unit(id)}/alerts/configuration`, body);

export const saveUnitIdentity = (id: string, body: { name: string; comment: string; metadata: Record<string, string> }) => put(unit(id), body);

// ---- files ----------------------------------------------------------------------------------------
export const uploadFiles = (id: string, paths: readonly string[]) => post(`${unit(id)}/storages/files/upload`, { paths });
export const deleteFiles = (id: string, paths: readonly string[]) => post(`${unit(id)}/storages/files/deletion`, { paths });
