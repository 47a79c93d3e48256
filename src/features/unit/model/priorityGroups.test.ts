import { describe, expect, it } from 'vitest';
import { priorityGroupsOf } from './priorityGroups.ts';

describe('priorityGroupsOf: only the groups a unit has links for (spec 000 §9)', () => {
  it.each([
    ['two Ethernet, two modems, Wi-Fi', ['lan', 'lan', 'cell', 'cell', 'wifi'], ['cellular', 'eth1', 'eth2', 'wifi']],
    ['a single-Ethernet unit has no ETH2', ['lan', 'cell'], ['cellular', 'eth1']],
    ['a Lite with a modem and Wi-Fi', ['cell', 'wifi'], ['cellular', 'wifi']],
    ['a link of unknown type adds nothing', [undefined], []],
  ] as const)('%s', (_name, types, groups) => {
    expect(priorityGroupsOf(types)).toEqual(groups);
  });
});
