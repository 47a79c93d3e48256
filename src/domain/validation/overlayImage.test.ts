import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { OVERLAY_MAX_BYTES, OVERLAY_MESSAGES, checkOverlayImage, pngDimensions } from './overlayImage.ts';
import type { OverlayImageCandidate } from './overlayImage.ts';

/** The first 33 bytes of a PNG: signature, IHDR chunk (length 13, type, width, height, depth…), CRC. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24); // 8-bit RGBA
  return bytes;
}

const good: OverlayImageCandidate = { name: 'logo.png', type: 'image/png', bytes: 50_000, width: 800, height: 600 };

describe('checkOverlayImage (spec 001 §5: PNG, ≤2000x2000 px, ≤110KB, recommended ≥300x300)', () => {
  it('passes a valid PNG with no warning', () => {
    expect(checkOverlayImage(good, [])).toEqual({ errors: [], warnings: [] });
  });

  it('defines 110 KB as 110 × 1024 = 112 640 bytes', () => {
    expect(OVERLAY_MAX_BYTES).toBe(112_640);
  });

  it.each([
    ['110 KB exactly', { bytes: 112_640 }, []],
    ['110 KB and one byte', { bytes: 112_641 }, [OVERLAY_MESSAGES.size]],
    ['2000x2000 px', { width: 2000, height: 2000 }, []],
    ['2001 px wide', { width: 2001, height: 2000 }, [OVERLAY_MESSAGES.resolution]],
    ['2001 px high', { width: 2000, height: 2001 }, [OVERLAY_MESSAGES.resolution]],
    ['a JPEG MIME type', { type: 'image/jpeg' }, [OVERLAY_MESSAGES.type]],
    ['a .jpg name', { name: 'logo.jpg' }, [OVERLAY_MESSAGES.type]],
    ['an unknown MIME type with a .PNG name', { name: 'LOGO.PNG', type: '' }, []],
    ['content that is not a PNG', { width: null, height: null }, [OVERLAY_MESSAGES.type]],
  ] as const)('for %s reports %j', (_label, change, errors) => {
    expect(checkOverlayImage({ ...good, ...change }, []).errors).toEqual(errors);
  });

  it('flags a name already in the library, ignoring case', () => {
    expect(checkOverlayImage(good, ['Other.png', 'LOGO.png']).errors).toEqual([OVERLAY_MESSAGES.exists]);
  });

  it.each([
    [300, 300, []],
    [299, 300, [OVERLAY_MESSAGES.belowRecommended]],
    [300, 299, [OVERLAY_MESSAGES.belowRecommended]],
    [1, 1, [OVERLAY_MESSAGES.belowRecommended]],
  ])('warns but does not refuse %ix%i px when below 300x300', (width, height, warnings) => {
    const result = checkOverlayImage({ ...good, width, height }, []);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual(warnings);
  });

  it('reports every problem at once', () => {
    const result = checkOverlayImage({ name: 'logo.png', type: 'image/gif', bytes: 200_000, width: 2500, height: 100 }, ['logo.png']);
    expect(result.errors).toEqual([OVERLAY_MESSAGES.type, OVERLAY_MESSAGES.size, OVERLAY_MESSAGES.resolution, OVERLAY_MESSAGES.exists]);
  });

  it('accepts any size of 1-2000 px each way and at most 112 640 bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 112_640 }), (w, h, b) => {
        expect(checkOverlayImage({ ...good, width: w, height: h, bytes: b }, []).errors).toEqual([]);
      }),
    );
  });
});

describe('pngDimensions', () => {
  it.each([
    [1, 1],
    [300, 300],
    [2000, 2000],
    [2001, 17],
    [0x7fffffff, 1],
  ])('reads %ix%i from the IHDR chunk', (width, height) => {
    expect(pngDimensions(pngHeader(width, height))).toEqual({ width, height });
  });

  it('reads the header from a view into a larger buffer', () => {
    const buffer = new Uint8Array(100);
    buffer.set(pngHeader(640, 480), 10);
    expect(pngDimensions(buffer.subarray(10))).toEqual({ width: 640, height: 480 });
  });

  it.each([
    ['an empty file', new Uint8Array(0)],
    ['a header cut at 23 bytes', pngHeader(10, 10).subarray(0, 23)],
    ['a JPEG start', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(30).fill(0)])],
    ['a zero width', pngHeader(0, 10)],
    ['a width above 2^31-1', pngHeader(0x80000000, 10)],
  ])('returns null for %s', (_label, bytes) => {
    expect(pngDimensions(bytes)).toBeNull();
  });

  it('returns null when the first chunk is not IHDR or its length is not 13', () => {
    const wrongType = pngHeader(10, 10);
    wrongType[12] = 0x69; // "iHDR"
    expect(pngDimensions(wrongType)).toBeNull();
    const wrongLength = pngHeader(10, 10);
    wrongLength[11] = 14;
    expect(pngDimensions(wrongLength)).toBeNull();
  });

  it('round-trips any valid width and height, and any change to the signature gives null', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.integer({ min: 1, max: 0x7fffffff }), fc.nat({ max: 7 }), (w, h, at) => {
        const bytes = pngHeader(w, h);
        expect(pngDimensions(bytes)).toEqual({ width: w, height: h });
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
        expect(pngDimensions(bytes)).toBeNull();
      }),
    );
  });
});
