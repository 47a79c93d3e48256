/** GET v2/about (ours; spec 002 §2 "About screen exists"): for every signed-in user. */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/about.ts';
import type { RouteDeps } from '../deps.ts';
import { AboutService } from './service.ts';

export function aboutRoutes(deps: RouteDeps): RouteDefinition[] {
  const about = new AboutService({
    packageDir: process.cwd(),
    distDir: deps.settings.distDir,
    dialect: deps.store.dialect,
    startedAt: deps.now(),
    commitFromEnv: process.env['LUC_BUILD_COMMIT'],
  });
  return [defineRoute(api.getAbout, { access: 'self.read', scope: SELF, handler: () => about.about() })];
}
