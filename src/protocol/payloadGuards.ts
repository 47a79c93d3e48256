/**
 * Hand-written structural guards, one per event kind, that accept exactly what the Schemas of
 * payloads.ts accept. They are the worker's fast path (hundreds of thousands of events per
 * second): a plain `typeof` walk with no allocation, about an order of magnitude cheaper than a
 * Schema decode. When a guard says no, the Schema decodes the same value to name the bad field,
 * so the messages still come from one place. payloadGuards.test.ts checks with fast-check that a
 * guard never accepts what its Schema rejects.
 *
 * A guard returns the input itself: open objects keep their extra fields (the Schema would keep
 * them too, through StructWithRest or Record), closed ones keep them as well (harmless extras the
 * Schema would strip; nothing inside reads them).
 */
import { ALERT_SEVERITIES, ALERT_TYPES } from '../domain/units/interface.ts';
import { CHANNEL_STATUSES } from '../domain/channels.ts';
import { assertNever } from '../domain/brand.ts';
import type { EventKind } from './kinds.ts';
import { LINK_TYPES, SIM_SLOTS, SOCIAL_STATUSES, SPEED_TEST_STATES } from './payloadValues.ts';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isNonNegative(value: unknown): boolean {
  return isFiniteNumber(value) && value >= 0;
}

function isBetween(value: unknown, minimum: number, maximum: number): boolean {
  return isFiniteNumber(value) && value >= minimum && value <= maximum;
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

function oneOf(values: readonly string[]): (value: unknown) => boolean {
  const set: ReadonlySet<string> = new Set(values);
  return (value) => typeof value === 'string' && set.has(value);
}

/**
 * A link's type (LINK_TYPES) and SIM slot (SIM_SLOTS; null allowed) by `===`, not through a Set:
 * in the fleet worker these strings come fresh from the binary frames' decoder for every link of
 * every unit.usage event, and a Set lookup first hashes each fresh string (oneOf's arrow was 3.9 %
 * of the worker's self time in Chromium at 60,000 events/s, docs/performance.md §3k). A comparison
 * checks the length, then at most a few characters. payloadValues.ts's lists are the truth: the
 * checks below are built from them, and the envelope property test compares the guards with the
 * Schemas.
 */
if (LINK_TYPES.length !== 3 || SIM_SLOTS.length !== 2) {
  // Checked once at load: the comparisons below name each value, so a longer list must change them.
  throw new Error(`payloadGuards: isLinkType compares 3 link types and isSimSlotOrNull 2 SIM slots; payloadValues.ts lists ${LINK_TYPES.length} and ${SIM_SLOTS.length}`);
}
const [LINK_TYPE_0, LINK_TYPE_1, LINK_TYPE_2] = LINK_TYPES;
const [SIM_SLOT_0, SIM_SLOT_1] = SIM_SLOTS;
const isLinkType = (value: unknown): boolean => value === LINK_TYPE_0 || value === LINK_TYPE_1 || value === LINK_TYPE_2;
const isSimSlotOrNull = (value: unknown): boolean => value === null || value === SIM_SLOT_0 || value === SIM_SLOT_1;
const isSeverity = oneOf(ALERT_SEVERITIES);
const isAlertType = oneOf(ALERT_TYPES);
const isChannelStatus = oneOf(CHANNEL_STATUSES);
const isSocialStatus = oneOf(SOCIAL_STATUSES);
const isSpeedTestState = oneOf(SPEED_TEST_STATES);

function isArrayOf(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (!check(item)) return false;
  return true;
}

function isApplication(value: unknown): boolean {
  return isObject(value) && optional(value['state'], isString);
}

/** unit.status's payload (about half the stream): its checks written out, as isLinkFields's. */
export function isUnitStatusData(value: unknown): boolean {
  if (!isObject(value)) return false;
  const state = value['state'];
  if (state !== undefined && typeof state !== 'string') return false;
  const applications = value['applications'];
  if (applications === undefined) return true;
  if (!isObject(applications)) return false;
  for (const name in applications) if (!isApplication(applications[name])) return false;
  return true;
}

/**
 * A link's fields but the bitrates. Written out field by field rather than through `optional` with
 * a check function: this runs for every link of every unit.usage event (2-4 per event, ~40 % of the
 * stream), where a call through a function value per field and a closure per `sim` cost more than
 * the checks (docs/performance.md §3k).
 */
function isLinkFields(link: Obj): boolean {
  if (typeof link['port'] !== 'string') return false;
  const type = link['type'];
  if (type !== undefined && !isLinkType(type)) return false;
  const name = link['name'];
  if (name !== undefined && typeof name !== 'string') return false;
  const connected = link['connected'];
  if (connected !== undefined && typeof connected !== 'boolean') return false;
  const enabled = link['enabled'];
  if (enabled !== undefined && typeof enabled !== 'boolean') return false;
  const signalQuality = link['signalQuality'];
  if (signalQuality !== undefined && !isFiniteNumber(signalQuality)) return false;
  const roaming = link['roaming'];
  if (roaming !== undefined && typeof roaming !== 'boolean') return false;
  const sim = link['sim'];
  return sim === undefined || isSimSlotOrNull(sim);
}

function isLink(value: unknown): boolean {
  return (
    isObject(value) &&
    isLinkFields(value) &&
    optional(value['uplinkKbps'], isNonNegative) &&
    optional(value['downlinkKbps'], isNonNegative)
  );
}

function isUsageLink(value: unknown): boolean {
  return isObject(value) && isLinkFields(value) && isNonNegative(value['uplinkKbps']) && isNonNegative(value['downlinkKbps']);
}

/** unit.usage's links: a list of usage links (a plain loop: isArrayOf's call through `check` per link is what isLinkFields avoids). */
function isUsageLinks(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!isUsageLink(value[i])) return false;
  return true;
}

function isBattery(value: unknown): boolean {
  return (
    isObject(value) &&
    optional(value['connected'], isBoolean) &&
    optional(value['charging'], isBoolean) &&
    optional(value['percentage'], (p) => isBetween(p, 0, 100))
  );
}

function isAlert(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value['id'] === 'string' &&
    typeof value['entityUniqueId'] === 'string' &&
    typeof value['active'] === 'boolean' &&
    isSeverity(value['severity']) &&
    isAlertType(value['type'])
  );
}

function isUnitData(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value['uid'] === 'string' &&
    value['uid'] !== '' &&
    typeof value['name'] === 'string' &&
    typeof value['type'] === 'string' &&
    isUnitStatusData(value['status']) &&
    optional(value['isDemo'], isBoolean) &&
    optional(value['isBlockedVendor'], isBoolean) &&
    optional(value['lat'], (lat) => isBetween(lat, -90, 90)) &&
    optional(value['lng'], (lng) => isBetween(lng, -180, 180)) &&
    optional(value['address'], isString) &&
    optional(value['battery'], (battery) => battery === null || isBattery(battery)) &&
    optional(value['links'], (links) => isArrayOf(links, isLink)) &&
    optional(value['alerts'], (alerts) => isArrayOf(alerts, isAlert)) &&
    optional(value['config'], isObject)
  );
}

function isSpeedTestData(value: unknown): boolean {
  return (
    isObject(value) &&
    isSpeedTestState(value['state']) &&
    optional(value['channelId'], isString) &&
    optional(value['uplinkKbps'], isNonNegative) &&
    optional(value['downlinkKbps'], isNonNegative) &&
    optional(value['latencyMs'], isNonNegative) &&
    optional(value['error'], isString)
  );
}

function isServerStatusData(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value['state'] === 'string' &&
    optional(value['applications'], isObject) &&
    optional(value['upTime'], isNonNegative)
  );
}

/** True when `data` is a valid payload of `kind` (the same verdict as DATA_SCHEMAS[kind]). */
export function isDataOf(kind: EventKind, data: unknown): boolean {
  switch (kind) {
    case 'unit.status':
      return isUnitStatusData(data);
    case 'unit.added':
      return isUnitData(data);
    case 'unit.removed':
      return isObject(data) && optional(data['reason'], isString);
    case 'unit.config':
    case 'channel.config':
    case 'camera.config':
      return isObject(data);
    case 'unit.alert':
      return isObject(data) && isArrayOf(data['alerts'], isAlert);
    case 'unit.usage':
      return isObject(data) && isUsageLinks(data['links']);
    case 'unit.speedtest':
      return isSpeedTestData(data);
    case 'channel.status':
      return isObject(data) && isChannelStatus(data['status']);
    case 'server.status':
      return isServerStatusData(data);
    case 'social.status':
      return isObject(data) && isSocialStatus(data['status']) && optional(data['provider'], isString);
    default:
      return assertNever(kind, 'event kind');
  }
}
