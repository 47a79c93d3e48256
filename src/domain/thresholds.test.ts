import { describe, expect, it } from 'vitest';
import { ThresholdWatch } from './thresholds.ts';
import { defaultThresholds, THRESHOLD_BOUNDS, THRESHOLD_KINDS, thresholdErrors, thresholdText, type Threshold, type ThresholdKind } from './incidents.ts';

const T0 = 1_700_000_000_000;
const G = 'G1';

function threshold(kind: ThresholdKind, value: number | null = THRESHOLD_BOUNDS[kind].value?.initial ?? null, seconds: number | null = THRESHOLD_BOUNDS[kind].seconds?.initial ?? null): Threshold {
  return { id: `T-${kind}`, userId: 'U1', groupId: G, kind, enabled: true, value, seconds, toast: true };
}

/** A watch that knows unit U (online, battery 80 %, camera on, link eth0 up) and the threshold. */
function watching(t: Threshold): ThresholdWatch {
  const watch = new ThresholdWatch();
  watch.setThresholds([t], T0, { raiseHeld: false });
  watch.observe('U', G, { at: T0, offline: false, streaming: false, batteryPct: 80, cameraConnected: true, links: [{ port: 'eth0', connected: true }] });
  return watch;
}

describe('threshold texts (spec 000 §9 battery text with the user’s {0}%)', () => {
  it.each([
    ['battery', { value: 35, seconds: null }, undefined, 'Battery level is below 35%'],
    ['cameraDisconnected', { value: null, seconds: null }, undefined, 'Camera disconnected'],
    ['linkLoss', { value: null, seconds: null }, 'modem2', 'Link modem2 lost'],
    ['lowUplink', { value: 1500, seconds: 20 }, undefined, 'Uplink below 1500 kbps for 20 s while streaming'],
    ['offlineLong', { value: 15, seconds: null }, undefined, 'Offline for more than 15 minutes'],
  ] as const)('%s says "%s"', (kind, setting, port, text) => {
    expect(thresholdText(kind, setting, port)).toBe(text);
  });
});

describe('threshold bounds (spec 002 §5 messages)', () => {
  it('every kind, off, with its initial numbers by default', () => {
    expect(defaultThresholds().map((t) => t.kind)).toEqual([...THRESHOLD_KINDS]);
    expect(thresholdErrors(defaultThresholds())).toEqual({});
  });
  it.each([
    ['battery', 0, null, { 'battery.value': 'Must be 1 or more' }],
    ['battery', 100, null, { 'battery.value': 'Must be 99 or less' }],
    ['battery', 20.5, null, { 'battery.value': 'Must be an integer' }],
    ['battery', null, null, { 'battery.value': 'This field is required' }],
    ['lowUplink', 99, 4, { 'lowUplink.value': 'Must be 100 or more', 'lowUplink.seconds': 'Must be 5 or more' }],
    ['lowUplink', 100_001, 3_601, { 'lowUplink.value': 'Must be 100000 or less', 'lowUplink.seconds': 'Must be 3600 or less' }],
    ['offlineLong', 1_441, null, { 'offlineLong.value': 'Must be 1440 or less' }],
    ['linkLoss', 5, null, { 'linkLoss.value': 'Invalid field' }],
  ] as const)('%s value %s seconds %s is refused with %j', (kind, value, seconds, errors) => {
    expect(thresholdErrors([{ kind, enabled: true, value, seconds, toast: false }])).toEqual(errors);
  });
});

describe('ThresholdWatch episodes', () => {
  it('battery below the user’s % raises once, again only after it was back above', () => {
    const watch = watching(threshold('battery', 30));
    expect(watch.observe('U', G, { at: T0 + 1, batteryPct: 31 })).toEqual([]);
    const hits = watch.observe('U', G, { at: T0 + 2, batteryPct: 29 });
    expect(hits.map((h) => h.text)).toEqual(['Battery level is below 30%']);
    expect(watch.observe('U', G, { at: T0 + 3, batteryPct: 12 })).toEqual([]); // same episode
    expect(watch.observe('U', G, { at: T0 + 4, batteryPct: 30 })).toEqual([]); // back: episode ends
    expect(watch.observe('U', G, { at: T0 + 5, batteryPct: 29 })).toHaveLength(1);
  });

  it('camera disconnected raises while online, not as part of going offline', () => {
    const watch = watching(threshold('cameraDisconnected'));
    expect(watch.observe('U', G, { at: T0 + 1, offline: true, cameraConnected: false })).toEqual([]);
    expect(watch.observe('U', G, { at: T0 + 2, offline: false })).toHaveLength(1); // online, camera still off
    expect(watch.observe('U', G, { at: T0 + 3, cameraConnected: true })).toEqual([]);
    expect(watch.observe('U', G, { at: T0 + 4, cameraConnected: false })).toHaveLength(1);
  });

  it('a link lost while online raises per port; it comes back before it can raise again', () => {
    const watch = watching(threshold('linkLoss'));
    const down = watch.observe('U', G, { at: T0 + 1, links: [{ port: 'eth0', connected: false }, { port: 'cell1', connected: true }] });
    expect(down.map((h) => h.port)).toEqual(['eth0']);
    expect(watch.observe('U', G, { at: T0 + 2, links: [{ port: 'eth0', connected: false }, { port: 'cell1', connected: false }] }).map((h) => h.port)).toEqual(['cell1']);
    expect(watch.observe('U', G, { at: T0 + 3, links: [{ port: 'eth0', connected: true }] })).toEqual([]);
    expect(watch.observe('U', G, { at: T0 + 4, links: [{ port: 'eth0', connected: false }] })).toHaveLength(1);
  });

  it("reads a link without `connected` as connected, as the protocol's links say it (only false is down)", () => {
    const watch = watching(threshold('linkLoss'));
    expect(watch.observe('U', G, { at: T0 + 1, links: [{ port: 'eth0' }, { port: 'cell1', connected: undefined }] })).toEqual([]);
    expect(watch.observe('U', G, { at: T0 + 2, links: [{ port: 'eth0', connected: false }, { port: 'cell1' }] }).map((h) => h.port)).toEqual(['eth0']);
  });

  it('answers no hits for a unit of a group without thresholds, or of none, and still keeps its state', () => {
    const watch = watching(threshold('battery', 30));
    expect(watch.observe('V', 'G-other', { at: T0, batteryPct: 10 })).toEqual([]);
    expect(watch.observe('W', null, { at: T0, batteryPct: 10 })).toEqual([]);
    expect(watch.size).toBe(3);
    // V's state was kept: a threshold set on its group now finds the battery low at once.
    expect(watch.setThresholds([threshold('battery', 30), { ...threshold('battery', 30), id: 'T-other', groupId: 'G-other' }], T0 + 1, { raiseHeld: true }).map((h) => h.unitId)).toEqual(['V']);
  });

  it('low uplink raises after N s below while streaming, not while idle, and ends when the stream stops', () => {
    const watch = watching(threshold('lowUplink', 1_000, 30));
    expect(watch.observe('U', G, { at: T0 + 1_000, uplinkKbps: 200 })).toEqual([]); // idle: not streaming
    watch.observe('U', G, { at: T0 + 2_000, streaming: true });
    expect(watch.observe('U', G, { at: T0 + 5_000, uplinkKbps: 400 })).toEqual([]); // below since 5 s
    expect(watch.observe('U', G, { at: T0 + 30_000, uplinkKbps: 400 })).toEqual([]); // 25 s below
    expect(watch.observe('U', G, { at: T0 + 35_000, uplinkKbps: 400 })).toHaveLength(1); // 30 s below
    expect(watch.sweep(T0 + 90_000)).toEqual([]); // the same episode
    watch.observe('U', G, { at: T0 + 95_000, streaming: false });
    watch.observe('U', G, { at: T0 + 96_000, streaming: true });
    expect(watch.observe('U', G, { at: T0 + 100_000, uplinkKbps: 5_000 })).toEqual([]); // back up
    expect(watch.observe('U', G, { at: T0 + 105_000, uplinkKbps: 500 })).toEqual([]);
    expect(watch.sweep(T0 + 135_000)).toHaveLength(1); // 30 s below, told by the sweep
  });

  it('offline longer than N minutes is told by the sweep, once per time offline', () => {
    const watch = watching(threshold('offlineLong', 10));
    watch.observe('U', G, { at: T0 + 60_000, offline: true });
    expect(watch.sweep(T0 + 60_000 + 9 * 60_000)).toEqual([]);
    expect(watch.sweep(T0 + 60_000 + 10 * 60_000).map((h) => h.text)).toEqual(['Offline for more than 10 minutes']);
    expect(watch.sweep(T0 + 60_000 + 30 * 60_000)).toEqual([]);
    watch.observe('U', G, { at: T0 + 40 * 60_000, offline: false });
    watch.observe('U', G, { at: T0 + 41 * 60_000, offline: true });
    expect(watch.sweep(T0 + 51 * 60_000)).toHaveLength(1);
  });

  it('a unit’s first state is a baseline; a threshold set now raises what holds at once; other groups are not watched', () => {
    const watch = new ThresholdWatch();
    const battery = threshold('battery', 30);
    watch.setThresholds([battery], T0, { raiseHeld: false });
    expect(watch.observe('U', G, { at: T0, batteryPct: 10 })).toEqual([]); // the fleet announcing itself
    expect(watch.observe('V', 'G-OTHER', { at: T0, batteryPct: 90 })).toEqual([]);
    expect(watch.observe('V', 'G-OTHER', { at: T0 + 1, batteryPct: 5 })).toEqual([]); // not this group's
    // The user raises it to 50 %: U (10 %) holds now and raises at once.
    const hits = watch.setThresholds([{ ...battery, value: 50 }], T0 + 2, { raiseHeld: true });
    expect(hits.map((h) => [h.unitId, h.text])).toEqual([['U', 'Battery level is below 50%']]);
    // Loaded again unchanged (another user's change): nothing new.
    expect(watch.setThresholds([{ ...battery, value: 50 }], T0 + 3, { raiseHeld: true })).toEqual([]);
    // Turned off: nothing is watched.
    watch.setThresholds([{ ...battery, value: 50, enabled: false }], T0 + 4, { raiseHeld: true });
    expect(watch.observe('U', G, { at: T0 + 5, batteryPct: 60 })).toEqual([]);
    expect(watch.observe('U', G, { at: T0 + 6, batteryPct: 5 })).toEqual([]);
  });
});
