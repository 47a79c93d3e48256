import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Result, Schema } from 'effect';
import { decodeEnvelope, EnvelopeSchema, isEnvelope } from './envelope.ts';
import { EVENT_KINDS } from './kinds.ts';
import type { EventKind } from './kinds.ts';
import { makeEvent, SAMPLE_DATA } from './sampleEvents.ts';

const valid = makeEvent('unit.status', 'U1', 2, 10);

function withField(path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(valid) as unknown as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

describe('decodeEnvelope', () => {
  it.each(EVENT_KINDS.map((kind) => [kind]))('accepts a %s event with its sample data', (kind) => {
    const event = makeEvent(kind, 'U1', 1, 1, SAMPLE_DATA[kind] as never);
    expect(isEnvelope(event)).toBe(true);
    const decoded = decodeEnvelope(JSON.parse(JSON.stringify(event)));
    expect(decoded).toEqual({ ok: true, value: event });
  });

  it.each([
    ['seq missing', withField(['seq'], undefined), 'seq: Missing key'],
    ['seq negative', withField(['seq'], -1), 'seq: Expected a value greater than or equal to 0'],
    ['seq fractional', withField(['seq'], 1.5), 'seq: Expected an integer'],
    ['ts a string', withField(['ts'], '2025-11-21'), 'ts: Expected number'],
    ['kind unknown', withField(['kind'], 'unit.exploded'), 'kind: Expected'],
    ['id empty', withField(['id'], ''), 'id: Expected a value with a length of at least 1'],
    ['rev 0 (revisions start at 1)', withField(['rev'], 0), 'rev: Expected a value greater than or equal to 1'],
    ['data missing', withField(['data'], undefined), 'data: Missing key'],
    ['state a number', withField(['data', 'state'], 3), 'data.state: Expected string'],
    ['applications an array', withField(['data', 'applications'], []), 'data.applications: Expected object'],
    ['video.state a number', withField(['data', 'applications', 'video', 'state'], 1), 'data.applications.video.state: Expected string'],
  ])('rejects an event with %s, naming the field', (_name, input, message) => {
    const decoded = decodeEnvelope(input);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toContain(message);
  });

  it.each([
    ['unit.added without uid', makeEvent('unit.added', 'U1', 1, 1, { ...SAMPLE_DATA['unit.added'], uid: undefined } as never), 'data.uid: Missing key'],
    ['unit.added with lat 91', makeEvent('unit.added', 'U1', 1, 1, { ...SAMPLE_DATA['unit.added'], lat: 91 }), 'data.lat'],
    ['unit.added with battery 101 %', makeEvent('unit.added', 'U1', 1, 1, { ...SAMPLE_DATA['unit.added'], battery: { percentage: 101 } }), 'data.battery.percentage'],
    ['an alert of an unknown type', makeEvent('unit.alert', 'U1', 1, 1, { alerts: [{ id: 'A', entityUniqueId: 'U1', active: true, severity: 'warning', type: 'fire' }] } as never), 'data.alerts[0].type'],
    ['a usage link without uplinkKbps', makeEvent('unit.usage', 'U1', 1, 1, { links: [{ port: 'eth0', downlinkKbps: 1 }] } as never), 'data.links[0].uplinkKbps: Missing key'],
    ['a negative downlink', makeEvent('unit.usage', 'U1', 1, 1, { links: [{ port: 'eth0', uplinkKbps: 1, downlinkKbps: -1 }] }), 'data.links[0].downlinkKbps'],
    ['a channel status outside spec 001 §4', makeEvent('channel.status', 'C1', 1, 1, { status: 'streaming' } as never), 'data.status'],
    ['a social status other than UNPUBLISHED or LIVE', makeEvent('social.status', 'U1', 1, 1, { status: 'PREVIEW' } as never), 'data.status'],
    ['a speed test in an unknown state', makeEvent('unit.speedtest', 'U1', 1, 1, { state: 'paused' } as never), 'data.state'],
    ['a config that is an array', makeEvent('unit.config', 'U1', 1, 1, [] as never), 'data: Expected object'],
  ])('rejects %s, naming the field', (_name, input, message) => {
    const decoded = decodeEnvelope(JSON.parse(JSON.stringify(input)));
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toContain(message);
  });

  it('rejects a value that is not an object', () => {
    expect(decodeEnvelope('hello')).toEqual({ ok: false, error: 'event: Expected object' });
  });

  it('lists every bad field at once', () => {
    const decoded = decodeEnvelope({ seq: 'x', ts: 1, kind: 'unit.status', id: 'U', rev: 'y', data: {} });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toBe('seq: Expected number; rev: Expected number');
  });

  it('returns the parsed object itself on the fast path (no copy per event)', () => {
    const input = JSON.parse(JSON.stringify(valid)) as unknown;
    const decoded = decodeEnvelope(input);
    expect(decoded.ok && decoded.value).toBe(input);
  });
});

/**
 * Payloads of the hot kinds with every optional field present (SAMPLE_DATA's usage link has only
 * port, type and the bitrates), so that a mutation reaches each field the guards check one by one
 * (payloadGuards.ts isLinkFields, isUnitStatusData).
 */
const FULL_DATA: Partial<Record<EventKind, unknown>> = {
  'unit.usage': {
    links: [
      { port: 'eth0', name: 'Ethernet 1', type: 'lan', connected: true, enabled: true, uplinkKbps: 20, downlinkKbps: 35, signalQuality: 100, roaming: false, sim: null },
      { port: 'wwan0', name: 'Modem 1', type: 'cell', connected: false, enabled: true, uplinkKbps: 0, downlinkKbps: 0, signalQuality: 41, roaming: true, sim: 'B' },
      { port: 'wlan0', type: 'wifi', uplinkKbps: 3, downlinkKbps: 4, sim: 'A' },
    ],
    uplinkKbps: 23,
    downlinkKbps: 39,
  },
  'unit.status': { state: 'online', applications: { video: { state: 'streaming' }, intercom: {} }, battery: { connected: true, charging: false, percentage: 66 } },
};

/** A valid envelope (the sample payload, or with `full` the fuller one where there is one) with one field somewhere replaced by an arbitrary JSON value. */
const mutatedEnvelope = fc
  .tuple(fc.constantFrom(...EVENT_KINDS), fc.jsonValue(), fc.nat(), fc.boolean(), fc.boolean())
  .map(([kind, junk, pick, inData, full]) => {
    const data = (full ? FULL_DATA[kind] : undefined) ?? SAMPLE_DATA[kind];
    const event = JSON.parse(JSON.stringify(makeEvent(kind, 'U1', 1, 1, data as never))) as Record<string, unknown>;
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]): void => {
      if (path.length > 0) paths.push(path);
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
      else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    };
    walk(inData ? { data: event['data'] } : event, []);
    const path = paths[pick % paths.length] ?? ['seq'];
    let target = event as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path[path.length - 1] as string | number] = junk;
    return event;
  });

describe('isEnvelope (the fast path)', () => {
  const schemaAccepts = (input: unknown) => Result.isSuccess(Schema.decodeUnknownResult(EnvelopeSchema)(input));

  it('accepts the fuller payloads, as the Schema does', () => {
    for (const [kind, data] of Object.entries(FULL_DATA)) {
      const event = makeEvent(kind as EventKind, 'U1', 1, 1, data as never);
      expect(schemaAccepts(event)).toBe(true);
      expect(isEnvelope(event)).toBe(true);
    }
  });

  it('never accepts what the Schema rejects, and agrees on valid events', () => {
    fc.assert(
      fc.property(mutatedEnvelope, (input) => {
        expect(isEnvelope(input)).toBe(schemaAccepts(input));
      }),
      { numRuns: 4_000 },
    );
  });
});
