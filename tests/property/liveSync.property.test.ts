/**
 * Model-based test of the live sync (issue 4 item 8): random deliver, duplicate, reorder, drop,
 * disconnect, reconnect, snapshot (REST answers) and subscribe commands against a simulated
 * server; when the network goes quiet, the model equals the server's truth (units with their rev,
 * raw status and alerts), counters kept incrementally equal counters from scratch, and the
 * socket's topics are exactly the group plus what the views hold. Failing seeds found while
 * building are replayed first (REGRESSIONS).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Command } from './liveSync.harness.ts';
import { STATUSES, UNIT_IDS, World } from './liveSync.harness.ts';

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ t: fc.constant('mutate' as const), unit: fc.nat(UNIT_IDS.length - 1), what: fc.constantFrom('status' as const, 'alert' as const, 'add' as const, 'remove' as const), v: fc.nat(STATUSES.length * 4) }) },
  { weight: 6, arbitrary: fc.record({ t: fc.constant('deliver' as const), n: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('duplicate' as const), pick: fc.nat(500) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reorder' as const), pick: fc.nat(500) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('drop' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('disconnect' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('reconnect' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('snapshot' as const), pick: fc.nat(50) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('conflate' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('subscribe' as const), view: fc.nat(2), units: fc.uniqueArray(fc.nat(UNIT_IDS.length - 1), { maxLength: UNIT_IDS.length }) }) },
);

const scenario = fc.record({
  historySize: fc.integer({ min: 2, max: 40 }),
  batchSize: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer(),
  commands: fc.array(command, { maxLength: 200, size: 'max' }),
});

async function check(s: { historySize: number; batchSize: number; seed: number; commands: readonly Command[] }): Promise<void> {
  const world = new World(s.historySize, s.batchSize, s.seed);
  world.reconnect();
  for (const c of s.commands) await world.run(c);
  await world.quiesce();
  expect(world.protocolErrors).toEqual([]);
  expect(world.modelView()).toEqual(world.truthView());
  expect(world.pipeline.model.counters).toEqual(world.truthCounters());
  const topics = world.topicsView();
  expect(topics.server).toEqual(topics.client);
  expect(world.session.connection.phase).toBe('live');
}

/**
 * Counterexamples fast-check shrank to, replayed first as fixed examples. No real failure turned
 * up while building; these two are what it reported against deliberately broken code (kept so
 * each defect stays caught by a named, instant case):
 * - a gap answer at the same rev as the model ignored → the missed alert is never repaired;
 * - `reset` ignored → the model never resyncs after the server dropped history.
 */
const REGRESSIONS: { name: string; scenario: Parameters<typeof check>[0] }[] = [
  {
    // Found by the property once 'conflate' joined it: the outbox took the reordered (older) status
    // as the latest, and the client, told revs jump on purpose, kept rev 2 of 3.
    name: 'a conflated backlog keeps the newest status of a unit whose statuses were reordered in flight',
    scenario: {
      historySize: 2,
      batchSize: 1,
      seed: 0,
      commands: [
        { t: 'mutate', unit: 5, what: 'add', v: 0 },
        { t: 'snapshot', pick: 0 },
        { t: 'mutate', unit: 5, what: 'status', v: 0 },
        { t: 'mutate', unit: 5, what: 'status', v: 0 },
        { t: 'reorder', pick: 389 },
        { t: 'conflate' },
      ],
    },
  },
  {
    name: 'repairs a unit whose gap answer has the same rev as the model (reordered status/alert)',
    scenario: {
      historySize: 2,
      batchSize: 1,
      seed: 0,
      commands: [
        { t: 'snapshot', pick: 0 },
        { t: 'mutate', unit: 1, what: 'status', v: 7 },
        { t: 'mutate', unit: 1, what: 'status', v: 1 },
        { t: 'reorder', pick: 0 },
        { t: 'mutate', unit: 1, what: 'alert', v: 0 },
      ],
    },
  },
  {
    name: 'resyncs when the resume point is gone (reset after a disconnect)',
    scenario: {
      historySize: 2,
      batchSize: 1,
      seed: 0,
      commands: [
        { t: 'snapshot', pick: 0 },
        { t: 'mutate', unit: 0, what: 'status', v: 21 },
        { t: 'disconnect' },
        { t: 'mutate', unit: 0, what: 'status', v: 0 },
        { t: 'mutate', unit: 0, what: 'status', v: 0 },
      ],
    },
  },
];

describe('live sync: the model converges to the server truth', () => {
  it.each(REGRESSIONS)('$name', async ({ scenario: s }) => {
    await check(s);
  });

  it('equals the truth when quiet after any command sequence (1,000 runs of up to 200 commands)', async () => {
    await fc.assert(fc.asyncProperty(scenario, check), { numRuns: 1_000 });
  }, 120_000);

  it('a conflated stream ends in the same model as the full stream, with no refetch and no resync (issue 15 item 4)', async () => {
    const quiet: fc.Arbitrary<Command> = fc.oneof(
      { weight: 8, arbitrary: fc.record({ t: fc.constant('mutate' as const), unit: fc.nat(UNIT_IDS.length - 1), what: fc.constantFrom('status' as const, 'alert' as const, 'add' as const, 'remove' as const), v: fc.nat(STATUSES.length * 4) }) },
      { weight: 3, arbitrary: fc.record({ t: fc.constant('deliver' as const), n: fc.integer({ min: 1, max: 6 }) }) },
      { weight: 3, arbitrary: fc.record({ t: fc.constant('conflate' as const) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.array(quiet, { maxLength: 200, size: 'max' }), async (seed, commands) => {
        const full = new World(1_000, 50, seed);
        const conflated = new World(1_000, 50, seed);
        for (const world of [full, conflated]) {
          world.reconnect();
          await world.quiesce();
        }
        for (const c of commands) {
          await full.run(c.t === 'conflate' ? { t: 'deliver', n: 0 } : c);
          await conflated.run(c);
        }
        await full.quiesce();
        await conflated.quiesce();
        expect(conflated.modelView()).toEqual(full.modelView());
        expect(conflated.modelView()).toEqual(conflated.truthView());
        expect(conflated.pipeline.model.counters).toEqual(full.pipeline.model.counters);
        expect(conflated.pipeline.stats.refetches).toBe(full.pipeline.stats.refetches);
        expect(conflated.pipeline.stats.snapshots).toBe(1); // the first load only: no resync
        expect(conflated.session.connection.phase).toBe('live');
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('says "behind" while the conflated frames arrive and "live" once caught up, and resumes from the caught-up seq', async () => {
    const world = new World(1_000, 50, 9);
    world.reconnect();
    await world.quiesce();
    world.mutate(0, 'add', 2);
    for (let i = 0; i < 5; i += 1) world.mutate(0, 'status', i);
    world.mutate(1, 'add', 3);
    world.mutate(1, 'status', 1);
    await world.run({ t: 'conflate' });
    await world.run({ t: 'deliver', n: 2 }); // behind + the first event
    expect(world.session.connection.phase).toBe('behind');
    const resumePoint = world.session.lastSeq;
    await world.run({ t: 'deliver', n: 2 });
    expect(world.session.lastSeq).toBe(resumePoint); // seqs arrive out of order: not a resume point
    await world.quiesce();
    expect(world.session.connection.phase).toBe('live');
    expect(world.session.lastSeq).toBe(world.seq);
    expect(world.pipeline.stats.refetches).toBe(0);
    expect(world.modelView()).toEqual(world.truthView());
  });

  it('starts with a snapshot: subscribe first, then the REST snapshot, then live', async () => {
    const world = new World(10, 50, 3);
    world.mutate(0, 'add', 2);
    world.reconnect();
    expect(world.session.connection.phase).toBe('resyncing');
    expect(world.topicsView().server).toEqual(['group:G1']);
    await world.quiesce();
    expect(world.session.connection.phase).toBe('live');
    expect(world.modelView()).toEqual(world.truthView());
  });

  it('resumes from the last seq after a reconnect instead of fetching a snapshot', async () => {
    const world = new World(100, 50, 4);
    world.reconnect();
    await world.quiesce();
    const snapshotsBefore = world.pipeline.stats.snapshots;
    world.mutate(1, 'add', 3);
    world.disconnect();
    world.mutate(1, 'status', 1);
    await world.quiesce();
    expect(world.pipeline.stats.snapshots).toBe(snapshotsBefore);
    expect(world.modelView()).toEqual(world.truthView());
  });

  it('refetches a snapshot when the server no longer holds the resume point', async () => {
    const world = new World(2, 50, 5);
    world.reconnect();
    await world.quiesce();
    const snapshotsBefore = world.pipeline.stats.snapshots;
    world.disconnect();
    for (let i = 0; i < 5; i += 1) world.mutate(i, 'add', i);
    await world.quiesce();
    expect(world.pipeline.stats.snapshots).toBe(snapshotsBefore + 1);
    expect(world.modelView()).toEqual(world.truthView());
  });
});
