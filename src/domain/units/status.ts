/**
 * Field-unit status (spec 000 §4; protocol.md "unit.status data"): the raw status payload, the
 * derivation of the displayed status from the map of active applications, the busy, streaming,
 * online and offline rules, and the groups the interface shows (user-facing status, unit icon,
 * status filter of the unit list).
 */
import { assertNever } from '../brand.ts';
import { hasFeature } from '../versions.ts';

/** Every unit status value (spec 000 §4 "Unit status values"). */
export const UNIT_STATUSES = [
  'offline',
  'idle',
  'storeandforward',
  'forwarding',
  'streaming',
  'online',
  'streamingandforwarding',
  'fetchlogs',
  'upgrading',
  'transparent_bridge',
  'setup_transparent_bridge',
  'speedtest',
  'unavailable',
] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Names of the applications a unit may report active (spec 000 §4 "Application names"). */
export const APPLICATION_NAMES = [
  'video',
  'multiCamera',
  'upgrade',
  'videoReturn',
  'databridge',
  'fetchlogs',
  'store',
  'forward',
  'l2ControlPipe',
  'changeAvicMode',
  'switcher',
  'switcherAndProxy',
  'audioCallBySelectedChannel',
  'audioRoom',
  'ifb',
  'xtenderRelay',
] as const;
export type ApplicationName = (typeof APPLICATION_NAMES)[number];

/** The map of active applications: a key present means that application is active (protocol.md). */
export type Applications = Partial<Record<ApplicationName, { state?: string } & Record<string, unknown>>>;

/** The unit.status payload (protocol.md): `state` missing means no status. */
export type RawUnitStatus = { state?: string; applications?: Applications };

/** The video state that marks a speed test rather than a stream (spec 000 §4). */
export const SPEED_TEST_VIDEO_STATE = 'speedtest';

function has(applications: Applications, name: ApplicationName): boolean {
  return applications[name] !== undefined;
}

/** One bit per application name (APPLICATION_NAMES order). */
const APPLICATION_BIT: ReadonlyMap<string, number> = new Map(APPLICATION_NAMES.map((name, index) => [name, 1 << index]));
const bit = (name: ApplicationName): number => APPLICATION_BIT.get(name) as number;
const UPGRADE = bit('upgrade');
const FETCHLOGS = bit('fetchlogs');
const DATABRIDGE = bit('databridge');
const VIDEO = bit('video');
const FORWARD = bit('forward');
const STORE = bit('store');

/**
 * The active applications as a bit set, in one pass over the map's own keys (`has` for every
 * name). Why: the map is usually empty or holds one or two keys, and each has a different shape,
 * so probing the 7–8 names the rules ask about one by one was the hottest line of the worker's
 * profile (docs/performance.md "Binary frames").
 */
function applicationBits(applications: Applications): number {
  let bits = 0;
  for (const key in applications) {
    const flag = APPLICATION_BIT.get(key);
    if (flag !== undefined && applications[key as ApplicationName] !== undefined) bits |= flag;
  }
  return bits;
}

function isSpeedTestVideo(applications: Applications): boolean {
  return applications.video?.state === SPEED_TEST_VIDEO_STATE;
}

/**
 * The displayed status from the applications map (spec 000 §4, first match wins):
 * upgrade → upgrading; fetchlogs → fetchlogs; databridge → transparent_bridge; video → speedtest
 * when video.state is speedtest, else streamingandforwarding with forward, else streaming;
 * forward → storeandforward with store, else forwarding; store → storeandforward; otherwise idle.
 * A speed test wins over forward: the video application is testing the link, not streaming.
 * multiCamera, switcher and switcherAndProxy alone derive idle (the list names them nowhere);
 * isStreaming and isBusy still hold for them (see docs/domain.md).
 */
export function deriveStatusFromApplications(applications: Applications): UnitStatus {
  const bits = applicationBits(applications);
  if (bits === 0) return 'idle';
  if ((bits & UPGRADE) !== 0) return 'upgrading';
  if ((bits & FETCHLOGS) !== 0) return 'fetchlogs';
  if ((bits & DATABRIDGE) !== 0) return 'transparent_bridge';
  if ((bits & VIDEO) !== 0) {
    if (isSpeedTestVideo(applications)) return 'speedtest';
    return (bits & FORWARD) !== 0 ? 'streamingandforwarding' : 'streaming';
  }
  if ((bits & FORWARD) !== 0) return (bits & STORE) !== 0 ? 'storeandforward' : 'forwarding';
  if ((bits & STORE) !== 0) return 'storeandforward';
  return 'idle';
}

/** Applications that make a unit busy on their own (spec 000 §4 "Busy"). */
export const BUSY_APPLICATIONS = [
  'video',
  'multiCamera',
  'switcher',
  'switcherAndProxy',
  'upgrade',
  'databridge',
  'fetchlogs',
] as const satisfies readonly ApplicationName[];
const BUSY_BITS = BUSY_APPLICATIONS.reduce((bits, name) => bits | bit(name), 0);

/** Busy: one of BUSY_APPLICATIONS is active, or store and forward are both active (spec 000 §4). */
export function isBusy(applications: Applications): boolean {
  const bits = applicationBits(applications);
  if ((bits & BUSY_BITS) !== 0) return true;
  return (bits & STORE) !== 0 && (bits & FORWARD) !== 0;
}

/** Streaming: video that is not a speed test, multiCamera, or a switcher mode (spec 000 §4). */
export function isStreaming(applications: Applications): boolean {
  if (has(applications, 'video') && !isSpeedTestVideo(applications)) return true;
  return has(applications, 'multiCamera') || has(applications, 'switcher') || has(applications, 'switcherAndProxy');
}

/** Applications that leave a unit online/available (spec 000 §4 "Online (available)"). */
export const NON_STREAMING_APPLICATIONS = [
  'changeAvicMode',
  'l2ControlPipe',
  'ifb',
  'audioRoom',
  'videoReturn',
  'databridge',
  'xtenderRelay',
  'forward',
] as const satisfies readonly ApplicationName[];

const NON_STREAMING = new Set<string>(NON_STREAMING_APPLICATIONS);

/**
 * Online (available): no applications, or only non-streaming ones; never when forward and store
 * are both present (spec 000 §4). Forward alone is online, matching its derived status
 * `forwarding`, which is an online-like state.
 */
export function isOnlineApplications(applications: Applications): boolean {
  if (has(applications, 'forward') && has(applications, 'store')) return false;
  return Object.keys(applications).every(
    (name) => applications[name as ApplicationName] === undefined || NON_STREAMING.has(name),
  );
}

/** Raw states that count as offline (spec 000 §4 "Offline"). */
export const OFFLINE_STATES = ['offline', 'unavailable'] as const;
/** Online-like states (spec 000 §4). */
export const ONLINE_LIKE_STATES = ['online', 'idle', 'forwarding'] as const;

function stateOf(raw: RawUnitStatus | string | undefined): string | undefined {
  if (typeof raw === 'string') return raw;
  return raw?.state;
}

/**
 * Offline: no status (no payload, no state, or an empty state string), or state offline or
 * unavailable (spec 000 §4). Works on a payload and on a bare state string alike.
 */
export function isOfflineState(raw: RawUnitStatus | string | undefined): boolean {
  const state = stateOf(raw);
  if (state === undefined || state === '') return true;
  return (OFFLINE_STATES as readonly string[]).includes(state);
}

/**
 * Online (available). A bare state string is online when it is online-like (online, idle,
 * forwarding). A payload is online when it is not offline and its applications pass the online
 * rule (a missing applications map counts as none active).
 */
export function isOnline(raw: RawUnitStatus | string | undefined): boolean {
  if (isOfflineState(raw)) return false;
  if (typeof raw === 'string') return (ONLINE_LIKE_STATES as readonly string[]).includes(raw);
  return isOnlineApplications(raw?.applications ?? {});
}

/** Unit properties that force the offline status (spec 000 §4, §6 "block vendor camera devices"). */
export type ForcedOfflineFlags = { isDemo?: boolean; isBlockedVendor?: boolean };

/**
 * The displayed status (protocol.md): forced offline (demo unit, blocked vendor device) first,
 * then the offline rules, then the derivation from applications. The raw state only decides
 * offline: a unit whose state is online or idle with no applications map derives `idle`
 * (derivation step 7), so `online`, `unavailable` and `setup_transparent_bridge` are never derived.
 */
export function deriveUnitStatus(raw: RawUnitStatus | undefined, flags: ForcedOfflineFlags = {}): UnitStatus {
  if (flags.isDemo === true || flags.isBlockedVendor === true) return 'offline';
  if (raw === undefined || isOfflineState(raw)) return 'offline';
  return deriveStatusFromApplications(raw.applications ?? {});
}

/** User-facing groups (spec 000 §4): offline, online (idle), streaming (busy), store-and-forward, upgrading, fetching logs, speed test. */
export const USER_FACING_STATUSES = [
  'offline',
  'online',
  'streaming',
  'storeAndForward',
  'upgrading',
  'fetchingLogs',
  'speedTest',
] as const;
export type UserFacingStatus = (typeof USER_FACING_STATUSES)[number];

/**
 * The user-facing group of a status. unavailable → offline; idle, online, forwarding → online;
 * streaming, streamingandforwarding and the databridge states (transparent_bridge,
 * setup_transparent_bridge: busy) → streaming. When the applications are given, an `online`
 * result becomes `streaming` if the streaming rule holds (multiCamera or a switcher mode alone
 * derives idle but is transmitting).
 */
export function userFacingStatus(status: UnitStatus, applications?: Applications): UserFacingStatus {
  const group = groupOf(status);
  if (group === 'online' && applications !== undefined && isStreaming(applications)) return 'streaming';
  return group;
}

function groupOf(status: UnitStatus): UserFacingStatus {
  switch (status) {
    case 'offline':
    case 'unavailable':
      return 'offline';
    case 'idle':
    case 'online':
    case 'forwarding':
      return 'online';
    case 'streaming':
    case 'streamingandforwarding':
    case 'transparent_bridge':
    case 'setup_transparent_bridge':
      return 'streaming';
    case 'storeandforward':
      return 'storeAndForward';
    case 'upgrading':
      return 'upgrading';
    case 'fetchlogs':
      return 'fetchingLogs';
    case 'speedtest':
      return 'speedTest';
    default:
      return assertNever(status, 'unit status');
  }
}

/** The unit icon reflects the status (spec 000 §4): one icon per user-facing group. */
export type UnitIconStatus = UserFacingStatus;

/** The icon status of a unit: its user-facing group (applications as for userFacingStatus). */
export function unitIconStatus(status: UnitStatus, applications?: Applications): UnitIconStatus {
  return userFacingStatus(status, applications);
}

/** Status filter groups of the unit list (spec 000 §2). */
export const STATUS_FILTER_GROUPS = ['offline', 'transmitting', 'online'] as const;
export type StatusFilterGroup = (typeof STATUS_FILTER_GROUPS)[number];

/**
 * The unit-list filter group: offline (offline, unavailable); transmitting (a status that carries
 * video or data: streaming, streamingandforwarding, storeandforward, transparent_bridge,
 * setup_transparent_bridge); online (every other status: idle, online, forwarding, upgrading,
 * fetchlogs, speedtest). With applications, an online unit whose streaming rule holds is
 * transmitting.
 */
export function statusFilterGroup(status: UnitStatus, applications?: Applications): StatusFilterGroup {
  const group = userFacingStatus(status, applications);
  switch (group) {
    case 'offline':
      return 'offline';
    case 'streaming':
    case 'storeAndForward':
      return 'transmitting';
    case 'online':
    case 'upgrading':
    case 'fetchingLogs':
    case 'speedTest':
      return 'online';
    default:
      return assertNever(group, 'user-facing status');
  }
}

/** Speed-test command timeout (spec 000 §9: 10 s; sent as query timeout=10, in seconds). */
export { SPEED_TEST_TIMEOUT_S } from '../constants.ts';

/** Speed test needs channel version 7.5.1 or higher (spec 000 §4, §9); an unknown version fails. */
export function speedTestSupported(channelVersion: string | null | undefined): boolean {
  return hasFeature(channelVersion, 'speedTest');
}
