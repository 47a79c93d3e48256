/**
 * Role sets and capability predicates (spec 000 §6, 001 §6, 002 §5 "Modal footer", 002 §6).
 *
 * A role set grants when the user holds ANY of its members (roles add up). A restriction
 * (read-only, story editing) applies when the user holds ANY restricting type: least privilege
 * wins for capabilities, so a user who is both luc_read and luc_regular is read-only.
 */
import type { UserType } from './userTypes.ts';

export type Roles = readonly UserType[];

export const ROLE_SETS = {
  /** spec 002 §6: system entities, settings, remote actions, access approvals, what's new, batch upgrade. */
  superUser: ['super_user'],
  /** spec 002 §6 "Admin set": /users, /groups, /usage_profiles, /sw_version, /audio_rooms, services. */
  adminSet: ['super_user', 'luc_admin', 'luc_media_group_admin', 'luc_partner', 'luc_contractor'],
  /** spec 002 §6 "Media group set": /publishers, /subscribers. */
  mediaGroup: ['super_user', 'luc_media_group_admin'],
  /** spec 002 §6 "Read set": read-only users. */
  read: ['luc_read'],
  /** spec 002 §6 "Contractor only": /contractor. */
  contractorOnly: ['luc_contractor'],
  /** spec 002 §6 "Partner only": /support (PartnerRemoteActions). */
  partnerOnly: ['luc_partner'],
  /** spec 002 §6 "Staff: exact check on staff": super_user does not imply staff. */
  staff: ['staff'],
  /**
   * spec 000 §2, 002 §6: file upload and channel management use "admin, partner, contractor and
   * media group admin". Ours: super_user is included too, because it is in every other granting
   * set of the spec (admin set, media group set) and a super user locked out of uploads would be
   * the only place where it has less than an admin.
   */
  fileUpload: ['super_user', 'luc_admin', 'luc_partner', 'luc_contractor', 'luc_media_group_admin'],
  /**
   * spec 002 §6: /channels, /devices and /video_return need "the broad management role set",
   * members not shown. Ours: the admin set plus the operators who work with units and channels
   * every day (luc_regular, luc_read to look, luc_multipoint, luc_unit_control). Left out:
   * luc_curator and luc_freelancer (content and contribution only), luc_application (machine
   * account), luc_vr_viewer (video return portal only) and staff (support menu only).
   */
  management: [
    'super_user',
    'luc_admin',
    'luc_media_group_admin',
    'luc_partner',
    'luc_contractor',
    'luc_regular',
    'luc_read',
    'luc_multipoint',
    'luc_unit_control',
  ],
  /** spec 000 §2, 002 §2: /error is "only for users who are neither super user nor admin". */
  superUserOrAdmin: ['super_user', 'luc_admin'],
  /**
   * spec 000 §6 "Users with no permission for the application get the unauthorized page": which
   * users those are is not shown. Ours: every type except luc_vr_viewer (sent to the video return
   * portal, spec 000 §6) and luc_application (an application account, not a person at a console).
   */
  console: [
    'super_user',
    'luc_media_group_admin',
    'luc_admin',
    'luc_regular',
    'luc_read',
    'luc_curator',
    'luc_multipoint',
    'luc_unit_control',
    'luc_contractor',
    'luc_partner',
    'luc_freelancer',
    'staff',
  ],
  /**
   * spec 001 §6 "Some user types cannot add, delete or configure stories": which ones is not
   * shown. Ours: read-only and video-return viewers (they change nothing), application accounts,
   * freelancers (outside contributors who pick a story but do not run the newsroom's list) and
   * unit-control users (limited to operating units).
   */
  storyEditingDenied: ['luc_read', 'luc_vr_viewer', 'luc_application', 'luc_freelancer', 'luc_unit_control'],
  /**
   * spec 000 §1, §6: the video return portal (the drawer's second application) is where
   * video-return viewers work, and the console's users reach it from the drawer. Ours: every
   * console user plus luc_vr_viewer; not luc_application (an application account).
   */
  videoReturnPortal: [
    'super_user',
    'luc_media_group_admin',
    'luc_admin',
    'luc_regular',
    'luc_read',
    'luc_curator',
    'luc_multipoint',
    'luc_unit_control',
    'luc_contractor',
    'luc_partner',
    'luc_freelancer',
    'staff',
    'luc_vr_viewer',
  ],
} as const satisfies Record<string, readonly UserType[]>;

export type RoleSetName = keyof typeof ROLE_SETS;

/** True when the user holds at least one member of the set. */
export function inRoleSet(roles: Roles, set: RoleSetName): boolean {
  const members: readonly UserType[] = ROLE_SETS[set];
  return roles.some((role) => members.includes(role));
}

export function isSuperUser(roles: Roles): boolean {
  return inRoleSet(roles, 'superUser');
}

/** spec 002 §6: read set = luc_read. */
export function isReadOnly(roles: Roles): boolean {
  return inRoleSet(roles, 'read');
}

/** spec 000 §6: users with a console role may use the application at all. */
export function hasConsoleAccess(roles: Roles): boolean {
  return inRoleSet(roles, 'console');
}

/** spec 000 §6: a user whose only way in is the video return viewer type goes to the limited-access page. */
export function isVideoReturnViewerOnly(roles: Roles): boolean {
  return roles.includes('luc_vr_viewer') && !hasConsoleAccess(roles);
}

/** spec 000 §6, 001 §6: "Read-only users cannot delete files". */
export function canDeleteFiles(roles: Roles): boolean {
  return hasConsoleAccess(roles) && !isReadOnly(roles);
}

/** spec 000 §6, 001 §6: "AI is unavailable to them" (read-only users). */
export function aiAvailable(roles: Roles): boolean {
  return hasConsoleAccess(roles) && !isReadOnly(roles);
}

/** spec 001 §6: add, delete or configure stories; denied to the storyEditingDenied types (ours). */
export function canEditStories(roles: Roles): boolean {
  return hasConsoleAccess(roles) && !inRoleSet(roles, 'storyEditingDenied');
}

/** spec 002 §5 "Modal footer": Apply and OK are shown only to users with the luc_regular role. */
export function showsModalApplyOk(roles: Roles): boolean {
  return roles.includes('luc_regular');
}

/** spec 000 §6, 002 §6: support staff have an extra menu (exact check on staff). */
export function hasSupportMenu(roles: Roles): boolean {
  return inRoleSet(roles, 'staff');
}

/** spec 000 §6 "Licence-gated features", in the spec's order, with the spec's wording. */
export const LICENSED_FEATURES = {
  databridge: 'databridge',
  multiCamera: 'Multi Camera',
  pro4k: 'PRO-4K',
  videoReturn: 'Video Return',
  ai: 'AI',
  luSmartCount: 'LU-Smart count',
  luLiteCount: 'LU-Lite count',
  userLicences: 'user licences',
} as const;

export type LicensedFeature = keyof typeof LICENSED_FEATURES;
export const LICENSED_FEATURE_NAMES = Object.keys(LICENSED_FEATURES) as LicensedFeature[];

/** spec 000 §6, 001 §6 "Feature flags per inventory", with the spec's wording. */
export const INVENTORY_FEATURE_FLAGS = {
  mapView: 'map view',
  reboot: 'reboot',
  lux: 'lux',
  vsim: 'vsim',
  ptmp: 'PTMP',
  gauge: 'gauge',
  socialMedia: 'social media',
  externalPreview: 'external preview',
  mpRegisteredUser: 'MP registered user',
  mpContributor: 'MP contributor',
  mjpegPreview: 'MJPEG preview',
} as const;

export type InventoryFeatureFlag = keyof typeof INVENTORY_FEATURE_FLAGS;
export const INVENTORY_FEATURE_FLAG_NAMES = Object.keys(INVENTORY_FEATURE_FLAGS) as InventoryFeatureFlag[];

export type InventoryFeatures = Readonly<Partial<Record<InventoryFeatureFlag, boolean>>>;

/** A flag is on only when the inventory says true; a missing flag is off (defaults not shown: ours). */
export function inventoryFeatureOn(features: InventoryFeatures, flag: InventoryFeatureFlag): boolean {
  return features[flag] === true;
}
