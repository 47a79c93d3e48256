/**
 * Managed services, trials, support access, social status (spec 001 §3, §4, §6, §9; spec 002 §9).
 * All times are ms since the epoch; `now` is always a parameter.
 */
import { GO_PLAN_TRIAL_DAYS, GRAPHICS_TRIAL_EXPIRES_IN_DAYS, GRAPHICS_TRIAL_HOURS, SMART_PLAN_TRIAL_DAYS, SUPPORT_ACCESS_MS } from './constants.ts';
import { assertNever } from './brand.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Spec 001 §3 managed service names. */
export const SERVICE_NAMES = ['go_plan', 'graphics', 'smart_plan', 'ai_integration', 'audio_ifb', 'cellular_cap', 'ingest', 'field_server'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const PLAN_KINDS = ['ADHOC', 'ADHOC_SMART', 'ADHOC_LITE', 'PERMANENT', 'PERMANENT_SMART', 'PERMANENT_LITE'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const TRIAL_STATES = ['enabledTrial', 'expiredTrial', 'activeTrial', 'expiredService', 'purchasedService'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];

export const SERVICE_STATE_VALUES = ['active', 'inactive', 'enabled', 'disabled', 'na', 'done', 'expired', 'selfActive'] as const;
export type ServiceStateValue = (typeof SERVICE_STATE_VALUES)[number];

export const USAGE_KINDS = ['data', 'time', 'na'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Spec 001 §3 "Service tags include ..." word for word. */
export const SERVICE_TAGS = [
  'SLA',
  'Video',
  '4K',
  'Bonding',
  'Databridge',
  'LRT',
  'Cloud',
  'Direct',
  'Roaming',
  'Video Return',
  'VR-PRO',
  'IP-Pipe',
  'SDI',
  'Output',
  'HEVC',
  'cellular capping',
  'SRT Caller',
] as const;
export type ServiceTag = (typeof SERVICE_TAGS)[number];

// ---------------------------------------------------------------------------------------------
// User-facing service status (spec 001 §4 "Service: not enabled, on trial, trial expired,
// purchased, expired, over usage")

export const SERVICE_DISPLAY_STATUSES = ['notEnabled', 'onTrial', 'trialExpired', 'purchased', 'expired', 'overUsage'] as const;
export type ServiceDisplayStatus = (typeof SERVICE_DISPLAY_STATUSES)[number];

export const SERVICE_DISPLAY_LABELS = {
  notEnabled: 'Not enabled',
  onTrial: 'On trial',
  trialExpired: 'Trial expired',
  purchased: 'Purchased',
  expired: 'Expired',
  overUsage: 'Over usage',
} as const satisfies Record<ServiceDisplayStatus, string>;

/** Usage against the plan; limit null means unlimited. Units: MB for data, hours for time. */
export interface ServiceUsage {
  readonly kind: UsageKind;
  readonly used: number;
  readonly limit: number | null;
}

export interface ServiceStatusFacts {
  readonly trialState?: TrialState | null;
  readonly state?: ServiceStateValue | null;
  readonly usage?: ServiceUsage | null;
}

/** Over usage: strictly more used than the limit (using exactly the limit is not over). */
export function isOverUsage(usage: ServiceUsage | null | undefined): boolean {
  if (!usage || usage.kind === 'na' || usage.limit === null) return false;
  return usage.used > usage.limit;
}

function fromTrialState(trialState: TrialState): ServiceDisplayStatus {
  switch (trialState) {
    case 'enabledTrial': // a trial may be started: the service itself is not enabled yet
      return 'notEnabled';
    case 'activeTrial':
      return 'onTrial';
    case 'expiredTrial':
      return 'trialExpired';
    case 'purchasedService':
      return 'purchased';
    case 'expiredService':
      return 'expired';
    default:
      return assertNever(trialState, 'trial state');
  }
}

function fromStateValue(state: ServiceStateValue): ServiceDisplayStatus {
  switch (state) {
    case 'active':
    case 'enabled':
    case 'selfActive':
      return 'purchased';
    case 'done': // read as "trial done": the spec does not define it
      return 'trialExpired';
    case 'expired':
      return 'expired';
    case 'inactive':
    case 'disabled':
    case 'na':
      return 'notEnabled';
    default:
      return assertNever(state, 'service state');
  }
}

/**
 * The status shown to the user. The trial state wins when present, else the state value decides;
 * nothing known means not enabled. A service in use (on trial or purchased) whose usage is over
 * its limit shows over usage.
 */
export function serviceDisplayStatus(facts: ServiceStatusFacts): ServiceDisplayStatus {
  const base = facts.trialState ? fromTrialState(facts.trialState) : facts.state ? fromStateValue(facts.state) : 'notEnabled';
  if ((base === 'onTrial' || base === 'purchased') && isOverUsage(facts.usage)) return 'overUsage';
  return base;
}

// ---------------------------------------------------------------------------------------------
// Trials (spec 001 §9 "30 days for go plan and smart plan; graphics trial 10 hours, expiring in 30 days")

export interface TrialTerms {
  /** Calendar length from the start of the trial. */
  readonly lengthMs: number;
  /** Usage allowance inside that length; null means unlimited use until the end. */
  readonly usageLimitMs: number | null;
}

export const TRIAL_TERMS: Partial<Record<ServiceName, TrialTerms>> = {
  go_plan: { lengthMs: GO_PLAN_TRIAL_DAYS * DAY_MS, usageLimitMs: null },
  smart_plan: { lengthMs: SMART_PLAN_TRIAL_DAYS * DAY_MS, usageLimitMs: null },
  graphics: { lengthMs: GRAPHICS_TRIAL_EXPIRES_IN_DAYS * DAY_MS, usageLimitMs: GRAPHICS_TRIAL_HOURS * HOUR_MS },
};

/** When a trial started at startedAt expires by the calendar; null when the service has no trial. */
export function trialEndsAt(service: ServiceName, startedAt: number): number | null {
  const terms = TRIAL_TERMS[service];
  return terms ? startedAt + terms.lengthMs : null;
}

/**
 * A trial is over at its end time or once its usage allowance is used up, whichever comes first
 * (graphics: 10 hours of use within 30 days). A service without a trial is never "on trial".
 */
export function isTrialOver(service: ServiceName, startedAt: number, usedMs: number, now: number): boolean {
  const terms = TRIAL_TERMS[service];
  if (!terms) return true;
  if (now >= startedAt + terms.lengthMs) return true;
  return terms.usageLimitMs !== null && usedMs >= terms.usageLimitMs;
}

// ---------------------------------------------------------------------------------------------
// Access approvals and support access (spec 001 §6, 002 §9)

export const ACCESS_APPROVAL_STATES = ['active', 'expired', 'used'] as const;
export type AccessApprovalState = (typeof ACCESS_APPROVAL_STATES)[number];

/** Spec 001 §6: "Support access can be granted to a device for 8 hours, then is blocked automatically". */
export { SUPPORT_ACCESS_MS };

/**
 * Active for 8 hours from grantedAt (the instant 8 hours later is already expired); an approval
 * that was used is "used" whatever the time. A grant stamped in the future (clock skew) is active.
 */
export function supportAccessState(grantedAt: number, now: number, used = false): AccessApprovalState {
  if (used) return 'used';
  return now - grantedAt < SUPPORT_ACCESS_MS ? 'active' : 'expired';
}

// ---------------------------------------------------------------------------------------------
// Social status (spec 001 §4 "UNPUBLISHED (shown as PREVIEW) and LIVE")

export const SOCIAL_STATUSES = ['UNPUBLISHED', 'LIVE'] as const;
export type SocialStatus = (typeof SOCIAL_STATUSES)[number];

export function socialStatusLabel(status: SocialStatus): 'PREVIEW' | 'LIVE' {
  switch (status) {
    case 'UNPUBLISHED':
      return 'PREVIEW';
    case 'LIVE':
      return 'LIVE';
    default:
      return assertNever(status, 'social status');
  }
}

// Software upgrade states (spec 001 §4: pending, upgrading, succeeded, failed, rejected) are
// UPGRADE_STATES in upgrade.ts; not repeated here.

// ---------------------------------------------------------------------------------------------
// An inventory's managed service as stored and as shown (issue 14; spec 001 §3, §4, §9)

/** Service labels as the console writes them (spec 001 §1 "go plan, smart plan, cloud graphics, AI ..."). */
export const SERVICE_LABELS = {
  go_plan: 'Go plan',
  graphics: 'Cloud graphics',
  smart_plan: 'Smart plan',
  ai_integration: 'AI integration',
  audio_ifb: 'Audio IFB',
  cellular_cap: 'Cellular cap',
  ingest: 'Ingest',
  field_server: 'Field server',
} as const satisfies Record<ServiceName, string>;

/** The services that offer a free trial (spec 001 §9): go plan, smart plan, graphics. */
export function hasTrial(service: ServiceName): boolean {
  return TRIAL_TERMS[service] !== undefined;
}

/** What the store keeps of one service of an inventory; no row means never started or bought. */
export interface StoredManagedService {
  readonly serviceName: ServiceName;
  readonly planKind: PlanKind | null;
  readonly state: ServiceStateValue;
  readonly trialState: TrialState | null;
  /** ms since the epoch; null when no trial was started. */
  readonly trialStartedAt: number | null;
  /** Usage counted against the plan: MB (data) or hours (time). */
  readonly usage: ServiceUsage;
}

export interface ManagedServiceView extends StoredManagedService {
  readonly displayStatus: ServiceDisplayStatus;
  /** When the trial ends by the calendar; null without a trial. */
  readonly trialEndsAt: number | null;
  /** A free trial may be started now (the free-trial dialog's button). */
  readonly trialAvailable: boolean;
}

/** The usage a trial counts (graphics: hours of use, 10 at most; the plans: none). */
export function trialUsage(service: ServiceName): ServiceUsage {
  const terms = TRIAL_TERMS[service];
  if (terms?.usageLimitMs === null || terms === undefined) return { kind: 'na', used: 0, limit: null };
  return { kind: 'time', used: 0, limit: terms.usageLimitMs / HOUR_MS };
}

/**
 * One service as the console shows it at `now`: a service never started offers its trial
 * (enabledTrial) when it has one; a running trial whose time or allowance is over reads as
 * expiredTrial without being written (the store keeps the start, the clock decides).
 */
export function managedServiceView(service: ServiceName, stored: StoredManagedService | undefined, now: number): ManagedServiceView {
  const base: StoredManagedService = stored ?? {
    serviceName: service,
    planKind: null,
    state: 'inactive',
    trialState: hasTrial(service) ? 'enabledTrial' : null,
    trialStartedAt: null,
    usage: { kind: 'na', used: 0, limit: null },
  };
  let trialState = base.trialState;
  if (trialState === 'activeTrial' && base.trialStartedAt !== null) {
    const usedMs = base.usage.kind === 'time' ? base.usage.used * HOUR_MS : 0;
    if (isTrialOver(service, base.trialStartedAt, usedMs, now)) trialState = 'expiredTrial';
  }
  const view = { ...base, trialState };
  return {
    ...view,
    displayStatus: serviceDisplayStatus(view),
    trialEndsAt: base.trialStartedAt === null ? null : trialEndsAt(service, base.trialStartedAt),
    trialAvailable: trialState === 'enabledTrial' && hasTrial(service),
  };
}

/** Ours (spec 001 gives no texts for a refused trial): why a trial cannot start, {0} the service's label. */
export const TRIAL_REFUSALS = {
  noTrial: 'No free trial is offered for {0}.',
  running: 'The free trial of {0} is already running.',
  used: 'The free trial of {0} has already been used.',
  purchased: '{0} is already purchased.',
} as const;

/** Null when a trial may start now, else the reason (filled with the service's label). */
export function trialRefusal(view: ManagedServiceView): string | null {
  const label = SERVICE_LABELS[view.serviceName];
  const fill = (text: string): string => text.replace('{0}', label);
  if (!hasTrial(view.serviceName)) return fill(TRIAL_REFUSALS.noTrial);
  switch (view.trialState) {
    case 'enabledTrial':
      return null;
    case 'activeTrial':
      return fill(TRIAL_REFUSALS.running);
    case 'purchasedService':
      return fill(TRIAL_REFUSALS.purchased);
    case 'expiredTrial':
    case 'expiredService':
    case null:
      return view.state === 'active' || view.state === 'selfActive' ? fill(TRIAL_REFUSALS.purchased) : fill(TRIAL_REFUSALS.used);
    default:
      return assertNever(view.trialState, 'trial state');
  }
}

/** The stored row of a trial started at `now`. */
export function startedTrial(service: ServiceName, now: number): StoredManagedService {
  return {
    serviceName: service,
    planKind: service === 'smart_plan' ? 'ADHOC_SMART' : service === 'go_plan' ? 'ADHOC' : null,
    state: 'enabled',
    trialState: 'activeTrial',
    trialStartedAt: now,
    usage: trialUsage(service),
  };
}

/** Ours (spec 001 §6 names the permission to give others access to unit and licence activation, not its refusal). */
export const ACTIVATION_NOT_GRANTED = 'Unit and license activation is not granted to you in this inventory. Ask an administrator of the inventory.';
