import { describe, expect, it } from 'vitest';
import type { RouteName } from '../domain/roles/routes.ts';
import type { ScreenModule } from './consoleScreens.ts';
import { warmScreens, type WarmScheduler } from './warmScreens.ts';

/** A scheduler whose timer and idle callbacks run only when the test says so. */
function manualScheduler() {
  const pending: { kind: 'after' | 'idle'; ms?: number; run: () => void; cancelled: boolean }[] = [];
  const scheduler: WarmScheduler = {
    after: (ms, run) => {
      const entry = { kind: 'after' as const, ms, run, cancelled: false };
      pending.push(entry);
      return () => void (entry.cancelled = true);
    },
    idle: (run) => {
      const entry = { kind: 'idle' as const, run, cancelled: false };
      pending.push(entry);
      return () => void (entry.cancelled = true);
    },
  };
  const fire = (kind: 'after' | 'idle'): void => {
    const entry = pending.find((item) => item.kind === kind && !item.cancelled);
    if (entry === undefined) throw new Error(`no ${kind} callback waiting`);
    pending.splice(pending.indexOf(entry), 1);
    entry.run();
  };
  return { scheduler, pending, fire };
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

function screens(log: string[], failing: readonly RouteName[] = []) {
  const module: ScreenModule = { default: () => null };
  const load = (name: RouteName) => async (): Promise<ScreenModule> => {
    log.push(name);
    if (failing.includes(name)) throw new Error(`chunk of ${name} failed`);
    return module;
  };
  return { MultiView: load('MultiView'), UnitMap: load('UnitMap') };
}

describe('warmScreens', () => {
  it('loads nothing before the delay and the idle period, then each screen once, in order', async () => {
    const log: string[] = [];
    const { scheduler, pending, fire } = manualScheduler();
    const warmed = new Set<RouteName>();
    warmScreens(['MultiView', 'UnitMap'], 3_000, scheduler, screens(log), warmed);
    expect(pending.map((entry) => [entry.kind, entry.ms])).toEqual([['after', 3_000]]);
    fire('after');
    await flush();
    expect(log).toEqual([]);
    fire('idle');
    await flush();
    expect(log).toEqual(['MultiView', 'UnitMap']);
    // A second warm-up in the same page (the list shown again) loads nothing new.
    warmScreens(['MultiView', 'UnitMap'], 3_000, scheduler, screens(log), warmed);
    fire('after');
    fire('idle');
    await flush();
    expect(log).toEqual(['MultiView', 'UnitMap']);
  });

  it('loads nothing once cancelled before it started', async () => {
    const log: string[] = [];
    const { scheduler, pending, fire } = manualScheduler();
    const cancel = warmScreens(['MultiView', 'UnitMap'], 3_000, scheduler, screens(log), new Set());
    fire('after');
    cancel();
    expect(pending.every((entry) => entry.cancelled)).toBe(true);
    expect(log).toEqual([]);
  });

  it('goes on after a failed load, and a later warm-up tries the failed screen again', async () => {
    const log: string[] = [];
    const { scheduler, fire } = manualScheduler();
    const warmed = new Set<RouteName>();
    warmScreens(['MultiView', 'UnitMap'], 0, scheduler, screens(log, ['MultiView']), warmed);
    fire('after');
    fire('idle');
    await flush();
    expect(log).toEqual(['MultiView', 'UnitMap']);
    expect([...warmed]).toEqual(['UnitMap']);
    warmScreens(['MultiView', 'UnitMap'], 0, scheduler, screens(log), warmed);
    fire('after');
    fire('idle');
    await flush();
    expect(log).toEqual(['MultiView', 'UnitMap', 'MultiView']);
  });
});
