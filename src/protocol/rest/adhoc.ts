/**
 * The ad-hoc area's calls: ad-hoc and permanent LU-Smart / LU-Lite registration of a group, the
 * invitations sent for them, and the expiration of an ad-hoc unit (spec 002 §7 "Groups (legacy)":
 * groups/{groupId}/adhoc, /permanent, /email, /sms; "Group services (v2)":
 * v2/groups/{gid}/units/{unitId}/expiration; 002 §4 periods, key regeneration and usage reset;
 * 002 §5 invite validation; 001 §3 plan kinds). Body and answer shapes are not shown in the spec:
 * ours (docs/api.md "Ad-hoc and permanent registration").
 *
 * `mode` / `kind` is the device kind (smart = LU-Smart, the default; lite = LU-Lite); every time is
 * ms since the epoch.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, CurrentGroup } from './common.ts';
import { ADHOC_PERIODS, DEVICE_KINDS, INVITE_CHANNELS, KEY_REGENERATION, PLAN_KINDS, USAGE_RESETS } from '../../domain/adhoc.ts';

const TAGS = ['groups', 'adhoc'] as const;

export const DeviceKind = Schema.Literals(DEVICE_KINDS).annotate({ description: 'smart (LU-Smart, default) or lite (LU-Lite)' });
export const AdhocPeriod = Schema.Literals(ADHOC_PERIODS).annotate({ description: '1day, 3days, 1week or 1month (spec 002 §4)' });
export const KeyRegeneration = Schema.Literals(KEY_REGENERATION).annotate({ description: 'never, daily, weekly or monthly (spec 002 §4)' });
export const UsageReset = Schema.Literals(USAGE_RESETS).annotate({ description: 'every 3, 6 or 12 months, or never (spec 002 §4)' });
export const PlanKind = Schema.Literals(PLAN_KINDS);
export const InviteChannel = Schema.Literals(INVITE_CHANNELS);

/**
 * Longest device name a body may carry (characters). Above the domain's 255 so that 256-1024
 * characters get the spec's own words on the field ("Must be no more than 255 characters").
 */
const DEVICE_NAME_BOUND = 1024;
/** Longest invitation recipient text (characters): a list of e-mail addresses or one phone number. */
const RECIPIENTS_BOUND = 4096;

/** `groups/{groupId}/…`: the group must be one of the caller's groups (403 otherwise). */
export const GroupPathParams = Schema.Struct({ groupId: Id });

/** The current group id many calls carry (spec 002 §7); if given, it must be the caller's too. */
const currentGroup = { crnt_vcg_uid: Schema.optionalKey(CurrentGroup) };

// ── Ad-hoc registration ─────────────────────────────────────────────────────────────────────

/** A group's ad-hoc registration of one device kind: the pairing code, its join link and expiry. */
export const AdhocRegistrationView = Schema.Struct({
  groupId: Id,
  mode: DeviceKind,
  /** ADHOC_SMART or ADHOC_LITE (spec 001 §3). */
  planKind: PlanKind,
  period: AdhocPeriod,
  /** What a device enters: 8 characters as XXXX-XXXX. */
  code: Schema.String,
  /** lu-smart://join?group=…&code=… (lu-lite:// for LU-Lite). */
  joinLink: Schema.String,
  expiresAt: EpochMs,
});
export type AdhocRegistrationView = typeof AdhocRegistrationView.Type;

export const AdhocQuery = Schema.Struct({ mode: Schema.optionalKey(DeviceKind), ...currentGroup });

/** Change the period (a new expiry from now) and/or register a named device. */
export const AdhocChange = Schema.Struct({
  mode: Schema.optionalKey(DeviceKind),
  period: Schema.optionalKey(AdhocPeriod),
  deviceName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(DEVICE_NAME_BOUND))),
});
export type AdhocChange = typeof AdhocChange.Type;

/**
 * The unit a registered device became, as stored (type Smart or Lite, in the group). Its live
 * state is not here: a device that has just been registered is offline until it connects, and the
 * live list learns of it through unit.added.
 */
export const RegisteredDevice = Schema.Struct({
  uid: Id,
  name: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  groupId: Schema.NullOr(Id),
  inventoryId: Schema.NullOr(Id),
  swVersion: Schema.String,
  /** Degrees; where the device shows on the map until it reports a position (a unit of its group, else 0, 0). */
  lat: Schema.NullOr(Schema.Number),
  lng: Schema.NullOr(Schema.Number),
});
export type RegisteredDevice = typeof RegisteredDevice.Type;

/** 200 `{registration}`; 201 `{registration, unit}` when a device was registered. */
export const AdhocChangeAnswer = Schema.Struct({ registration: AdhocRegistrationView, unit: Schema.optionalKey(RegisteredDevice) });
export type AdhocChangeAnswer = typeof AdhocChangeAnswer.Type;

export const getAdhocRegistration = endpoint({
  method: 'GET',
  path: 'groups/{groupId}/adhoc',
  summary: 'The group’s ad-hoc LU-Smart / LU-Lite registration (pairing code, join link, period, expiry); made on first ask',
  tags: TAGS,
  params: GroupPathParams,
  query: AdhocQuery,
  response: AdhocRegistrationView,
});

export const changeAdhocRegistration = endpoint({
  method: 'PUT',
  path: 'groups/{groupId}/adhoc',
  summary: 'Change the ad-hoc period (a new expiry from now) and/or register a named device (201: a new Smart / Lite unit of the group expiring after the period)',
  tags: TAGS,
  params: GroupPathParams,
  query: Schema.Struct(currentGroup),
  body: AdhocChange,
  response: AdhocChangeAnswer,
});

// ── Permanent registration ──────────────────────────────────────────────────────────────────

export const PermanentRegistrationView = Schema.Struct({
  groupId: Id,
  kind: DeviceKind,
  /** PERMANENT_SMART or PERMANENT_LITE (spec 001 §3). */
  planKind: PlanKind,
  /** 16 characters as XXXX-XXXX-XXXX-XXXX. */
  key: Schema.String,
  joinLink: Schema.String,
  keyRegeneration: KeyRegeneration,
  usageReset: UsageReset,
  regeneratedAt: EpochMs,
  /** Null when the key is never regenerated. */
  nextRegenerationAt: Schema.NullOr(EpochMs),
  /** Null when usage is never reset. */
  nextUsageResetAt: Schema.NullOr(EpochMs),
});
export type PermanentRegistrationView = typeof PermanentRegistrationView.Type;

export const PermanentQuery = Schema.Struct({
  regenerate: Schema.optionalKey(Schema.Boolean.annotate({ description: 'true: a new key now (not for read-only users)' })),
  ...currentGroup,
});

/** At least one of the three (400 "body must name kind, keyRegeneration or usageReset"). */
export const PermanentChange = Schema.Struct({
  kind: Schema.optionalKey(DeviceKind),
  keyRegeneration: Schema.optionalKey(KeyRegeneration),
  usageReset: Schema.optionalKey(UsageReset),
});
export type PermanentChange = typeof PermanentChange.Type;

export const getPermanentRegistration = endpoint({
  method: 'GET',
  path: 'groups/{groupId}/permanent',
  summary: 'The group’s permanent registration key and policies; regenerate=true issues a new key (not for read-only users)',
  tags: TAGS,
  params: GroupPathParams,
  query: PermanentQuery,
  response: PermanentRegistrationView,
});

export const changePermanentRegistration = endpoint({
  method: 'PUT',
  path: 'groups/{groupId}/permanent',
  summary: 'Set the permanent registration’s device kind, key regeneration (never, daily, weekly, monthly) and usage reset (3, 6, 12 months or never)',
  tags: TAGS,
  params: GroupPathParams,
  query: Schema.Struct(currentGroup),
  body: PermanentChange,
  response: PermanentRegistrationView,
});

// ── Invitations ─────────────────────────────────────────────────────────────────────────────

export const InvitationRequest = Schema.Struct({
  /** e-mail: addresses separated by commas, semicolons or spaces; sms: the phone number, digits only. */
  to: Schema.String.check(Schema.isMaxLength(RECIPIENTS_BOUND)),
  deviceName: Schema.String.check(Schema.isMaxLength(DEVICE_NAME_BOUND)),
  mode: Schema.optionalKey(DeviceKind),
  /** Guest interview: the name must be free, the guest joins as an ad-hoc device. */
  guest: Schema.optionalKey(Schema.Boolean),
  period: Schema.optionalKey(AdhocPeriod),
});
export type InvitationRequest = typeof InvitationRequest.Type;

export const InvitationAnswer = Schema.Struct({
  id: Id,
  channel: InviteChannel,
  to: Schema.Array(Schema.String),
  deviceName: Schema.String,
  mode: DeviceKind,
  guest: Schema.Boolean,
  /** The guest's period; null for an invitation of a registered device. */
  period: Schema.NullOr(AdhocPeriod),
  link: Schema.String,
  recorded: Schema.Boolean,
  /** False while no mail or SMS transport is configured on this server. */
  delivered: Schema.Boolean,
  /** "none configured". */
  transport: Schema.String,
});
export type InvitationAnswer = typeof InvitationAnswer.Type;

export const sendEmailInvitation = endpoint({
  method: 'POST',
  path: 'groups/{groupId}/email',
  summary: 'Record an e-mail invitation to join the group as an LU-Smart / LU-Lite device (no mail transport is configured: recorded, not delivered)',
  tags: TAGS,
  params: GroupPathParams,
  query: Schema.Struct(currentGroup),
  body: InvitationRequest,
  response: InvitationAnswer,
  successStatus: 201,
});

export const sendSmsInvitation = endpoint({
  method: 'POST',
  path: 'groups/{groupId}/sms',
  summary: 'Record an SMS invitation to join the group as an LU-Smart / LU-Lite device (no SMS transport is configured: recorded, not delivered)',
  tags: TAGS,
  params: GroupPathParams,
  query: Schema.Struct(currentGroup),
  body: InvitationRequest,
  response: InvitationAnswer,
  successStatus: 201,
});

/** The invitation endpoint of each channel. */
export const INVITATION_ENDPOINTS = { email: sendEmailInvitation, sms: sendSmsInvitation } as const;

// ── Expiration of an ad-hoc unit ────────────────────────────────────────────────────────────

export const GroupUnitParams = Schema.Struct({ gid: Id, unitId: Id });

export const UnitExpirationView = Schema.Struct({
  uid: Id,
  groupId: Schema.NullOr(Id),
  kind: Schema.NullOr(DeviceKind),
  /** Null: no expiry recorded (not registered ad hoc). */
  period: Schema.NullOr(AdhocPeriod),
  expiresAt: Schema.NullOr(EpochMs),
  expired: Schema.Boolean,
});
export type UnitExpirationView = typeof UnitExpirationView.Type;

export const ExpirationChange = Schema.Struct({ period: Schema.optionalKey(AdhocPeriod) });

export const getUnitExpiration = endpoint({
  method: 'GET',
  path: 'v2/groups/{gid}/units/{unitId}/expiration',
  summary: 'Expiration of an ad-hoc LU-Smart / LU-Lite unit of the group (null: no expiry)',
  tags: TAGS,
  params: GroupUnitParams,
  query: Schema.Struct(currentGroup),
  response: UnitExpirationView,
});

export const resetUnitExpiration = endpoint({
  method: 'PUT',
  path: 'v2/groups/{gid}/units/{unitId}/expiration',
  summary: 'Reset the expiration of an LU-Smart / LU-Lite unit: now + the period (given, else its own, else 1 day)',
  tags: TAGS,
  params: GroupUnitParams,
  query: Schema.Struct(currentGroup),
  body: ExpirationChange,
  response: UnitExpirationView,
});

/** Every endpoint of the area. */
export const ADHOC_ENDPOINTS = [
  getAdhocRegistration,
  changeAdhocRegistration,
  getPermanentRegistration,
  changePermanentRegistration,
  sendEmailInvitation,
  sendSmsInvitation,
  getUnitExpiration,
  resetUnitExpiration,
] as const;
