/** How bitrates are shown to operators. */
import { KBPS_DISPLAY_MAX } from './constants.ts';

/**
 * Bitrate for display (spec 000 §9, 002 §5): kbps up to and including 1024 kbps ("1024 kbps"),
 * Mbps above it with two decimals, 1 Mbps = 1024 kbps as the threshold implies ("1025" → "1.00 Mbps").
 * Negative or non-finite input shows as "0 kbps".
 */
export function formatBitrate(kbps: number): string {
  const value = Number.isFinite(kbps) && kbps > 0 ? kbps : 0;
  if (value <= KBPS_DISPLAY_MAX) return `${Math.round(value)} kbps`;
  return `${(value / KBPS_DISPLAY_MAX).toFixed(2)} Mbps`;
}
