/**
 * What a tile draws besides the fleet store's view: on-air flag, delay and per-link bitrates,
 * polled from the server (GET v2/multiview/tiles) for the visible tiles only, and the pure
 * formatting of those facts for the canvas.
 */
import { formatBitrate } from '../../domain/bitrate.ts';

/** Visible tiles' facts are polled this often (ms); the simulator pushes link usage every few seconds. */
export const TILE_FACTS_POLL_MS = 3_000;
/** Link bars per tile (the widest field unit bonds 8 links). */
export const MAX_LINK_BARS = 8;
/** A bar is full at this uplink (kbps): a bonded link rarely carries more than ~10 Mbps. */
export const LINK_BAR_FULL_KBPS = 10_000;

export interface TileLink {
  readonly port: string;
  readonly type: string;
  readonly connected: boolean;
  /** kbps. */
  readonly uplinkKbps: number;
}

export interface TileFacts {
  readonly uid: string;
  readonly onAir: boolean;
  /** ms; null when unknown. */
  readonly delay: number | null;
  readonly links: readonly TileLink[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's answer, checked at the edge (anything malformed is dropped). */
export function decodeTileFacts(body: unknown): TileFacts[] {
  const units = isRecord(body) && Array.isArray(body['units']) ? body['units'] : [];
  return units.flatMap((raw): TileFacts[] => {
    if (!isRecord(raw) || typeof raw['uid'] !== 'string') return [];
    const links = Array.isArray(raw['links']) ? raw['links'] : [];
    return [
      {
        uid: raw['uid'],
        onAir: raw['onAir'] === true,
        delay: typeof raw['delay'] === 'number' && Number.isFinite(raw['delay']) ? raw['delay'] : null,
        links: links.flatMap((l): TileLink[] =>
          isRecord(l) && typeof l['port'] === 'string'
            ? [
                {
                  port: l['port'],
                  type: typeof l['type'] === 'string' ? l['type'] : 'cell',
                  connected: l['connected'] === true,
                  uplinkKbps: typeof l['uplinkKbps'] === 'number' && l['uplinkKbps'] > 0 ? l['uplinkKbps'] : 0,
                },
              ]
            : [],
        ),
      },
    ];
  });
}

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
export function delayText(delayMs: number | null): string {
  if (delayMs === null) return '–';
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
