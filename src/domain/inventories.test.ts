import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyFeatureChanges,
  autoGroupOf,
  defaultVersionError,
  featureSwitchesOf,
  identityProviderError,
  INVENTORY_MESSAGES,
  inventoryDeletionRefusal,
  inventoryFormErrors,
  inventoryParentError,
  MAX_PROPERTIES,
  onFeatureFlags,
  propertyErrors,
  setVersions,
  sipServerError,
  userLicencesError,
  vrChannelRemovalRefusal,
  type InventoryForm,
} from './inventories.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from './roles/roleSets.ts';
import { ERRORS } from './errors.ts';

// spec 002 §5 shared messages and spec 001 §8 texts, word for word.
const GENERIC_NAME = 'Should contain only letters, numbers, underscores and hyphens';
const ALPHA_DASH = 'Should contain only alpha-numeric characters, dashes and underscores';
const NAME_TAKEN = 'Name is already taken. Please select a different name';
const REQUIRED = 'This field is required';
const INVALID_IP = 'Invalid IP field';
const PARENT_SELF = 'Parent inventory cannot be the current inventory';

const EMPTY_FORM: InventoryForm = { name: 'Newsroom', region: '', customer: '', parentId: null, sipServer: '', identityProvider: '', userLicences: null, defaultSwVersions: {}, properties: [] };
const NEW = { currentId: null, parentOf: new Map<string, string | null>() };

describe('inventory rules', () => {
  it.each([
    ['Newsroom', {}],
    ['News_Room-2', {}],
    ['', { name: REQUIRED }],
    ['   ', { name: REQUIRED }],
    ['News Room', { name: GENERIC_NAME }],
    ['Café', { name: GENERIC_NAME }],
    ['x'.repeat(255), {}],
    ['x'.repeat(256), { name: 'Must be no more than 255 characters' }],
    ['SPORTS', { name: NAME_TAKEN }],
  ])('an inventory named %j gets %j (spec 002 §5)', (name, expected) => {
    expect(inventoryFormErrors({ ...EMPTY_FORM, name }, { ...NEW, takenNames: ['Sports'] })).toEqual(expected);
  });

  it.each([
    ['', null],
    ['10.0.0.1', null],
    ['sip.example.com', null],
    ['sip-1', null],
    ['10.0.0.256', INVALID_IP],
    ['010.0.0.1', INVALID_IP],
    ['sip server', INVALID_IP],
    ['-sip.example.com', INVALID_IP],
    ['s'.repeat(254), 'Must have at most 253 characters'],
  ])('SIP server %j: %j (IP or DNS, spec 002 §5)', (value, expected) => {
    expect(sipServerError(value)).toBe(expected);
  });

  it.each([
    ['', null],
    ['okta-newsroom', null],
    ['azure_ad', null],
    ['okta corp', ALPHA_DASH],
    ['x'.repeat(65), 'Must have at most 64 characters'],
  ])('identity provider %j: %j', (value, expected) => {
    expect(identityProviderError(value)).toBe(expected);
  });

  it.each([
    [null, null],
    ['', null],
    [0, null],
    ['25', null],
    [1_000_000, null],
    [-1, 'Must be 0 or more'],
    [1_000_001, 'Must be 1000000 or less'],
    ['2.5', 'Must be an integer'],
    ['ten', 'Must be an integer'],
  ] as const)('user licences %j: %j (null: no limit)', (value, expected) => {
    expect(userLicencesError(value)).toBe(expected);
  });

  // spec 000 §9: "Software versions compare as dotted numbers from 3.5 to 9.0".
  it.each([
    ['', null],
    ['3.5', null],
    ['3.5.0', null],
    ['8.5.2', null],
    ['9.0', null],
    ['9.0.0.0', null],
    ['3.4.99', 'Must be 3.5 or more'],
    ['2', INVENTORY_MESSAGES.versionFormat],
    ['9.0.1', 'Must be 9.0 or less'],
    ['10.0', 'Must be 9.0 or less'],
    ['v8.5', INVENTORY_MESSAGES.versionFormat],
    ['8.5-rc', INVENTORY_MESSAGES.versionFormat],
    ['8.5.2.1.0', INVENTORY_MESSAGES.versionFormat],
  ])('default software version %j: %j', (value, expected) => {
    expect(defaultVersionError(value)).toBe(expected);
  });

  it('keys version errors by unit type group and keeps only the versions that are set', () => {
    expect(inventoryFormErrors({ ...EMPTY_FORM, defaultSwVersions: { fieldUnits: '8.5', liteUnits: '2.0' } }, NEW)).toEqual({ 'defaultSwVersions.liteUnits': 'Must be 3.5 or more' });
    expect(setVersions({ fieldUnits: ' 8.5 ', liteUnits: '', teleport: '7.0' })).toEqual({ fieldUnits: '8.5' });
  });

  describe('parent (spec 002 §5 "Parent inventory cannot be the current inventory"; ours: no loops)', () => {
    // A → B → C (C's parent is B, B's parent is A).
    const parentOf = new Map<string, string | null>([
      ['A', null],
      ['B', 'A'],
      ['C', 'B'],
      ['D', null],
    ]);
    it.each([
      ['A', null, null],
      ['A', 'D', null],
      ['C', 'A', null],
      ['A', 'A', PARENT_SELF],
      ['A', 'B', INVENTORY_MESSAGES.parentLoop],
      ['A', 'C', INVENTORY_MESSAGES.parentLoop],
      ['B', 'C', INVENTORY_MESSAGES.parentLoop],
    ] as const)('%s under %j: %j', (current, parent, expected) => {
      expect(inventoryParentError(current, parent, parentOf)).toBe(expected);
    });

    it('checks nothing for an inventory being created (it is nobody’s parent yet)', () => {
      expect(inventoryParentError(null, 'A', parentOf)).toBeNull();
    });

    it('never accepts a parent that would make a loop, for any tree (property)', () => {
      // A random forest: each node's parent is an earlier node or none.
      const forest = fc.array(fc.option(fc.nat(), { nil: null }), { minLength: 1, maxLength: 30 }).map((parents) => {
        const map = new Map<string, string | null>();
        parents.forEach((p, i) => map.set(`N${i}`, p === null || i === 0 ? null : `N${p % i}`));
        return map;
      });
      fc.assert(
        fc.property(forest, fc.nat(), fc.nat(), (tree, a, b) => {
          const ids = [...tree.keys()];
          const current = ids[a % ids.length] ?? 'N0';
          const parent = ids[b % ids.length] ?? 'N0';
          const accepted = inventoryParentError(current, parent, tree) === null;
          // Accepted exactly when walking up from the parent never reaches the current inventory.
          let cursor: string | null | undefined = parent;
          let reaches = false;
          while (cursor !== null && cursor !== undefined) {
            if (cursor === current) reaches = true;
            cursor = tree.get(cursor);
          }
          return accepted === !reaches;
        }),
      );
    });
  });

  describe('properties', () => {
    it.each([
      [[{ key: 'billing', value: 'B-17' }], {}],
      [[{ key: ' contact ', value: 'x' }], {}],
      [[{ key: '', value: 'x' }], { 'properties.0.key': REQUIRED }],
      [[{ key: 'bad key', value: 'x' }], { 'properties.0.key': ALPHA_DASH }],
      [[{ key: 'k'.repeat(65), value: 'x' }], { 'properties.0.key': 'Must have at most 64 characters' }],
      [[{ key: 'k', value: 'v'.repeat(1025) }], { 'properties.0.value': 'Must have at most 1024 characters' }],
      [
        [
          { key: 'Site', value: 'a' },
          { key: 'site', value: 'b' },
        ],
        { 'properties.1.key': 'This field must be unique' },
      ],
    ])('%j: %j', (rows, expected) => {
      expect(propertyErrors(rows)).toEqual(expected);
    });

    it(`refuses more than ${MAX_PROPERTIES}`, () => {
      const rows = Array.from({ length: MAX_PROPERTIES + 1 }, (_, i) => ({ key: `k${i}`, value: '' }));
      expect(propertyErrors(rows)).toEqual({ properties: `At most ${MAX_PROPERTIES} properties` });
      expect(propertyErrors(rows.slice(1))).toEqual({});
    });
  });

  describe('feature flags (spec 000 §6, 001 §6)', () => {
    it('answers every flag, on only when stored', () => {
      const switches = featureSwitchesOf(['lux', 'mapView', 'unknown']);
      expect(Object.keys(switches)).toEqual(INVENTORY_FEATURE_FLAG_NAMES);
      expect(Object.entries(switches).filter(([, on]) => on).map(([flag]) => flag)).toEqual(['mapView', 'lux']);
    });

    it('applies changes: a flag named takes its value, the others stay; the order is the table’s', () => {
      expect(applyFeatureChanges(['lux', 'gauge'], { gauge: false, mapView: true })).toEqual(['mapView', 'lux']);
      expect(onFeatureFlags({ mjpegPreview: true, reboot: true, ptmp: false })).toEqual(['reboot', 'mjpegPreview']);
    });
  });

  it('names the auto group after the inventory, both auto associations on', () => {
    expect(autoGroupOf(' Night-Desk ')).toEqual({ name: 'Night-Desk', autoAssociation: true, unitAutoAssociation: true });
  });

  describe('deletion (spec 001 §8; ours: not while it holds groups, units or users)', () => {
    const EMPTY = { overlayCount: 0, activeAudioRoomCount: 0, groupCount: 0, unitCount: 0, userCount: 0 };
    it.each([
      [EMPTY, null],
      [{ ...EMPTY, overlayCount: 2 }, 'The inventory cannot be deleted because it has overlays.'],
      [{ ...EMPTY, activeAudioRoomCount: 1 }, 'The inventory cannot be deleted because it has an active audio room.'],
      [{ ...EMPTY, overlayCount: 1, activeAudioRoomCount: 1, groupCount: 3 }, ERRORS.inventory.deleteHasOverlays],
      [{ ...EMPTY, groupCount: 2, unitCount: 12, userCount: 14 }, 'The inventory still has 2 groups, 12 units and 14 users: move them to another inventory or delete them first'],
      [{ ...EMPTY, userCount: 1 }, 'The inventory still has 0 groups, 0 units and 1 users: move them to another inventory or delete them first'],
    ])('%j: %j', (contents, expected) => {
      expect(inventoryDeletionRefusal(contents)).toBe(expected);
    });

    it('refuses exactly when something is left (property)', () => {
      fc.assert(
        fc.property(fc.nat(5), fc.nat(5), fc.nat(50), fc.nat(50), fc.nat(50), (overlays, rooms, groups, units, users) => {
          const refusal = inventoryDeletionRefusal({ overlayCount: overlays, activeAudioRoomCount: rooms, groupCount: groups, unitCount: units, userCount: users });
          return (refusal === null) === (overlays + rooms + groups + units + users === 0);
        }),
      );
    });
  });

  it('refuses to remove a video return channel while groups use it', () => {
    expect(vrChannelRemovalRefusal(0)).toBeNull();
    expect(vrChannelRemovalRefusal(3)).toBe('The video return channel is still given to 3 groups: take it from them first');
  });
});
