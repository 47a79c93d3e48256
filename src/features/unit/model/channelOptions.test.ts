import { describe, expect, it } from 'vitest';
import { channelOptions } from './channelOptions.ts';

describe('channelOptions: the group’s channels, "External" for one the user cannot see', () => {
  it('lists the group’s channels by name', () => {
    expect(channelOptions([{ id: 'B', name: 'Sports' }, { id: 'A', name: 'News' }], 'A').map((o) => o.label)).toEqual(['News', 'Sports']);
  });

  it('uses the id when the name is not known', () => {
    expect(channelOptions([{ id: 'CH-1', name: undefined }], null)).toEqual([{ value: 'CH-1', label: 'CH-1', disabled: false }]);
  });

  it('shows the unit’s channel outside the group as "External", not selectable', () => {
    expect(channelOptions([{ id: 'A', name: 'News' }], 'X')[0]).toEqual({ value: 'X', label: 'External', disabled: true });
  });

  it('adds nothing when the unit has no channel', () => {
    expect(channelOptions([], null)).toEqual([]);
  });
});
