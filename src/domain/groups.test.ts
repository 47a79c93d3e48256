import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultConfigurationErrors, GROUP_MESSAGES, groupDeletionRefusal, groupForNewUnit, groupFormErrors, groupsForNewUser } from './groups.ts';

describe('group rules', () => {
  it.each([
    ['News-National', {}],
    ['', { name: 'This field is required' }],
    ['News National', { name: 'Should contain only letters, numbers, underscores and hyphens' }],
    ['x'.repeat(256), { name: 'Must be no more than 255 characters' }],
    ['Taken', { name: 'Name is already taken. Please select a different name' }],
  ])('a group named %j gets %j (spec 002 §5)', (name, expected) => {
    expect(groupFormErrors({ name, inventoryId: 'INV-1' }, ['Taken'])).toEqual(expected);
  });

  it('asks for the inventory', () => {
    expect(groupFormErrors({ name: 'Ok', inventoryId: '' }, [])).toEqual({ inventoryId: GROUP_MESSAGES.inventoryRequired });
  });

  it('refuses to delete a group that holds units or channels, saying how many', () => {
    expect(groupDeletionRefusal({ unitCount: 0, channelCount: 0 })).toBeNull();
    expect(groupDeletionRefusal({ unitCount: 12, channelCount: 3 })).toBe('The group still has 12 units and 3 channels: move them to another group first');
    fc.assert(fc.property(fc.nat(1000), fc.nat(1000), (units, channels) => (groupDeletionRefusal({ unitCount: units, channelCount: channels }) === null) === (units + channels === 0)));
  });

  it('puts a new unit in the first group by name with unit auto association on', () => {
    const groups = [
      { id: 'b', name: 'Beta', autoAssociation: false, unitAutoAssociation: true },
      { id: 'a', name: 'Alpha', autoAssociation: true, unitAutoAssociation: true },
      { id: 'c', name: 'Aardvark', autoAssociation: true, unitAutoAssociation: false },
    ];
    expect(groupForNewUnit(groups)).toBe('a');
    expect(groupForNewUnit([])).toBeNull();
    expect(groupsForNewUser(groups)).toEqual(['a', 'c']);
  });

  it('refuses a cellular cap above the total cap (spec 000 §5), equal passes', () => {
    expect(defaultConfigurationErrors({ totalCappingKbps: 5000, cellularCappingKbps: 6000 })).toEqual({ cellularCappingKbps: 'Max Cellular Capping cannot be higher than Max Total Capping' });
    expect(defaultConfigurationErrors({ totalCappingKbps: 5000, cellularCappingKbps: 5000 })).toEqual({});
    expect(defaultConfigurationErrors({ totalCappingKbps: null, cellularCappingKbps: 6000 })).toEqual({});
  });
});
