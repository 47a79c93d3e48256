/**
 * The navigation menu by title (spec 000 §2 "Navigation menu"). Each item names its route; an
 * item is visible exactly when that route's guard lets the user in (routes.ts is the one source
 * of truth), so the menu never offers a page the router would refuse.
 */
import type { Roles } from './roleSets.ts';
import type { Route, RouteName } from './routes.ts';
import { guardAllows, routeByName } from './routes.ts';

export const MENU_SECTIONS = ['Main', 'Manage', 'Services', 'Support', 'Other'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/**
 * A link. When it lists several routes the first one the user may open is used: "Remote Actions"
 * is the super user's /psg/remote_actions or the partner's /support (spec 002 §2).
 */
export interface MenuLink {
  readonly title: string;
  readonly routes: readonly [RouteName, ...RouteName[]];
}

/** A titled group of links (Shares: My Publishers, My Subscribers). */
export interface MenuGroup {
  readonly title: string;
  readonly children: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (title: string, ...routes: [RouteName, ...RouteName[]]): MenuLink => ({ title, routes });

/** spec 000 §2, in the spec's order and wording. */
export const MENU: Readonly<Record<MenuSection, readonly MenuEntry[]>> = {
  Main: [
    link('Unit List', 'UnitList'),
    link('Multiview', 'MultiView'),
    link('File Upload', 'FileUpload'),
    link('Map', 'UnitMap'),
    link('Files', 'Files'),
    link('Stories', 'Stories'),
  ],
  Manage: [
    link('Devices', 'Devices'),
    link('Channels', 'Channels'),
    link('Video Return', 'VideoReturn'),
    link('Users', 'Users'),
    { title: 'Shares', children: [link('My Publishers', 'SharesPublishers'), link('My Subscribers', 'SharesSubscribers')] },
    link('Usage Profiles', 'UsageProfiles'),
    link('Groups', 'Groups'),
    link('Software Versions', 'SoftwareVersions'),
    link('Audio Connect', 'AudioRooms'),
    link('My Graphics', 'MyGraphics'),
  ],
  Services: [
    link('Inventory Services', 'InventoryServices'),
    link('Unit and License Activation', 'UnitLicenseActivation'),
    link('Usage Reports', 'Reports'),
  ],
  // spec 000 §6: staff's extra menu is Client Application, Modems Vendor/Model, System Settings,
  // Access Approval and Batch Upgrade; their routes need super_user and staff (routes.ts).
  Support: [
    link('Remote Actions', 'RemoteActions', 'PartnerRemoteActions'),
    link('Client Application', 'SystemSettingsClientApplication'),
    link('Modems Vendor/Model', 'SystemSettingsModemVendor'),
    link('IFB Servers', 'IfbServers'),
    link('System Entities', 'SystemEntities'),
    link('System Settings', 'SystemSettings'),
    link('Access Approval', 'AccessApprovals'),
    link("What's New", 'WhatsNew'),
    link('Batch Upgrade', 'BatchUpgrade'),
  ],
  Other: [link('Contractor', 'Contractor'), link('About', 'About'), link('Account', 'Account'), link('Preferences', 'Preferences')],
};

export interface VisibleLink {
  readonly title: string;
  readonly route: RouteName;
  readonly path: string;
}

export interface VisibleGroup {
  readonly title: string;
  readonly children: readonly VisibleLink[];
}

export type VisibleEntry = VisibleLink | VisibleGroup;

export interface VisibleSection {
  readonly section: MenuSection;
  readonly entries: readonly VisibleEntry[];
}

function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

function resolveLink(item: MenuLink, roles: Roles): VisibleLink | null {
  const route: Route | undefined = item.routes.map(routeByName).find((candidate) => guardAllows(candidate.guard, roles));
  return route === undefined ? null : { title: item.title, route: route.name, path: route.path };
}

/**
 * The menu a user sees: links whose route the user may open, groups with at least one visible
 * link, sections with at least one visible entry, all in the spec's order.
 */
export function menuFor(user: { readonly roles: Roles }): VisibleSection[] {
  const sections: VisibleSection[] = [];
  for (const section of MENU_SECTIONS) {
    const entries: VisibleEntry[] = [];
    for (const entry of MENU[section]) {
      if (isGroup(entry)) {
        const children = entry.children.map((child) => resolveLink(child, user.roles)).filter((child) => child !== null);
        if (children.length > 0) entries.push({ title: entry.title, children });
      } else {
        const visible = resolveLink(entry, user.roles);
        if (visible !== null) entries.push(visible);
      }
    }
    if (entries.length > 0) sections.push({ section, entries });
  }
  return sections;
}

/** Every link of the menu, groups flattened, in order (for tests and for a route-to-title lookup). */
export function menuLinks(): { readonly section: MenuSection; readonly link: MenuLink }[] {
  return MENU_SECTIONS.flatMap((section) =>
    MENU[section].flatMap((entry) => (isGroup(entry) ? entry.children : [entry]).map((item) => ({ section, link: item }))),
  );
}
