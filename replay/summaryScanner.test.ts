import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isEnvelope } from '../src/protocol/envelopeGuard.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { APPLICATION_NAMES } from '../src/domain/units/status.ts';
import { defaultParams, runScenario } from '../fixtures/generate.ts';
import { lineText, link } from './logArbitraries.ts';
import { SCAN_FALLBACK, SCAN_STRIDE, S_APPS, S_ID, S_KIND, S_REV, S_SEQ, S_STATE, S_TS, SummaryScanner, sharedSummaryScanner } from './summaryScanner.ts';

/** Mostly valid unit.status and unit.usage envelopes: what the scanner reads, so accepting is tested often. */
const readableEnvelope = fc.record(
  {
    seq: fc.oneof(fc.nat(), fc.constantFrom(0, 2 ** 53 - 1, 999_999_999_999_999, -0, 1.5)),
    ts: fc.oneof(fc.nat(), fc.constant(1_763_700_000_123)),
    kind: fc.constantFrom('unit.status', 'unit.usage'),
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
  return (envelope.kind === 'unit.status' ? status : usage).map((data) => ({ ...envelope, data }));
});

/** Its text, plain, spaced, with a key repeated, or a byte cut or changed (as lineText does). */
const readableLine = fc
  .tuple(readableEnvelope, fc.constantFrom('plain', 'plain', 'spaced', 'repeated', 'cut', 'changed'), fc.nat(), fc.constantFrom('x', '"', '}', ']', ',', '\\', ' ', '\t', '\u0001', 'é', '0', '-', 'e', '{', '['))
  .map(([event, how, at, char]) => {
    const text = JSON.stringify(event);
    switch (how) {
      case 'spaced':
        return JSON.stringify(event, null, '\t').replace(/\n/g, ' ');
      case 'repeated':
        return `${text.slice(0, -1)},"data":{"state":7}}`;
      case 'cut':
        return text.slice(0, at % text.length);
      case 'changed': {
        const index = at % text.length;
        return text.slice(0, index) + char + text.slice(index + 1);
      }
      default:
        return text;
    }
  });

/** What the scanner says of one line: the summary's fields, or 'fallback' (left to JSON.parse). */
type Verdict = 'fallback' | { seq: number; ts: number; rev: number; kind: string; id: string; state?: string | undefined; bits?: number; video?: string | undefined };

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
      if (verdict.kind === 'unit.status') {
        const state = records[at + S_STATE] as number;
        const apps = records[at + S_APPS] as number;
        const video = Math.floor(apps / 65536) - 1;
        verdict.state = state < 0 ? undefined : scanner.strings[state];
        verdict.bits = apps % 65536;
        verdict.video = video < 0 ? undefined : scanner.strings[video];
      }
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
  if (parsed.kind === 'unit.status') {
    const applications = parsed.data.applications as Record<string, { state?: string }> | undefined;
    let bits = 0;
    for (const name in applications ?? {}) {
      const index = (APPLICATION_NAMES as readonly string[]).indexOf(name);
      if (index >= 0) bits |= 1 << index;
    }
    fields.state = parsed.data.state;
    fields.bits = bits;
    fields.video = applications !== undefined && 'video' in applications ? applications['video']?.state : undefined;
  }
  return fields;
}

describe('the summary scanner (WebAssembly)', () => {
  it('accepts a line only when JSON.parse + isEnvelope accept it, with the same fields', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof(lineText, readableLine, readableLine), { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, end) => {
        // A "\r" before an empty last line's "\n" would be one "\r\n" end (readline's rule too).
        fc.pre(!(end === '\r' && lines[lines.length - 1] === ''));
        const verdicts = scanLines(lines, sharedSummaryScanner(), end);
        expect(verdicts).toHaveLength(lines.length);
        verdicts.forEach((verdict, index) => {
          if (verdict === 'fallback') return;
          accepted += 1;
          expect(verdict).toEqual(parsedFields(lines[index] as string));
        });
      }),
      { numRuns: 1_500 },
    );
    // The property says something only if the scanner does accept lines among them.
    expect(accepted).toBeGreaterThan(200);
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

  it('reads every unit.status and unit.usage line the simulator writes, and only those kinds', () => {
    let text = '';
    runScenario('busy-hour-10k', { ...defaultParams('busy-hour-10k'), seed: 7, units: 40, rate: 40, durationMs: 20_000 }, (chunk) => {
      text += chunk;
    });
    const lines = text.split('\n').slice(1, -1);
    const verdicts = scanLines(lines);
    let read = 0;
    lines.forEach((line, index) => {
      const kind = (JSON.parse(line) as { kind: string }).kind;
      const verdict = verdicts[index];
      if (kind === 'unit.status' || kind === 'unit.usage') {
        expect(verdict).toEqual(parsedFields(line));
        read += 1;
      } else expect(verdict).toBe('fallback');
    });
    expect(read).toBeGreaterThan(lines.length / 2);
  });

  it('gives each application of APPLICATION_NAMES its bit, and video its state', () => {
    APPLICATION_NAMES.forEach((name, index) => {
      const line = JSON.stringify({ seq: 1, ts: 2, kind: 'unit.status', id: 'U1', rev: 1, data: { state: 'online', applications: { [name]: { state: 'streaming' } } } });
      expect(scanLines([line])[0]).toEqual({ ...parsedFields(line), bits: 1 << index });
    });
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
      JSON.stringify({ ...base, kind: 'unit.added' }),
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
