/**
 * The `data` of every event kind (protocol.md fixes unit.added and unit.status; the others are
 * designed here and written up in docs/protocol.md). Rules of the design:
 * - `*.status` and `*.config` carry the whole current state of that aspect, never a delta.
 * - unit.alert carries the unit's whole alert list and unit.usage the whole links aspect, so every
 *   kind is idempotent: applying an event twice is harmless.
 * - Objects the specs list only in part (a unit, a channel status, a server status, a config) keep
 *   their other fields (StructWithRest / Record), so a newer server does not break an older client.
 *
 * Field lists come from spec 000 §3 "Unit" (links, battery, location, alerts, speedTest), 001 §3
 * "Channel", "Server", "Alert" and 001 §4 "Social status".
 */
import { Schema } from 'effect';
import { LINK_TYPES, SIM_SLOTS, SOCIAL_STATUSES, SPEED_TEST_STATES } from './payloadValues.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../domain/units/interface.ts';
import { CHANNEL_STATUSES } from '../domain/channels.ts';
import type { EventKind } from './kinds.ts';

export { LINK_TYPES, SIM_SLOTS, SOCIAL_STATUSES, SPEED_TEST_STATES } from './payloadValues.ts';

/** Any other fields an open object may carry. */
const Rest = [Schema.Record(Schema.String, Schema.Unknown)] as const;

const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));

/** One active application (protocol.md: a key present means active; video.state may be speedtest). */
export const ApplicationSchema = Schema.StructWithRest(Schema.Struct({ state: Schema.optionalKey(Schema.String) }), Rest);

/** unit.status data (protocol.md): `state` missing means no status. */
export const UnitStatusDataSchema = Schema.Struct({
  state: Schema.optionalKey(Schema.String),
  applications: Schema.optionalKey(Schema.Record(Schema.String, ApplicationSchema)),
});
export type UnitStatusData = typeof UnitStatusDataSchema.Type;

const linkFields = {
  port: Schema.String,
  type: Schema.optionalKey(Schema.Literals(LINK_TYPES)),
  name: Schema.optionalKey(Schema.String),
  connected: Schema.optionalKey(Schema.Boolean),
  enabled: Schema.optionalKey(Schema.Boolean),
  /** kbps (spec 000 §3 uplinkKbps / downlinkKbps). */
  uplinkKbps: Schema.optionalKey(NonNegative),
  downlinkKbps: Schema.optionalKey(NonNegative),
  /** Signal quality as the modem reports it (unitless). */
  signalQuality: Schema.optionalKey(Schema.Finite),
  roaming: Schema.optionalKey(Schema.Boolean),
  sim: Schema.optionalKey(Schema.NullOr(Schema.Literals(SIM_SLOTS))), // null: not a cellular link
};

/** A modem or link of a unit (spec 000 §3 "Links"). */
export const LinkSchema = Schema.Struct(linkFields);
export type Link = typeof LinkSchema.Type;

/** A link in a usage report: the bitrates are required (kbps). */
export const UsageLinkSchema = Schema.Struct({ ...linkFields, uplinkKbps: NonNegative, downlinkKbps: NonNegative });

/** Battery (spec 000 §3 "Power": connected, charging, percentage 0–100). */
export const BatterySchema = Schema.Struct({
  connected: Schema.optionalKey(Schema.Boolean),
  charging: Schema.optionalKey(Schema.Boolean),
  percentage: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
});
export type Battery = typeof BatterySchema.Type;

/** An alert (spec 000 §3, 001 §3 "Alert"): the domain's UnitAlert. */
export const AlertSchema = Schema.Struct({
  id: Schema.String,
  entityUniqueId: Schema.String,
  active: Schema.Boolean,
  severity: Schema.Literals(ALERT_SEVERITIES),
  type: Schema.Literals(ALERT_TYPES),
});

/** A whole config aspect: the specs do not show the settings fields (spec 000 §3), so it is open. */
export const ConfigDataSchema = Schema.Record(Schema.String, Schema.Unknown);
export type ConfigData = typeof ConfigDataSchema.Type;

/** Latitude and longitude in degrees. */
export const Latitude = Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 }));
export const Longitude = Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 }));

/**
 * unit.added data: the whole unit (protocol.md): uid, name, type and status, plus the optional
 * fields the model keeps; any other unit field of spec 000 §3 passes through untouched.
 */
export const UnitDataSchema = Schema.StructWithRest(
  Schema.Struct({
    uid: Schema.NonEmptyString,
    name: Schema.String,
    type: Schema.String,
    status: UnitStatusDataSchema,
    /** Forced offline (spec 000 §4): a demo unit, a blocked vendor device (spec 000 §6). */
    isDemo: Schema.optionalKey(Schema.Boolean),
    isBlockedVendor: Schema.optionalKey(Schema.Boolean),
    lat: Schema.optionalKey(Latitude),
    lng: Schema.optionalKey(Longitude),
    address: Schema.optionalKey(Schema.String),
    battery: Schema.optionalKey(Schema.NullOr(BatterySchema)), // null: the unit has no battery (mains powered)
    links: Schema.optionalKey(Schema.Array(LinkSchema)),
    alerts: Schema.optionalKey(Schema.Array(AlertSchema)),
    config: Schema.optionalKey(ConfigDataSchema),
  }),
  Rest,
);
export type UnitData = typeof UnitDataSchema.Type;

/** unit.removed data: nothing is needed; an optional reason for logs. */
export const UnitRemovedDataSchema = Schema.Struct({ reason: Schema.optionalKey(Schema.String) });

/** unit.alert data: the unit's whole alert list (active and cleared), so a repeat is harmless. */
export const UnitAlertDataSchema = Schema.Struct({ alerts: Schema.Array(AlertSchema) });

/** unit.usage data: the whole links aspect, every link with its current bitrates in kbps. */
export const UnitUsageDataSchema = Schema.Struct({ links: Schema.Array(UsageLinkSchema) });

/** unit.speedtest data: the latest speed test of the unit (spec 000 §3 "speedTest data"). */
export const UnitSpeedTestDataSchema = Schema.Struct({
  state: Schema.Literals(SPEED_TEST_STATES),
  channelId: Schema.optionalKey(Schema.String),
  uplinkKbps: Schema.optionalKey(NonNegative),
  downlinkKbps: Schema.optionalKey(NonNegative),
  /** Round trip in ms. */
  latencyMs: Schema.optionalKey(NonNegative),
  /** Why it failed or was cancelled, e.g. "channel changed" (spec 000 §8). */
  error: Schema.optionalKey(Schema.String),
});

/** channel.status data: the channel's status (spec 001 §4) plus any other live channel fields. */
export const ChannelStatusDataSchema = Schema.StructWithRest(
  Schema.Struct({ status: Schema.Literals(CHANNEL_STATUSES) }),
  Rest,
);

/** server.status data: state, applications, upTime (s) of spec 001 §3 "Server", plus the rest. */
export const ServerStatusDataSchema = Schema.StructWithRest(
  Schema.Struct({
    state: Schema.String,
    applications: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
    upTime: Schema.optionalKey(NonNegative),
  }),
  Rest,
);

/** social.status data: the unit's social-media stream status (id = the unit's uid). */
export const SocialStatusDataSchema = Schema.Struct({
  status: Schema.Literals(SOCIAL_STATUSES),
  provider: Schema.optionalKey(Schema.String),
});

/** The data schema of each kind. */
export const DATA_SCHEMAS = {
  'unit.added': UnitDataSchema,
  'unit.removed': UnitRemovedDataSchema,
  'unit.status': UnitStatusDataSchema,
  'unit.config': ConfigDataSchema,
  'unit.alert': UnitAlertDataSchema,
  'unit.usage': UnitUsageDataSchema,
  'unit.speedtest': UnitSpeedTestDataSchema,
  'channel.status': ChannelStatusDataSchema,
  'channel.config': ConfigDataSchema,
  'server.status': ServerStatusDataSchema,
  'social.status': SocialStatusDataSchema,
  'camera.config': ConfigDataSchema,
} as const satisfies Record<EventKind, Schema.Top>;

export type EventData = { [K in keyof typeof DATA_SCHEMAS]: (typeof DATA_SCHEMAS)[K]['Type'] };
export type UnitAlertData = EventData['unit.alert'];
export type UnitUsageData = EventData['unit.usage'];
export type UnitSpeedTestData = EventData['unit.speedtest'];
export type ChannelStatusData = EventData['channel.status'];
export type ServerStatusData = EventData['server.status'];
export type SocialStatusData = EventData['social.status'];
