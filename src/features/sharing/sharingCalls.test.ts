import { describe, it, expect } from 'vitest';
import { SharingDecodeError, decodeUnitSharing } from './sharingCalls.ts';

describe('sharing answers decoded at the edge', () => {
  it('keeps the shared ids and the inventory’s subscribers (share keys are not needed here)', () => {
    const answer = decodeUnitSharing({
      uid: 'U1',
      inventoryId: 'INV-NEWS',
      subscriberIds: ['SUB-NEWS-1'],
      subscribers: [],
      available: [{ id: 'SUB-NEWS-1', name: 'Affiliate-North', description: 'north', shareKey: 'secret-key-1' }, { id: 'SUB-NEWS-2', name: 'B' }],
    });
    expect(answer).toEqual({
      uid: 'U1',
      inventoryId: 'INV-NEWS',
      subscriberIds: ['SUB-NEWS-1'],
      available: [
        { id: 'SUB-NEWS-1', name: 'Affiliate-North', description: 'north' },
        { id: 'SUB-NEWS-2', name: 'B', description: '' },
      ],
    });
  });

  it.each([null, {}, { uid: 'U1', subscriberIds: [] }, { uid: 'U1', subscriberIds: [], available: [{ id: 1, name: 'x' }] }])('refuses %j', (value) => {
    expect(() => decodeUnitSharing(value)).toThrow(SharingDecodeError);
  });
});
