import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  checkUpgrade,
  isUpgradableType,
  NOT_UPGRADABLE_TYPES,
  osReinstallReason,
  UPGRADE_ERROR_CODES,
  UPGRADE_MESSAGES,
  UPGRADE_STATES,
  upgradeErrorMessage,
  type UnitUpgradeRequest,
  type UpgradeDecision,
} from './upgrade.ts';
import { compareVersions } from './versions.ts';

const unit = (overrides: Partial<UnitUpgradeRequest> = {}): UnitUpgradeRequest => ({
  device: 'unit',
  productType: '800',
  unitVersion: '8.0',
  targetVersion: '8.5',
  serverVersion: '8.5',
  underSla: true,
  ...overrides,
});

const reasonOf = (decision: UpgradeDecision): string => (decision.allowed ? 'allowed' : decision.reason);

describe('upgrade states (spec 001 §4)', () => {
  it('lists pending, upgrading, succeeded, failed, rejected', () => {
    expect(UPGRADE_STATES).toEqual(['pending', 'upgrading', 'succeeded', 'failed', 'rejected']);
  });
});

describe('not-upgradable product types (spec 000 §3)', () => {
  it.each(['70L', '700SV', 'Smart', 'Lite', '40', 'Solo', 'Solo-Plus', 'DataBridge Extender', 'Solo Pro', 'Solo Pro Plus'])(
    'refuses to upgrade a %s',
    (productType) => {
      expect(NOT_UPGRADABLE_TYPES).toContain(productType);
      expect(isUpgradableType(productType)).toBe(false);
      expect(checkUpgrade(unit({ productType }))).toEqual({
        allowed: false,
        reason: 'notUpgradableType',
        message: 'This product type cannot be upgraded.',
      });
    },
  );

  it.each(['800', '810', '600', '700', '710', '300S', 'Gateway'])('lets a %s be upgraded', (productType) => {
    expect(isUpgradableType(productType)).toBe(true);
    expect(checkUpgrade(unit({ productType })).allowed).toBe(true);
  });

  it('lists exactly the ten types of the spec', () => {
    expect(NOT_UPGRADABLE_TYPES).toHaveLength(10);
  });
});

describe('unit upgrade rules (spec 000 §5, 001 §4)', () => {
  it.each<[string, Partial<UnitUpgradeRequest>, string]>([
    // units on 5.1 or below cannot be upgraded
    ['a unit on 5.1', { unitVersion: '5.1', serverVersion: '8.5' }, 'unitVersionTooOld'],
    ['a unit on 5.1.9 (still a 5.1 release)', { unitVersion: '5.1.9', serverVersion: '8.5' }, 'unitVersionTooOld'],
    ['a unit on 5.0', { unitVersion: '5.0', serverVersion: '8.5' }, 'unitVersionTooOld'],
    ['a unit on 3.5', { unitVersion: '3.5', serverVersion: '8.5' }, 'unitVersionTooOld'],
    ['a unit on 5.2', { unitVersion: '5.2', targetVersion: '6.0', serverVersion: '8.5' }, 'allowed'],
    // not under SLA
    ['a unit not under SLA', { underSla: false }, 'notUnderSla'],
    ['a unit under SLA', { underSla: true }, 'allowed'],
    // server version must be at or above the unit version
    ['a server below the unit', { unitVersion: '8.0.1', serverVersion: '8.0', targetVersion: '8.0.2' }, 'serverBelowUnit'],
    ['a server equal to the unit', { unitVersion: '8.0', serverVersion: '8.0.0', targetVersion: '8.0.2' }, 'allowed'],
    // upgrades to 9.x need server 8.5 or above
    ['9.0 with server 8.4.9', { unitVersion: '8.0', serverVersion: '8.4.9', targetVersion: '9.0' }, 'serverTooOldFor9'],
    ['9.1 with server 8.4', { unitVersion: '8.0', serverVersion: '8.4', targetVersion: '9.1' }, 'serverTooOldFor9'],
    ['9.0 with server 8.5', { unitVersion: '8.0', serverVersion: '8.5', targetVersion: '9.0' }, 'allowed'],
    ['8.9 with server 8.4', { unitVersion: '8.0', serverVersion: '8.4', targetVersion: '8.9' }, 'allowed'],
    // unknown versions
    ['an unknown unit version', { unitVersion: 'beta' }, 'unknownVersion'],
    ['an unknown target version', { targetVersion: '' }, 'unknownVersion'],
    ['an unknown server version', { serverVersion: 'n/a' }, 'unknownVersion'],
    // nothing to do
    ['the version it already runs', { unitVersion: '8.0', targetVersion: '8.0.0' }, 'sameVersion'],
  ])('decides %s', (_name, overrides, expected) => {
    expect(reasonOf(checkUpgrade(unit(overrides)))).toBe(expected);
  });

  it.each([
    ['unitVersionTooOld', { unitVersion: '5.1' }, 'Units on version 5.1 or below cannot be upgraded.'],
    ['notUnderSla', { underSla: false }, 'Only units under SLA can be upgraded.'],
    ['serverBelowUnit', { unitVersion: '8.6', serverVersion: '8.5' }, 'The server version must be at or above the unit version.'],
    ['serverTooOldFor9', { serverVersion: '8.4', targetVersion: '9.0' }, 'Upgrading to version 9.x needs a server on version 8.5 or above.'],
  ] as const)('explains %s in a full sentence', (reason, overrides, message) => {
    expect(checkUpgrade(unit(overrides))).toEqual({ allowed: false, reason, message });
  });

  it('checks the product type before anything else', () => {
    expect(reasonOf(checkUpgrade(unit({ productType: 'Solo', unitVersion: '4.0', underSla: false })))).toBe('notUpgradableType');
  });

  it('allows a plain upgrade with no flags', () => {
    expect(checkUpgrade(unit({ unitVersion: '8.0', targetVersion: '8.5', serverVersion: '8.5' }))).toEqual({ allowed: true });
  });
});

describe('downgrades and OS reinstall (spec 000 §5, 001 §4)', () => {
  it.each<[string, string, string, UpgradeDecision]>([
    // units set to 8.x or lower downgrade automatically; all downgrades need a reinstall
    ['8.5', '8.0', '8.5', { allowed: true, automaticDowngrade: true, needsOsReinstall: true, osReinstallReason: 'downgrade', notice: `${UPGRADE_MESSAGES.automaticDowngrade} ${UPGRADE_MESSAGES.osReinstall}` }],
    ['9.0', '8.9', '9.0', { allowed: true, automaticDowngrade: true, needsOsReinstall: true, osReinstallReason: 'downFrom9', notice: `${UPGRADE_MESSAGES.automaticDowngrade} ${UPGRADE_MESSAGES.osReinstall}` }],
    ['9.1', '9.0', '9.1', { allowed: true, needsOsReinstall: true, osReinstallReason: 'downFrom9', notice: UPGRADE_MESSAGES.osReinstall }],
    ['7.0', '6.5', '8.0', { allowed: true, automaticDowngrade: true, needsOsReinstall: true, osReinstallReason: 'downgrade', notice: `${UPGRADE_MESSAGES.automaticDowngrade} ${UPGRADE_MESSAGES.osReinstall}` }],
    // 6 to 7 needs a reinstall
    ['6.4', '7.0', '7.0', { allowed: true, needsOsReinstall: true, osReinstallReason: 'crosses6to7', notice: UPGRADE_MESSAGES.osReinstall }],
    ['6.0', '8.0', '8.0', { allowed: true, needsOsReinstall: true, osReinstallReason: 'crosses6to7', notice: UPGRADE_MESSAGES.osReinstall }],
    ['6.0', '6.9', '7.0', { allowed: true }],
    ['7.0', '7.5.1', '8.0', { allowed: true }],
  ])('moves a unit from %s to %s (server %s)', (unitVersion, targetVersion, serverVersion, expected) => {
    expect(checkUpgrade(unit({ unitVersion, targetVersion, serverVersion }))).toEqual(expected);
  });

  it.each<[string, string, string | null]>([
    ['9.0', '8.5', 'downFrom9'],
    ['9.0.1', '9.0', 'downFrom9'],
    ['8.5', '8.4', 'downgrade'],
    ['6.9', '7.0', 'crosses6to7'],
    ['5.2', '7.0', 'crosses6to7'],
    ['7.0', '7.0.0', null],
    ['7.0', '9.0', null],
    ['6.0', '6.4', null],
    ['junk', '7.0', null],
  ])('says %s → %s needs reinstall reason %j', (from, to, expected) => {
    expect(osReinstallReason(from, to)).toBe(expected);
  });

  it('flags every downgrade as needing a reinstall and every allowed downgrade to 8.x or lower as automatic', () => {
    const version = fc
      .tuple(fc.integer({ min: 5, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 }))
      .map((parts) => parts.join('.'));
    fc.assert(
      fc.property(version, version, (unitVersion, targetVersion) => {
        const decision = checkUpgrade(unit({ unitVersion, targetVersion, serverVersion: '9.9' }));
        if (!decision.allowed) return;
        const down = compareVersions(targetVersion, unitVersion) < 0;
        expect(decision.needsOsReinstall === true).toBe(down || (Number(unitVersion.split('.')[0]) <= 6 && Number(targetVersion.split('.')[0]) >= 7));
        expect(decision.automaticDowngrade === true).toBe(down && Number(targetVersion.split('.')[0]) <= 8);
      }),
    );
  });
});

describe('server upgrade rules (spec 001 §4)', () => {
  it.each<[string, boolean, string, string]>([
    ['a busy server', false, '8.5', 'serverNotIdle'],
    ['an idle server', true, '8.5', 'allowed'],
    ['an idle server to the version it runs', true, '8.0', 'sameVersion'],
    ['an idle server to an unknown version', true, 'latest', 'unknownVersion'],
  ])('decides %s', (_name, serverIdle, targetVersion, expected) => {
    expect(reasonOf(checkUpgrade({ device: 'server', serverVersion: '8.0', targetVersion, serverIdle }))).toBe(expected);
  });

  it('says servers upgrade only when idle', () => {
    expect(checkUpgrade({ device: 'server', serverVersion: '8.0', targetVersion: '8.5', serverIdle: false })).toEqual({
      allowed: false,
      reason: 'serverNotIdle',
      message: 'Servers can be upgraded only when idle.',
    });
  });

  it('needs a reinstall but no automatic downgrade when a server goes down from 9', () => {
    expect(checkUpgrade({ device: 'server', serverVersion: '9.0', targetVersion: '8.5', serverIdle: true })).toEqual({
      allowed: true,
      needsOsReinstall: true,
      osReinstallReason: 'downFrom9',
      notice: UPGRADE_MESSAGES.osReinstall,
    });
  });
});

describe('upgrade error codes (spec 000 §8, 001 §8, 002 §8)', () => {
  it.each<[number, string]>([
    [101, 'Installing the new software version failed.'],
    [102, 'Upgrading the Blackmagic driver failed.'],
    [103, 'The operating system upgrade failed.'],
    [104, 'Installing the new software version after the operating system upgrade failed.'],
    [105, 'The upgrade failed because of a network problem.'],
    [106, 'There is no connection to the software repository. Please open the firewall to the repository and try again.'],
    [107, 'Backing up the configuration failed.'],
    [-1, 'The upgrade failed. Please try rebooting the server.'],
    [6802, 'The target version is not allowed.'],
    [6803, 'The selected version is not supported on LU600 units using H.264; those units were skipped.'],
    [6199, 'The server is offline.'],
    [6808, 'The server is busy or has an input-encoder channel. Upgrade it when it is idle.'],
    [6810, 'The target version is not supported by the hardware configuration.'],
  ])('shows code %i as %j', (code, message) => {
    expect(upgradeErrorMessage(code)).toBe(message);
  });

  it('uses the plural text when several servers are offline (6199)', () => {
    expect(upgradeErrorMessage(6199, 2)).toBe('The servers are offline.');
    expect(upgradeErrorMessage(6199, 1)).toBe('The server is offline.');
  });

  it.each([0, 100, 108, -2, 6800, 9999])('falls back to a sentence carrying unknown code %i', (code) => {
    expect(upgradeErrorMessage(code)).toBe(`The upgrade failed (error ${code}).`);
  });

  it('splits codes into 8 unit codes and 5 server codes, each a full sentence', () => {
    expect(UPGRADE_ERROR_CODES.filter((entry) => entry.side === 'unit').map((entry) => entry.code)).toEqual([101, 102, 103, 104, 105, 106, 107, -1]);
    expect(UPGRADE_ERROR_CODES.filter((entry) => entry.side === 'server').map((entry) => entry.code)).toEqual([6802, 6803, 6199, 6808, 6810]);
    for (const entry of UPGRADE_ERROR_CODES) expect(entry.message).toMatch(/^[A-Z].*\.$/);
  });
});
