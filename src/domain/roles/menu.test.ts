import { describe, it, expect } from 'vitest';
import type { UserType } from './userTypes.ts';
import { USER_TYPES } from './userTypes.ts';
import { MENU_SECTIONS, menuFor, menuLinks } from './menu.ts';
import type { VisibleEntry, VisibleLink, VisibleSection } from './menu.ts';
import { routeByName } from './routes.ts';
import { decideRoute } from './guard.ts';

// spec 000 §2 "Navigation menu (by title)", word for word and in order (Shares' children inline).
const SPEC_MENU = {
  Main: ['Unit List', 'Multiview', 'File Upload', 'Map', 'Files', 'Stories'],
  Manage: [
    'Devices', 'Channels', 'Video Return', 'Users', 'My Publishers', 'My Subscribers', 'Usage Profiles', 'Groups',
    'Software Versions', 'Audio Connect', 'My Graphics',
  ],
  Services: ['Inventory Services', 'Unit and License Activation', 'Usage Reports'],
  Support: [
    'Remote Actions', 'Client Application', 'Modems Vendor/Model', 'IFB Servers', 'System Entities', 'System Settings',
    'Access Approval', "What's New", 'Batch Upgrade',
  ],
  Other: ['Contractor', 'About', 'Account', 'Preferences'],
};

function flatten(sections: readonly VisibleSection[]): VisibleLink[] {
  const links = (entry: VisibleEntry): VisibleLink[] => ('children' in entry ? [...entry.children] : [entry]);
  return sections.flatMap((section) => section.entries.flatMap(links));
}

function visiblePaths(roles: readonly UserType[]): string[] {
  return flatten(menuFor({ roles })).map((link) => link.path);
}

function allows(roles: readonly UserType[], path: string): boolean {
  const decision = decideRoute({
    user: { roles, secondsToPwdExpiration: null, passwordNoticePostponed: false },
    pathname: path,
    query: {},
    preferences: {},
    from: '/list',
    preferencesFailed: false,
    isInitialNavigation: false,
  });
  return decision.kind === 'allow';
}

/** Per link, the first of its routes the router lets the user open; links with none are left out. */
function allowedPaths(roles: readonly UserType[]): string[] {
  return menuLinks().flatMap(({ link }) => {
    const path = link.routes.map((name) => routeByName(name).path).find((candidate) => allows(roles, candidate));
    return path === undefined ? [] : [path];
  });
}

describe('menu (spec 000 §2)', () => {
  it('has the spec sections in order', () => {
    expect([...MENU_SECTIONS]).toEqual(Object.keys(SPEC_MENU));
  });

  it.each(MENU_SECTIONS)('lists the %s titles of the spec in order', (section) => {
    const titles = menuLinks().filter((entry) => entry.section === section).map((entry) => entry.link.title);
    expect(titles).toEqual(SPEC_MENU[section]);
  });

  const SINGLE = USER_TYPES.map((type) => [[type]] as [UserType[]]);
  const COMBINED: [UserType[]][] = [[['super_user', 'staff']], [['luc_partner', 'super_user']], [['luc_regular', 'luc_read']], [[]]];

  it.each([...SINGLE, ...COMBINED])('shows %j exactly the items whose route the guard lets in', (roles) => {
    expect(visiblePaths(roles)).toEqual(allowedPaths(roles));
  });
});

describe('menuFor', () => {
  it('gives a luc_regular the main items, the broad management items, My Graphics, Unit and License Activation (granted per inventory) and Other without Contractor', () => {
    const sections = menuFor({ roles: ['luc_regular'] });
    expect(sections.map((section) => section.section)).toEqual(['Main', 'Manage', 'Services', 'Other']);
    expect(flatten(sections).map((link) => link.title)).toEqual([
      'Unit List', 'Multiview', 'Map', 'Files', 'Stories', 'Devices', 'Channels', 'Video Return', 'My Graphics',
      'Unit and License Activation', 'About', 'Account', 'Preferences',
    ]);
  });

  it('groups My Publishers and My Subscribers under Shares for a media group admin', () => {
    const manage = menuFor({ roles: ['luc_media_group_admin'] }).find((section) => section.section === 'Manage');
    expect(manage?.entries).toContainEqual({
      title: 'Shares',
      children: [
        { title: 'My Publishers', route: 'SharesPublishers', path: '/publishers' },
        { title: 'My Subscribers', route: 'SharesSubscribers', path: '/subscribers' },
      ],
    });
  });

  it('hides Shares from an admin outside the media group set', () => {
    const manage = menuFor({ roles: ['luc_admin'] }).find((section) => section.section === 'Manage');
    expect(manage?.entries.some((entry) => entry.title === 'Shares')).toBe(false);
  });

  it.each([
    [['super_user'], '/psg/remote_actions'],
    [['luc_partner'], '/support'],
    [['luc_partner', 'super_user'], '/psg/remote_actions'],
  ] as [UserType[], string][])('points Remote Actions for %j at %s', (roles, path) => {
    const remote = flatten(menuFor({ roles })).find((link) => link.title === 'Remote Actions');
    expect(remote?.path).toBe(path);
  });

  it('gives a super user who is staff the extra support items (spec 000 §6)', () => {
    const support = menuFor({ roles: ['super_user', 'staff'] }).find((section) => section.section === 'Support');
    expect(support?.entries.map((entry) => entry.title)).toEqual(SPEC_MENU.Support);
  });

  it('gives a super user who is not staff the support section without the staff items', () => {
    const support = menuFor({ roles: ['super_user'] }).find((section) => section.section === 'Support');
    expect(support?.entries.map((entry) => entry.title)).toEqual(['Remote Actions', 'IFB Servers', 'System Entities', "What's New"]);
  });

  it.each([['luc_vr_viewer'], ['luc_application']] as [UserType][])('shows %s no menu at all', (type) => {
    expect(menuFor({ roles: [type] })).toEqual([]);
  });

  it('shows the Contractor item only to contractors', () => {
    const holders = USER_TYPES.filter((type) => flatten(menuFor({ roles: [type] })).some((link) => link.title === 'Contractor'));
    expect(holders).toEqual(['luc_contractor']);
  });
});
