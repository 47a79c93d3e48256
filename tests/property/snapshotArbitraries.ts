/**
 * Random REST snapshots (GET devices/fetch's value) built on real units of a recorded fixture,
 * changed at random: fields left undefined, nulls, -0, NaN, large integers, odd strings, extra
 * fields of any JSON shape. Shared by the packed and the columns forms' property tests.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/** The unit.added data of a committed fixture: real units as the simulator makes them. */
export const REAL_UNITS: Record<string, unknown>[] = readFileSync(new URL('../../fixtures/reconnect-storm.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.includes('"kind":"unit.added"'))
  .map((line) => (JSON.parse(line) as { data: Record<string, unknown> }).data);

/** Values JSON writes differently from how a JS object holds them. */
const oddValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(-0),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  fc.double({ noNaN: true }),
  fc.string({ unit: 'binary' }),
  fc.jsonValue(),
  fc.array(fc.option(fc.integer(), { nil: undefined }), { maxLength: 4 }),
);

export const unitEntry = fc
  .record({
    base: fc.constantFrom(...REAL_UNITS),
    rev: fc.oneof(fc.nat(), fc.integer({ min: 2 ** 32, max: Number.MAX_SAFE_INTEGER }), fc.constant(-1)),
    extra: fc.dictionary(fc.string({ maxLength: 8 }), oddValue, { maxKeys: 3 }),
    statusExtra: fc.dictionary(fc.constantFrom('battery', 'video', 'note', 'onlineSince'), oddValue, { maxKeys: 2 }),
    drop: fc.subarray(['lat', 'lng', 'battery', 'links', 'config', 'comment']),
    name: fc.option(fc.string({ unit: 'grapheme', maxLength: 20 }), { nil: undefined }),
  })
  .map(({ base, rev, extra, statusExtra, drop, name }) => {
    const unit: Record<string, unknown> = { ...base, ...extra, status: { ...(base['status'] as object), ...statusExtra } };
    for (const key of drop) unit[key] = key === 'battery' ? null : undefined;
    if (name !== undefined) unit['name'] = name;
    return { rev, unit };
  });

export const snapshotArb = fc.record({
  watermark: fc.oneof(fc.nat(), fc.integer({ min: 2 ** 40, max: Number.MAX_SAFE_INTEGER })),
  units: fc.array(unitEntry, { maxLength: 30 }),
  channels: fc.array(
    fc.record({
      id: fc.constantFrom('CH-1', 'CH-2', ''),
      rev: fc.nat(),
      name: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      version: fc.option(fc.constantFrom('', '4.1.0'), { nil: undefined }),
    }),
    { maxLength: 4 },
  ),
  servers: fc.constant([]),
});

