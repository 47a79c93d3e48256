import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ACCESS_APPROVAL_STATES,
  PLAN_KINDS,
  SERVICE_DISPLAY_LABELS,
  SERVICE_NAMES,
  SERVICE_STATE_VALUES,
  SERVICE_TAGS,
  SOCIAL_STATUSES,
  SUPPORT_ACCESS_MS,
  TRIAL_STATES,
  USAGE_KINDS,
  isOverUsage,
  isTrialOver,
  serviceDisplayStatus,
  socialStatusLabel,
  supportAccessState,
  trialEndsAt,
  type ServiceStatusFacts,
} from './services.ts';
import * as services from './services.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 1);

describe('managed service vocabularies (spec 001 §3)', () => {
  it.each<[string, readonly string[], string[]]>([
    ['service names', SERVICE_NAMES, ['go_plan', 'graphics', 'smart_plan', 'ai_integration', 'audio_ifb', 'cellular_cap', 'ingest', 'field_server']],
    ['plan kinds', PLAN_KINDS, ['ADHOC', 'ADHOC_SMART', 'ADHOC_LITE', 'PERMANENT', 'PERMANENT_SMART', 'PERMANENT_LITE']],
    ['trial states', TRIAL_STATES, ['enabledTrial', 'expiredTrial', 'activeTrial', 'expiredService', 'purchasedService']],
    ['state values', SERVICE_STATE_VALUES, ['active', 'inactive', 'enabled', 'disabled', 'na', 'done', 'expired', 'selfActive']],
    ['usage kinds', USAGE_KINDS, ['data', 'time', 'na']],
    ['access approval states', ACCESS_APPROVAL_STATES, ['active', 'expired', 'used']],
    ['social statuses', SOCIAL_STATUSES, ['UNPUBLISHED', 'LIVE']],
  ])('lists the %s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('lists the service tags word for word', () => {
    expect(SERVICE_TAGS).toEqual(['SLA', 'Video', '4K', 'Bonding', 'Databridge', 'LRT', 'Cloud', 'Direct', 'Roaming', 'Video Return', 'VR-PRO', 'IP-Pipe', 'SDI', 'Output', 'HEVC', 'cellular capping', 'SRT Caller']);
  });

  it('leaves the software upgrade states to upgrade.ts', () => {
    expect(Object.keys(services).filter((name) => name.includes('UPGRADE'))).toEqual([]);
  });
});

describe('user-facing service status (spec 001 §4)', () => {
  it.each<[ServiceStatusFacts, string]>([
    [{}, 'Not enabled'],
    [{ trialState: 'enabledTrial' }, 'Not enabled'],
    [{ trialState: 'activeTrial' }, 'On trial'],
    [{ trialState: 'expiredTrial' }, 'Trial expired'],
    [{ trialState: 'purchasedService' }, 'Purchased'],
    [{ trialState: 'expiredService' }, 'Expired'],
    [{ trialState: 'purchasedService', usage: { kind: 'data', used: 1001, limit: 1000 } }, 'Over usage'],
    [{ trialState: 'purchasedService', usage: { kind: 'data', used: 1000, limit: 1000 } }, 'Purchased'],
    [{ trialState: 'activeTrial', usage: { kind: 'time', used: 10.5, limit: 10 } }, 'Over usage'],
    [{ trialState: 'purchasedService', usage: { kind: 'na', used: 5, limit: 1 } }, 'Purchased'],
    [{ trialState: 'purchasedService', usage: { kind: 'data', used: 5, limit: null } }, 'Purchased'],
    [{ trialState: 'expiredService', usage: { kind: 'data', used: 5, limit: 1 } }, 'Expired'],
    [{ trialState: 'expiredTrial', state: 'active' }, 'Trial expired'],
    [{ state: 'active' }, 'Purchased'],
    [{ state: 'selfActive' }, 'Purchased'],
    [{ state: 'enabled' }, 'Purchased'],
    [{ state: 'done' }, 'Trial expired'],
    [{ state: 'expired' }, 'Expired'],
    [{ state: 'inactive' }, 'Not enabled'],
    [{ state: 'disabled' }, 'Not enabled'],
    [{ state: 'na' }, 'Not enabled'],
  ])('%j shows %s', (facts, label) => {
    expect(SERVICE_DISPLAY_LABELS[serviceDisplayStatus(facts)]).toBe(label);
  });

  it('flags over usage exactly when used exceeds a data or time limit', () => {
    fc.assert(
      fc.property(fc.constantFrom('data' as const, 'time' as const), fc.nat(10_000), fc.nat(10_000), (kind, used, limit) => {
        expect(isOverUsage({ kind, used, limit })).toBe(used > limit);
      }),
    );
  });
});

describe('trials (spec 001 §9)', () => {
  it.each([
    ['go_plan', T0 + 30 * DAY],
    ['smart_plan', T0 + 30 * DAY],
    ['graphics', T0 + 30 * DAY],
    ['ai_integration', null],
  ] as const)('a %s trial started at T0 ends at %j', (service, expected) => {
    expect(trialEndsAt(service, T0)).toBe(expected);
  });

  it.each([
    ['go plan one ms before 30 days', 'go_plan', 0, 30 * DAY - 1, false],
    ['go plan at 30 days', 'go_plan', 0, 30 * DAY, true],
    ['go plan with heavy use', 'go_plan', 1000 * HOUR, DAY, false],
    ['graphics at 10 hours of use minus 1 ms', 'graphics', 10 * HOUR - 1, DAY, false],
    ['graphics at 10 hours of use', 'graphics', 10 * HOUR, DAY, true],
    ['graphics with 1 hour used at 30 days', 'graphics', HOUR, 30 * DAY, true],
    ['a service without trial', 'ingest', 0, 0, true],
  ] as const)('%s: over %s', (_name, service, used, elapsed, expected) => {
    expect(isTrialOver(service, T0, used, T0 + elapsed)).toBe(expected);
  });
});

describe('support access (spec 001 §6: 8 hours, then blocked)', () => {
  it.each([
    ['just granted', 0, 'active'],
    ['one ms before 8 hours', 8 * HOUR - 1, 'active'],
    ['exactly 8 hours', 8 * HOUR, 'expired'],
    ['one day later', DAY, 'expired'],
    ['clock skew (granted in the future)', -HOUR, 'active'],
  ])('is %s → %s', (_name, elapsed, expected) => {
    expect(supportAccessState(T0, T0 + elapsed)).toBe(expected);
  });

  it('is used once used, whatever the time', () => {
    expect(supportAccessState(T0, T0 + HOUR, true)).toBe('used');
    expect(SUPPORT_ACCESS_MS).toBe(8 * HOUR);
  });

  it('is active exactly inside the 8-hour window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * DAY }), (elapsed) => {
        expect(supportAccessState(T0, T0 + elapsed) === 'active').toBe(elapsed < 8 * HOUR);
      }),
    );
  });
});

describe('social status (spec 001 §4)', () => {
  it.each([
    ['UNPUBLISHED', 'PREVIEW'],
    ['LIVE', 'LIVE'],
  ] as const)('shows %s as %s', (status, label) => {
    expect(socialStatusLabel(status)).toBe(label);
  });
});
