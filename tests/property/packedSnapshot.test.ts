/**
 * The packed REST snapshot (src/protocol/packedSnapshot.ts; issue 15 item 3) decodes to exactly
 * the units, channels and watermark the JSON form gives, for any snapshot: real units of a
 * recorded fixture, changed at random (fields left undefined, nulls, -0, large integers, odd
 * strings, extra fields of any JSON shape), through the same decoder the worker runs
 * (decodeRestSnapshot). Bad bytes are refused with a clear error, never a partial fleet.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonShape, PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { packSnapshot, wantsPackedSnapshot } from '../../src/server/areas/units/packedSnapshot.ts';
import { unpackSnapshot } from '../../workers/sources/packedSnapshot.ts';
import { decodeRestSnapshot } from '../../workers/sources/restSnapshot.ts';
import { createRestClient, type FetchLike } from '../../workers/sources/restClient.ts';

import { REAL_UNITS, snapshotArb } from './snapshotArbitraries.ts';

const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function viaPacked(value: unknown): unknown {
  const unpacked = unpackSnapshot(packSnapshot(value));
  if (!unpacked.ok) throw new Error(unpacked.error);
  return unpacked.value;
}

describe('packed snapshot', () => {
  it('reads back exactly what JSON reads back, and decodes to the same fleet', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        expect(viaPacked(snapshot)).toStrictEqual(viaJson(snapshot));
        expect(decodeRestSnapshot(viaPacked(snapshot))).toStrictEqual(decodeRestSnapshot(viaJson(snapshot)));
      }),
      { numRuns: 300 },
    );
  });

  it('jsonShape is JSON.parse(JSON.stringify()) for any JSON-ish value', () => {
    fc.assert(fc.property(fc.anything({ withNullPrototype: false, withBoxedValues: false, withMap: false, withSet: false, withTypedArray: false, withSparseArray: false, withBigInt: false, withDate: true }), (value) => {
      const text = JSON.stringify(value);
      if (text === undefined) return;
      expect(jsonShape(value)).toStrictEqual(JSON.parse(text));
    }), { examples: [[JSON.parse('{"__proto__":0}')], [JSON.parse('{"a":{"__proto__":{"b":1}}}')]] }); // an own "__proto__" key: found by this property once
  });

  it('jsonShape copies only what JSON would change: a value JSON gives back as it is is returned itself, and the input is never changed', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: false, withBoxedValues: false, withMap: false, withSet: false, withTypedArray: false, withSparseArray: false, withBigInt: false, withDate: true }), (value) => {
        const text = JSON.stringify(value);
        if (text === undefined) return;
        const parsed: unknown = JSON.parse(text);
        expect(jsonShape(parsed)).toBe(parsed); // already JSON's own: no copy at any depth
        const before = structuredClone(value);
        jsonShape(value);
        expect(value).toStrictEqual(before);
      }),
      { examples: [[JSON.parse('{"__proto__":""}')], [JSON.parse('{"a":[{"__proto__":{"b":-0}}]}')]] }, // an own "__proto__" key: found by this property once
    );
    // A part that changes is copied with its parents; its clean siblings are shared.
    const clean = { name: 'U1', links: [{ port: 'eth0' }] };
    const shaped = jsonShape({ units: [clean, { name: 'U2', gone: undefined }], zero: -0 }) as { units: unknown[]; zero: number };
    expect(shaped.units[0]).toBe(clean);
    expect(shaped.units[1]).toStrictEqual({ name: 'U2' });
    expect(Object.is(shaped.zero, 0)).toBe(true);
  });

  it('keeps the real fleet whole: every fixture unit decodes the same from both forms', () => {
    const snapshot = { watermark: 1_795_705_802_326_585, units: REAL_UNITS.map((unit, i) => ({ rev: i, unit })), channels: [], servers: [] };
    const packed = decodeRestSnapshot(viaPacked(snapshot));
    expect(packed).toStrictEqual(decodeRestSnapshot(viaJson(snapshot)));
    expect(packed.ok && packed.value.snapshot.units.length).toBe(REAL_UNITS.length);
    expect(packSnapshot(snapshot).byteLength).toBeLessThan(JSON.stringify(snapshot).length / 2);
  });

  it('refuses bad bytes with a clear error', () => {
    const good = packSnapshot({ watermark: 1, units: REAL_UNITS.slice(0, 3).map((unit) => ({ rev: 1, unit })), channels: [], servers: [] });
    expect(unpackSnapshot(new Uint8Array())).toEqual({ ok: false, error: 'snapshot: the packed answer is empty' });
    expect(unpackSnapshot(good.subarray(0, good.byteLength - 7))).toEqual({ ok: false, error: expect.stringMatching(/^snapshot: the packed answer is not MessagePack \(.+\)$/) });
    expect(unpackSnapshot(new TextEncoder().encode('{"watermark":1}'))).toEqual({ ok: false, error: expect.stringMatching(/^snapshot: the packed answer holds \d+ values, expected 1$/) });
    // Any bytes at all: an error with a reason, or a value the snapshot decoder then judges; never a throw.
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const unpacked = unpackSnapshot(bytes);
        if (!unpacked.ok) expect(unpacked.error).toMatch(/^snapshot: the packed answer (is empty|is not MessagePack \(.+\)|holds \d+ values, expected 1)$/);
        else expect(() => decodeRestSnapshot(unpacked.value)).not.toThrow();
      }),
    );
    // One whole value that is not a snapshot: the decoder names it.
    const notSnapshot = unpackSnapshot(packSnapshot([1, 2]));
    expect(notSnapshot.ok && decodeRestSnapshot(notSnapshot.value)).toEqual({ ok: false, error: 'snapshot: expected an object' });
  });

  it('is asked for by Accept only', () => {
    expect(wantsPackedSnapshot(undefined)).toBe(false);
    expect(wantsPackedSnapshot('application/json')).toBe(false);
    expect(wantsPackedSnapshot(`${PACKED_SNAPSHOT_TYPE}, application/json;q=0.5`)).toBe(true);
    expect(wantsPackedSnapshot(['text/html', 'Application/X-MsgPack; q=1'])).toBe(true);
  });
});

describe('the worker REST client and the packed snapshot', () => {
  const snapshot = { watermark: 42, units: REAL_UNITS.slice(0, 20).map((unit, i) => ({ rev: i + 1, unit })), channels: [{ id: 'CH-1', rev: 3, name: 'One' }], servers: [] };

  /** A fetch that answers the snapshot call as a server would: packed when asked, else JSON. */
  function serving(bytesFor: (accept: string) => { type: string; body: Uint8Array }): FetchLike & { accepts: string[] } {
    const accepts: string[] = [];
    const answer: FetchLike = async (_url, init) => {
      const accept = init.headers['accept'] ?? '';
      accepts.push(accept);
      const { type, body } = bytesFor(accept);
      return {
        status: 200,
        ok: true,
        headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
        text: async () => new TextDecoder().decode(body),
        arrayBuffer: async () => body.slice().buffer,
      };
    };
    return Object.assign(answer, { accepts });
  }
  const server = (accept: string) =>
    wantsPackedSnapshot(accept)
      ? { type: PACKED_SNAPSHOT_TYPE, body: new Uint8Array(packSnapshot(snapshot)) }
      : { type: 'application/json; charset=utf-8', body: new TextEncoder().encode(JSON.stringify(snapshot)) };

  it('asks for it packed and loads the same fleet as from JSON', async () => {
    const packedFetch = serving(server);
    const packed = await createRestClient({ baseUrl: 'http://x/rest', fetch: packedFetch }).fetchSnapshot('G-1');
    const jsonFetch = serving(server);
    const json = await createRestClient({ baseUrl: 'http://x/rest', fetch: jsonFetch, packedSnapshot: false }).fetchSnapshot('G-1');
    expect(packedFetch.accepts[0]).toContain(PACKED_SNAPSHOT_TYPE);
    expect(jsonFetch.accepts[0]).toBe('application/json');
    expect(packed).toStrictEqual(json);
    expect('snapshot' in packed ? packed.snapshot.units : null).toHaveLength(20);
  });

  it('reads a JSON answer to the packed request as JSON (a server without the packed form)', async () => {
    const fetch = serving(() => ({ type: 'application/json', body: new TextEncoder().encode(JSON.stringify(snapshot)) }));
    const answer = await createRestClient({ baseUrl: 'http://x/rest', fetch }).fetchSnapshot('G-1');
    expect('snapshot' in answer ? answer.snapshot.units : null).toHaveLength(20);
  });

  it('refuses bad packed bytes with an error naming the call', async () => {
    const fetch = serving(() => ({ type: PACKED_SNAPSHOT_TYPE, body: new Uint8Array(packSnapshot(snapshot)).subarray(0, 100) }));
    await expect(createRestClient({ baseUrl: 'http://x/rest', fetch }).fetchSnapshot('G-1')).rejects.toThrow(
      /^GET devices\/fetch\?crnt_vcg_uid=G-1: snapshot: the packed answer is not MessagePack/,
    );
  });
});
