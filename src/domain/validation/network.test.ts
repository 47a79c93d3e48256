import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  LAST_MODEM_WARNING,
  TOO_FEW_CONNECTED_MESSAGE,
  TOTAL_BELOW_CELLULAR_MESSAGE,
  type UnitInterface,
  bandwidthPriorityErrors,
  disableInterfaceVerdict,
  networkFormErrors,
} from './network.ts';

describe('networkFormErrors: total and cellular limits (spec 000 §5)', () => {
  it.each([
    ['total above cellular', 8000, 5000, {}],
    ['total equal to cellular', 5000, 5000, {}],
    ['total 1 kbps below cellular', 4999, 5000, { totalKbps: TOTAL_BELOW_CELLULAR_MESSAGE }],
    ['no total limit (empty)', '', 5000, {}],
    ['no total limit (0)', 0, 5000, {}],
    ['no cellular limit', 3000, null, {}],
    ['a negative total', -1, 5000, { totalKbps: 'Must be 0 or more' }],
    ['a fractional cellular', 8000, '12.5', { cellularKbps: 'Must be an integer' }],
  ])('answers %s (total %j, cellular %j) with %j', (_label, totalKbps, cellularKbps, expected) => {
    expect(networkFormErrors({ totalKbps, cellularKbps })).toEqual(expected);
  });

  it('flags the total for every pair where the total is below the cellular limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (total, cellular) => {
        const flagged = networkFormErrors({ totalKbps: total, cellularKbps: cellular }).totalKbps === TOTAL_BELOW_CELLULAR_MESSAGE;
        return flagged === total < cellular;
      }),
    );
  });
});

describe('networkFormErrors: per-interface limits (spec 000 §5)', () => {
  it.each([
    ['Ethernet 7999 under total 8000', 'lan', 7999, {}],
    ['Ethernet at the total', 'lan', 8000, { 'interfaces.eth0': 'Must be lower than the total limit (8000 kbps)' }],
    ['Wi-Fi above the total', 'wifi', 9000, { 'interfaces.eth0': 'Must be lower than the total limit (8000 kbps)' }],
    ['a modem 4999 under cellular 5000', 'cell', 4999, {}],
    ['a modem at the cellular limit', 'cell', 5000, { 'interfaces.eth0': 'Must be lower than the cellular limit (5000 kbps)' }],
    ['an interface without limit', 'lan', '', {}],
  ] as const)('answers %s (%s link, %j kbps) with %j', (_label, type, limitKbps, expected) => {
    expect(networkFormErrors({ totalKbps: 8000, cellularKbps: 5000, interfaces: [{ port: 'eth0', type, limitKbps }] })).toEqual(expected);
  });

  it('caps a modem by the total when there is no cellular limit', () => {
    const errors = networkFormErrors({ totalKbps: 8000, cellularKbps: '', interfaces: [{ port: '3', type: 'cell', limitKbps: 8000 }] });
    expect(errors).toEqual({ 'interfaces.3': 'Must be lower than the total limit (8000 kbps)' });
  });

  it('leaves every interface limit free when neither limit is set', () => {
    fc.assert(
      fc.property(fc.constantFrom('cell', 'lan', 'wifi' as const), fc.integer({ min: 0, max: 1_000_000 }), (type, limitKbps) =>
        Object.keys(networkFormErrors({ totalKbps: 0, cellularKbps: 0, interfaces: [{ port: 'p', type, limitKbps }] })).length === 0,
      ),
    );
  });
});

describe('bandwidthPriorityErrors (cellular, ETH1, ETH2, Wi-Fi: 1st to 4th, spec 000 §9)', () => {
  it('accepts each of 1 to 4 used once', () => {
    expect(bandwidthPriorityErrors({ cellular: 1, eth1: 2, eth2: 3, wifi: 4 })).toEqual({});
  });

  it.each([
    [0, 'Must be 1 or more'],
    [1, null],
    [4, null],
    [5, 'Must be 4 or less'],
    ['', 'This field is required'],
    [1.5, 'Must be an integer'],
  ])('answers a priority of %j with %j', (value, expected) => {
    expect(bandwidthPriorityErrors({ wifi: value }).wifi ?? null).toBe(expected);
  });

  it('marks every group that shares a priority with "This field must be unique"', () => {
    expect(bandwidthPriorityErrors({ cellular: 1, eth1: 1, eth2: 2, wifi: 3 })).toEqual({
      cellular: 'This field must be unique',
      eth1: 'This field must be unique',
    });
  });

  it('accepts every permutation of 1-4 and reports the groups under priorities.<group> in the form', () => {
    const groups = ['cellular', 'eth1', 'eth2', 'wifi'] as const;
    fc.assert(
      fc.property(fc.shuffledSubarray([1, 2, 3, 4], { minLength: 4, maxLength: 4 }), (order) => {
        const priorities = Object.fromEntries(groups.map((group, index) => [group, order[index]]));
        return Object.keys(networkFormErrors({ totalKbps: '', cellularKbps: '', priorities })).length === 0;
      }),
    );
    expect(networkFormErrors({ totalKbps: '', cellularKbps: '', priorities: { eth2: 9 } })).toEqual({ 'priorities.eth2': 'Must be 4 or less' });
  });
});

describe('disableInterfaceVerdict (at least 2 interfaces stay connected, spec 000 §5)', () => {
  const link = (port: string, type: UnitInterface['type'], connected = true, enabled = true): UnitInterface => ({ port, type, connected, enabled });

  it.each([
    ['allows disabling an interface that leaves 2 connected', [link('m1', 'cell'), link('m2', 'cell'), link('eth', 'lan'), link('m3', 'cell')], 'm3', { kind: 'allowed' }],
    ['blocks disabling an interface that would leave 1 connected', [link('eth', 'lan'), link('m2', 'cell'), link('m3', 'cell', false)], 'm2', { kind: 'blocked', message: TOO_FEW_CONNECTED_MESSAGE }],
    ['blocks disabling the only connected interface', [link('eth', 'lan')], 'eth', { kind: 'blocked', message: TOO_FEW_CONNECTED_MESSAGE }],
    ['does not count a disabled interface as staying connected', [link('m1', 'cell'), link('eth', 'lan', true, false), link('m2', 'cell')], 'm2', { kind: 'blocked', message: TOO_FEW_CONNECTED_MESSAGE }],
    ['warns when disabling the last connected modem', [link('eth', 'lan'), link('wifi', 'wifi'), link('m1', 'cell'), link('m2', 'cell', false)], 'm1', { kind: 'warning', message: LAST_MODEM_WARNING }],
    ['allows disabling an interface that is not connected', [link('eth', 'lan'), link('m1', 'cell', false)], 'm1', { kind: 'allowed' }],
    ['allows an unknown port (nothing to disable)', [link('eth', 'lan')], 'nope', { kind: 'allowed' }],
  ] as const)('%s', (_label, links, port, expected) => {
    expect(disableInterfaceVerdict(links, port)).toEqual(expected);
  });
});
