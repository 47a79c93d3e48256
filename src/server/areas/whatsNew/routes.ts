/** What's-new routes (src/protocol/rest/whatsNew.ts): HTTP only. */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF, SYSTEM } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/whatsNew.ts';
import type { RouteDeps } from '../deps.ts';
import { packageVersion } from '../about/service.ts';
import { WhatsNewService } from './service.ts';

export function whatsNewRoutes(deps: RouteDeps): RouteDefinition[] {
  let version: Promise<string> | undefined;
  // Read once: the version changes only with a new build, which restarts the server.
  const serverVersion = () => (version ??= packageVersion(process.cwd()));
  const notes = new WhatsNewService(deps.store, serverVersion, deps.now);
  const access = 'whatsNew.admin';
  return [
    defineRoute(api.listNotes, { access, scope: SYSTEM, handler: ({ query }) => notes.page(query) }),
    defineRoute(api.createNote, { access, scope: SYSTEM, handler: ({ body }) => notes.create(body) }),
    defineRoute(api.updateNote, { access, scope: SYSTEM, handler: ({ params, body }) => notes.update(params.id, body) }),
    defineRoute(api.deleteNote, { access, scope: SYSTEM, handler: async ({ params }) => ({ removed: await notes.remove(params.id) }) }),
    defineRoute(api.myWhatsNew, { access: 'whatsNew.read', scope: SELF, handler: ({ auth }) => notes.forUser(auth.user.id) }),
    defineRoute(api.markWhatsNewSeen, { access: 'whatsNew.read', scope: SELF, handler: ({ auth }) => notes.markSeen(auth.user.id) }),
  ];
}
