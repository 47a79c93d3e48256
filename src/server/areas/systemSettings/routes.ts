/** System settings' routes (src/protocol/rest/systemSettings.ts): HTTP only; system-wide, super user and staff. */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SYSTEM } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/systemSettings.ts';
import type { RouteDeps } from '../deps.ts';
import { SystemSettingsService } from './service.ts';

export function systemSettingsRoutes(deps: RouteDeps): RouteDefinition[] {
  const settings = new SystemSettingsService(deps.store, deps.now);
  const access = 'systemSettings.admin';
  return [
    defineRoute(api.listClientApplications, { access, scope: SYSTEM, handler: ({ query }) => settings.applicationPage(query) }),
    defineRoute(api.createClientApplication, {
      access,
      scope: SYSTEM,
      handler: async ({ body, activity }) => {
        const app = await settings.createApplication(body);
        activity.entity('clientApplication', app.applicationId, app.name); // the feed names the new id
        return app;
      },
    }),
    defineRoute(api.updateClientApplication, {
      access,
      scope: SYSTEM,
      handler: async ({ params, body, activity }) => {
        activity.entity('clientApplication', params.id);
        return settings.updateApplication(params.id, body);
      },
    }),
    defineRoute(api.deleteClientApplication, { access, scope: SYSTEM, handler: async ({ params }) => ({ removed: await settings.deleteApplication(params.id) }) }),
    defineRoute(api.listModemVendors, { access, scope: SYSTEM, handler: ({ query }) => settings.vendorPage(query) }),
    defineRoute(api.createModemVendor, { access, scope: SYSTEM, handler: ({ body }) => settings.createVendor(body) }),
    defineRoute(api.updateModemVendor, { access, scope: SYSTEM, handler: ({ params, body }) => settings.updateVendor(params.id, body) }),
    defineRoute(api.deleteModemVendor, { access, scope: SYSTEM, handler: async ({ params }) => ({ removed: await settings.deleteVendor(params.id) }) }),
    defineRoute(api.getAiSettings, { access, scope: SYSTEM, handler: () => settings.aiSettings() }),
    defineRoute(api.updateAiSettings, {
      access,
      scope: SYSTEM,
      handler: ({ body, activity }) => {
        activity.entity('aiSettings', 'system', 'AI settings');
        return settings.saveAiSettings(body);
      },
    }),
  ];
}
