/**
 * Usage profiles and usage reports (spec 002 §3 "Usage profile: name, type (data or hours), hours
 * or MB per month, reset day", §5, §8; spec 000 §2 "Usage Reports"). The form rules live in
 * validation/usageProfiles.ts and are re-exported here; this module adds what the server and the
 * reports share: the default profiles, usage periods by reset day and the report's rows.
 * Pure: no IO; days are UTC calendar days written 'YYYY-MM-DD', months 'YYYY-MM'.
 */
export {
  USAGE_PROFILE_TYPES,
  type UsageProfileType,
  RESET_DAY_MIN,
  RESET_DAY_MAX,
  USAGE_PROFILE_MESSAGES,
  usageProfileFormErrors,
  canDeleteUsageProfile,
  splitUsageProfileDeletion,
  type UsageProfileForm,
} from './validation/usageProfiles.ts';
import type { UsageProfileType } from './validation/usageProfiles.ts';

/** Largest allowance a profile may hold (ours: 10 PB of data or 10^7 hours, a bound for the contract). */
export const USAGE_VALUE_MAX = 10_000_000_000;

/** Ours (the spec does not say whether defaults may change): the shared default profiles are read-only. */
export const DEFAULT_PROFILE_READ_ONLY = 'The default profiles cannot be changed.';
/** Ours: a unit takes a default profile or one of its own inventory. */
export const PROFILE_OF_OTHER_INVENTORY = 'The profile belongs to another inventory.';

/**
 * The default profiles every inventory sees (ours: the spec names "default profiles" without
 * their values): 10 GB of data a month and 100 hours a month, both reset on the 1st.
 */
export const DEFAULT_PROFILES = [
  { id: 'UP-DEFAULT-DATA', name: 'Default data', type: 'data', value: 10_240, resetDay: 1 },
  { id: 'UP-DEFAULT-HOURS', name: 'Default hours', type: 'hours', value: 100, resetDay: 1 },
] as const satisfies ReadonlyArray<{ id: string; name: string; type: UsageProfileType; value: number; resetDay: number }>;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** 'YYYY-MM-DD' of an instant (UTC). */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 'YYYY-MM' of an instant (UTC). */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Days in a month (1-12) of a year. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month after (or before, with -1) 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const m = MONTH_PATTERN.exec(month);
  if (m === null) throw new Error(`not a month: ${month}`);
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + by;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** Every month from `from` to `to`, both included ('YYYY-MM'); empty when to is before from. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to && months.length < 1200; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/**
 * The usage period a day counts in, named by the month the period starts in: a profile resetting
 * on day D counts D..D-1 of the next month (spec 002 §9 reset day 1-31). A reset day past the end
 * of a short month resets on that month's last day (31 → 30 April, 28/29 February).
 */
export function usagePeriodOf(day: string, resetDay: number): string {
  const m = DAY_PATTERN.exec(day);
  if (m === null) throw new Error(`not a day: ${day}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const resetThisMonth = Math.min(resetDay, daysIn(year, month));
  const thisMonth = `${m[1]}-${m[2]}`;
  return Number(m[3]) >= resetThisMonth ? thisMonth : shiftMonth(thisMonth, -1);
}

/** One unit's usage of one day, as the server records it from the simulator's usage pushes. */
export interface DailyUsage {
  readonly unitId: string;
  readonly day: string;
  /** Data sent and received (MB). */
  readonly dataMb: number;
  /** Time transmitting (s). */
  readonly seconds: number;
}

/**
 * Adds `usage` into `sums`, one entry per unit and day (key `unitId|day`): the recorder gathers a
 * flush with it, the store sums a flush's rows with it before one multi-row upsert (which may not
 * name a row twice).
 */
export function addDailyUsage(sums: Map<string, DailyUsage>, usage: DailyUsage): void {
  const key = `${usage.unitId}|${usage.day}`;
  const sum = sums.get(key);
  sums.set(key, sum === undefined ? usage : { ...sum, dataMb: sum.dataMb + usage.dataMb, seconds: sum.seconds + usage.seconds });
}

export interface ReportUnit {
  readonly unitId: string;
  readonly unitName: string;
  readonly profile: { readonly id: string; readonly name: string; readonly type: UsageProfileType; readonly value: number; readonly resetDay: number } | null;
}

/** One row of the usage report: a unit's use in one usage period. */
export interface UsageReportRow {
  readonly period: string;
  readonly unitId: string;
  readonly unitName: string;
  readonly profileId: string | null;
  readonly profileName: string | null;
  readonly profileType: UsageProfileType | null;
  readonly dataMb: number;
  readonly hours: number;
  /** The profile's allowance (MB or hours per month); null without a profile. */
  readonly allowance: number | null;
  /** Share of the allowance used (%), one decimal; null without a profile or with a 0 allowance. */
  readonly usedPct: number | null;
  readonly overAllowance: boolean;
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The report's rows: each unit's days summed per usage period (by its profile's reset day, the 1st
 * without a profile), for the periods from..to; units with no use in a period have no row. Sorted
 * by period, then unit name.
 */
export function usageReportRows(units: readonly ReportUnit[], days: readonly DailyUsage[], from: string, to: string): UsageReportRow[] {
  const byUnit = new Map(units.map((unit) => [unit.unitId, unit]));
  const sums = new Map<string, { unit: ReportUnit; period: string; dataMb: number; seconds: number }>();
  for (const day of days) {
    const unit = byUnit.get(day.unitId);
    if (unit === undefined) continue;
    const period = usagePeriodOf(day.day, unit.profile?.resetDay ?? 1);
    if (period < from || period > to) continue;
    const key = `${period}|${unit.unitId}`;
    const sum = sums.get(key) ?? { unit, period, dataMb: 0, seconds: 0 };
    sum.dataMb += day.dataMb;
    sum.seconds += day.seconds;
    sums.set(key, sum);
  }
  const rows = [...sums.values()].map(({ unit, period, dataMb, seconds }): UsageReportRow => {
    const hours = seconds / 3600;
    const profile = unit.profile;
    const used = profile === null ? null : profile.type === 'data' ? dataMb : hours;
    const usedPct = profile === null || used === null || profile.value <= 0 ? null : round((used / profile.value) * 100, 1);
    return {
      period,
      unitId: unit.unitId,
      unitName: unit.unitName,
      profileId: profile?.id ?? null,
      profileName: profile?.name ?? null,
      profileType: profile?.type ?? null,
      dataMb: round(dataMb, 3),
      hours: round(hours, 3),
      allowance: profile?.value ?? null,
      usedPct,
      overAllowance: profile !== null && used !== null && used > profile.value,
    };
  });
  return rows.sort((a, b) => (a.period === b.period ? a.unitName.localeCompare(b.unitName) || a.unitId.localeCompare(b.unitId) : a.period < b.period ? -1 : 1));
}

/** A chart series: one value per month of `months` (0 where nothing was used). */
export interface UsageSeries {
  readonly label: string;
  readonly values: readonly number[];
}

/**
 * The charts' figures: per month, the data (MB) and hours summed per profile ("No profile" for
 * units without one), one series per profile in name order.
 */
export function usageByProfileAndMonth(rows: readonly UsageReportRow[], months: readonly string[], noProfileLabel: string): { data: UsageSeries[]; hours: UsageSeries[] } {
  const index = new Map(months.map((month, i) => [month, i]));
  const data = new Map<string, number[]>();
  const hours = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.period);
    if (i === undefined) continue;
    const label = row.profileName ?? noProfileLabel;
    const d = data.get(label) ?? months.map(() => 0);
    const h = hours.get(label) ?? months.map(() => 0);
    d[i] = round((d[i] ?? 0) + row.dataMb, 3);
    h[i] = round((h[i] ?? 0) + row.hours, 3);
    data.set(label, d);
    hours.set(label, h);
  }
  const series = (map: Map<string, number[]>): UsageSeries[] => [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, values]) => ({ label, values }));
  return { data: series(data), hours: series(hours) };
}

/** The CSV export's header, in the order of `usageCsvRecord`. */
export const USAGE_CSV_HEADER = ['Month', 'Unit', 'Profile', 'Type', 'Data (MB)', 'Hours', 'Allowance', 'Used (%)'] as const;

/** One CSV record of a report row (numbers as plain numbers; '' for none). */
export function usageCsvRecord(row: UsageReportRow): Array<string | number> {
  return [row.period, row.unitName, row.profileName ?? '', row.profileType ?? '', row.dataMb, row.hours, row.allowance ?? '', row.usedPct ?? ''];
}

/** MB of data moved in `seconds` at these bitrates (kbps, uplink + downlink): kbit/s × s / 8 / 1000. */
export function megabytesAt(totalKbps: number, seconds: number): number {
  return (Math.max(0, totalKbps) * Math.max(0, seconds)) / 8 / 1000;
}
