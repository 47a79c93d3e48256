import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isEnvelope } from '../src/protocol/envelopeGuard.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { APPLICATION_NAMES } from '../src/domain/units/status.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../src/domain/units/interface.ts';
import { defaultParams, runScenario } from '../fixtures/generate.ts';
import type { LineVariant } from './logArbitraries.ts';
import { alert, lineText, link, unitData, variedLineText } from './logArbitraries.ts';
import { SCAN_FALLBACK, SCAN_STRIDE, S_APPS, S_EXTRA, S_ID, S_KIND, S_REV, S_SEQ, S_STATE, S_TS, SummaryScanner, addedExtra, sharedSummaryScanner } from './summaryScanner.ts';

/** Mostly valid unit.status, unit.usage, unit.added and unit.alert envelopes: what the scanner reads, so accepting is tested often. */
const readableEnvelope = fc.record(
  {
    seq: fc.oneof(fc.nat(), fc.constantFrom(0, 2 ** 53 - 1, 999_999_999_999_999, -0, 1.5)),
    ts: fc.oneof(fc.nat(), fc.constant(1_763_700_000_123)),
    kind: fc.constantFrom('unit.status', 'unit.usage', 'unit.added', 'unit.added', 'unit.added', 'unit.alert'),
    id: fc.oneof(fc.constantFrom('U1', 'U000002', 'a b', ''), fc.string({ maxLength: 6 })),
    rev: fc.integer({ min: 0, max: 30 }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: ['seq', 'ts', 'kind', 'id', 'rev'] },
).chain((envelope) => {
  const applications = fc.dictionary(
    fc.constantFrom(...APPLICATION_NAMES, 'other', '__proto__', 'vid\u0065o'),
    fc.oneof(fc.constant({}), fc.record({ state: fc.oneof(fc.constantFrom('streaming', 'idle', 'é'), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] })),
  );
  const status = fc.record(
    { state: fc.oneof(fc.constantFrom('online', 'offline', 'idle', 'a"b'), fc.jsonValue({ maxDepth: 1 })), applications, video: fc.jsonValue({ maxDepth: 2 }), battery: fc.jsonValue({ maxDepth: 2 }) },
    { requiredKeys: [] },
  );
  const usageLink = fc.record(
    {
      port: fc.oneof(fc.constantFrom('eth0', 'modem1'), fc.string({ maxLength: 4 })),
      name: fc.string({ maxLength: 8 }),
      type: fc.constantFrom('lan', 'cell', 'wifi', 'LAN'),
      connected: fc.boolean(),
      enabled: fc.boolean(),
      roaming: fc.oneof(fc.boolean(), fc.constant(null)),
      signal: fc.jsonValue({ maxDepth: 1 }),
      signalQuality: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
      sim: fc.constantFrom(null, 'A', 'B', 'C'),
      uplinkKbps: fc.oneof(fc.nat(), fc.constantFrom(-1, -0, 0.5, 1e21)),
      downlinkKbps: fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e6, noNaN: true })),
    },
    { requiredKeys: ['port', 'uplinkKbps', 'downlinkKbps'] },
  );
  const usage = fc.record({ links: fc.array(usageLink, { maxLength: 3 }), uplinkKbps: fc.nat() }, { requiredKeys: ['links'] });
  // unit.added's lines are long: each optional field is valid most of the time, so that whole lines are too.
  const mostly = <T, U>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: odd });
  // unit.added's links need only `port` (isLink); the rates are optional there.
  const addedLink = fc
    .tuple(usageLink, fc.subarray(['uplinkKbps', 'downlinkKbps']), fc.boolean(), fc.nat(20))
    .map(([link, drop, dropPort, chance]) => {
      const kept = Object.fromEntries(Object.entries(link).filter(([key]) => !drop.includes(key) && !(key === 'port' && dropPort && chance === 0)));
      // Mostly a plain signal quality (one with an exponent is left to JSON.parse, so the line is too).
      return chance > 4 && 'signalQuality' in kept ? { ...kept, signalQuality: chance } : kept;
    });
  const alert = fc.record(
    {
      id: fc.oneof(fc.constantFrom('U1:battery', 'é'), fc.string({ maxLength: 4 })),
      entityUniqueId: mostly(fc.constantFrom('U1', ''), fc.constant(7)),
      active: mostly(fc.boolean(), fc.constantFrom(null, 1, 'true')),
      severity: mostly(fc.constantFrom(...ALERT_SEVERITIES), fc.constantFrom('info', 'Critical')),
      type: mostly(fc.constantFrom(...ALERT_TYPES), fc.constant('other')),
      message: fc.string({ maxLength: 6 }),
    },
    { requiredKeys: ['id', 'entityUniqueId', 'active', 'severity', 'type'] },
  );
  const alerts = fc.array(alert, { maxLength: 3 });
  // Around the guard's bounds: lat [-90, 90], lng [-180, 180], percentage [0, 100]; decimals as the simulator writes them.
  const near = (limit: number) =>
    mostly(
      fc.oneof(fc.integer({ min: -limit * 1e5, max: limit * 1e5 }).map((x) => x / 1e5), fc.constantFrom(limit, -limit, 0, -0, 89.99999999999999)),
      fc.oneof(fc.double({ min: -limit - 1, max: limit + 1, noNaN: true }), fc.constantFrom(limit + 1e-9, -limit - 1e-9, limit * 10), fc.integer({ min: -limit - 2, max: limit + 2 })),
    );
  const readableStatus = fc.record(
    {
      state: fc.constantFrom('online', 'offline', 'idle'),
      applications: fc.dictionary(fc.constantFrom(...APPLICATION_NAMES, 'other'), fc.oneof(fc.constant({}), fc.record({ state: fc.constantFrom('streaming', 'idle') }))),
      video: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  );
  const unit = fc.record(
    {
      uid: mostly(fc.oneof(fc.constantFrom('U000001', 'U1'), fc.string({ maxLength: 4 })), fc.constantFrom('', null)),
      name: fc.oneof(fc.constantFrom('LosAngeles-610-00001', 'é', 'a"b'), fc.string({ maxLength: 6 })),
      type: mostly(fc.constantFrom('610', '800', 'ptmp'), fc.oneof(fc.constantFrom('é', 'a\\b'), fc.jsonValue({ maxDepth: 1 }))),
      serial: fc.string({ maxLength: 4 }),
      status: mostly(readableStatus, status),
      isDemo: mostly(fc.boolean(), fc.constant(null)),
      isBlockedVendor: mostly(fc.boolean(), fc.constant(0)),
      lat: near(90),
      lng: near(180),
      address: mostly(fc.string({ maxLength: 4 }), fc.constant(null)),
      battery: mostly(
        fc.oneof(fc.constant(null), fc.record({ connected: mostly(fc.boolean(), fc.constant(1)), charging: fc.boolean(), percentage: near(100).map(Math.abs), extra: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] })),
        fc.oneof(fc.record({ percentage: near(100) }), fc.jsonValue({ maxDepth: 1 })),
      ),
      links: fc.array(addedLink, { maxLength: 3 }),
      alerts,
      config: mostly(fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })), fc.jsonValue({ maxDepth: 1 })),
    },
    { requiredKeys: ['uid', 'name', 'type', 'status'] },
  );
  const data = { 'unit.status': status, 'unit.usage': usage, 'unit.added': unit, 'unit.alert': fc.record({ alerts, count: fc.nat() }, { requiredKeys: ['alerts'] }) }[envelope.kind];
  return (data as fc.Arbitrary<unknown>).map((data) => ({ ...envelope, data }));
});

/** Its text, plain, spaced, with a key repeated, or a byte cut or changed (as lineText does). */
const readableLine = fc
  .tuple(readableEnvelope, fc.constantFrom<LineVariant>('plain', 'plain', 'spaced', 'repeated', 'cut', 'changed'), fc.nat(), fc.constantFrom('x', '"', '}', ']', ',', '\\', ' ', '\t', '\u0001', 'é', '0', '-', 'e', '{', '['))
  .map(([event, how, at, char]) => variedLineText(event, how, at, char, '\t', '"data":{"state":7}'));

/** What the scanner says of one line: the summary's fields, or 'fallback' (left to JSON.parse). */
type Verdict =
  | 'fallback'
  | {
      seq: number;
      ts: number;
      rev: number;
      kind: string;
      id: string;
      /** unit.status's, or unit.added's `status`'s. */
      state?: string | undefined;
      bits?: number;
      video?: string | undefined;
      /** unit.added's. */
      type?: string;
      isDemo?: boolean | undefined;
      isBlockedVendor?: boolean | undefined;
      /** unit.added's and unit.alert's active alerts. */
      active?: number;
    };

function scanLines(lines: readonly string[], scanner: SummaryScanner = sharedSummaryScanner(), end = '\n'): Verdict[] {
  // The last line ends with "\n" (the scanner's input ends after one); the others with `end`.
  const bytes = Buffer.from(lines.map((line, index) => `${line}${index === lines.length - 1 ? '\n' : end}`).join(''));
  scanner.load(bytes, 0, bytes.length);
  const verdicts: Verdict[] = [];
  for (let records = scanner.next(); records.length > 0; records = scanner.next()) {
    for (let at = 0; at < records.length; at += SCAN_STRIDE) {
      const kind = records[at + S_KIND] as number;
      if (kind === SCAN_FALLBACK) {
        verdicts.push('fallback');
        continue;
      }
      const verdict: Verdict = { seq: records[at + S_SEQ] as number, ts: records[at + S_TS] as number, rev: records[at + S_REV] as number, kind: EVENT_KINDS[kind] as string, id: scanner.strings[records[at + S_ID] as number] as string };
      if (verdict.kind === 'unit.status' || verdict.kind === 'unit.added') {
        const state = records[at + S_STATE] as number;
        const apps = records[at + S_APPS] as number;
        const video = Math.floor(apps / 65536) - 1;
        verdict.state = state < 0 ? undefined : scanner.strings[state];
        verdict.bits = apps % 65536;
        verdict.video = video < 0 ? undefined : scanner.strings[video];
      }
      if (verdict.kind === 'unit.added') {
        const added = addedExtra(records[at + S_EXTRA] as number, { type: 0, isDemo: undefined, isBlockedVendor: undefined, active: 0 });
        verdict.type = scanner.strings[added.type] as string;
        verdict.isDemo = added.isDemo;
        verdict.isBlockedVendor = added.isBlockedVendor;
        verdict.active = added.active;
      }
      if (verdict.kind === 'unit.alert') verdict.active = records[at + S_EXTRA] as number;
      verdicts.push(verdict);
    }
  }
  return verdicts;
}

/** The same fields from JSON.parse + isEnvelope, or undefined when they reject the line. */
function parsedFields(line: string): Exclude<Verdict, 'fallback'> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isEnvelope(parsed)) return undefined;
  const fields: Exclude<Verdict, 'fallback'> = { seq: parsed.seq, ts: parsed.ts, rev: parsed.rev, kind: parsed.kind, id: parsed.id };
  const status = parsed.kind === 'unit.status' ? parsed.data : parsed.kind === 'unit.added' ? parsed.data.status : undefined;
  if (status !== undefined) {
    const applications = status.applications as Record<string, { state?: string }> | undefined;
    let bits = 0;
    for (const name in applications ?? {}) {
      const index = (APPLICATION_NAMES as readonly string[]).indexOf(name);
      if (index >= 0) bits |= 1 << index;
    }
    fields.state = status.state;
    fields.bits = bits;
    fields.video = applications !== undefined && 'video' in applications ? applications['video']?.state : undefined;
  }
  const active = (alerts: readonly { active: boolean }[] | undefined): number => (alerts ?? []).filter((alert) => alert.active).length;
  if (parsed.kind === 'unit.added') {
    fields.type = parsed.data.type;
    fields.isDemo = parsed.data.isDemo;
    fields.isBlockedVendor = parsed.data.isBlockedVendor;
    fields.active = active(parsed.data.alerts);
  }
  if (parsed.kind === 'unit.alert') fields.active = active(parsed.data.alerts);
  return fields;
}

describe('the summary scanner (WebAssembly)', () => {
  it('accepts a line only when JSON.parse + isEnvelope accept it, with the same fields', () => {
    let accepted = 0;
    const acceptedOf = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(fc.oneof(lineText, readableLine, readableLine), { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, end) => {
        // A "\r" before an empty last line's "\n" would be one "\r\n" end (readline's rule too).
        fc.pre(!(end === '\r' && lines[lines.length - 1] === ''));
        const verdicts = scanLines(lines, sharedSummaryScanner(), end);
        expect(verdicts).toHaveLength(lines.length);
        verdicts.forEach((verdict, index) => {
          if (verdict === 'fallback') return;
          accepted += 1;
          acceptedOf.set(verdict.kind, (acceptedOf.get(verdict.kind) ?? 0) + 1);
          expect(verdict).toEqual(parsedFields(lines[index] as string));
        });
      }),
      { numRuns: 1_500 },
    );
    // The property says something only if the scanner does accept lines among them, of each kind it reads.
    expect(accepted).toBeGreaterThan(200);
    expect(acceptedOf.get('unit.added') ?? 0).toBeGreaterThan(60);
    expect(acceptedOf.get('unit.alert') ?? 0).toBeGreaterThan(50);
  });

  it('judges unit.added and unit.alert payloads from logArbitraries as the guard does whenever it decides', () => {
    fc.assert(
      fc.property(fc.oneof(unitData.map((data) => ['unit.added', data] as const), fc.array(alert, { maxLength: 3 }).map((alerts) => ['unit.alert', { alerts }] as const)), ([kind, data]) => {
        const line = JSON.stringify({ seq: 1, ts: 2, kind, id: 'U1', rev: 1, data });
        const [verdict] = scanLines([line]);
        if (verdict !== 'fallback') expect(verdict).toEqual(parsedFields(line));
      }),
      { numRuns: 1_000 },
    );
  });

  it('judges usage links as the guard does whenever it decides (never accepts what isDataOf rejects)', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 4 }), (links) => {
        const line = JSON.stringify({ seq: 1, ts: 2, kind: 'unit.usage', id: 'U1', rev: 1, data: { links } });
        const [verdict] = scanLines([line]);
        if (verdict !== 'fallback') expect(verdict).toEqual(parsedFields(line));
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads every unit.status, unit.usage, unit.added and unit.alert line the simulator writes, and only those kinds', () => {
    let text = '';
    runScenario('busy-hour-10k', { ...defaultParams('busy-hour-10k'), seed: 7, units: 40, rate: 40, durationMs: 20_000 }, (chunk) => {
      text += chunk;
    });
    const lines = text.split('\n').slice(1, -1);
    const verdicts = scanLines(lines);
    const read = new Map<string, number>();
    lines.forEach((line, index) => {
      const kind = (JSON.parse(line) as { kind: string }).kind;
      const verdict = verdicts[index];
      if (kind === 'unit.status' || kind === 'unit.usage' || kind === 'unit.added' || kind === 'unit.alert') {
        expect(verdict).toEqual(parsedFields(line));
        read.set(kind, (read.get(kind) ?? 0) + 1);
      } else expect(verdict).toBe('fallback');
    });
    expect(read.get('unit.added')).toBe(40);
    expect(read.get('unit.alert') ?? 0).toBeGreaterThan(0);
    expect([...read.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(lines.length / 2);
  });

  it('gives each application of APPLICATION_NAMES its bit, and video its state', () => {
    APPLICATION_NAMES.forEach((name, index) => {
      const line = JSON.stringify({ seq: 1, ts: 2, kind: 'unit.status', id: 'U1', rev: 1, data: { state: 'online', applications: { [name]: { state: 'streaming' } } } });
      expect(scanLines([line])[0]).toEqual({ ...parsedFields(line), bits: 1 << index });
    });
  });

  it('knows each alert severity and type of the domain, and counts the active alerts', () => {
    const alertOf = (severity: string, type: string, active: boolean) => ({ id: 'a', entityUniqueId: 'U1', severity, type, active });
    const all = ALERT_SEVERITIES.flatMap((severity) => ALERT_TYPES.map((type, index) => alertOf(severity, type, index % 2 === 0)));
    const lines = [
      JSON.stringify({ seq: 1, ts: 2, kind: 'unit.alert', id: 'U1', rev: 1, data: { alerts: all } }),
      JSON.stringify({ seq: 2, ts: 2, kind: 'unit.added', id: 'U1', rev: 1, data: { uid: 'U1', name: 'n', type: '610', status: {}, alerts: all, isDemo: true } }),
    ];
    const verdicts = scanLines(lines);
    verdicts.forEach((verdict, index) => expect(verdict).toEqual(parsedFields(lines[index] as string)));
    expect(verdicts.map((verdict) => verdict !== 'fallback' && verdict.active)).toEqual([ALERT_SEVERITIES.length, ALERT_SEVERITIES.length]);
  });

  it('checks lat, lng and the battery percentage against their bounds, and leaves a bound with a fraction to JSON.parse', () => {
    const added = (fields: Record<string, unknown>) => JSON.stringify({ seq: 1, ts: 2, kind: 'unit.added', id: 'U1', rev: 1, data: { uid: 'U1', name: 'n', type: '610', status: {}, ...fields } });
    const accepted = [added({ lat: 90, lng: -180 }), added({ lat: -89.99999, lng: 179.5 }), added({ battery: { percentage: 100 } }), added({ battery: { percentage: 0.5 } }), added({ battery: null })];
    for (const line of accepted) expect(scanLines([line])[0]).toEqual(parsedFields(line));
    const left = [added({ lat: 90.5 }), added({ lng: -181 }), added({ battery: { percentage: 101 } }), added({ battery: { percentage: -1 } }), added({ lat: 1000 })];
    for (const line of left) {
      expect(parsedFields(line)).toBeUndefined();
      expect(scanLines([line])[0]).toBe('fallback');
    }
    // Right but not proved: a bound written with a fraction, an exponent, a minus zero percentage.
    const head = '{"seq":1,"ts":2,"kind":"unit.added","id":"U1","rev":1,"data":{"uid":"U1","name":"n","type":"610","status":{},';
    const unproved = [`${head}"lat":90.0}}`, `${head}"lng":1e2}}`, `${head}"battery":{"percentage":-0}}}`];
    for (const line of unproved) {
      expect(parsedFields(line)).toBeDefined();
      expect(scanLines([line])[0]).toBe('fallback');
    }
  });

  it('leaves what it cannot prove to JSON.parse: escapes in read strings, repeated keys, exponents, deep nesting', () => {
    const base = { seq: 1, ts: 2, kind: 'unit.status', id: 'U1', rev: 1, data: { state: 'online' } };
    const lines = [
      '{"seq":1,"ts":2,"kind":"unit.st\\u0061tus","id":"U1","rev":1,"data":{}}',
      '{"s\\u0065q":1,"ts":2,"kind":"unit.status","id":"U1","rev":1,"data":{}}',
      '{"seq":1,"seq":2,"ts":2,"kind":"unit.status","id":"U1","rev":1,"data":{}}',
      '{"seq":1e0,"ts":2,"kind":"unit.status","id":"U1","rev":1,"data":{}}',
      '{"seq":1,"ts":2,"kind":"unit.usage","id":"U1","rev":1,"data":{"links":[{"port":"a","uplinkKbps":1e2,"downlinkKbps":0}]}}',
      '{"seq":1,"ts":2,"kind":"unit.status","id":"U1","rev":1,"data":{"state":"on","state":"off"}}',
      `{"seq":1,"ts":2,"kind":"unit.status","id":"U1","rev":1,"data":{"x":${'['.repeat(300)}${']'.repeat(300)}}}`,
      '{"seq":1,"ts":2,"kind":"unit.status","id":"é","rev":1,"data":{}}',
      '   ',
      '',
      JSON.stringify({ ...base, kind: 'unit.removed' }),
      '{"seq":1,"ts":2,"kind":"unit.added","id":"U1","rev":1,"data":{"uid":"U1","name":"n","type":"6\\u00310","status":{}}}',
      '{"seq":1,"ts":2,"kind":"unit.added","id":"U1","rev":1,"data":{"uid":"U1","name":"n","type":"610","status":{},"isDemo":true,"isDemo":false}}',
      '{"seq":1,"ts":2,"kind":"unit.alert","id":"U1","rev":1,"data":{"alerts":[{"id":"a","entityUniqueId":"U1","severity":"warning","type":"battery","active":true,"active":false}]}}',
    ];
    expect(scanLines(lines)).toEqual(lines.map(() => 'fallback'));
    expect(scanLines([JSON.stringify(base)])).toEqual([parsedFields(JSON.stringify(base))]);
  });

  it('sends new strings to JSON.parse once its table is full (2^18 - 1 strings), and stays right', () => {
    const scanner = new SummaryScanner();
    const count = (1 << 18) + 10;
    const lines = Array.from({ length: count }, (_, index) => `{"seq":${index + 1},"ts":1,"kind":"unit.usage","id":"X${index}","rev":1,"data":{"links":[]}}`);
    const verdicts: Verdict[] = [];
    for (let from = 0; from < count; from += 40_000) verdicts.push(...scanLines(lines.slice(from, from + 40_000), scanner));
    const accepted = verdicts.filter((verdict) => verdict !== 'fallback').length;
    expect(accepted).toBe((1 << 18) - 1);
    verdicts.forEach((verdict, index) => {
      if (verdict !== 'fallback') expect(verdict.id).toBe(`X${index}`);
    });
    // A string already in the table is still read.
    expect(scanLines([lines[0] as string], scanner)[0]).toEqual(parsedFields(lines[0] as string));
  });
});
