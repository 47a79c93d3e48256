/**
 * The unit control area's routes (spec 000 §7 "Commands", "Streaming and control", "Storage and
 * logs", "Social media and content delivery", "Video return on a unit", "IP pipe", "Multi camera
 * and switcher", "Bandwidth", "Intercom", "Databridge"): one `defineRoute` per endpoint of
 * src/protocol/rest/unitCommands.ts, unitControl.ts and unitApplications.ts, HTTP only.
 *
 * Every call names its unit in the path (visibleUnitScope: the same 404 for unknown and foreign
 * units), except the group's social streams (memberGroup). Changes are `units.operate` (console
 * users who are not read-only), reads `units.read`; the admin variants are `units.manage` /
 * `units.admin` (src/server/areas/units/routes.ts explains the levels).
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, visibleUnitScope } from '../../http/scope.ts';
import { badRequest } from '../../http/errors.ts';
import * as cmd from '../../../protocol/rest/unitCommands.ts';
import * as control from '../../../protocol/rest/unitControl.ts';
import * as apps from '../../../protocol/rest/unitApplications.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredUnit } from '../units/repo.ts';
import { unitWithSettings } from '../units/views.ts';
import * as commands from './commands.ts';
import * as streaming from './streaming.ts';
import { bandwidthLimitOf, setBandwidthLimit } from './bandwidth.ts';
import * as storage from './storage.ts';
import * as multi from './multiCamera.ts';
import { requireInventoryFeature } from '../services/features.ts';
import * as applications from './applications.ts';
import * as social from './social.ts';

const UNIT = visibleUnitScope('params.id');

export function unitControlRoutes(deps: RouteDeps): RouteDefinition[] {
  return [...commandRoutes(deps), ...streamingRoutes(deps), ...bandwidthRoutes(deps), ...storageRoutes(deps), ...multiCameraRoutes(deps), ...applicationRoutes(deps), ...socialRoutes(deps)];
}

function commandRoutes(deps: RouteDeps): RouteDefinition[] {
  /** A command's handler gets the unit with its live state (503 without a running fleet). */
  const target = (unit: StoredUnit) => commands.commandTarget(deps, unit);
  const metadataOf = (unit: StoredUnit) => unitWithSettings(deps, unit).metadata;
  const stored = <E extends (typeof cmd.UNIT_COMMANDS)[cmd.StoredCommandName]>(endpoint: E, name: cmd.StoredCommandName) =>
    defineRoute(endpoint, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.storeWithTime(deps, target(scoped.unit), name, body) });
  const timed = <E extends (typeof cmd.UNIT_COMMANDS)[commands.CameraCommandName | commands.IfbCommandName | 'LuSetShootingMode']>(
    endpoint: E,
    name: commands.CameraCommandName | commands.IfbCommandName | 'LuSetShootingMode',
  ) => defineRoute(endpoint, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.storeWithTime(deps, target(scoped.unit), name, body as object) });

  return [
    defineRoute(cmd.LuSetDelay, { access: 'units.operate', scope: UNIT, handler: async ({ body, scoped }) => commands.setDelayCommand(deps, target(scoped.unit), body) }),
    defineRoute(cmd.LuSetStopStreaming, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.stopStreaming(deps, target(scoped.unit)) }),
    defineRoute(cmd.LuSetVirtualChannel, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.setVirtualChannel(deps, target(scoped.unit), body.virtualChannelName) }),
    defineRoute(cmd.LuGetConfiguration, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.configuration(target(scoped.unit), metadataOf(scoped.unit)) }),
    defineRoute(cmd.LuGetLinkConfiguration, { access: 'units.operate', scope: UNIT, handler: async ({ body, scoped }) => commands.linkConfiguration(target(scoped.unit), body.port) }),
    defineRoute(cmd.LuGetWifiNetworks, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.wifiNetworks(target(scoped.unit)) }),
    stored(cmd.LuConnectWifi, 'LuConnectWifi'),
    stored(cmd.LuDisconnectWifi, 'LuDisconnectWifi'),
    stored(cmd.LuSetLinkConfiguration, 'LuSetLinkConfiguration'),
    defineRoute(cmd.LuSetAudioBitrate, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.storeAsSent(deps, target(scoped.unit), 'LuSetAudioBitrate', body) }),
    stored(cmd.LuSetAudioParameters, 'LuSetAudioParameters'),
    stored(cmd.LuSetAudioParametersOld, 'LuSetAudioParametersOld'),
    timed(cmd.LuSetShootingMode, 'LuSetShootingMode'),
    defineRoute(cmd.LuSetMetadata, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.setMetadata(deps, target(scoped.unit), body.metadata) }),
    defineRoute(cmd.LuGetFilePrefix, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.filePrefixOf(target(scoped.unit)) }),
    defineRoute(cmd.LuSetFilePrefix, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.setFilePrefix(deps, target(scoped.unit), body.prefix) }),
    defineRoute(cmd.LuSetStoreAndForwardQuality, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.setStoreAndForwardQuality(deps, target(scoped.unit), body) }),
    stored(cmd.LuSetStoreAndForwardEncoder, 'LuSetStoreAndForwardEncoder'),
    defineRoute(cmd.LuGetIfbDelay, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.ifbDelayOf(target(scoped.unit)) }),
    timed(cmd.LuSetIfbDelay, 'LuSetIfbDelay'),
    timed(cmd.LuSetIfbAlwaysOn, 'LuSetIfbAlwaysOn'),
    stored(cmd.LuSetAncillaryData, 'LuSetAncillaryData'),
    defineRoute(cmd.LuGetNetworkSelectionMode, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.networkSelectionOf(target(scoped.unit)) }),
    defineRoute(cmd.LuSetNetworkSelection, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.storeAsSent(deps, target(scoped.unit), 'LuSetNetworkSelection', body) }),
    stored(cmd.LuSetActiveSim, 'LuSetActiveSim'),
    stored(cmd.LuSetActiveSimAllModems, 'LuSetActiveSimAllModems'),
    stored(cmd.LuScanNetworks, 'LuScanNetworks'),
    defineRoute(cmd.LuGetScanResults, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => commands.scanResultsOf(target(scoped.unit)) }),
    stored(cmd.LuVirtualChannelsUpdated, 'LuVirtualChannelsUpdated'),
    defineRoute(cmd.LuCancelFileUpload, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.cancelFileUpload(deps, target(scoped.unit), body.files) }),
    defineRoute(cmd.LuSpeedTest, { access: 'units.operate', scope: UNIT, handler: ({ query, scoped }) => commands.speedTest(deps, target(scoped.unit), query.timeout) }),
    timed(cmd.LuCameraTakeControl, 'LuCameraTakeControl'),
    timed(cmd.LuCameraFocus, 'LuCameraFocus'),
    timed(cmd.LuCameraAutoFocus, 'LuCameraAutoFocus'),
    timed(cmd.LuCameraIris, 'LuCameraIris'),
    timed(cmd.LuCameraAutoIris, 'LuCameraAutoIris'),
    timed(cmd.LuCameraGain, 'LuCameraGain'),
    timed(cmd.LuCameraWhiteBalance, 'LuCameraWhiteBalance'),
    timed(cmd.LuCameraAutoWhiteBalance, 'LuCameraAutoWhiteBalance'),
    timed(cmd.LuCameraZoom, 'LuCameraZoom'),
    defineRoute(cmd.LuReboot, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ scoped }) => {
        await requireInventoryFeature(deps, scoped.unit, 'reboot'); // inventory feature flag (issue 14)
        return commands.reboot(deps, target(scoped.unit));
      },
    }),
    defineRoute(cmd.LuSetVideoComplexity, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => commands.storeAsSent(deps, target(scoped.unit), 'LuSetVideoComplexity', body) }),
    defineRoute(cmd.unknownCommand, {
      access: 'units.operate',
      scope: UNIT,
      handler: async () => {
        throw badRequest(`params.command must be one of ${cmd.UNIT_COMMAND_NAMES.join(', ')}`);
      },
    }),
    defineRoute(cmd.setVirtualChannelRetry, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ params, body, scoped }) => ({ ...(await commands.setVirtualChannel(deps, target(scoped.unit), body.virtualChannelName)), retry: params.retry }),
    }),
  ];
}

function streamingRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(control.setUnitDelay, { access: 'units.operate', scope: UNIT, handler: async ({ body, scoped }) => streaming.setDelay(deps, scoped.unit, body.delay, body.subSecond === true) }),
    defineRoute(control.startUnitStream, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => streaming.startOrStopStream(deps, scoped.unit, body) }),
    defineRoute(control.configureDatabridge, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, tenancy, scoped }) => {
        // The gateway must be one the caller sees, as for dbgateway/selected (issue 16 item 3).
        if (body.gatewayId !== undefined && body.gatewayId !== null) await applications.checkGateway(deps, [...tenancy.groupIds], body.gatewayId);
        return { uid: scoped.unit.uid, databridge: await streaming.mergeSetting(deps, scoped.unit, 'databridge', body) };
      },
    }),
    defineRoute(control.configureVideoReturn, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, scoped }) => {
        streaming.checkVideoReturnPort(body.port);
        // A video return channel of the unit's group, as for vrChannels/selected (issue 16 item 3).
        if (body.channelId !== undefined && body.channelId !== null) await applications.checkVideoReturnChoice(deps, scoped.unit, body.channelId);
        return { uid: scoped.unit.uid, videoReturn: await streaming.mergeSetting(deps, scoped.unit, 'videoReturn', body) };
      },
    }),
    defineRoute(control.getModemConfig, { access: 'units.read', scope: UNIT, handler: async ({ params, scoped }) => streaming.modemConfigOf(deps, scoped.unit, params.port) }),
    defineRoute(control.setModemConfig, { access: 'units.operate', scope: UNIT, handler: ({ params, body, scoped }) => streaming.setModemConfig(deps, scoped.unit, params.port, body) }),
    defineRoute(control.setNetworkLimits, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => streaming.setNetworkLimits(deps, scoped.unit, body) }),
    defineRoute(control.setStoreAndForwardQuality, {
      access: 'units.operate',
      scope: UNIT,
      handler: ({ body, scoped }) => streaming.setStoreAndForwardQuality(deps, scoped.unit, body),
    }),
    defineRoute(control.setCapping, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => streaming.setCapping(deps, scoped.unit, body) }),
  ];
}

function bandwidthRoutes(deps: RouteDeps): RouteDefinition[] {
  const calls = [
    [control.cellularLimit, 'cellular', false],
    [control.totalLimit, 'total', false],
    [control.adminCellularLimit, 'cellular', true],
    [control.adminTotalLimit, 'total', true],
  ] as const;
  return calls.flatMap(([call, kind, admin]) => [
    defineRoute(call.get, { access: admin ? 'units.manage' : 'units.read', scope: UNIT, handler: async ({ scoped }) => bandwidthLimitOf(scoped.unit, kind) }),
    defineRoute(call.put, { access: admin ? 'units.admin' : 'units.operate', scope: UNIT, handler: ({ body, scoped }) => setBandwidthLimit(deps, scoped.unit, kind, body.limitKbps) }),
  ]);
}

function storageRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(control.unitStorages, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => storage.storagesOf(deps, scoped.unit) }),
    defineRoute(control.unitFiles, { access: 'units.read', scope: UNIT, handler: async ({ query, scoped }) => storage.filesUnder(deps, scoped.unit, query.path) }),
    defineRoute(control.uploadUnitFiles, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => storage.uploadFiles(deps, scoped.unit, body.paths) }),
    defineRoute(control.deleteUnitFiles, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => storage.deleteFiles(deps, scoped.unit, body.paths) }),
    defineRoute(control.sendUnitLogs, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => storage.sendLogs(deps, scoped.unit, body) }),
    defineRoute(control.stopUnitLogs, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => storage.stopLogs(deps, scoped.unit) }),
  ];
}

function multiCameraRoutes(deps: RouteDeps): RouteDefinition[] {
  const sdi = new multi.SdiInputGuard();
  const NO_CHECK = { validate: false } as const;
  return [
    defineRoute(apps.setMultiCamera, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => multi.setMultiCamera(deps, scoped.unit, body) }),
    defineRoute(apps.setMultiCameraChannel, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => multi.setCameraChannel(deps, scoped.unit, body.index, body.channelId) }),
    defineRoute(apps.setMultiCameraMode, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, mode: body.mode })) }),
    defineRoute(apps.setSingleCamera, { access: 'units.operate', scope: UNIT, handler: ({ scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, enabled: false }), NO_CHECK) }),
    defineRoute(apps.setOperationalMode, {
      access: 'units.operate',
      scope: UNIT,
      handler: ({ body, scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, operationalMode: body.mode }), NO_CHECK),
    }),
    defineRoute(apps.setSwitcherMode, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, enabled: true, mode: body.mode })) }),
    defineRoute(apps.setHighQualityChannel, {
      access: 'units.operate',
      scope: UNIT,
      handler: ({ body, scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, highQualityChannelId: body.channelId })),
    }),
    defineRoute(apps.setProxyChannel, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => multi.changeConfig(deps, scoped.unit, (config) => ({ ...config, proxyChannelId: body.channelId })) }),
    defineRoute(apps.setSdiInput, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => sdi.set(deps, scoped.unit, body.input) }),
    defineRoute(apps.multiCameraStream.start, { access: 'units.operate', scope: UNIT, handler: ({ scoped }) => multi.startMultiCamera(deps, scoped.unit, false) }),
    defineRoute(apps.multiCameraStream.stop, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => multi.stopMultiCamera(deps, scoped.unit) }),
    defineRoute(apps.switcherStream.start, { access: 'units.operate', scope: UNIT, handler: ({ scoped }) => multi.startMultiCamera(deps, scoped.unit, true) }),
    defineRoute(apps.switcherStream.stop, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => multi.stopMultiCamera(deps, scoped.unit) }),
  ];
}

function applicationRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    // Intercom
    defineRoute(apps.openIntercom, { access: 'units.operate', scope: UNIT, handler: async ({ params, body, scoped }) => applications.openIntercom(deps, scoped.unit, params.session, body) }),
    defineRoute(apps.closeIntercom, { access: 'units.operate', scope: UNIT, handler: async ({ params, scoped }) => applications.closeIntercom(deps, scoped.unit, params.session) }),
    defineRoute(apps.configureIntercom, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, scoped }) => ({ uid: scoped.unit.uid, intercom: await applications.mergeFlatSettings(deps, scoped.unit, 'intercom', body) }),
    }),
    defineRoute(apps.configureAudioJacks, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, scoped }) => ({ uid: scoped.unit.uid, audioJacks: await applications.mergeFlatSettings(deps, scoped.unit, 'audioJacks', body) }),
    }),
    // IP pipe
    defineRoute(apps.configureIpPipe, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => applications.configureIpPipe(deps, scoped.unit, body) }),
    defineRoute(apps.ipPipeConnection.start, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => applications.switchApplication(deps, scoped.unit, { type: 'startIpPipe' }) }),
    defineRoute(apps.ipPipeConnection.stop, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => applications.switchApplication(deps, scoped.unit, { type: 'stopIpPipe' }) }),
    // Databridge
    defineRoute(apps.selectedGateway, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => applications.selectedGatewayOf(scoped.unit) }),
    defineRoute(apps.adminSelectedGateway, { access: 'units.manage', scope: UNIT, handler: async ({ scoped }) => applications.selectedGatewayOf(scoped.unit) }),
    defineRoute(apps.gatewaysOfUnit, { access: 'units.manage', scope: UNIT, handler: ({ tenancy, scoped }) => applications.gatewaysForUnit(deps, scoped.unit, [...tenancy.groupIds]) }),
    defineRoute(apps.selectGateway, { access: 'units.admin', scope: UNIT, handler: ({ body, tenancy, scoped }) => applications.selectGateway(deps, scoped.unit, [...tenancy.groupIds], body.gatewayId) }),
    defineRoute(apps.databridgeStream.start, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => applications.switchApplication(deps, scoped.unit, { type: 'startDatabridge' }) }),
    defineRoute(apps.databridgeStream.stop, { access: 'units.operate', scope: UNIT, handler: async ({ scoped }) => applications.switchApplication(deps, scoped.unit, { type: 'stopDatabridge' }) }),
    // Video return
    defineRoute(apps.selectVideoReturnChannel, { access: 'videoReturn.operate', scope: UNIT, handler: ({ body, scoped }) => applications.selectVideoReturnChannel(deps, scoped.unit, body.channelId) }),
    defineRoute(apps.videoReturnStream.start, { access: 'videoReturn.operate', scope: UNIT, handler: ({ scoped }) => applications.startVideoReturn(deps, scoped.unit) }),
    defineRoute(apps.videoReturnStream.stop, { access: 'videoReturn.operate', scope: UNIT, handler: async ({ scoped }) => applications.switchApplication(deps, scoped.unit, { type: 'stopVideoReturn' }) }),
  ];
}

function socialRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(apps.startSocialStream, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, scoped }) => {
        await requireInventoryFeature(deps, scoped.unit, 'socialMedia'); // inventory feature flag (issue 14)
        return social.startStream(deps, scoped.unit, body.provider, body);
      },
    }),
    defineRoute(apps.stopSocialStream, { access: 'units.operate', scope: UNIT, handler: ({ query, scoped }) => social.stopStream(deps, scoped.unit, query.provider) }),
    defineRoute(apps.startCdnStream, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => social.startStream(deps, scoped.unit, social.cdnKey(body.name), body) }),
    defineRoute(apps.stopCdnStream, { access: 'units.operate', scope: UNIT, handler: ({ query, scoped }) => social.stopStream(deps, scoped.unit, social.cdnKey(query.name)) }),
    defineRoute(apps.groupSocialStreams, { access: 'units.read', scope: memberGroup('params.gid', 'query.crnt_vcg_uid'), handler: ({ scoped }) => social.groupStreams(deps, scoped.groupId) }),
  ];
}
