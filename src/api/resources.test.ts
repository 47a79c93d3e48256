import { describe, it, expect } from 'vitest';
import { decodeApplicationUrls, decodeClientConfiguration, decodeCurrentUser, decodeGroups, decodeNotifications } from './resources.ts';

describe('decodeClientConfiguration', () => {
  it('keeps the known roles and the password expiry of spec 002 §3', () => {
    const config = decodeClientConfiguration({
      loggedUserRoles: ['luc_regular', 'not_a_role', 'staff', 'luc_regular', 7],
      secondsToPwdExpiration: 1_209_600,
      wsLibrary: 'native',
      activeFeatures: ['map', 3],
      userId: 'USR-1',
      mapTileUrl: '',
    });
    expect(config.loggedUserRoles).toEqual(['luc_regular', 'staff']);
    expect(config.secondsToPwdExpiration).toBe(1_209_600);
    expect(config.activeFeatures).toEqual(['map']);
    expect(config.mapTileUrl).toBeNull();
  });

  it.each([[null], ['text'], [[]], [{ loggedUserRoles: 'super_user' }]])('gives no roles and no expiry for %j', (body) => {
    const config = decodeClientConfiguration(body);
    expect(config.loggedUserRoles).toEqual([]);
    expect(config.secondsToPwdExpiration).toBeNull();
  });
});

describe('the other decoders', () => {
  it('read the current user, with an id from userId when id is missing', () => {
    expect(decodeCurrentUser({ userId: 'USR-2', username: 'luc_read', firstName: 'Read', lastName: 'User', email: null, userType: 'luc_read' })).toEqual({
      id: 'USR-2',
      username: 'luc_read',
      firstName: 'Read',
      lastName: 'User',
      email: null,
      userType: 'luc_read',
    });
  });

  it('read the three application URLs of the drawer', () => {
    expect(decodeApplicationUrls({ centralConsole: 'a', videoReturnPortal: 'b', matrixApplication: 'c', extra: 1 })).toEqual({ centralConsole: 'a', videoReturnPortal: 'b', matrixApplication: 'c' });
  });

  it('read notifications with their 24 h and 2 h flags, only true when the server says true', () => {
    expect(decodeNotifications([{ id: 'N1', globalNotification: 'Maintenance', expireDate: 5, expiresWithin24h: true, expiresWithin2h: 'yes' }])).toEqual([
      { id: 'N1', globalNotification: 'Maintenance', expireDate: 5, expiresWithin24h: true, expiresWithin2h: false },
    ]);
    expect(decodeNotifications({ not: 'a list' })).toEqual([]);
  });

  it('drop groups without an id', () => {
    expect(decodeGroups([{ uid: 'G1', name: 'News' }, { name: 'nameless' }])).toEqual([{ uid: 'G1', name: 'News', inventoryId: '', inventoryName: '' }]);
  });
});
