/**
 * Text widths for canvas layout (px), measured with one shared 2D context the way Konva draws text
 * (`ctx.font = "<style> <size>px <family>"`). Cached per font and text: a wall redraws the same
 * few footer strings many times a second.
 */
const cache = new Map<string, number>();
/** Bound of the cache (entries); cleared when exceeded (bitrate texts change all the time). */
const MAX_CACHED = 5_000;
let context: CanvasRenderingContext2D | null = null;

export function textWidth(text: string, fontSize: number, fontFamily: string, fontStyle = 'normal'): number {
  const font = `${fontStyle} ${fontSize}px ${fontFamily}`;
  const key = `${font}|${text}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  if (context === null) return text.length * fontSize * 0.6; // no canvas: a generous estimate
  context.font = font;
  const width = context.measureText(text).width;
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, width);
  return width;
}
