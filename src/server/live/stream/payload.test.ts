import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EVENT_KINDS } from '../types.ts';
import { decodePayload, encodePayload } from './payload.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('stream message body', () => {
  it('round-trips every event, the seq coming from the stream, keys in the protocol order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EVENT_KINDS),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.jsonValue(),
        (kind, id, rev, seq, data) => {
          const body = encodePayload({ ts: 1_763_700_000_000, kind, id, rev, data });
          const decoded = decodePayload(seq, bytes(body));
          expect(decoded.ok).toBe(true);
          if (!decoded.ok) return;
          expect(Object.keys(decoded.event)).toEqual(['seq', 'ts', 'kind', 'id', 'rev', 'data']);
          expect(decoded.event).toEqual({ seq, ts: 1_763_700_000_000, kind, id, rev, data: JSON.parse(JSON.stringify(data)) as unknown });
        },
      ),
    );
  });

  it.each([
    ['{', 'not JSON'],
    ['[1]', 'not a JSON object'],
    ['null', 'not a JSON object'],
    ['{"kind":"unit.status","id":"U1","rev":1,"data":{}}', 'ts is not a number'],
    ['{"ts":1,"kind":"unit.gone","id":"U1","rev":1,"data":{}}', 'kind "unit.gone" is not an event kind'],
    ['{"ts":1,"kind":"unit.status","id":"","rev":1,"data":{}}', 'id is not a non-empty string'],
    ['{"ts":1,"kind":"unit.status","id":"U1","rev":0,"data":{}}', 'rev is not a positive integer'],
    ['{"ts":1,"kind":"unit.status","id":"U1","rev":1.5,"data":{}}', 'rev is not a positive integer'],
    ['{"ts":1,"kind":"unit.status","id":"U1","rev":1}', 'data is missing'],
  ])('refuses %s: %s', (body, reason) => {
    expect(decodePayload(7, bytes(body))).toEqual({ ok: false, reason });
  });
});
