/**
 * The incident centre's rules (issue 17 items 1 and 2): what an incident is, how severe, what it
 * says, how long it is kept, and the operator's own thresholds (per user, per group) with their
 * bounds. Pure: the server's recorder and threshold watch, the REST contract and the console read
 * these.
 *
 * Incidents of the fleet (unit transitions, unit alerts) belong to the unit's group: everyone who
 * sees the group sees them and may acknowledge them (once, for all). Threshold incidents belong to
 * the user whose threshold raised them (nobody else chose that threshold).
 */
import { assertNever } from './brand.ts';
import { ERRORS } from './errors.ts';
import { formatMessage } from './validation/messages.ts';
import { MESSAGES } from './validation/messages.ts';
import type { TransitionName } from './units/transitions.ts';

/** How long incidents are kept (days): "any incident ... from the last 60 days". */
export const INCIDENT_RETENTION_DAYS = 60;

export const INCIDENT_KINDS = ['transition', 'alert', 'threshold'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export const INCIDENT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/**
 * The bell counts unseen incidents at or above this severity: alerts, thresholds and on-air losses.
 * Routine transitions (a unit coming online, a stream ending) are logged and searchable, but a
 * fleet of 2,000 units makes hundreds an hour and a count of them would mean nothing.
 */
export const BELL_MIN_SEVERITY: IncidentSeverity = 'warning';
/** The bell shows at most this number, then "99+" (the server stops counting there). */
export const BELL_COUNT_CAP = 99;

export function severityRank(severity: IncidentSeverity): number {
  return INCIDENT_SEVERITIES.indexOf(severity);
}

/** The severities the bell counts. */
export const BELL_SEVERITIES: readonly IncidentSeverity[] = INCIDENT_SEVERITIES.filter((s) => severityRank(s) >= severityRank(BELL_MIN_SEVERITY));

/**
 * A transition's severity (ours): losing a unit that was on air is a warning (the picture went
 * away); every other change of status is information.
 */
export function transitionSeverity(transition: TransitionName): IncidentSeverity {
  return transition === 'streamingToOffline' ? 'warning' : 'info';
}

/** What a transition incident says (English; the console shows its own words by `code`). */
export const TRANSITION_TEXTS: Readonly<Record<TransitionName, string>> = {
  offlineToOnline: 'Came online',
  onlineToOffline: 'Went offline',
  onlineToStreaming: 'Started streaming',
  offlineToStreaming: 'Came online streaming',
  streamingToOnline: 'Stopped streaming',
  streamingToOffline: 'Went offline while streaming',
  onlineToStoreAndForward: 'Started store and forward',
  offlineToStoreAndForward: 'Came online in store and forward',
  storeAndForwardToOnline: 'Ended store and forward',
  storeAndForwardToOffline: 'Went offline in store and forward',
  unknown: 'Changed status',
};

// ── Thresholds of the operator's own (issue 17 item 2) ─────────────────────────────────────────

export const THRESHOLD_KINDS = ['lowUplink', 'battery', 'cameraDisconnected', 'linkLoss', 'offlineLong'] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];

/** A whole-number bound of a threshold field. */
export interface Bound {
  readonly min: number;
  readonly max: number;
  readonly initial: number;
}

/**
 * The numbers each kind takes (ours, chosen to cover a real fleet):
 * - lowUplink: the unit's total uplink below `value` kbps for `seconds` s while streaming (kbps:
 *   100 to 100,000, the spec's HD maximum is 20 Mbps; seconds: 5, one usage sample, to an hour);
 * - battery: below `value` % (1–99; 20 is the unit alert's own threshold);
 * - offlineLong: offline longer than `value` minutes (1 minute to a day);
 * - cameraDisconnected and linkLoss take no number.
 */
export const THRESHOLD_BOUNDS: Readonly<Record<ThresholdKind, { readonly value: Bound | null; readonly seconds: Bound | null }>> = {
  lowUplink: { value: { min: 100, max: 100_000, initial: 1_000 }, seconds: { min: 5, max: 3_600, initial: 30 } },
  battery: { value: { min: 1, max: 99, initial: 20 }, seconds: null },
  cameraDisconnected: { value: null, seconds: null },
  linkLoss: { value: null, seconds: null },
  offlineLong: { value: { min: 1, max: 1_440, initial: 10 }, seconds: null },
};

/** One threshold as a user sets it for one group. */
export interface ThresholdSetting {
  readonly kind: ThresholdKind;
  readonly enabled: boolean;
  /** kbps (lowUplink), % (battery), minutes (offlineLong); null for the kinds without a number. */
  readonly value: number | null;
  /** s (lowUplink only); null otherwise. */
  readonly seconds: number | null;
  /** Also show a toast when it raises an incident (the incident is recorded either way). */
  readonly toast: boolean;
}

/** A threshold as the watch uses it: whose it is and for which group. */
export interface Threshold extends ThresholdSetting {
  readonly id: string;
  readonly userId: string;
  readonly groupId: string;
}

/** Every kind, off, with its initial numbers: what a user who never set any has. */
export function defaultThresholds(): ThresholdSetting[] {
  return THRESHOLD_KINDS.map((kind) => ({
    kind,
    enabled: false,
    value: THRESHOLD_BOUNDS[kind].value?.initial ?? null,
    seconds: THRESHOLD_BOUNDS[kind].seconds?.initial ?? null,
    toast: true,
  }));
}

function boundError(value: number | null, bound: Bound | null): string | null {
  if (bound === null) return value === null ? null : MESSAGES.invalidField;
  if (value === null) return MESSAGES.required;
  if (!Number.isInteger(value)) return MESSAGES.integer;
  if (value < bound.min) return formatMessage(MESSAGES.minValue, { 1: bound.min });
  if (value > bound.max) return formatMessage(MESSAGES.maxValue, { 1: bound.max });
  return null;
}

/**
 * The spec 002 §5 message of each refused number, keyed `<kind>.value` / `<kind>.seconds`. A
 * threshold that is off keeps its numbers but they are still checked (they come back when it is on).
 */
export function thresholdErrors(settings: readonly ThresholdSetting[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const setting of settings) {
    const bounds = THRESHOLD_BOUNDS[setting.kind];
    const value = boundError(setting.value, bounds.value);
    const seconds = boundError(setting.seconds, bounds.seconds);
    if (value !== null) errors[`${setting.kind}.value`] = value;
    if (seconds !== null) errors[`${setting.kind}.seconds`] = seconds;
  }
  return errors;
}

/** The text of an incident a threshold raised (English, stored and searched; the spec's `{0}%` for battery). */
export function thresholdText(kind: ThresholdKind, setting: Pick<ThresholdSetting, 'value' | 'seconds'>, port?: string): string {
  switch (kind) {
    case 'lowUplink':
      return `Uplink below ${setting.value ?? 0} kbps for ${setting.seconds ?? 0} s while streaming`;
    case 'battery':
      return formatMessage(ERRORS.alerts.batteryBelow, { 0: setting.value ?? 0 });
    case 'cameraDisconnected':
      return ERRORS.alerts.cameraDisconnected;
    case 'linkLoss':
      return port === undefined ? 'Link lost' : `Link ${port} lost`;
    case 'offlineLong':
      return `Offline for more than ${setting.value ?? 0} minutes`;
    default:
      return assertNever(kind, 'threshold kind');
  }
}

/** A threshold incident's severity (ours): a silent unit or a lost camera is critical, the rest a warning. */
export function thresholdSeverity(kind: ThresholdKind): IncidentSeverity {
  return kind === 'offlineLong' || kind === 'cameraDisconnected' ? 'critical' : 'warning';
}
