/**
 * The user preferences (spec 002 §3, §7 GET and PUT userPreferences/vue): one `defineRoute` per
 * endpoint of src/protocol/rest/preferences.ts, each about the caller's own preferences. The stored
 * document is untrusted on the way out and the body on the way in: both go through the domain's
 * mergePreferences, which keeps each known field of the right type and fills the rest.
 */
import { mergePreferences } from '../../../domain/preferences.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/preferences.ts';
import type { RouteDeps } from '../deps.ts';

export function preferenceRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(api.getPreferences, { access: 'self.read', scope: SELF, handler: async ({ auth }) => mergePreferences(await deps.store.preferences.get(auth.user.id)) }),
    defineRoute(api.savePreferences, {
      access: 'self.update',
      scope: SELF,
      handler: async ({ auth, body }) => {
        const userId = auth.user.id;
        const stored = (await deps.store.preferences.get(userId)) ?? {};
        const merged = mergePreferences({ ...stored, ...body });
        await deps.store.preferences.put(userId, merged, deps.now());
        return merged;
      },
    }),
  ];
}
