/**
 * The graphics overlay library of an inventory (spec 001 §2 "a graphics overlay library", §5
 * "Overlay image: PNG only, max 2000x2000 px and 110KB (recommended minimum 300x300); errors for
 * size, existing file, type, resolution", §8 "overlay config could not be saved"). The upload's
 * body is the file's bytes (`bytesBody`): the server reads the type and the size from the bytes,
 * never from the name. A channel picks its overlay in its Graphics Overlay tab (channels.ts).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Removed, TextBetween, CurrentGroup, PartOf } from './common.ts';

const TAGS = ['overlays'] as const;

/**
 * Largest body the upload accepts (bytes): far above the 110 KB rule, so that a file that is too
 * large still reaches the rule and gets its own message ("The image must be 110 KB or smaller");
 * beyond this, 413 "body is larger than the 4 MiB limit".
 */
export const OVERLAY_UPLOAD_MAX_BYTES = 4 * 1_048_576;

export const Overlay = Schema.Struct({
  id: Id,
  inventoryId: Id,
  fileName: Schema.String,
  /** Pixels, read from the PNG header. */
  width: Schema.Int,
  height: Schema.Int,
  sizeBytes: Schema.Int,
  createdAt: EpochMs,
  createdBy: Schema.String,
  /** "For best quality, use an image of at least 300x300 pixels" when smaller. */
  warnings: Schema.Array(Schema.String),
  /** Channels that show it (an overlay in use cannot be removed). */
  channelIds: Schema.Array(Id),
});
export type Overlay = typeof Overlay.Type;

const OverlayParams = Schema.Struct({ id: Id, overlayId: PartOf('overlay of the inventory') });

export const listOverlays = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/overlays',
  summary: 'The overlay images of an inventory, by file name',
  tags: TAGS,
  params: IdParams,
  response: Schema.Array(Overlay),
});

export const uploadOverlay = endpoint({
  method: 'POST',
  path: 'v2/inventories/{id}/overlays',
  summary: 'Upload an overlay image: the body is the file (PNG only, ≤ 2000×2000 px, ≤ 110 KB, a new file name), each refusal its own message',
  tags: TAGS,
  params: IdParams,
  query: Schema.Struct({ fileName: TextBetween(1, 255), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  bytesBody: { contentType: 'application/octet-stream', maxBytes: OVERLAY_UPLOAD_MAX_BYTES },
  response: Overlay,
  successStatus: 201,
});

export const overlayImage = endpoint({
  method: 'GET',
  path: 'v2/inventories/{id}/overlays/{overlayId}/image',
  summary: 'The overlay image itself (PNG); read by an <img>, so no Application-Id header is needed (the session still is)',
  tags: TAGS,
  params: OverlayParams,
  produces: 'image/png',
  // An <img src> cannot send headers: the thumbnail in the Graphics Overlay tab loads it directly.
  noApplicationId: true,
  response: Schema.String,
});

export const deleteOverlay = endpoint({
  method: 'DELETE',
  path: 'v2/inventories/{id}/overlays/{overlayId}',
  summary: 'Remove an overlay image no channel shows',
  tags: TAGS,
  params: OverlayParams,
  response: Removed,
});

export const OVERLAY_ENDPOINTS = [listOverlays, uploadOverlay, overlayImage, deleteOverlay] as const;
