/** How bitrates are shown to operators. */
import { KBPS_DISPLAY_MAX } from './constants.ts';

/** 1 Mbps in kbps (decimal, as links and caps are rated). */
export const KBPS_PER_MBPS = 1_000;

/**
 * Bitrate for display (spec 000 §9, 002 §5): kbps up to and including 1024 kbps ("1024 kbps"),
 * Mbps above it with two decimals. 1 Mbps = 1000 kbps, the network convention the unit's own
 * capping presets (3.6 … 8.0 Mbps) and bandwidth limits use, so a 3600 kbps cap reads "3.60 Mbps";
 * the spec's 1024 is only where the display switches unit. Negative or non-finite input: "0 kbps".
 */
export function formatBitrate(kbps: number): string {
  const value = Number.isFinite(kbps) && kbps > 0 ? kbps : 0;
  if (value <= KBPS_DISPLAY_MAX) return `${Math.round(value)} kbps`;
  return `${(value / KBPS_PER_MBPS).toFixed(2)} Mbps`;
}
