/**
 * My Graphics' calls (spec 002 §7 Graphics), each through `call(endpoint)`, and the permission
 * rule of spec 002 §4 applied to the permissions call's answer: enabled only on HTTP 200 with
 * serviceEnabled true; any other answer (a refusal, "Graphics communication error.") means not
 * enabled, and the refusal's message is kept to show.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { graphicsServiceEnabled } from '../../domain/graphics.ts';
import type { GraphicsJobAction } from '../../domain/graphicsCloud.ts';
import * as graphics from '../../protocol/rest/graphics.ts';

export const graphicsKeys = {
  all: ['graphics'] as const,
  permission: (inventoryId: string) => ['graphics', 'permission', inventoryId] as const,
  mine: (inventoryId: string) => ['graphics', 'mine', inventoryId] as const,
  templates: (inventoryId: string) => ['graphics', 'templates', inventoryId] as const,
};

export interface GraphicsPermission {
  readonly enabled: boolean;
  /** The server's message when the answer was not a 200 (e.g. "Graphics communication error."). */
  readonly problem: string | null;
}

export async function fetchPermission(inventoryId: string, signal: AbortSignal): Promise<GraphicsPermission> {
  try {
    const answer = await call(graphics.getGraphicsPermissions, { params: { inventoryId } }, { signal });
    return { enabled: graphicsServiceEnabled(200, answer), problem: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { enabled: graphicsServiceEnabled(error.status, error.body), problem: error.message };
  }
}

export const fetchMyGraphics = (inventoryId: string, signal: AbortSignal) => call(graphics.getMyGraphics, { params: { inventoryId } }, { signal });
export const fetchTemplates = (inventoryId: string, signal: AbortSignal) => call(graphics.listGraphicsTemplates, { params: { inventoryId } }, { signal }).then((a) => a.templates);
export const createApp = (body: { inventoryId: string; name: string; templateId: string; region?: string }) => call(graphics.createSingularApp, { body });
export const deleteApp = (inventoryId: string, appId: string) => call(graphics.deleteGraphicsApp, { params: { inventoryId, appId } });
export const runJob = (inventoryId: string, appId: string, action: GraphicsJobAction) => call(graphics.postJobStatus, { body: { inventoryId, appId, action } });

export function invalidateGraphics(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: graphicsKeys.all });
}
