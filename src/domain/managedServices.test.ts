/** Issue 14: the managed service view and the trial rules (spec 001 §4, §9) of src/domain/services.ts. */
import { describe, expect, it } from 'vitest';
import { managedServiceView, SERVICE_NAMES, startedTrial, trialRefusal, type StoredManagedService } from './services.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);

describe('a service never started (spec 001 §9 trials)', () => {
  it.each(SERVICE_NAMES.map((name) => [name, ['go_plan', 'smart_plan', 'graphics'].includes(name)] as const))('%s offers a trial: %s', (name, offered) => {
    const view = managedServiceView(name, undefined, T0);
    expect(view.trialAvailable).toBe(offered);
    expect(view.trialState).toBe(offered ? 'enabledTrial' : null);
    expect(view.displayStatus).toBe('notEnabled');
  });
});

describe('a trial started at T0', () => {
  it.each([
    ['go_plan', 30 * DAY],
    ['smart_plan', 30 * DAY],
    ['graphics', 30 * DAY],
  ] as const)('%s runs until T0 + %i ms, then reads as expired', (name, length) => {
    const trial = startedTrial(name, T0);
    expect(managedServiceView(name, trial, T0 + length - 1)).toMatchObject({ trialState: 'activeTrial', displayStatus: 'onTrial', trialEndsAt: T0 + length });
    expect(managedServiceView(name, trial, T0 + length)).toMatchObject({ trialState: 'expiredTrial', displayStatus: 'trialExpired' });
  });

  it('graphics ends after 10 hours of use, inside its 30 days', () => {
    const trial = startedTrial('graphics', T0);
    expect(trial.usage).toEqual({ kind: 'time', used: 0, limit: 10 });
    const used = (hours: number): StoredManagedService => ({ ...trial, usage: { ...trial.usage, used: hours } });
    expect(managedServiceView('graphics', used(9.99), T0 + DAY).trialState).toBe('activeTrial');
    expect(managedServiceView('graphics', used(10), T0 + DAY).trialState).toBe('expiredTrial');
  });

  it('the plans start with their plan kinds (go plan ADHOC, smart plan ADHOC_SMART)', () => {
    expect(startedTrial('go_plan', T0).planKind).toBe('ADHOC');
    expect(startedTrial('smart_plan', T0).planKind).toBe('ADHOC_SMART');
  });
});

describe('trialRefusal', () => {
  const purchased: StoredManagedService = { serviceName: 'go_plan', planKind: 'PERMANENT', state: 'active', trialState: 'purchasedService', trialStartedAt: null, usage: { kind: 'na', used: 0, limit: null } };
  it.each([
    ['on offer', managedServiceView('go_plan', undefined, T0), null],
    ['no trial', managedServiceView('ai_integration', undefined, T0), 'No free trial is offered for AI integration.'],
    ['running', managedServiceView('smart_plan', startedTrial('smart_plan', T0), T0 + DAY), 'The free trial of Smart plan is already running.'],
    ['used', managedServiceView('graphics', startedTrial('graphics', T0), T0 + 31 * DAY), 'The free trial of Cloud graphics has already been used.'],
    ['purchased', managedServiceView('go_plan', purchased, T0), 'Go plan is already purchased.'],
  ])('%s → %s', (_case, view, refusal) => {
    expect(trialRefusal(view)).toBe(refusal);
  });
});
