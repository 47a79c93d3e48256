/**
 * The server's list of areas written with the REST contract kit (docs/architecture.md "An area,
 * end to end"): each gives the routes of its endpoints. buildApp (app.ts) registers them under
 * /luc/luc-core-web/rest. Add a new area here, one line.
 */
import type { RouteDefinition } from '../http/route.ts';
import type { RouteDeps } from './deps.ts';
import { groupRoutes } from './groups/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { accountRoutes } from './account/routes.ts';
import { userRoutes } from './users/routes.ts';
import { clientRoutes } from './client/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { aboutRoutes } from './about/routes.ts';
import { channelRoutes } from './channels/routes.ts';
import { inventoryRoutes } from './inventories/routes.ts';
import { adhocRoutes } from './adhoc/routes.ts';
import { shareRoutes } from './shares/routes.ts';
import { storyRoutes } from './stories/routes.ts';
import { replayLogRoutes } from './replayLogs/routes.ts';
import { unitRoutes } from './units/routes.ts';
import { unitControlRoutes } from './unitControl/routes.ts';
import { incidentRoutes } from './incidents/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { videoReturnRoutes } from './videoReturn/routes.ts';
import { overlayRoutes } from './overlays/routes.ts';
import { audioRoomRoutes } from './audioRooms/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { newsroomSyncRoutes } from './newsroomSync/routes.ts';
import { systemSettingsRoutes } from './systemSettings/routes.ts';
import { whatsNewRoutes } from './whatsNew/routes.ts';
import { systemEntitiesRoutes } from './systemEntities/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { serviceRoutes } from './services/routes.ts';
import { usageProfileRoutes } from './usageProfiles/routes.ts';
import { serverRoutes } from './servers/routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { upgradeRoutes } from './upgrade/routes.ts';
import { softwareVersionRoutes } from './softwareVersions/routes.ts';
import { graphicsRoutes } from './graphics/routes.ts';

export interface ContractArea {
  /** The area's name, as in src/protocol/rest/<name>.ts. */
  readonly name: string;
  routes(deps: RouteDeps): RouteDefinition[];
}

export const CONTRACT_AREAS: readonly ContractArea[] = [
  { name: 'groups', routes: groupRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'account', routes: accountRoutes },
  { name: 'users', routes: userRoutes },
  { name: 'client', routes: clientRoutes },
  { name: 'preferences', routes: preferenceRoutes },
  { name: 'notifications', routes: notificationRoutes },
  { name: 'about', routes: aboutRoutes },
  { name: 'channels', routes: channelRoutes },
  { name: 'inventories', routes: inventoryRoutes },
  { name: 'adhoc', routes: adhocRoutes },
  { name: 'shares', routes: shareRoutes },
  { name: 'stories', routes: storyRoutes },
  { name: 'replayLogs', routes: replayLogRoutes },
  { name: 'units', routes: unitRoutes },
  { name: 'unitControl', routes: unitControlRoutes },
  { name: 'incidents', routes: incidentRoutes },
  { name: 'activity', routes: activityRoutes },
  { name: 'videoReturn', routes: videoReturnRoutes },
  { name: 'overlays', routes: overlayRoutes },
  { name: 'audioRooms', routes: audioRoomRoutes },
  { name: 'files', routes: fileRoutes },
  { name: 'newsroomSync', routes: newsroomSyncRoutes },
  // System settings, what's new, system entities (issue 14 C1)
  { name: 'systemSettings', routes: systemSettingsRoutes },
  { name: 'whatsNew', routes: whatsNewRoutes },
  { name: 'systemEntities', routes: systemEntitiesRoutes },
  { name: 'support', routes: supportRoutes },
  { name: 'services', routes: serviceRoutes },
  { name: 'usageProfiles', routes: usageProfileRoutes },
  { name: 'servers', routes: serverRoutes },
  { name: 'devices', routes: deviceRoutes },
  { name: 'upgrade', routes: upgradeRoutes },
  { name: 'softwareVersions', routes: softwareVersionRoutes },
  { name: 'graphics', routes: graphicsRoutes },
];
