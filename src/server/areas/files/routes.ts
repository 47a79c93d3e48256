/**
 * The Files area's routes (spec 001 §7 "Files"): one `defineRoute` per endpoint of
 * src/protocol/rest/files.ts, HTTP only. Every call acts in a group of the caller (crnt_vcg_uid):
 * a file or channel of another group gets the same 404 as an unknown one.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { memberGroup, SELF } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/files.ts';
import type { RouteDeps } from '../deps.ts';
import { FileService } from './service.ts';

/** The probe's image: a 1×1 SVG (its loading is the answer, spec 001 §9). */
const PROBE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

export function fileRoutes(deps: RouteDeps): RouteDefinition[] {
  const files = new FileService(deps);
  const IN_GROUP = memberGroup('query.crnt_vcg_uid');
  return [
    defineRoute(api.listChannelFiles, {
      access: 'files.read',
      scope: IN_GROUP,
      handler: ({ query, scoped }) =>
        files.list(scoped.groupId, { ...(query.kind !== undefined ? { kind: query.kind } : {}), ...(query.date !== undefined ? { date: query.date } : {}), ...(query.searchValue !== undefined ? { searchValue: query.searchValue } : {}) }),
    }),
    defineRoute(api.removeChannelFile, { access: 'files.delete', scope: IN_GROUP, handler: async ({ body, scoped }) => files.remove(await files.ofGroup(scoped.groupId, body.fileId)) }),
    defineRoute(api.renameChannelFile, { access: 'files.manage', scope: IN_GROUP, handler: async ({ body, scoped }) => files.rename(await files.ofGroup(scoped.groupId, body.fileId), body.newFileName) }),
    defineRoute(api.startFileBroadcast, {
      access: 'files.manage',
      scope: IN_GROUP,
      handler: async ({ body, scoped }) => files.startBroadcast(await files.ofGroup(scoped.groupId, body.fileId), body.broadcastingMmhId, body.rootDirectory),
    }),
    defineRoute(api.stopFileBroadcast, { access: 'files.manage', scope: IN_GROUP, handler: async ({ body, scoped }) => files.stopBroadcast(await files.ofGroup(scoped.groupId, body.fileId)) }),
    defineRoute(api.channelFileChunks, { access: 'files.read', scope: IN_GROUP, handler: async ({ body, scoped }) => files.chunks(await files.ofGroup(scoped.groupId, body.fileId)) }),
    defineRoute(api.channelDownloadUrls, { access: 'files.read', scope: IN_GROUP, handler: ({ params, scoped }) => files.downloadUrls(scoped.groupId, params.id) }),
    defineRoute(api.fileMetadata, { access: 'files.read', scope: IN_GROUP, handler: ({ query, scoped }) => files.metadata(scoped.groupId, query.channelId, query.filePath) }),
    defineRoute(api.mediaServerProbe, { access: 'files.read', scope: SELF, handler: async () => PROBE_SVG }),
  ];
}
