/**
 * The one permissions table: which user types may do each action of the console (spec 000 §6,
 * 001 §6, 002 §5 "Modal footer", 002 §6). The server's route guard (src/server/http/route.ts) and
 * the console's controls (hidden or disabled) both ask `may(roles, action)`; nothing else decides
 * "may this user do it".
 *
 * An action is granted when the user holds a `grant` type and no `deny` type: roles add up for
 * access, and a restriction wins (least privilege), so a user who is both luc_read and
 * luc_regular is read-only (roleSets.ts). Rules that depend on the target rather than the actor
 * (an SSO user is managed only by the IT admin; a user's own record) live beside the area's rules
 * (src/domain/users.ts) and are applied after this table.
 */
import { ROLE_SETS } from './roleSets.ts';
import { USER_TYPES, type UserType } from './userTypes.ts';
import type { Roles } from './roleSets.ts';

interface Permission {
  readonly grant: readonly UserType[];
  readonly deny?: readonly UserType[];
  /** Where the rule comes from (spec section or "ours" with the reason), for docs and tests. */
  readonly source: string;
}

/** Every user type: anyone signed in (their own account, preferences, start-up calls). */
const EVERYONE: readonly UserType[] = USER_TYPES;
const CONSOLE = ROLE_SETS.console;
const READ_ONLY = ROLE_SETS.read;
const VIDEO_RETURN_PORTAL = ROLE_SETS.videoReturnPortal;

export const PERMISSIONS = {
  // ── The signed-in user's own things ─────────────────────────────────────────────────────────
  'self.read': { grant: EVERYONE, source: 'spec 002 §7 User and client: every user loads their details, configuration, preferences' },
  'self.update': { grant: EVERYONE, source: 'spec 002 §7 users/update_current_user, users/contact; SSO users are refused per target (users.ts)' },

  // ── Units (spec 000 §6, §7) ──────────────────────────────────────────────────────────────────
  'units.read': { grant: EVERYONE, source: 'spec 000 §2: the unit list, map and multiview are open to any signed-in user' },
  'units.operate': { grant: CONSOLE, deny: READ_ONLY, source: 'spec 000 §6: read-only users change nothing' },
  'units.manage': { grant: ROLE_SETS.management, source: 'spec 002 §6: /devices needs the broad management set' },
  'units.admin': { grant: ROLE_SETS.adminSet, source: 'spec 000 §6: unit administration calls under the admin path; spec 002 §6 admin set' },
  'files.upload': { grant: ROLE_SETS.fileUpload, source: 'spec 000 §2: /file_upload' },
  'files.delete': { grant: CONSOLE, deny: READ_ONLY, source: 'spec 000 §6, 001 §6: read-only users cannot delete files' },
  'ai.use': { grant: CONSOLE, deny: READ_ONLY, source: 'spec 000 §6, 001 §6: AI is unavailable to read-only users' },
  'stories.edit': { grant: CONSOLE, deny: ROLE_SETS.storyEditingDenied, source: 'spec 001 §6: some user types cannot add, delete or configure stories (which: ours, roleSets.ts)' },
  'stories.read': { grant: EVERYONE, source: 'spec 002 §3: the Stories route has no role guard; spec 001 §7 stories and count of the caller’s inventories' },
  'stories.write': {
    grant: EVERYONE,
    source: 'ours: the route gate of story writes; the rule is stories.edit, applied by the stories scope before the body is read so that a refusal says why in its own words (spec 001 §6)',
  },

  // ── Video return and files (spec 000 §6, 001 §6, 002 §2, §6; issue 13) ──────────────────────
  'videoReturn.read': { grant: VIDEO_RETURN_PORTAL, source: 'spec 000 §1, §6: the video return portal is for video-return viewers and the console’s users (luc_application excluded: not a person)' },
  'videoReturn.operate': {
    grant: VIDEO_RETURN_PORTAL,
    deny: READ_ONLY,
    source: 'spec 000 §6 video-return viewers work in the portal (start and stop video return to units); read-only users change nothing',
  },
  'videoReturn.configure': { grant: ROLE_SETS.management, deny: READ_ONLY, source: 'spec 002 §6: /video_return needs the broad management set; read-only users change nothing' },
  'videoReturn.admin': { grant: ROLE_SETS.adminSet, source: 'spec 001 §7 admin vrChannels calls; spec 002 §6 admin set (super user: the system entities vrChannels tab)' },
  'files.read': { grant: CONSOLE, source: 'spec 002 §2: Files has no role guard' },
  'files.manage': { grant: CONSOLE, deny: READ_ONLY, source: 'ours: renaming and broadcasting a file change it; read-only users change nothing (spec 000 §6)' },

  // ── Groups (spec 002 §3, §4, §7) ─────────────────────────────────────────────────────────────
  'groups.read': { grant: EVERYONE, source: 'spec 002 §7: groups/fetch, light_fetch, fetch_features of the user’s own groups' },
  'groups.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §2: /groups is for the admin set' },
  'groups.configure': { grant: ROLE_SETS.adminSet, source: 'spec 002 §7 group services: default configuration, alerts configuration (ours: the admin set, as /groups)' },

  // ── Inventories (spec 001 §3, §7; 002 §3) ────────────────────────────────────────────────────
  'inventories.read': { grant: ROLE_SETS.adminSet, source: 'ours: admins pick among their inventories (users, groups); super users see all' },
  'inventories.admin': { grant: ROLE_SETS.superUser, source: 'spec 002 §2: inventories are a tab of the super user’s system entities' },

  // ── Users (spec 002 §3, §5, §8) ──────────────────────────────────────────────────────────────
  'users.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §2: /users is for the admin set' },

  // ── Shares (spec 002 §2) ────────────────────────────────────────────────────────────────────
  'shares.admin': { grant: ROLE_SETS.mediaGroup, source: 'spec 002 §2: /publishers, /subscribers for the super user or media group admin' },

  // ── System (spec 002 §2, §6) ─────────────────────────────────────────────────────────────────
  'system.admin': { grant: ROLE_SETS.superUser, source: 'spec 002 §6: super user checks (system entities, settings, remote actions, ...)' },
  'replay.logs': { grant: ROLE_SETS.superUser, source: 'ours: recorded logs may hold any customer’s fleet' },

  // ── Incident centre and activity feed (issue 17; ours: the specs have neither) ──────────────
  'incidents.read': { grant: CONSOLE, source: 'ours (issue 17): every console user reads the incidents of the units they see, and the bell' },
  'incidents.acknowledge': { grant: CONSOLE, deny: READ_ONLY, source: 'ours (issue 17): acknowledging is recorded for everyone; read-only users change nothing (spec 000 §6)' },
  'incidents.thresholds': { grant: CONSOLE, source: 'ours (issue 17): thresholds are a user’s own notifications, like their alert settings (spec 002 §3 preferences)' },
  'activity.read': { grant: CONSOLE, source: 'ours (issue 17): everyone reads their own writes; the admin set their inventories’, a super user all (src/domain/activity.ts)' },

  // ── Channels, overlays, audio rooms (spec 001 §2, §6, §7; 002 §6) ─────────────────────────────
  'channels.read': { grant: ROLE_SETS.management, source: 'spec 002 §6: /channels needs the broad management set (members ours, roleSets.ts)' },
  'channels.configure': { grant: ROLE_SETS.fileUpload, source: 'spec 000 §2, 002 §6: channel management is for admin, partner, contractor and media group admin (and super user, roleSets.ts)' },
  'channels.operate': { grant: CONSOLE, deny: READ_ONLY, source: 'ours: fetching a channel’s logs is operating, like a unit’s (spec 000 §6: read-only users change nothing)' },
  'channels.admin': { grant: ROLE_SETS.adminSet, source: 'spec 001 §7 admin channels calls; spec 002 §6 admin set, as units.admin' },
  'overlays.manage': { grant: ROLE_SETS.fileUpload, source: 'spec 001 §2 the graphics overlay library belongs to channel management (spec 002 §6)' },
  'audioRooms.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §6: /audio_rooms is for the admin set' },

  // ── Controls of the console (no call of their own) ───────────────────────────────────────────
  'modal.applyOk': { grant: ['luc_regular'], source: 'spec 002 §5 Modal footer: Apply and OK only for luc_regular' },
  'support.menu': { grant: ROLE_SETS.staff, source: 'spec 000 §6, 002 §6: staff, exact check' },

  // ── Device support access, remote actions, access approvals (spec 000 §6, 001 §4, 002 §6 §9; issue 14) ──
  'support.read': {
    grant: ['super_user', 'staff', 'luc_partner', 'luc_admin', 'luc_media_group_admin', 'luc_contractor'],
    source: 'ours: support (super user, staff, partner) and the customer’s admins (admin, media group admin, contractor) see support access, remote actions and approvals of the devices they reach (src/domain/support.ts)',
  },
  'support.request': {
    grant: ['super_user', 'staff', 'luc_partner'],
    source: 'spec 002 §2, §6: remote actions are the super user’s (/psg/remote_actions) and the partner’s (/support); staff are support too (spec 000 §6 support staff)',
  },
  'support.approve': {
    grant: ['luc_admin', 'luc_media_group_admin', 'luc_contractor'],
    source: 'spec 000 §6 "Remote actions may need customer approval": the customer’s admins grant support access and approve; support (super user, staff, partner) never approves its own request',
  },
  // ── Managed services, activation, usage profiles and reports (issue 14) ──────────────────────
  'services.read': { grant: CONSOLE, source: 'spec 002 §3: the client configuration carries the managed services (serviceName, serviceStatus) of every console user' },
  'services.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §2: /inventory_services for the admin set (trials, the admin managed-services call, activation grants)' },
  'activation.use': {
    grant: CONSOLE,
    deny: READ_ONLY,
    source: 'spec 001 §6 "a permission exists to give others access to unit and licence activation": the admin set, or a user an admin of the inventory granted it (checked per inventory by the services area); read-only users change nothing',
  },
  'usageProfiles.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §2: /usage_profiles for the admin set' },
  'reports.read': { grant: ROLE_SETS.adminSet, source: 'spec 002 §2: /reports for the admin set' },
  // ── Servers and the Devices screen (issue 12; spec 001 §2, §7; 002 §6) ─────────────────────────
  'servers.read': { grant: ROLE_SETS.management, source: 'spec 002 §6: /devices needs the broad management set; the server reads feed it' },
  'servers.admin': { grant: ROLE_SETS.adminSet, source: 'spec 001 §3 admin fields, §7 server configuration and resetinstance: the admin set, as channels.admin' },
  'devices.configure': { grant: ROLE_SETS.adminSet, source: 'ours: LU-Link settings are device administration (admin set, as units.admin)' },
  'ifbServers.admin': { grant: ROLE_SETS.superUser, source: 'spec 000 §2 support menu "IFB Servers"; its route is for the super user (routes.ts)' },
  // ── Software versions and upgrades (issue 12) ────────────────────────────────────────────────
  'softwareVersions.admin': { grant: ROLE_SETS.adminSet, source: 'spec 002 §6: /sw_version is for the admin set' },
  'upgrade.run': { grant: ROLE_SETS.adminSet, source: 'spec 000 §6: unit administration (targetSwVersion) is the admin set; 001 §2 Devices software upgrade' },
  'upgrade.batch': { grant: [...ROLE_SETS.superUser, ...ROLE_SETS.staff], source: 'spec 002 §6: batch upgrade is a super user check and in the staff support menu' },
  'upgrade.read': { grant: [...ROLE_SETS.adminSet, ...ROLE_SETS.staff], source: 'ours: whoever may start a wave (dialog or batch) follows it' },
  // ── Shares screens and My Graphics (issue 14 part B) ─────────────────────────────────────────
  'graphics.read': { grant: CONSOLE, source: 'spec 002 §2, §6: My Graphics is a console screen; the service itself is the server’s permission answer (§4)' },
  'graphics.use': { grant: CONSOLE, deny: READ_ONLY, source: 'ours: creating and deleting apps and running jobs change the cloud; read-only users change nothing (spec 000 §6)' },
  'graphics.simulate': { grant: ['super_user'], source: 'ours: the simulated cloud graphics service’s switches (reachability, service per inventory) are support staff’s' },

  // ── System settings and what's new (spec 001 §3, 002 §2, §6; issue 14 C1) ───────────────────
  'systemSettings.admin': {
    grant: [...ROLE_SETS.superUser, ...ROLE_SETS.staff],
    source: 'spec 002 §6: settings are a super user check, and the staff menu holds client application, modem vendors and system settings',
  },
  'whatsNew.admin': { grant: ROLE_SETS.superUser, source: 'spec 002 §2, §6: /whats_new is super user only' },
  'whatsNew.read': { grant: EVERYONE, source: 'ours: every signed-in user is shown the new notes once after an upgrade (spec 002 §3 what’s-new)' },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** True when these (known) user types may do the action. */
export function may(roles: Roles, action: Action): boolean {
  const permission: Permission = PERMISSIONS[action];
  if (permission.deny !== undefined && roles.some((role) => permission.deny?.includes(role))) return false;
  return roles.some((role) => permission.grant.includes(role));
}

/** The user types that may do the action alone (a user holding just that type). */
export function userTypesAllowed(action: Action): UserType[] {
  return USER_TYPES.filter((type) => may([type], action));
}
