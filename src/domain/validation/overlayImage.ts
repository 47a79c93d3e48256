/**
 * Graphics overlay images. spec 001 §5 and §9: PNG only, at most 2000x2000 px and 110KB,
 * recommended at least 300x300; errors for size, existing file, type and resolution.
 */

import { OVERLAY_MAX_BYTES, OVERLAY_MAX_HEIGHT_PX, OVERLAY_MAX_WIDTH_PX, OVERLAY_RECOMMENDED_MIN_WIDTH_PX } from '../constants.ts';

/** spec 001 §9; 110 KB with KB = 1024 bytes (112 640 bytes), as file browsers show sizes. */
export { OVERLAY_MAX_BYTES, OVERLAY_MAX_HEIGHT_PX, OVERLAY_MAX_WIDTH_PX };
export const OVERLAY_RECOMMENDED_MIN_PX = OVERLAY_RECOMMENDED_MIN_WIDTH_PX;

/** Our wording: the spec names the four errors and the recommendation, not their words. */
export const OVERLAY_MESSAGES = {
  type: 'Only PNG images can be used as overlays',
  size: 'The image must be 110 KB or smaller',
  resolution: 'The image must be at most 2000x2000 pixels',
  exists: 'An overlay with this file name already exists',
  belowRecommended: 'For best quality, use an image of at least 300x300 pixels',
} as const;

export interface OverlayImageCandidate {
  /** File name as chosen by the user, e.g. logo.png. */
  readonly name: string;
  /** MIME type as reported by the browser or upload; '' when unknown. */
  readonly type: string;
  /** File size in bytes. */
  readonly bytes: number;
  /** Pixel size read from the file's PNG header (pngDimensions); null when it is not a PNG. */
  readonly width: number | null;
  readonly height: number | null;
}

export interface OverlayImageCheck {
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * All problems of an overlay upload. Type: the name ends in .png, the MIME type is image/png (or
 * unknown), and the content has a PNG header (width and height known). Size: at most 112 640 bytes.
 * Resolution: 1-2000 px each way. Existing file: the name is already in the library (case-insensitive).
 * A side below 300 px is a warning only.
 */
export function checkOverlayImage(image: OverlayImageCandidate, existingNames: Iterable<string>): OverlayImageCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  const name = image.name.trim();
  const isPngName = /\.png$/i.test(name);
  const isPngType = image.type === '' || image.type.toLowerCase() === 'image/png';
  const hasPngContent = image.width !== null && image.height !== null;
  if (!isPngName || !isPngType || !hasPngContent) errors.push(OVERLAY_MESSAGES.type);
  if (image.bytes > OVERLAY_MAX_BYTES) errors.push(OVERLAY_MESSAGES.size);
  if (image.width !== null && image.height !== null) {
    const { width, height } = image;
    if (width < 1 || height < 1 || width > OVERLAY_MAX_WIDTH_PX || height > OVERLAY_MAX_HEIGHT_PX) {
      errors.push(OVERLAY_MESSAGES.resolution);
    } else if (width < OVERLAY_RECOMMENDED_MIN_PX || height < OVERLAY_RECOMMENDED_MIN_PX) {
      warnings.push(OVERLAY_MESSAGES.belowRecommended);
    }
  }
  const lower = name.toLowerCase();
  for (const existing of existingNames) {
    if (existing.trim().toLowerCase() === lower) {
      errors.push(OVERLAY_MESSAGES.exists);
      break;
    }
  }
  return { errors, warnings };
}

/** The 8-byte PNG signature (PNG spec §5.2). */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const IHDR = [0x49, 0x48, 0x44, 0x52] as const; // "IHDR"
const IHDR_LENGTH = 13;
const PNG_MAX_DIMENSION = 0x7fffffff; // PNG spec: width and height are 1 .. 2^31-1

/**
 * Width and height from a PNG's header: signature, then the first chunk, which must be IHDR of
 * length 13, holding width and height as big-endian 32-bit integers (bytes 16-23). Null when the
 * bytes are not a PNG or the header is cut short or out of range. Only the first 24 bytes are read.
 */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  for (let i = 0; i < PNG_SIGNATURE.length; i += 1) {
    if (bytes[i] !== PNG_SIGNATURE[i]) return null;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== IHDR_LENGTH) return null;
  for (let i = 0; i < IHDR.length; i += 1) {
    if (bytes[12 + i] !== IHDR[i]) return null;
  }
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width < 1 || height < 1 || width > PNG_MAX_DIMENSION || height > PNG_MAX_DIMENSION) return null;
  return { width, height };
}
