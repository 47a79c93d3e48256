/**
 * fast-check generators of log lines and whole logs for the replay summary's proofs
 * (summaryScan.test.ts, parallelLog.test.ts): valid and invalid envelopes of every kind, lines cut,
 * changed or with repeated keys, and logs with bad lines, revs out of order, removals and a torn end.
 */
import fc from 'fast-check';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { formatLogHeader } from '../src/protocol/logFormat.ts';
import { SAMPLE_DATA } from '../src/protocol/sampleEvents.ts';

export const HEADER = formatLogHeader('2025-11-21T04:40:00.000Z');

export const jsonText = fc.oneof(fc.string(), fc.constantFrom('online', 'offline', 'streaming', 'idle', 'U1', 'é', 'a"b', 'a\\b', '\u2028'));
const applications = fc.dictionary(
  fc.constantFrom('video', 'forward', 'store', 'upgrade', 'fetchlogs', 'multiCamera', 'switcher', 'transparent_bridge'),
  fc.oneof(fc.constant({}), fc.record({ state: fc.constantFrom('streaming', 'speedtest', 'idle') }), fc.jsonValue()),
);
export const statusData = fc.record(
  { state: fc.oneof(fc.constantFrom('online', 'offline', 'unavailable', 'idle'), fc.jsonValue()), applications: fc.oneof(applications, fc.jsonValue()), video: fc.jsonValue() },
  { requiredKeys: [] },
);
export const link = fc.record(
  {
    port: fc.oneof(fc.constantFrom('eth0', 'modem1'), fc.jsonValue()),
    type: fc.oneof(fc.constantFrom('lan', 'cell', 'wifi', 'LAN'), fc.jsonValue()),
    name: fc.oneof(fc.string(), fc.jsonValue()),
    connected: fc.oneof(fc.boolean(), fc.jsonValue()),
    signalQuality: fc.oneof(fc.double(), fc.integer(), fc.jsonValue()),
    sim: fc.oneof(fc.constantFrom(null, 'A', 'B', 'C'), fc.jsonValue()),
    uplinkKbps: fc.oneof(fc.nat(), fc.integer({ min: -5, max: 5 }), fc.double(), fc.jsonValue()),
    downlinkKbps: fc.oneof(fc.nat(), fc.constant(-0), fc.constant(1e308), fc.jsonValue()),
    signal: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
export const alert = fc.record(
  {
    id: fc.constantFrom('A1', 'A2'),
    entityUniqueId: fc.constant('U1'),
    active: fc.oneof(fc.boolean(), fc.jsonValue()),
    severity: fc.constantFrom('warning', 'critical', 'info', 'bad'),
    type: fc.constantFrom('battery', 'cameraDisconnected', 'bad'),
  },
  { requiredKeys: ['id', 'entityUniqueId', 'active', 'severity', 'type'] },
);
export const unitData = fc.record(
  {
    uid: fc.oneof(fc.constantFrom('U1', ''), fc.jsonValue()),
    name: jsonText,
    type: fc.oneof(fc.constantFrom('610', '800', 'ptmp'), fc.jsonValue()),
    status: fc.oneof(statusData, fc.jsonValue()),
    isDemo: fc.oneof(fc.boolean(), fc.jsonValue()),
    isBlockedVendor: fc.boolean(),
    lat: fc.oneof(fc.double({ min: -100, max: 100 }), fc.jsonValue()),
    lng: fc.double(),
    address: jsonText,
    battery: fc.oneof(fc.constant(null), fc.record({ percentage: fc.integer({ min: -10, max: 110 }) }), fc.jsonValue()),
    links: fc.oneof(fc.array(link, { maxLength: 3 }), fc.jsonValue()),
    alerts: fc.oneof(fc.array(alert, { maxLength: 2 }), fc.jsonValue()),
    config: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
    serial: fc.jsonValue(),
  },
  { requiredKeys: ['uid', 'name', 'type', 'status'] },
);
export const dataOfKind = (kind: (typeof EVENT_KINDS)[number]): fc.Arbitrary<unknown> => {
  switch (kind) {
    case 'unit.status':
      return statusData;
    case 'unit.added':
      return unitData;
    case 'unit.usage':
      return fc.oneof(fc.record({ links: fc.array(link, { maxLength: 4 }), uplinkKbps: fc.nat() }, { requiredKeys: [] }), fc.jsonValue());
    case 'unit.alert':
      return fc.oneof(fc.record({ alerts: fc.array(alert, { maxLength: 3 }) }), fc.jsonValue());
    default:
      return fc.oneof(fc.constant(SAMPLE_DATA[kind]), fc.jsonValue());
  }
};
export const envelope = fc.constantFrom(...EVENT_KINDS).chain((kind) =>
  fc.record(
    {
      seq: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, 2 ** 53, '3', 1e3)),
      ts: fc.oneof(fc.nat(), fc.constant(1_763_700_000_123)),
      kind: fc.oneof(fc.constant(kind), fc.constantFrom('unit.bogus', 7)),
      id: fc.oneof(fc.constantFrom('U1', 'U2', ''), jsonText, fc.jsonValue()),
      rev: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(1.0, 2.5, '2')),
      data: dataOfKind(kind),
      extra: fc.jsonValue(),
    },
    { requiredKeys: ['seq', 'kind', 'id', 'rev', 'data'] },
  ),
);
/** How a line's text is varied: as written, spaced out, with a key repeated, cut short, or one byte changed. */
export type LineVariant = 'plain' | 'spaced' | 'repeated' | 'cut' | 'changed';

/**
 * An event's line text varied one way. `indent` is the spacing of 'spaced' (JSON.stringify's third
 * argument, its newlines turned into spaces); `repeatedTail` is what 'repeated' writes before the
 * closing brace (keys that are already in the object, so JSON.parse keeps the last); `at` picks the
 * cut or the changed byte, `char` is the byte written there.
 */
export function variedLineText(event: Record<string, unknown>, how: LineVariant, at: number, char: string, indent: string | number, repeatedTail: string): string {
  const text = JSON.stringify(event);
  switch (how) {
    case 'spaced':
      return JSON.stringify(event, null, indent).replace(/\n/g, ' ');
    case 'repeated':
      return `${text.slice(0, -1)},${repeatedTail}}`;
    case 'cut':
      return text.slice(0, at % text.length);
    case 'changed': {
      const index = at % text.length;
      return text.slice(0, index) + char + text.slice(index + 1);
    }
    default:
      return text;
  }
}

/** The envelope's text, sometimes with spaces, a repeated key, or bytes cut or changed. */
export const lineText = fc
  .tuple(envelope, fc.constantFrom<LineVariant>('plain', 'spaced', 'repeated', 'cut', 'changed'), fc.nat(), fc.constantFrom('x', '"', '}', ']', ',', '\\', ' ', '\u0001', 'é'))
  .map(([event, how, at, char]) => variedLineText(event, how, at, char, 1, `"seq":${JSON.stringify(event.seq)},"kind":"unit.removed","data":{}`));

/** A whole log: the header, then events of three units (any rev), bad or blank lines, perhaps a torn end. */
export const randomLogText: fc.Arbitrary<string> = (() => {
  const unitId = fc.constantFrom('U1', 'U2', 'U3');
  const event = fc.constantFrom(...EVENT_KINDS).chain((kind) => fc.tuple(fc.constant(kind), unitId, fc.integer({ min: 1, max: 6 }), dataOfKind(kind)));
  const line = fc.oneof(
    { weight: 12, arbitrary: event.map((e) => ({ event: e })) },
    { weight: 1, arbitrary: lineText.map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', 'garbage').map((text) => ({ text })) },
  );
  return fc.tuple(fc.array(line, { maxLength: 30 }), fc.boolean()).map(([lines, torn]) => {
    let seq = 0;
    let text = HEADER;
    for (const item of lines) {
      if ('text' in item) text += `${item.text}\n`;
      else {
        seq += 1;
        const [kind, id, rev, data] = item.event;
        text += `${JSON.stringify({ seq, ts: 1_763_700_000_000 + seq, kind, id, rev, data })}\n`;
      }
    }
    if (torn) text += '{"seq":99999,"ts":1,"kind":"unit.st';
    return text;
  });
})();
