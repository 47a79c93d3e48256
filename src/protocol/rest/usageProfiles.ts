/**
 * Usage profiles and usage reports (spec 002 §3 "Usage profile: name, type (data or hours), hours
 * or MB per month, reset day", §5, §8; spec 000 §2 Services "Usage Reports"). Paths are not shown
 * in the spec ("usage profiles calls: paths not shown"): ours, under v2/usage_profiles and
 * v2/reports. Texts are checked loosely here (lengths, ranges) and by the domain's rules.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, NotARef, NumberBetween, Page, PageQuery, PartOf, RefTo, Removed, TextBetween } from './common.ts';

/** `{id}` of a usage profile of the caller’s inventories (404 otherwise; defaults are read only). */
const ProfileParams = Schema.Struct({ id: PartOf('usage profile of the caller’s inventories') });
import { NAME_MAX_LENGTH } from '../../domain/validation/names.ts';
import { RESET_DAY_MAX, RESET_DAY_MIN, USAGE_PROFILE_TYPES, USAGE_VALUE_MAX } from '../../domain/usageProfiles.ts';

const TAGS = ['usageProfiles'] as const;

export const UsageProfileType = Schema.Literals(USAGE_PROFILE_TYPES);

export const UsageProfileRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: UsageProfileType,
  /** MB per month (data) or hours per month (hours). */
  value: Schema.Finite,
  resetDay: Schema.Int,
  isDefault: Schema.Boolean,
  /** null for a default profile (every inventory sees it). */
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  deviceCount: Schema.Int,
  createdAt: EpochMs,
});
export type UsageProfileRow = typeof UsageProfileRow.Type;

export const USAGE_PROFILE_SEARCH_KEYS = ['name', 'inventoryName'] as const;
export const USAGE_PROFILE_SORT_KEYS = ['name', 'type', 'value', 'resetDay', 'deviceCount', 'inventoryName', 'createdAt'] as const;
export type UsageProfileSearchKey = (typeof USAGE_PROFILE_SEARCH_KEYS)[number];
export type UsageProfileSortKey = (typeof USAGE_PROFILE_SORT_KEYS)[number];

/** A wide numeric range on the wire: the domain answers "Must be 1 or more" etc. with the spec's texts. */
const Value = NumberBetween(-USAGE_VALUE_MAX, USAGE_VALUE_MAX);
const ResetDay = NumberBetween(-1_000, 1_000);

export const NewUsageProfile = Schema.Struct({ inventoryId: RefTo('inventory'), name: TextBetween(0, NAME_MAX_LENGTH), type: UsageProfileType, value: Value, resetDay: ResetDay });
export type NewUsageProfile = typeof NewUsageProfile.Type;

export const UsageProfileChanges = Schema.Struct({
  name: Schema.optionalKey(TextBetween(0, NAME_MAX_LENGTH)),
  type: Schema.optionalKey(UsageProfileType),
  value: Schema.optionalKey(Value),
  resetDay: Schema.optionalKey(ResetDay),
});
export type UsageProfileChanges = typeof UsageProfileChanges.Type;

export const listUsageProfiles = endpoint({
  method: 'GET',
  path: 'v2/usage_profiles',
  summary: 'Usage profiles of the caller’s inventories (one inventory with inventoryId) and the default profiles, paged',
  tags: TAGS,
  query: Schema.Struct({ ...PageQuery(USAGE_PROFILE_SEARCH_KEYS, USAGE_PROFILE_SORT_KEYS).fields, inventoryId: Schema.optionalKey(RefTo('inventory')) }),
  response: Page(UsageProfileRow),
});

export const createUsageProfile = endpoint({
  method: 'POST',
  path: 'v2/usage_profiles',
  summary: 'Create a usage profile in an inventory (name unique, value a number, reset day 1-31)',
  tags: TAGS,
  body: NewUsageProfile,
  response: UsageProfileRow,
  successStatus: 201,
});

export const updateUsageProfile = endpoint({
  method: 'PUT',
  path: 'v2/usage_profiles/{id}',
  summary: 'Change a usage profile (default profiles are read-only)',
  tags: TAGS,
  params: ProfileParams,
  body: UsageProfileChanges,
  response: UsageProfileRow,
});

export const deleteUsageProfile = endpoint({
  method: 'DELETE',
  path: 'v2/usage_profiles/{id}',
  summary: 'Delete a usage profile (refused for default profiles and profiles with devices)',
  tags: TAGS,
  params: ProfileParams,
  response: Removed,
});

export const setUnitUsageProfile = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/usage_profile',
  summary: 'Set or clear (null) the usage profile of a unit: a default profile or one of the unit’s inventory',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ profileId: Schema.NullOr(PartOf('usage profile the unit’s inventory may use')) }),
  response: Schema.Struct({ uid: Id, usageProfileId: Schema.NullOr(Id) }),
});

// ── Usage reports ──────────────────────────────────────────────────────────────────────────────

/** 'YYYY-MM'. */
export const Month = Schema.String.check(Schema.isMaxLength(7), Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])$/)).annotate({ description: 'a month, YYYY-MM' });

/** Longest report (months). */
export const REPORT_MONTHS_MAX = 24;

export const UsageReportRow = Schema.Struct({
  period: Schema.String,
  unitId: Id,
  unitName: Schema.String,
  profileId: Schema.NullOr(Id),
  profileName: Schema.NullOr(Schema.String),
  profileType: Schema.NullOr(UsageProfileType),
  dataMb: Schema.Finite,
  hours: Schema.Finite,
  allowance: Schema.NullOr(Schema.Finite),
  usedPct: Schema.NullOr(Schema.Finite),
  overAllowance: Schema.Boolean,
});
export type UsageReportRow = typeof UsageReportRow.Type;

export const UsageReport = Schema.Struct({
  inventoryId: Id,
  from: Schema.String,
  to: Schema.String,
  months: Schema.Array(Schema.String),
  rows: Schema.Array(UsageReportRow),
  /** When the figures were read (ms): the current day still grows. */
  asOf: EpochMs,
});
export type UsageReport = typeof UsageReport.Type;

export const usageReport = endpoint({
  method: 'GET',
  path: 'v2/reports/usage',
  summary: 'Usage of the inventory’s units per usage period (month), by unit and profile, from the usage the server recorded',
  tags: TAGS,
  query: Schema.Struct({ inventoryId: Id, from: Month, to: Month, unitId: Schema.optionalKey(NotARef('a filter of the report')), profileId: Schema.optionalKey(NotARef('a filter of the report')) }),
  response: UsageReport,
});
