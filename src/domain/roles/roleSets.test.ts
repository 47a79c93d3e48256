import { describe, it, expect } from 'vitest';
import type { UserType } from './userTypes.ts';
import { USER_TYPES } from './userTypes.ts';
import {
  INVENTORY_FEATURE_FLAGS,
  INVENTORY_FEATURE_FLAG_NAMES,
  LICENSED_FEATURES,
  ROLE_SETS,
  aiAvailable,
  canDeleteFiles,
  canEditStories,
  hasConsoleAccess,
  hasSupportMenu,
  inRoleSet,
  inventoryFeatureOn,
  isReadOnly,
  isSuperUser,
  isVideoReturnViewerOnly,
  showsModalApplyOk,
} from './roleSets.ts';
import type { RoleSetName } from './roleSets.ts';

// Members written out from the spec tables (002 §6 "Role sets"), plus our documented choices.
const EXPECTED_MEMBERS: Record<RoleSetName, readonly UserType[]> = {
  superUser: ['super_user'],
  adminSet: ['super_user', 'luc_admin', 'luc_media_group_admin', 'luc_partner', 'luc_contractor'],
  mediaGroup: ['super_user', 'luc_media_group_admin'],
  read: ['luc_read'],
  contractorOnly: ['luc_contractor'],
  partnerOnly: ['luc_partner'],
  staff: ['staff'],
  fileUpload: ['luc_admin', 'luc_partner', 'luc_contractor', 'luc_media_group_admin', 'super_user'],
  management: [
    'super_user', 'luc_admin', 'luc_media_group_admin', 'luc_partner', 'luc_contractor',
    'luc_regular', 'luc_read', 'luc_multipoint', 'luc_unit_control',
  ],
  superUserOrAdmin: ['super_user', 'luc_admin'],
  console: USER_TYPES.filter((type) => type !== 'luc_vr_viewer' && type !== 'luc_application'),
  storyEditingDenied: ['luc_read', 'luc_vr_viewer', 'luc_application', 'luc_freelancer', 'luc_unit_control'],
  // Ours (issue 13): the console's users and the video-return viewers; not an application account.
  videoReturnPortal: USER_TYPES.filter((type) => type !== 'luc_application'),
};

const SET_NAMES = Object.keys(EXPECTED_MEMBERS) as RoleSetName[];
const MATRIX = SET_NAMES.flatMap((set) =>
  USER_TYPES.map((type) => ({ set, type, member: EXPECTED_MEMBERS[set].includes(type) })),
);

describe('role sets (spec 002 §6)', () => {
  it('defines exactly the sets we test', () => {
    expect(Object.keys(ROLE_SETS).sort()).toEqual([...SET_NAMES].sort());
  });

  it.each(MATRIX)('$set holds $type: $member', ({ set, type, member }) => {
    expect(inRoleSet([type], set)).toBe(member);
  });

  it('grants when any one of several roles is a member', () => {
    expect(inRoleSet(['luc_regular', 'luc_media_group_admin'], 'mediaGroup')).toBe(true);
  });

  it('grants nothing to a user with no roles', () => {
    expect(SET_NAMES.some((set) => inRoleSet([], set))).toBe(false);
  });

  it('checks staff exactly: a super user is not staff', () => {
    expect(hasSupportMenu(['super_user'])).toBe(false);
    expect(hasSupportMenu(['staff'])).toBe(true);
  });

  it('names the super user and read-only checks', () => {
    expect(isSuperUser(['super_user'])).toBe(true);
    expect(isSuperUser(['luc_admin'])).toBe(false);
    expect(isReadOnly(['luc_read'])).toBe(true);
    expect(isReadOnly(['luc_regular'])).toBe(false);
  });
});

type Row = { type: UserType; deleteFiles: boolean; ai: boolean; stories: boolean; applyOk: boolean; support: boolean };
// One row per user type: spec 000 §6, 001 §6, 002 §5 "Modal footer", 002 §6.
const CAPABILITIES: Row[] = [
  { type: 'super_user', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_media_group_admin', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_admin', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_regular', deleteFiles: true, ai: true, stories: true, applyOk: true, support: false },
  { type: 'luc_read', deleteFiles: false, ai: false, stories: false, applyOk: false, support: false },
  { type: 'luc_application', deleteFiles: false, ai: false, stories: false, applyOk: false, support: false },
  { type: 'luc_curator', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_multipoint', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_unit_control', deleteFiles: true, ai: true, stories: false, applyOk: false, support: false },
  { type: 'luc_contractor', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_vr_viewer', deleteFiles: false, ai: false, stories: false, applyOk: false, support: false },
  { type: 'luc_partner', deleteFiles: true, ai: true, stories: true, applyOk: false, support: false },
  { type: 'luc_freelancer', deleteFiles: true, ai: true, stories: false, applyOk: false, support: false },
  { type: 'staff', deleteFiles: true, ai: true, stories: true, applyOk: false, support: true },
];

describe('capabilities (spec 000 §6, 001 §6, 002 §5)', () => {
  it('has one row per user type', () => {
    expect(CAPABILITIES.map((row) => row.type).sort()).toEqual([...USER_TYPES].sort());
  });

  it.each(CAPABILITIES)('$type: delete files $deleteFiles, AI $ai, edit stories $stories, Apply/OK $applyOk, support menu $support', (row) => {
    expect(canDeleteFiles([row.type])).toBe(row.deleteFiles);
    expect(aiAvailable([row.type])).toBe(row.ai);
    expect(canEditStories([row.type])).toBe(row.stories);
    expect(showsModalApplyOk([row.type])).toBe(row.applyOk);
    expect(hasSupportMenu([row.type])).toBe(row.support);
  });

  it('lets read-only win over a granting role (least privilege)', () => {
    expect(canDeleteFiles(['luc_regular', 'luc_read'])).toBe(false);
    expect(aiAvailable(['luc_admin', 'luc_read'])).toBe(false);
    expect(canEditStories(['luc_admin', 'luc_freelancer'])).toBe(false);
  });

  it('shows Apply and OK to a luc_regular user who also holds another role', () => {
    expect(showsModalApplyOk(['luc_admin', 'luc_regular'])).toBe(true);
  });

  it('sends a viewer-only user to the video return portal but not a viewer who is also an operator', () => {
    expect(isVideoReturnViewerOnly(['luc_vr_viewer'])).toBe(true);
    expect(isVideoReturnViewerOnly(['luc_vr_viewer', 'luc_regular'])).toBe(false);
    expect(hasConsoleAccess(['luc_vr_viewer', 'luc_regular'])).toBe(true);
    expect(isVideoReturnViewerOnly(['luc_application'])).toBe(false);
  });
});

describe('licences and inventory flags (spec 000 §6, 001 §6)', () => {
  it('lists the licence-gated features in the spec wording', () => {
    expect(Object.values(LICENSED_FEATURES)).toEqual([
      'databridge', 'Multi Camera', 'PRO-4K', 'Video Return', 'AI', 'LU-Smart count', 'LU-Lite count', 'user licences',
    ]);
  });

  it('lists the eleven inventory feature flags of the spec', () => {
    expect(Object.values(INVENTORY_FEATURE_FLAGS).sort()).toEqual(
      [
        'map view', 'reboot', 'lux', 'vsim', 'PTMP', 'gauge', 'social media', 'external preview',
        'MP registered user', 'MP contributor', 'MJPEG preview',
      ].sort(),
    );
    expect(INVENTORY_FEATURE_FLAG_NAMES).toHaveLength(11);
  });

  it.each([
    [{ mapView: true }, true],
    [{ mapView: false }, false],
    [{}, false],
    [{ reboot: true }, false],
  ])('reads map view from %j as %s (missing means off)', (features, expected) => {
    expect(inventoryFeatureOn(features, 'mapView')).toBe(expected);
  });
});
