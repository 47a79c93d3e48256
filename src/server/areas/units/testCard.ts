/**
 * The multiview's preview image of a unit (issue 5 item 4; GET v2/units/{id}/preview.svg): a test
 * card the server renders (SMPTE-style colour bars, the unit's name, its status and the server's
 * current time, UTC). No fonts or images are fetched: the SVG names only generic font families.
 * The live facts a tile draws beside it (on-air, delay, links) reach the wall through the fleet
 * worker's diffs.
 */
import { unitIconStatus, type UnitIconStatus, type UnitStatus } from '../../../domain/units/status.ts';

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
