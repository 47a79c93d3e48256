/**
 * The multiview's server side (issue 5 item 4): a preview image per unit and the live tile facts
 * the wall draws beside it.
 *
 * - GET v2/units/{id}/preview.svg: a test card the server renders (SMPTE-style colour bars, the
 *   unit's name, its status and the server's current time, UTC). No fonts or images are fetched:
 *   the SVG names only generic font families. Any query (`t=<ms>`) is the client's cache-buster;
 *   the answer is `no-store`. Same scoping as every unit call: a unit of another group, or an
 *   unknown id, is 404.
 * - GET v2/multiview/tiles?ids=a,b,c: on-air flag, delay (ms) and links (kbps) of up to
 *   MAX_TILE_IDS units the caller may see; others are left out (no existence leak).
 */
import type { FastifyRequest } from 'fastify';
import { unitIconStatus, type UnitIconStatus, type UnitStatus } from '../../domain/units/status.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { idOf, objectSchema, unitRoute, unitRuntime, unitView, unitVisibleTo, visibleUnit } from './unitKit.ts';

/** A wall shows at most 8×8 tiles (issue 5 item 4), plus one row of scroll overscan. */
export const MAX_TILE_IDS = 72;
/** Test-card size in px (16:9). */
export const CARD_WIDTH = 320;
export const CARD_HEIGHT = 180;

/** 75 % colour bars, left to right (white, yellow, cyan, green, magenta, red, blue). */
export const COLOUR_BARS = ['#bfbfbf', '#bfbf00', '#00bfbf', '#00bf00', '#bf00bf', '#bf0000', '#0000bf'] as const;

/** The status line of the card, as operators say it. */
export const CARD_STATUS_TEXT = {
  offline: 'offline',
  online: 'online',
  streaming: 'streaming',
  storeAndForward: 'store and forward',
  upgrading: 'upgrading',
  fetchingLogs: 'fetching logs',
  speedTest: 'speed test',
} as const satisfies Record<UnitIconStatus, string>;

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** HH:MM:SS in UTC of a time in ms since the epoch. */
export function clockText(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(11, 19);
}

export interface TestCardInput {
  readonly name: string;
  readonly status: UnitStatus;
  /** ms since the epoch. */
  readonly now: number;
}

/**
 * The test card of a unit. An offline unit gets a dark "no signal" card (it sends no video); any
 * other a card of colour bars with a sweep marker that moves every second, so a refreshed image
 * is visibly new.
 */
export function renderTestCard(input: TestCardInput): string {
  const w = CARD_WIDTH;
  const h = CARD_HEIGHT;
  const barsHeight = Math.round(h * 0.62);
  const barWidth = w / COLOUR_BARS.length;
  const icon = unitIconStatus(input.status);
  const offline = icon === 'offline';
  const seconds = Math.floor(input.now / 1000) % 60;
  const name = escapeXml(input.name.slice(0, 48));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="#101010"/>`,
  ];
  if (offline) {
    parts.push(
      `<text x="${w / 2}" y="${barsHeight / 2 + 8}" fill="#6b6b6b" font-family="sans-serif" font-size="22" font-weight="700" text-anchor="middle">NO SIGNAL</text>`,
    );
  } else {
    COLOUR_BARS.forEach((colour, i) => {
      parts.push(`<rect x="${(i * barWidth).toFixed(2)}" y="0" width="${(barWidth + 0.5).toFixed(2)}" height="${barsHeight}" fill="${colour}"/>`);
    });
    const sweepX = ((seconds / 60) * (w - 8)).toFixed(1);
    parts.push(`<rect x="${sweepX}" y="${barsHeight - 10}" width="8" height="10" fill="#ffffff"/>`);
  }
  parts.push(
    `<rect y="${barsHeight}" width="${w}" height="${h - barsHeight}" fill="#1b1b1b"/>`,
    `<text x="12" y="${barsHeight + 28}" fill="#f2f2f2" font-family="sans-serif" font-size="18" font-weight="600">${name}</text>`,
    `<text x="12" y="${h - 14}" fill="#bdbdbd" font-family="monospace" font-size="16">${clockText(input.now)} UTC</text>`,
    `<text x="${w - 12}" y="${h - 14}" fill="#bdbdbd" font-family="sans-serif" font-size="13" text-anchor="end">${CARD_STATUS_TEXT[icon]}</text>`,
    '</svg>',
  );
  return parts.join('');
}

/** Comma-separated ids, each once, at most MAX_TILE_IDS. */
export function parseTileIds(raw: string): string[] {
  const ids = raw.split(',').map((s) => s.trim()).filter((s) => s !== '' && s.length <= 128);
  return [...new Set(ids)].slice(0, MAX_TILE_IDS);
}

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
  /** ms, null when unknown. */
  readonly delay: number | null;
  readonly links: readonly TileLink[];
}

function tileFactsOf(deps: RouteDeps, request: FastifyRequest, uid: string): TileFacts | null {
  const stored = deps.store.units.get(uid);
  if (stored === undefined || !unitVisibleTo(deps, request, stored)) return null;
  const live = unitRuntime(deps.store)?.fleet.unit(uid);
  if (live === undefined) return { uid, onAir: false, delay: null, links: [] };
  return {
    uid,
    onAir: live.video.onAir,
    delay: live.delay,
    links: live.links.map((l) => ({ port: l.port, type: l.type, connected: l.connected, uplinkKbps: l.uplinkKbps })),
  };
}

const TILE_FACTS_RESPONSE = objectSchema(
  {
    units: {
      type: 'array',
      items: objectSchema(
        {
          uid: { type: 'string' },
          onAir: { type: 'boolean' },
          delay: { type: ['number', 'null'], description: 'ms' },
          links: {
            type: 'array',
            items: objectSchema(
              { port: { type: 'string' }, type: { type: 'string' }, connected: { type: 'boolean' }, uplinkKbps: { type: 'number', description: 'kbps' } },
              ['port', 'type', 'connected', 'uplinkKbps'],
            ),
          },
        },
        ['uid', 'onAir', 'delay', 'links'],
      ),
    },
  },
  ['units'],
);

export const unitPreviewArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/preview.svg',
    summary: 'A preview image of the unit: a test card with its name, status and the current time (SVG; add t=<ms> to bust caches)',
    tags: ['units', 'multiview'],
    access: 'read',
    querystring: { t: { type: 'string', maxLength: 32, description: 'cache-buster, ignored' } },
    handler: async (request, reply) => {
      const view = unitView(deps, visibleUnit(deps, request, idOf(request)));
      const svg = renderTestCard({ name: String(view['name']), status: view['status'] as UnitStatus, now: deps.now() });
      void reply.header('Cache-Control', 'no-store').type('image/svg+xml; charset=utf-8');
      return svg;
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/multiview/tiles',
    summary: `On-air flag, delay (ms) and links (kbps) of up to ${MAX_TILE_IDS} units shown on the multiview; units the caller cannot see are left out`,
    tags: ['units', 'multiview'],
    access: 'read',
    unitParam: null,
    querystring: { ids: { type: 'string', maxLength: MAX_TILE_IDS * 130 } },
    requiredQuery: ['ids'],
    response: TILE_FACTS_RESPONSE,
    handler: async (request) => {
      const { ids } = request.query as { ids: string };
      const units = parseTileIds(ids).flatMap((uid) => tileFactsOf(deps, request, uid) ?? []);
      return { units };
    },
  });
};
