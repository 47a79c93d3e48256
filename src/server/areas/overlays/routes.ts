/**
 * The graphics overlay library (spec 001 §2, §5): an inventory's PNG images, uploaded as the body's
 * bytes and checked from those bytes (src/domain/validation/overlayImage.ts: the PNG signature and
 * header give the type and the pixels; the byte count the size), never from the name alone. Each
 * refusal carries every failing rule's own message (`reasons`), the first as `message`.
 * An overlay that a channel shows cannot be removed (ours: the channel would lose its graphics).
 */
import { randomUUID } from 'node:crypto';
import { defineRoute, rawAnswer, type RouteDefinition } from '../../http/route.ts';
import { ownInventory } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/overlays.ts';
import type { Overlay } from '../../../protocol/rest/overlays.ts';
import { checkOverlayImage, pngDimensions, OVERLAY_MESSAGES, OVERLAY_RECOMMENDED_MIN_PX } from '../../../domain/validation/overlayImage.ts';
import { configOf } from '../channels/live.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredOverlay } from './repo.ts';

/** Ours: an overlay a channel shows is not removed. */
export const OVERLAY_IN_USE = 'The overlay is shown on a channel';

export function overlayRoutes(deps: RouteDeps): RouteDefinition[] {
  /** Which channels of the inventory show each overlay. */
  const usage = async (inventoryId: string): Promise<Map<string, string[]>> => {
    const uses = new Map<string, string[]>();
    for (const channel of await deps.store.channels.listByInventory(inventoryId)) {
      const overlayId = configOf(channel).overlay.overlayId;
      if (overlayId !== null) uses.set(overlayId, [...(uses.get(overlayId) ?? []), channel.id]);
    }
    return uses;
  };
  const answer = (overlay: StoredOverlay, channelIds: readonly string[]): Overlay => ({
    ...overlay,
    warnings: overlay.width < OVERLAY_RECOMMENDED_MIN_PX || overlay.height < OVERLAY_RECOMMENDED_MIN_PX ? [OVERLAY_MESSAGES.belowRecommended] : [],
    channelIds: [...channelIds],
  });
  const ofInventory = async (inventoryId: string, overlayId: string): Promise<StoredOverlay> => {
    const overlay = await deps.store.overlays.get(overlayId);
    if (overlay === undefined || overlay.inventoryId !== inventoryId) throw notFound(`Overlay '${overlayId.slice(0, 64)}' not found`);
    return overlay;
  };

  return [
    defineRoute(api.listOverlays, {
      access: 'channels.read',
      scope: ownInventory('params.id'),
      handler: async ({ scoped }) => {
        const uses = await usage(scoped.inventory.id);
        return (await deps.store.overlays.listOfInventory(scoped.inventory.id)).map((o) => answer(o, uses.get(o.id) ?? []));
      },
    }),
    defineRoute(api.uploadOverlay, {
      access: 'overlays.manage',
      scope: ownInventory('params.id'),
      handler: async ({ query, bytes, auth, scoped, setStatus }) => {
        const fileName = query.fileName.trim();
        const size = pngDimensions(bytes);
        const existing = (await deps.store.overlays.listOfInventory(scoped.inventory.id)).map((o) => o.fileName);
        // The type is the bytes' (a PNG header), so a .png name on other content is refused as a type.
        const check = checkOverlayImage({ name: fileName, type: size === null ? 'application/octet-stream' : 'image/png', bytes: bytes.length, width: size?.width ?? null, height: size?.height ?? null }, existing);
        const first = check.errors[0];
        if (first !== undefined) throw (check.errors.includes(OVERLAY_MESSAGES.exists) && check.errors.length === 1 ? conflict : badRequest)(first, { fields: { file: first }, reasons: check.errors });
        const overlay: StoredOverlay = {
          id: `OVL-${randomUUID()}`,
          inventoryId: scoped.inventory.id,
          fileName,
          width: size!.width,
          height: size!.height,
          sizeBytes: bytes.length,
          createdAt: deps.now(),
          createdBy: auth.user.username,
        };
        await deps.store.overlays.insert(overlay, bytes);
        setStatus(201);
        return answer(overlay, []);
      },
    }),
    defineRoute(api.overlayImage, {
      access: 'channels.read',
      scope: ownInventory('params.id'),
      handler: async ({ params, scoped, reply }) => {
        const overlay = await ofInventory(scoped.inventory.id, params.overlayId);
        const png = await deps.store.overlays.image(overlay.id);
        if (png === undefined) throw notFound(`Overlay '${params.overlayId.slice(0, 64)}' not found`);
        reply.header('cache-control', 'private, max-age=300');
        return rawAnswer(png);
      },
    }),
    defineRoute(api.deleteOverlay, {
      access: 'overlays.manage',
      scope: ownInventory('params.id'),
      handler: async ({ params, scoped }) => {
        const overlay = await ofInventory(scoped.inventory.id, params.overlayId);
        if ((await usage(scoped.inventory.id)).has(overlay.id)) throw conflict(OVERLAY_IN_USE);
        return { removed: await deps.store.overlays.remove(overlay.id) };
      },
    }),
  ];
}
