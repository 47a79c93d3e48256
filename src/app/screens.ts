/**
 * The screen of each shell route: every route of src/domain/roles/routes.ts inside the shell has
 * one (src/app/screens.test.ts), loaded on demand (one chunk per screen): the console's own six
 * (consoleScreens.ts) and the others below. A new route adds its screen to SCREENS_WITH_TEXTS and
 * its texts to `src/i18n/locales/en/screens/<area>.json`, e.g.
 *   Groups: () => import('../features/groups/GroupsScreen.tsx'),
 */
import { loadScreenTexts } from '../i18n/i18n.ts';
import { CONSOLE_SCREENS, withTexts, type ScreenLoaders } from './consoleScreens.ts';

/**
 * The other screens (administration, services, system, stories, preferences): each waits for the
 * texts of `locales/en/screens/` beside its own chunk (one chunk for all of them, loaded with the
 * first such screen; docs/performance.md §7s), so the console's first page does not.
 */
const SCREENS_WITH_TEXTS: ScreenLoaders = {
  Groups: () => import('../features/groups/GroupsScreen.tsx'),
  Users: () => import('../features/users/UsersScreen.tsx'),
  Account: () => import('../features/account/AccountScreen.tsx'),
  Preferences: () => import('../features/preferences/PreferencesScreen.tsx'),
  About: () => import('../features/about/AboutScreen.tsx'),
  // A page with tabs renders them in an <Outlet/> (the router nests its tab routes: router.tsx).
  SystemEntities: () => import('../features/systemEntities/SystemEntitiesScreen.tsx'),
  SystemEntitiesInventories: () => import('../features/systemEntities/inventories/InventoriesTab.tsx'),
  SystemEntitiesGroups: () => import('../features/groups/GroupsScreen.tsx'),
  SystemEntitiesUsers: () => import('../features/users/UsersScreen.tsx'),
  Incidents: () => import('../features/incidents/IncidentsScreen.tsx'),
  Activity: () => import('../features/activity/ActivityScreen.tsx'),
  VideoReturn: () => import('../features/videoReturn/VideoReturnScreen.tsx'),
  Files: () => import('../features/files/FilesScreen.tsx'),
  Channels: () => import('../features/channels/ChannelsScreen.tsx'),
  AudioRooms: () => import('../features/audioRooms/AudioRoomsScreen.tsx'),
  Stories: () => import('../features/storiesScreen/StoriesScreen.tsx'),
  // Issue 14 C1: the rest of System Entities' tabs, System Settings and What's New.
  SystemEntitiesUnits: () => import('../features/systemEntities/units/UnitsTab.tsx'),
  SystemEntitiesDbGateways: () => import('../features/systemEntities/units/UnitsTab.tsx').then((m) => ({ default: m.DbGatewaysTab })),
  SystemEntitiesMmhServers: () => import('../features/systemEntities/servers/ServersTab.tsx').then((m) => ({ default: m.MmhServersTab })),
  SystemEntitiesVrServers: () => import('../features/systemEntities/servers/ServersTab.tsx').then((m) => ({ default: m.VrServersTab })),
  SystemEntitiesIngestServers: () => import('../features/systemEntities/servers/ServersTab.tsx').then((m) => ({ default: m.IngestServersTab })),
  SystemEntitiesTransceiverServers: () => import('../features/systemEntities/servers/ServersTab.tsx').then((m) => ({ default: m.TransceiverServersTab })),
  SystemEntitiesChannels: () => import('../features/systemEntities/channels/ChannelsTab.tsx'),
  SystemEntitiesVrChannels: () => import('../features/systemEntities/channels/ChannelsTab.tsx').then((m) => ({ default: m.VrChannelsTab })),
  SystemSettings: () => import('../features/systemSettings/SystemSettingsScreen.tsx'),
  SystemSettingsClientApplication: () => import('../features/systemSettings/ClientApplicationsTab.tsx'),
  SystemSettingsModemVendor: () => import('../features/systemSettings/ModemVendorsTab.tsx'),
  SystemSettingsAiSettings: () => import('../features/systemSettings/AiSettingsTab.tsx'),
  WhatsNew: () => import('../features/whatsNew/WhatsNewScreen.tsx'),
  // Support access, remote actions, access approvals (issue 14 items 5-6)
  RemoteActions: () => import('../features/remoteActions/RemoteActionsScreen.tsx'),
  AccessApprovals: () => import('../features/accessApprovals/AccessApprovalsScreen.tsx'),
  Contractor: () => import('../features/contractor/ContractorScreen.tsx'),
  PartnerRemoteActions: () => import('../features/partnerSupport/PartnerRemoteActionsScreen.tsx'),
  // issue 14: services area and usage profiles
  UsageProfiles: () => import('../features/usageProfiles/UsageProfilesScreen.tsx'),
  InventoryServices: () => import('../features/services/InventoryServicesScreen.tsx'),
  UnitLicenseActivation: () => import('../features/services/UnitLicenseActivationScreen.tsx'),
  Reports: () => import('../features/reports/ReportsScreen.tsx'),
  Devices: () => import('../features/devices/DevicesScreen.tsx'),
  IfbServers: () => import('../features/ifbServers/IfbServersScreen.tsx'),
  // Software versions and upgrades (issue 12).
  SoftwareVersions: () => import('../features/softwareVersions/SoftwareVersionsScreen.tsx'),
  BatchUpgrade: () => import('../features/batchUpgrade/BatchUpgradeScreen.tsx'),
  // Issue 14 part B: shares and My Graphics.
  SharesPublishers: () => import('../features/shares/PublishersScreen.tsx'),
  SharesSubscribers: () => import('../features/shares/SubscribersScreen.tsx'),
  MyGraphics: () => import('../features/graphics/MyGraphicsScreen.tsx'),
};

export const SCREENS: ScreenLoaders = {
  ...CONSOLE_SCREENS,
  ...Object.fromEntries(Object.entries(SCREENS_WITH_TEXTS).map(([name, load]) => [name, withTexts(load, () => loadScreenTexts())])),
};
