import { describe, expect, it } from 'vitest';
import {
  decideDeviceUpgrade,
  isOffered,
  newestFirst,
  releaseNotesUrlError,
  SOFTWARE_VERSION_MESSAGES,
  versionNumberError,
  type DeviceUpgradeFacts,
} from './softwareVersions.ts';

describe('version numbers (spec 000 §9: dotted numbers from 3.5 to 9.0)', () => {
  it.each([
    ['3.5', null],
    ['9.0', null],
    ['9.0.2', null],
    ['7.5.1', null],
    ['3.4.9', SOFTWARE_VERSION_MESSAGES.versionRange],
    ['9.1', SOFTWARE_VERSION_MESSAGES.versionRange],
    ['10.0', SOFTWARE_VERSION_MESSAGES.versionRange],
    ['8', SOFTWARE_VERSION_MESSAGES.versionFormat],
    ['v8.0', SOFTWARE_VERSION_MESSAGES.versionFormat],
    ['', 'This field is required'],
  ])('%j → %j', (text, expected) => {
    expect(versionNumberError(text)).toBe(expected);
  });

  it('refuses a number another version has, compared as dotted numbers', () => {
    expect(versionNumberError('8.0', ['8.0.0'])).toBe(SOFTWARE_VERSION_MESSAGES.versionTaken);
    expect(versionNumberError('8.0.1', ['8.0.0'])).toBeNull();
  });

  it('sorts newest first as numbers, not text', () => {
    expect(newestFirst([{ version: '7.10' }, { version: '7.9.1' }, { version: '9.0' }]).map((v) => v.version)).toEqual(['9.0', '7.10', '7.9.1']);
  });

  it.each([
    ['', null],
    ['https://notes.example/8.6', null],
    ['http://notes.example', null],
    ['ftp://notes.example', SOFTWARE_VERSION_MESSAGES.releaseNotesUrl],
    ['notes', SOFTWARE_VERSION_MESSAGES.releaseNotesUrl],
  ])('release notes URL %j → %j', (url, expected) => {
    expect(releaseNotesUrlError(url)).toBe(expected);
  });

  it('offers a version to the listed types and inventories (none listed: all)', () => {
    const every = { version: '9.0', supportedDevices: [], inventoryIds: [] };
    const narrow = { version: '9.0', supportedDevices: ['800'], inventoryIds: ['INV-A'] };
    expect(isOffered(every, { type: 'Solo', inventoryId: null })).toBe(true);
    expect(isOffered(narrow, { type: '800', inventoryId: 'INV-A' })).toBe(true);
    expect(isOffered(narrow, { type: '800', inventoryId: 'INV-B' })).toBe(false);
    expect(isOffered(narrow, { type: '810', inventoryId: 'INV-A' })).toBe(false);
  });
});

describe('a device’s upgrade with its server-side code (spec 000 §8)', () => {
  const unit = (over: Partial<Extract<DeviceUpgradeFacts, { device: 'unit' }>> = {}): DeviceUpgradeFacts => ({
    device: 'unit',
    productType: '800',
    unitVersion: '8.0.4',
    targetVersion: '9.0.0',
    serverVersion: '8.5.0',
    underSla: true,
    serverOnline: true,
    videoCodec: null,
    ...over,
  });

  it.each<[string, DeviceUpgradeFacts, number | null, string]>([
    ['an allowed move', unit(), null, ''],
    ['an excluded type', unit({ productType: '300Se' }), 6810, 'This product type is excluded from software upgrades.'],
    ['a not-upgradable type', unit({ productType: 'Lite' }), 6810, 'This product type cannot be upgraded.'],
    ['no server', unit({ serverOnline: false }), 6199, 'The server is offline.'],
    ['5.1 or below', unit({ unitVersion: '5.1.9' }), 6802, 'Units on version 5.1 or below cannot be upgraded.'],
    ['not under SLA', unit({ underSla: false }), 6802, 'Only units under SLA can be upgraded.'],
    ['server below unit', unit({ unitVersion: '8.5.1' }), 6802, 'The server version must be at or above the unit version.'],
    ['9.x on an old server', unit({ serverVersion: '8.4.9', unitVersion: '8.0' }), 6802, 'Upgrading to version 9.x needs a server on version 8.5 or above.'],
    ['LU600 on H.264 to 9', unit({ productType: '600', videoCodec: 'H.264' }), 6803, 'The selected version is not supported on LU600 units using H.264; those units were skipped.'],
    ['LU600 on H.264 within 8', unit({ productType: '600', videoCodec: 'H.264', targetVersion: '8.5.0' }), null, ''],
    ['a busy server', { device: 'server', serverVersion: '8.5.0', targetVersion: '9.0', serverIdle: false }, 6808, 'Servers can be upgraded only when idle.'],
    ['an idle server', { device: 'server', serverVersion: '8.5.0', targetVersion: '9.0', serverIdle: true }, null, ''],
  ])('%s', (_label, facts, code, message) => {
    const decision = decideDeviceUpgrade(facts);
    if (code === null) {
      expect(decision.allowed).toBe(true);
    } else {
      expect(decision).toMatchObject({ allowed: false, code, message });
    }
  });
});
