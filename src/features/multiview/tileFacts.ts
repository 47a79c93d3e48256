/**
 * The pure formatting of what a tile draws besides its name and status: per-link bitrate bars,
 * delay, total uplink and battery. The facts themselves (links, delayMs, onAir, battery) come with
 * the unit's view from the fleet store (workers/pipeline/diff.ts UnitView), one version signal per
 * tile: no polling.
 */
import { formatBitrate } from '../../domain/bitrate.ts';
import type { LinkView } from '../../../workers/pipeline/diff.ts';

/** Link bars per tile (the widest field unit bonds 8 links). */
export const MAX_LINK_BARS = 8;
/** A bar is full at this uplink (kbps): a bonded link rarely carries more than ~10 Mbps. */
export const LINK_BAR_FULL_KBPS = 10_000;

/** What a bar and the total read of a link (kbps). */
export type TileLink = Pick<LinkView, 'connected' | 'uplinkKbps'>;

/**
 * The fill of a link's bar, 0..1: square-root scale up to LINK_BAR_FULL_KBPS, so a 500 kbps
 * modem still shows next to a 9 Mbps Ethernet link. A disconnected link is empty.
 */
export function linkBarLevel(link: TileLink): number {
  if (!link.connected) return 0;
  return Math.min(1, Math.sqrt(Math.max(0, link.uplinkKbps) / LINK_BAR_FULL_KBPS));
}

/** Total uplink of the connected links, for the tile's label ("3.20 Mbps"). */
export function totalUplinkText(links: readonly TileLink[]): string {
  return formatBitrate(links.reduce((sum, l) => sum + (l.connected ? l.uplinkKbps : 0), 0));
}

/** Delay as operators read it: "800 ms" below 1 s, else seconds with one decimal ("1.5 s"). */
export function delayText(delayMs: number | undefined): string {
  if (delayMs === undefined) return '–';
  if (delayMs < 1000) return `${Math.round(delayMs)} ms`;
  return `${(delayMs / 1000).toFixed(1)} s`;
}

/** Battery as a short label: "78%", "78%+" when charging, "AC" when the unit has no battery. */
export function batteryText(battery: { readonly percentage?: number; readonly charging?: boolean } | undefined): string {
  if (battery === undefined || battery.percentage === undefined) return 'AC';
  return `${Math.round(battery.percentage)}%${battery.charging === true ? '+' : ''}`;
}

/** Low battery on a tile (the simulator's battery alert threshold: 20 %). */
export const LOW_BATTERY_PCT = 20;

/**
 * The footer's left text that fits in `availablePx` beside the battery and alerts: delay and total
 * bitrate, else the delay alone, else nothing (a narrow tile never draws one text over the other).
 * `widthOf` measures a text in the footer's font (px).
 */
export function footerLeftText(delay: string, bitrate: string | null, availablePx: number, widthOf: (text: string) => number): string {
  if (bitrate !== null) {
    const full = `${delay}  ·  ${bitrate}`;
    if (widthOf(full) <= availablePx) return full;
  }
  return widthOf(delay) <= availablePx ? delay : '';
}
