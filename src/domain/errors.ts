/**
 * The error catalogue of the three specs (000 §8, 001 §8, 002 §8), grouped by area.
 *
 * Texts the spec quotes are kept word for word (marked "exact"); texts the spec only paraphrases
 * are written as full user-facing sentences that say the same thing and nothing more.
 * Placeholders are positional ({0}) and are filled with formatMessage from validation/messages.ts.
 * The shared field-validation messages of spec 002 §5 live in validation/messages.ts, not here.
 */

import { assertNever } from './brand.ts';

export const ERRORS = {
  /** spec 000 §2, 001 §2, 002 §2: refusal text of the unauthorized page (exact). */
  access: {
    notAllowed: 'You are not allowed to access this application.',
  },

  /** spec 000 §8 "Send logs", 001 §8 (one channel at a time; online and idle). */
  sendLogs: {
    channelBusy: 'Selected channel is busy', // exact
    channelOffline: 'Selected channel is offline', // exact
    channelNoLogs: 'The selected channel does not support sending logs. You can send the unit logs only.',
    serverBusyWithOtherChannel: 'The server is busy sending the logs of another channel. Please try again later.',
    oneChannelAtATime: 'Only one channel can fetch logs at a time.',
    unitNotOnlineIdle: 'Logs can be sent only when the unit is online and idle.',
  },

  /** spec 000 §8 "Name" (exact). */
  name: {
    alreadyInUse: 'Please select a different name. The current name is already in use',
  },

  /** spec 000 §8 "Modem"; 000 §5: at least 2 interfaces must stay connected. */
  modem: {
    scanFailed: 'The modem scan failed, please try again.',
    scanNotSupported: 'Scanning for networks is not supported on this modem.',
    lastConnectedDisabled: 'You are disabling the last connected modem. The unit needs at least 2 connected interfaces.',
  },

  /** spec 000 §8 "Unit". */
  unit: {
    configurationNotSent: 'The configuration was not sent, please retry.',
    busyOrOffline: 'The unit is busy or offline.',
    codeResetFailed: 'The code reset failed.',
  },

  /** spec 000 §8 and 002 §8 "Guest invites". */
  guestInvite: {
    generic: 'We encountered an error, please try again.', // exact
    invalidEmail: 'Invalid email address.',
    invalidPhone: 'Invalid phone number. Use digits only.',
  },

  /** spec 000 §8 "Video return". */
  videoReturn: {
    noLicence: 'The unit has no video return licence.',
    channelOffline: 'The video return channel is offline.',
    noVideo: 'The video return channel has no video.',
    externalChannel: 'The selected channel is an external channel.',
    noChannelSelected: 'No video return channel is selected.',
  },

  /** spec 000 §8 "Speed test". */
  speedTest: {
    channelChanged: 'The speed test stopped because the channel changed.',
    cancelled: 'The speed test was cancelled.',
  },

  /** spec 000 §8 "Licences and configuration"; 001 §5 output licence. */
  licence: {
    databridgeMissing: 'The unit has no databridge licence.',
    aiConfigurationMissing: 'The AI configuration is missing.',
    multiCameraMissing: 'The unit has no multi-camera licence.',
    resolution4kConflict: 'The 4K resolution conflicts with the current configuration.',
    pro4kUnavailable: 'PRO-4K licence is not available.',
    channelNo4k: 'The channel does not support 4K transmission.',
    graphicsCommunication: 'Graphics communication error.',
    /** {0}: the number of output channels (spec 001 §5). */
    outputChannels: 'Server supports up to {0} output channels',
  },

  /** spec 000 §8 and 001 §8: social media, content delivery network and Facebook. */
  social: {
    alreadyStreamingToProvider: 'The unit is already streaming to this provider.',
    facebookPreviewFailed: 'The Facebook preview stream could not be created.',
    channelNotIdle: 'The channel is not idle.',
    servicesConnectionFailure: 'The connection to the services failed.',
  },

  /** spec 000 §8 "Loading units", 001 §8: HTTP 500 when loading units (exact). */
  loading: {
    internalError: 'Internal Error',
  },

  /** spec 000 §8, 001 §8, 002 §8: software upgrade codes and texts. */
  upgrade: {
    installFailed: 'Installing the new software version failed.', // 101
    blackmagicDriverFailed: 'Upgrading the Blackmagic driver failed.', // 102
    osUpgradeFailed: 'The operating system upgrade failed.', // 103
    installAfterOsFailed: 'Installing the new software version after the operating system upgrade failed.', // 104
    networkProblem: 'The upgrade failed because of a network problem.', // 105
    repositoryUnreachable:
      'There is no connection to the software repository. Please open the firewall to the repository and try again.', // 106
    configBackupFailed: 'Backing up the configuration failed.', // 107
    rebootServer: 'The upgrade failed. Please try rebooting the server.', // -1
    targetNotAllowed: 'The target version is not allowed.', // 6802
    unsupportedOnLu600H264: 'The selected version is not supported on LU600 units using H.264; those units were skipped.', // 6803
    serverOffline: 'The server is offline.', // 6199, one server
    serversOffline: 'The servers are offline.', // 6199, several servers
    serverBusy: 'The server is busy or has an input-encoder channel. Upgrade it when it is idle.', // 6808
    hardwareDisallowsVersion: 'The target version is not supported by the hardware configuration.', // 6810
    /** {0}: the unknown code. */
    unknownCode: 'The upgrade failed (error {0}).',
  },

  /** spec 002 §8 "Users". */
  users: {
    alreadyExists: 'This user already exists.',
    oldPasswordMismatch: 'The old password does not match.',
    emailInUse: 'This email is used by another user.',
    noUserLicence: 'There is no available user licence.',
    externalIdentityInventory: 'Users cannot be associated to inventories of an external identity provider.',
    passwordsMismatch: 'The passwords do not match.',
  },

  /** spec 002 §8 "Usage profiles". */
  usageProfiles: {
    defaultNotDeletable: 'The default profiles cannot be deleted.',
    hasDevices: 'Profiles with associated devices could not be deleted.',
  },

  /** spec 001 §8 ingest, IFB mode, deletion and modem vendor texts. */
  ingest: {
    somethingWentWrong: 'Something went wrong, please refresh the page.',
    serverOnline: 'The ingest server is online.',
    tiedToBusyChannels: 'The ingest server is tied to busy channels.',
  },
  ifbMode: {
    serverOffline: 'The IFB mode cannot be changed while the server is offline.',
    serverNotIdle: 'The IFB mode can be changed only when the server is idle.',
    noSipServer: 'The IFB mode cannot be changed because there is no SIP server.',
    noPrimaryInventory: 'The IFB mode cannot be changed because there is no primary inventory.',
  },
  inventory: {
    deleteHasOverlays: 'The inventory cannot be deleted because it has overlays.',
    deleteHasActiveAudioRoom: 'The inventory cannot be deleted because it has an active audio room.',
  },
  audioRoom: {
    inUse: 'The room is in use.',
  },
  modemVendor: {
    deleteFailed: 'The modem vendor data could not be deleted. It may be tied to a modem.',
  },

  /** spec 001 §8 and 002 §8 "Generic texts" (short titles kept as the spec writes them). */
  generic: {
    genericError: 'Generic Error',
    featureDisabled: 'Feature disabled',
    inventoryConfigurationExists: 'Inventory configuration already exists',
    contactSupport: 'Please contact support',
    itemsCannotBeDisplayed: 'Items cannot be displayed',
    configurationUnavailable: 'Configuration unavailable',
    graphicsCommunication: 'Graphics communication error.',
    overlayConfigurationNotSaved: 'The overlay configuration could not be saved.',
    unknownError: 'Unknown error', // exact, spec 002 §5
    tryAgain: 'We encountered an error, please try again.', // exact, spec 000 §8 / 002 §8
  },

  /** spec 001 §8 "Channel warnings". */
  channelWarnings: {
    busy: 'Selected channel is busy',
    offline: 'Selected channel is offline',
    external: 'The selected channel is an external channel.',
    incompatibleVersion: 'The channel version is not compatible with the unit.',
    pro4kUnavailable: 'PRO-4K licence is not available.',
    channelNo4k: 'The channel does not support 4K transmission.',
    smpteConfigurationMissing: 'The SMPTE configuration is missing.',
    logsOnlyOnlineIdle: 'Logs can be sent only when the unit is online and idle.',
  },

  /** spec 000 §9 alerts, 001 §9: battery alert text; {0} is the threshold in percent. */
  alerts: {
    batteryBelow: 'Battery level is below {0}%',
    cameraDisconnected: 'Camera disconnected',
  },
} as const;

export type ErrorArea = keyof typeof ERRORS;

// ---------------------------------------------------------------------------------------------
// Transport reactions (spec 002 §8 "Transport", 000 §8 "Loading units").

/** The calls whose failures the spec gives a special reaction; every other call is 'other'. */
export const HTTP_CALLS = ['clientConfiguration', 'userPreferences', 'loadUnits', 'videoReturnUpdate', 'other'] as const;
export type HttpCall = (typeof HTTP_CALLS)[number];

export const HTTP_ERROR_REACTIONS = ['toLogin', 'rejectLoad', 'toErrorPage', 'debugOnly', 'showMessage'] as const;
export type HttpErrorReaction = (typeof HTTP_ERROR_REACTIONS)[number];

export interface HttpFailure {
  /** HTTP status of the failed answer; 0 when no answer came (network failure). */
  readonly status: number;
  readonly call: HttpCall;
}

/** spec 002 §8: "Unknown video return channel on update" comes back as Not Found. */
const NOT_FOUND = 404;

/**
 * What the console does when a call fails (spec 002 §8):
 * - 401 on any call → the login page (checked first: an expired session wins over everything).
 * - 403 when fetching the client configuration → the load is rejected.
 * - user preferences fail to load (any status) → /error.
 * - unknown video return channel on update (404) → debug log only, no user message.
 * - anything else → a message (HTTP 500 on loading units shows "Internal Error"; see httpErrorMessage).
 */
export function reactionToHttpError({ status, call }: HttpFailure): HttpErrorReaction {
  if (status === 401) return 'toLogin';
  switch (call) {
    case 'clientConfiguration':
      return status === 403 ? 'rejectLoad' : 'showMessage';
    case 'userPreferences':
      return 'toErrorPage';
    case 'videoReturnUpdate':
      return status === NOT_FOUND ? 'debugOnly' : 'showMessage';
    case 'loadUnits':
    case 'other':
      return 'showMessage';
    default:
      return assertNever(call, 'HTTP call');
  }
}

/**
 * The text shown when reactionToHttpError says 'showMessage'. spec 000 §8: HTTP 500 when loading
 * units shows "Internal Error". Other statuses are "not shown" in the spec: we show the generic
 * retry sentence the spec uses elsewhere.
 */
export function httpErrorMessage({ status, call }: HttpFailure): string {
  if (call === 'loadUnits' && status === 500) return ERRORS.loading.internalError;
  return ERRORS.generic.tryAgain;
}

// ---------------------------------------------------------------------------------------------
// Send-logs refusals (spec 000 §8 "Send logs", 001 §8).

export const SEND_LOGS_REFUSALS = [
  'unitNotOnlineIdle',
  'channelOffline',
  'channelBusy',
  'channelNoLogs',
  'serverBusyWithOtherChannel',
  'oneChannelAtATime',
] as const;
export type SendLogsRefusalReason = (typeof SEND_LOGS_REFUSALS)[number];

export interface SendLogsRefusal {
  readonly reason: SendLogsRefusalReason;
  readonly message: string;
}

/** The selected channel's state as far as sending logs cares. */
export interface SendLogsChannel {
  readonly id: string;
  /** Offline, or 'unavailable' which is treated as offline (spec 001 §4). */
  readonly offline: boolean;
  /** Not idle: collecting (streaming), connecting or playing a stored file. */
  readonly busy: boolean;
  /** False when the channel cannot send logs (then only the unit logs can be sent). */
  readonly supportsLogs: boolean;
}

export interface SendLogsState {
  /** The unit is online (spec 000 §4 online rules). */
  readonly unitOnline: boolean;
  /** The unit is idle: online and not busy. */
  readonly unitIdle: boolean;
  /** The unit's busy rule holds (spec 000 §4): streaming, upgrading, fetching logs, … */
  readonly unitBusy?: boolean;
  /** The selected channel, or null when only the unit logs are sent. */
  readonly channel: SendLogsChannel | null;
  /** Channel whose logs the selected channel's server is sending now, or null when none. */
  readonly serverSendingLogsOf: string | null;
  /** Channels fetching logs right now (spec 001 §8: only one channel can fetch logs at a time). */
  readonly channelsFetchingLogs: readonly string[];
}

const refusal = (reason: SendLogsRefusalReason): SendLogsRefusal => ({ reason, message: ERRORS.sendLogs[reason] });

/**
 * Why logs cannot be sent now, or null when they can. Checks run in this order, the first wins:
 * the unit (the channel the logs are sent from) offline → "Selected channel is offline", busy →
 * "Selected channel is busy" (issue 3 pins this text for a busy unit), otherwise not idle → online
 * and idle only; then, when a server channel is selected: channel offline, channel busy, channel
 * does not support logs, its server busy with another channel's logs, another channel fetching.
 */
export function sendLogsRefusal(state: SendLogsState): SendLogsRefusal | null {
  if (!state.unitOnline) return refusal('channelOffline');
  if (state.unitBusy === true) return refusal('channelBusy');
  if (!state.unitIdle) return refusal('unitNotOnlineIdle');
  const { channel } = state;
  if (channel === null) return null;
  if (channel.offline) return refusal('channelOffline');
  if (channel.busy) return refusal('channelBusy');
  if (!channel.supportsLogs) return refusal('channelNoLogs');
  if (state.serverSendingLogsOf !== null && state.serverSendingLogsOf !== channel.id) {
    return refusal('serverBusyWithOtherChannel');
  }
  if (state.channelsFetchingLogs.some((id) => id !== channel.id)) return refusal('oneChannelAtATime');
  return null;
}

