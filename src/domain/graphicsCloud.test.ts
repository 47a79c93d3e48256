import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { GRAPHICS_JOB_STATUSES, GRAPHICS_TEMPLATES, JOB_DURATION_MS, JOB_QUEUED_MS, controlAppName, graphicsAppErrors, graphicsJobProgress, graphicsJobStatus, GRAPHICS_APP_NAME_MAX_LENGTH } from './graphicsCloud.ts';

const job = { startedAt: 1_000_000, durationMs: JOB_DURATION_MS.start };

describe('graphics jobs follow the clock (queued, running, done; failed without its app)', () => {
  it.each<[number, string, number]>([
    [0, 'queued', 0],
    [JOB_QUEUED_MS - 1, 'queued', 0],
    [JOB_QUEUED_MS, 'running', 0],
    [JOB_QUEUED_MS + JOB_DURATION_MS.start / 4, 'running', 25],
    [JOB_QUEUED_MS + JOB_DURATION_MS.start, 'done', 100],
    [10 * 60_000, 'done', 100],
  ])('%i ms after it started: %s, %i %%', (elapsed, status, progress) => {
    expect(graphicsJobStatus(job, job.startedAt + elapsed, true)).toBe(status);
    expect(graphicsJobProgress(job, job.startedAt + elapsed)).toBe(progress);
  });
  it('a job whose app is gone is failed', () => {
    expect(graphicsJobStatus(job, job.startedAt, false)).toBe('failed');
  });
  it('status never goes back and progress stays within 0-100 as time passes', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const order = (t: number) => GRAPHICS_JOB_STATUSES.indexOf(graphicsJobStatus(job, job.startedAt + t, true));
        const p = graphicsJobProgress(job, job.startedAt + late);
        return order(early) <= order(late) && p >= 0 && p <= 100 && graphicsJobProgress(job, job.startedAt + early) <= p;
      }),
    );
  });
});

describe('a new graphics app', () => {
  it.each<[string, string, Record<string, string>]>([
    ['Scores', 'tpl-scoreboard', {}],
    ['', 'tpl-scoreboard', { name: 'This field is required' }],
    ['n'.repeat(GRAPHICS_APP_NAME_MAX_LENGTH + 1), 'tpl-clock', { name: `Must have at most ${GRAPHICS_APP_NAME_MAX_LENGTH} characters` }],
    ['Odd', 'tpl-none', { templateId: 'Unknown template' }],
    ['Odd', '', { templateId: 'This field is required' }],
  ])('%j from %j → %j', (name, templateId, expected) => {
    expect(graphicsAppErrors({ name, templateId })).toEqual(expected);
  });
  it('every template has an id, a name and a description', () => {
    for (const t of GRAPHICS_TEMPLATES) expect([t.id.length > 0, t.name.length > 0, t.description.length > 0]).toEqual([true, true, true]);
  });
  it('a control app is named after its app and stays within the name bound', () => {
    expect(controlAppName('Scores')).toBe('Scores control');
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: GRAPHICS_APP_NAME_MAX_LENGTH }), (name) => controlAppName(name).length <= GRAPHICS_APP_NAME_MAX_LENGTH));
  });
});
