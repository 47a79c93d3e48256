/**
 * Patches as columns (patchColumns.ts) against the path before them (the patch list as UTF-8 JSON):
 * over random patches (every aspect mix, undefined fields, −0, repeated strings and objects, ids
 * with any characters), applyUnitPatch gives exactly the same views from the decoded columns as
 * from the decoded JSON; and a damaged buffer is refused with an error naming what is wrong.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import { UNIT_STATUSES } from '../../src/domain/units/status.ts';
import { unitView } from '../../src/features/units/testViews.ts';
import type { LinkView, UnitPatch, UnitView } from './diff.ts';
import { applyUnitPatch, ASPECT, LINK_VALUES_STRIDE, pushLinkValues } from './diff.ts';

/** The links with a usage patch's numbers as diff.ts made them before links were kept: always new objects (the reference). */
function linksAsBefore(links: readonly LinkView[], values: readonly number[]): LinkView[] {
  return links.map((link, i) => {
    const at = i * LINK_VALUES_STRIDE;
    const signal = values[at + 2] ?? -1;
    return { ...link, uplinkKbps: values[at] ?? 0, downlinkKbps: values[at + 1] ?? 0, signal: signal < 0 ? undefined : signal, connected: values[at + 3] === 1, enabled: values[at + 4] === 1 };
  });
}

/** Two links with the same numbers (Object.is: −0 is not 0). */
function sameNumbers(a: LinkView, b: LinkView): boolean {
  return Object.is(a.uplinkKbps, b.uplinkKbps) && Object.is(a.downlinkKbps, b.downlinkKbps) && Object.is(a.signal, b.signal) && a.connected === b.connected && a.enabled === b.enabled;
}
import { decodePatchColumns, encodePatchColumns, PATCH_COLUMNS_HEADER as H, PATCH_ROW_STRIDE as STRIDE, PatchColumns, PatchColumnsWriter } from './patchColumns.ts';

/** The old path: the patch list as JSON text and back (what diff.ts sent beyond INLINE_UNITS_MAX). */
const viaJson = (patches: readonly UnitPatch[]): UnitPatch[] => JSON.parse(JSON.stringify(patches)) as UnitPatch[];

const finite = fc.oneof(fc.integer({ min: -5, max: 50_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(-0));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const text = fc.oneof(fc.constantFrom('online', 'offline', 'streaming', 'connecting', ''), fc.string({ maxLength: 5 }));

const patchOf = (id: string): fc.Arbitrary<UnitPatch> =>
  fc
    .record({
      rev: fc.integer({ min: 0, max: 1e9 }),
      a: fc.integer({ min: 0, max: 15 }),
      status: maybe(fc.constantFrom<UnitStatus>(...UNIT_STATUSES)),
      state: maybe(text),
      videoState: maybe(text),
      applications: maybe(fc.subarray(['video', 'datalink', 'intercom', 'a,b', '"q"'])),
      onAir: maybe(fc.boolean()),
      battery: maybe(fc.record({ percentage: fc.integer({ min: 0, max: 100 }), charging: fc.boolean() }, { requiredKeys: [] })),
      uplinkKbps: maybe(finite),
      linkValues: maybe(fc.array(finite, { maxLength: 3 * LINK_VALUES_STRIDE })),
      activeAlerts: maybe(fc.integer({ min: 0, max: 9 })),
      speedTest: maybe(fc.record({ uplinkKbps: fc.integer({ min: 0, max: 9_000 }), at: fc.integer({ min: 0, max: 9 }) })),
    })
    .map((fields) => {
      // As patchOf in fleetPipeline.ts: only the fields of the patched aspects are set.
      const patch: Record<string, unknown> = { id, rev: fields.rev, a: fields.a };
      if ((fields.a & ASPECT.status) !== 0) Object.assign(patch, { status: fields.status, state: fields.state, videoState: fields.videoState, applications: fields.applications, onAir: fields.onAir, battery: fields.battery });
      if ((fields.a & ASPECT.usage) !== 0) Object.assign(patch, { uplinkKbps: fields.uplinkKbps, linkValues: fields.linkValues });
      if ((fields.a & ASPECT.alerts) !== 0) patch['activeAlerts'] = fields.activeAlerts;
      if ((fields.a & ASPECT.speedTest) !== 0) patch['speedTest'] = fields.speedTest;
      return patch as unknown as UnitPatch;
    });

const link: fc.Arbitrary<LinkView> = fc.record({
  port: fc.constantFrom('eth0', 'wlan0', 'cell1'),
  name: fc.constantFrom('LAN', 'Wi-Fi'),
  type: fc.constantFrom<'wifi' | 'lan' | 'cell' | undefined>('wifi', 'lan', 'cell', undefined),
  connected: fc.boolean(),
  enabled: fc.boolean(),
  uplinkKbps: fc.integer({ min: 0, max: 20_000 }),
  downlinkKbps: fc.integer({ min: 0, max: 20_000 }),
  signal: maybe(fc.integer({ min: 0, max: 100 })),
});

const case_ = fc
  .uniqueArray(
    // Any code units too (lone surrogates: the ids' text then goes as UTF-16, not UTF-8), and a pair;
    // an id starting with U+FEFF (a byte order mark at the text's start, which a decoder strips by default).
    fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('U1', 'U-00042', 'é\n"\\', 'U\u{1F600}', '\uD800', '\uFEFFU7', '\uFEFF')),
    { minLength: 0, maxLength: 40 },
  )
  .chain((ids) => fc.tuple(fc.tuple(...ids.map(patchOf)), fc.array(link, { maxLength: 3 }), fc.constantFrom<UnitStatus>(...UNIT_STATUSES)));

describe('patch columns give the views the JSON patch list gave', () => {
  it('applyUnitPatch over decoded columns equals applyUnitPatch over decoded JSON, for random patches', () => {
    const writer = new PatchColumnsWriter(); // reused, as the pipeline reuses its writer
    fc.assert(
      fc.property(case_, ([patches, links, status]) => {
        const decoded = decodePatchColumns(encodePatchColumns(patches, writer));
        const reference = viaJson(patches);
        expect(decoded.map((patch) => [patch.id, patch.rev, patch.a])).toEqual(reference.map((patch) => [patch.id, patch.rev, patch.a]));
        decoded.forEach((patch, index) => {
          const view: UnitView = unitView(patch.id, { status, links, activeAlerts: 2, state: 'online', onAir: true });
          const want = applyUnitPatch(view, reference[index] as UnitPatch);
          const got = applyUnitPatch(view, patch);
          expect(got).toStrictEqual(want);
          for (const [key, value] of Object.entries(want)) if (typeof value === 'number') expect(Object.is(got[key as keyof UnitView], value)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('PatchColumns.applyRow equals applyUnitPatch over the decoded JSON, and keeps exactly the links whose numbers did not change', () => {
    const writer = new PatchColumnsWriter();
    // Per usage patch: its random link numbers (undefined), or per link the view's own numbers (true) or
    // those with the uplink changed (false), so one unit mixes kept and changed links in any order.
    const sameOrNew = fc.array(fc.option(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { nil: undefined }), { maxLength: 40 });
    fc.assert(
      fc.property(case_, sameOrNew, ([patches, links, status], keep) => {
        const reference = viaJson(
          patches.map((patch, index) => {
            const kept = keep[index];
            if ((patch.a & ASPECT.usage) === 0 || kept === undefined) return patch;
            const values: number[] = [];
            links.forEach((one, k) => pushLinkValues(values, kept[k] === true ? one : { ...one, uplinkKbps: one.uplinkKbps + 1 }));
            return { ...patch, linkValues: values };
          }),
        );
        const columns = new PatchColumns(encodePatchColumns(reference, writer));
        expect(columns.count).toBe(reference.length);
        reference.forEach((patch, row) => {
          const view: UnitView = unitView(patch.id, { status, links, activeAlerts: 2, state: 'online', onAir: true });
          const got = columns.applyRow(view, row);
          expect(columns.id(row)).toBe(patch.id);
          // Values as before this change (every link a new object), read field by field.
          expect(got).toEqual(applyUnitPatch(view, patch));
          if ((patch.a & ASPECT.usage) !== 0) expect(got.links).toEqual(linksAsBefore(view.links ?? [], patch.linkValues ?? []));
          for (const [key, value] of Object.entries(applyUnitPatch(view, patch))) if (typeof value === 'number') expect(Object.is(got[key as keyof UnitView], value)).toBe(true);
          if ((patch.a & ASPECT.usage) === 0) {
            expect(got.links).toBe(view.links);
            return;
          }
          const before = linksAsBefore(view.links ?? [], patch.linkValues ?? []);
          got.links?.forEach((one, index) => {
            const old = view.links?.[index] as LinkView;
            const unchanged = sameNumbers(old, before[index] as LinkView);
            expect(one === old).toBe(unchanged);
          });
          expect(got.links === view.links).toBe(before.every((one, index) => sameNumbers(view.links?.[index] as LinkView, one)));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a buffer handed back is reused when the next diff fits it, and decodes as a fresh one whatever an earlier diff left in it (200 runs)', () => {
    fc.assert(
      fc.property(fc.array(case_, { minLength: 1, maxLength: 6 }), (diffs) => {
        const writer = new PatchColumnsWriter();
        let handedBack: ArrayBuffer | null = null;
        for (const [patches] of diffs) {
          const buffer = encodePatchColumns(patches, writer);
          const fresh = encodePatchColumns(patches);
          expect(decodePatchColumns(buffer)).toEqual(decodePatchColumns(fresh));
          // A spare at least as long as the fresh one fits: it is the buffer given out.
          if (handedBack !== null && handedBack.byteLength >= fresh.byteLength) expect(buffer).toBe(handedBack);
          writer.recycle(buffer);
          handedBack = buffer;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lets go of what is not a buffer it can reuse', () => {
    const writer = new PatchColumnsWriter();
    const first = encodePatchColumns([{ id: 'U1', rev: 1, a: ASPECT.alerts, activeAlerts: 1 }], writer);
    structuredClone(first, { transfer: [first] }); // detached, as after a transfer: length 0
    for (const gone of [undefined, null, 7, first, new Uint8Array(8)]) writer.recycle(gone);
    const next = encodePatchColumns([{ id: 'U1', rev: 2, a: ASPECT.alerts, activeAlerts: 2 }], writer);
    expect(next).not.toBe(first);
    expect(decodePatchColumns(next)).toEqual([{ id: 'U1', rev: 2, a: ASPECT.alerts, activeAlerts: 2 }]);
  });

  it('refuses a damaged buffer by name', () => {
    const good = encodePatchColumns([{ id: 'U1', rev: 3, a: ASPECT.status, status: 'idle', state: 'online', applications: [] }]);
    expect(() => decodePatchColumns(good.slice(0, 16))).toThrow(/shorter than the 48-byte header/);
    // The buffer may be longer than its rows (a spare reused, rounded up): cut one byte off its contents.
    const head = new Float64Array(good, 0, H);
    const contents = ((H + STRIDE * (head[1] as number) + (head[2] as number)) * 8) + (head[4] as number) + (head[3] as number);
    expect(() => decodePatchColumns(good.slice(0, contents - 1))).toThrow(/the header says/);
    expect(decodePatchColumns(good.slice(0, contents))).toEqual(decodePatchColumns(good));
    const badVersion = good.slice(0);
    new Float64Array(badVersion, 0, 1)[0] = 9;
    expect(() => decodePatchColumns(badVersion)).toThrow(/version 9/);
    const badStatus = good.slice(0);
    new Float64Array(badStatus, 0, H + STRIDE)[H + 2] = 99;
    expect(() => decodePatchColumns(badStatus)).toThrow(/row 0: status code 99 is not a unit status/);
    const badString = good.slice(0);
    new Float64Array(badString, 0, H + STRIDE)[H + 3] = 7;
    expect(() => decodePatchColumns(badString)).toThrow(/row 0: string index 7 is not in the table/);
    expect(() => encodePatchColumns([{ id: 'U2', rev: 1, a: ASPECT.status, status: 'flying' as UnitStatus }])).toThrow(/unit U2 has status "flying", not a unit status/);
    const usage = encodePatchColumns([
      { id: 'U1', rev: 3, a: ASPECT.usage, uplinkKbps: 5, linkValues: [1, 2, 3, 1, 1] },
      { id: 'U2', rev: 3, a: ASPECT.usage, uplinkKbps: 5, linkValues: [] },
    ]);
    // Row 0 says −2 values and row 1 +7: the sum still matches the header, the rows do not.
    const badLinks = usage.slice(0);
    new Float64Array(badLinks, 0, H + 2 * STRIDE)[H + 9] = -2;
    new Float64Array(badLinks, 0, H + 2 * STRIDE)[H + STRIDE + 9] = 7;
    expect(() => new PatchColumns(badLinks)).toThrow(/row 0: -2 link values do not fit the header's 5/);
    const badObject = good.slice(0);
    new Float64Array(badObject, 0, H + STRIDE)[H + 5] = 0.5;
    expect(() => new PatchColumns(badObject)).toThrow(/row 0: object index 0.5 is not in the table of 1/);
    // The ids' text (version 2): each row's end within it, in order, and the last one at its end.
    const two = encodePatchColumns([
      { id: 'U1', rev: 3, a: ASPECT.alerts, activeAlerts: 1 },
      { id: 'U22', rev: 3, a: ASPECT.alerts, activeAlerts: 2 },
    ]);
    expect(new PatchColumns(two).id(1)).toBe('U22');
    const pastText = two.slice(0);
    new Float64Array(pastText, 0, H + 2 * STRIDE)[H + STRIDE + 12] = 6;
    expect(() => new PatchColumns(pastText)).toThrow(/row 1: its id ends at 6, not between 2 and the ids' text's 5/);
    const backwards = two.slice(0);
    new Float64Array(backwards, 0, H + 2 * STRIDE)[H + 12] = 4;
    new Float64Array(backwards, 0, H + 2 * STRIDE)[H + STRIDE + 12] = 3;
    expect(() => new PatchColumns(backwards)).toThrow(/row 1: its id ends at 3, not between 4/);
    const short = two.slice(0);
    new Float64Array(short, 0, H + 2 * STRIDE)[H + STRIDE + 12] = 4;
    expect(() => new PatchColumns(short)).toThrow(/the rows' ids end at 4, the ids' text is 5 long/);
    const badEncoding = two.slice(0);
    new Float64Array(badEncoding, 0, H)[5] = 32;
    expect(() => new PatchColumns(badEncoding)).toThrow(/the ids' encoding 32 \(5 bytes\) is neither 8 \(UTF-8\) nor 16/);
  });
});
