/**
 * One multiview tile on the canvas (Konva): status frame, name, on-air/tally, the server's preview
 * image, per-link bitrate bars, delay, total uplink, channel name, battery and alerts. It reads only
 * its own unit's view (useUnit: one version signal; on-air, delay and links come with the view),
 * its channel's name (useChannelName: that channel's name version signal) and its own preview image
 * (the loader's change feed), and nothing in it listens for events (the wall has one hit layer).
 * The whole tile is cached as one bitmap at the device pixel ratio and drawn again only when
 * something it shows changes; a layer redraw (another tile changed, a scroll) copies the bitmaps.
 */
import { memo, useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type Konva from 'konva';
import { Circle, Group, Image as KonvaImage, Label, Rect, Tag, Text } from 'react-konva';
import { useChannelName, useUnit } from '../../fleet/index.ts';
import { iconStatusOf, STATUS_HEX } from '../fleet/statusColours.ts';
import type { TileBox } from './layouts.ts';
import { ALERT_COLOUR, LINK_COLOURS, LOW_BATTERY_COLOUR, ON_AIR_COLOUR, WALL_FONT, type WallPalette } from './palette.ts';
import { batteryText, delayText, footerLeftText, LOW_BATTERY_PCT, MAX_LINK_BARS, linkBarLevel, totalUplinkText } from './tileFacts.ts';
import { textWidth } from './textWidth.ts';

/** Below this width (px) the footer leaves out the total bitrate. */
export const COMPACT_TILE_WIDTH = 240;

/** Band heights and font size scale with the tile (8×8 tiles are ~140 px wide). */
export function tileMetrics(box: TileBox): { band: number; font: number; pad: number } {
  const font = Math.max(10, Math.min(15, Math.round(box.height / 13)));
  return { band: font + 10, font, pad: Math.max(4, Math.round(font / 2)) };
}

/** The largest 16:9 box inside an area, centred. */
function contain(width: number, height: number): { width: number; height: number; x: number; y: number } {
  const w = Math.min(width, (height * 16) / 9);
  const h = (w * 9) / 16;
  return { width: Math.round(w), height: Math.round(h), x: Math.round((width - w) / 2), y: Math.round((height - h) / 2) };
}

const TileFrame = memo(function TileFrame(props: { width: number; height: number; band: number; palette: WallPalette }) {
  const { width, height, band, palette } = props;
  return (
    <Group listening={false}>
      <Rect width={width} height={height} fill={palette.tile} cornerRadius={4} listening={false} />
      <Rect y={band} width={width} height={Math.max(0, height - 2 * band)} fill={palette.preview} listening={false} />
      <Rect y={height - band} width={width} height={band} fill={palette.band} cornerRadius={[0, 0, 4, 4]} listening={false} />
    </Group>
  );
});

/** What a tile reads of the preview loader: its image, and when images change. */
export interface TilePreviews {
  subscribe(listener: () => void): () => void;
  image(unitId: string): HTMLImageElement | null;
}

export interface TileProps {
  readonly unitId: string;
  readonly box: TileBox;
  /** The wall's preview images; the tile follows its own (previewLoader.ts). */
  readonly previews: TilePreviews;
  readonly palette: WallPalette;
  readonly pixelRatio: number;
  readonly onAirLabel: string;
  readonly noPreviewLabel: string;
}

/** Props equal for drawing: the box by its numbers (the wall makes a new box object on every render). */
export function sameTileProps(a: TileProps, b: TileProps): boolean {
  return (
    a.unitId === b.unitId &&
    a.box.x === b.box.x &&
    a.box.y === b.box.y &&
    a.box.width === b.box.width &&
    a.box.height === b.box.height &&
    a.previews === b.previews &&
    a.palette === b.palette &&
    a.pixelRatio === b.pixelRatio &&
    a.onAirLabel === b.onAirLabel &&
    a.noPreviewLabel === b.noPreviewLabel
  );
}

export const Tile = memo(function Tile({ unitId, box, previews, palette, pixelRatio, onAirLabel, noPreviewLabel }: TileProps) {
  const unit = useUnit(unitId);
  const channelName = useChannelName(unit?.channelId);
  const subscribe = useCallback((onChange: () => void) => previews.subscribe(onChange), [previews]);
  const image = useSyncExternalStore(subscribe, () => previews.image(unitId));
  const ref = useRef<Konva.Group>(null);
  // The whole tile is cached as one bitmap: the layer's redraw (any tile changed, or a scroll)
  // copies 64 bitmaps at most, and only this tile's own change draws its shapes again.
  // A move (scroll) keeps the bitmap.
  useLayoutEffect(() => {
    const node = ref.current;
    if (node === null) return;
    node.clearCache();
    node.cache({ pixelRatio });
  }, [unit, channelName, image, box.width, box.height, palette, pixelRatio, onAirLabel, noPreviewLabel]);
  const { band, font, pad } = tileMetrics(box);
  const status = unit === undefined ? 'offline' : iconStatusOf(unit);
  const colour = STATUS_HEX[status];
  const previewArea = contain(box.width, Math.max(0, box.height - 2 * band));
  const onAir = unit?.onAir === true;
  const links = (unit?.links ?? []).slice(0, MAX_LINK_BARS);
  const barWidth = Math.max(3, Math.round(font / 2.2));
  const barsWidth = links.length * (barWidth + 2);
  const footerY = box.height - band;
  const onAirWidth = onAir ? Math.round(font * 4.6) : 0;
  const battery = unit?.battery ?? undefined;
  const lowBattery = battery?.percentage !== undefined && battery.percentage < LOW_BATTERY_PCT && battery.charging !== true;
  const alerts = unit?.activeAlerts ?? 0;
  // Narrow tiles (7×7, 8×8) keep the delay only; otherwise the total bitrate too when it fits
  // beside the battery and alerts (measured: they never overlap).
  const delay = delayText(unit?.delayMs);
  const rightText = `${alerts > 0 ? `⚠ ${alerts}   ` : ''}${batteryText(battery)}`;
  const rightStyle = alerts > 0 || lowBattery ? '700' : 'normal';
  const footerX = pad * 2 + barsWidth;
  const footerRoom = box.width - pad - footerX - pad - textWidth(rightText, font - 1, WALL_FONT, rightStyle);
  const footerText = footerLeftText(delay, box.width < COMPACT_TILE_WIDTH ? null : totalUplinkText(links), footerRoom, (text) => textWidth(text, font - 1, WALL_FONT));
  const channelFont = Math.max(9, font - 2);

  return (
    <Group ref={ref} x={box.x} y={box.y} listening={false}>
      <TileFrame width={box.width} height={box.height} band={band} palette={palette} />
      {image !== null ? (
        <KonvaImage image={image} x={previewArea.x} y={band + previewArea.y} width={previewArea.width} height={previewArea.height} listening={false} />
      ) : (
        <Text text={noPreviewLabel} x={0} y={band} width={box.width} height={box.height - 2 * band} align="center" verticalAlign="middle" fontFamily={WALL_FONT} fontSize={font} fill={palette.dimText} listening={false} />
      )}
      {/* channel label over the top-left of the preview (a multiviewer's UMD), clipped to the tile */}
      {channelName !== null && (
        <Group x={pad / 2} y={band + 4} clipX={0} clipY={0} clipWidth={Math.max(0, box.width - pad)} clipHeight={channelFont + 8} listening={false}>
          <Label listening={false}>
            <Tag fill={palette.band} opacity={0.85} cornerRadius={3} listening={false} />
            <Text text={channelName} padding={3} fontFamily={WALL_FONT} fontSize={channelFont} fill={palette.text} wrap="none" listening={false} />
          </Label>
        </Group>
      )}
      {/* header: status dot, name, on-air (tally) */}
      <Circle x={pad + font / 2} y={band / 2} radius={font / 2.4} fill={colour} listening={false} />
      <Text
        text={unit?.name ?? unitId}
        x={pad * 2 + font}
        y={Math.round((band - font) / 2) + 1}
        width={Math.max(0, box.width - pad * 3 - font - onAirWidth)}
        fontFamily={WALL_FONT}
        fontSize={font}
        fontStyle="600"
        fill={palette.text}
        wrap="none"
        ellipsis
        listening={false}
      />
      {onAir && (
        <Group x={box.width - onAirWidth - pad / 2} y={3} listening={false}>
          <Rect width={onAirWidth} height={band - 6} fill={ON_AIR_COLOUR} cornerRadius={3} listening={false} />
          <Text text={onAirLabel} width={onAirWidth} height={band - 6} align="center" verticalAlign="middle" fontFamily={WALL_FONT} fontSize={font - 2} fontStyle="700" fill="#ffffff" listening={false} />
        </Group>
      )}
      {/* footer: link bars, delay and total bitrate, battery, alerts */}
      {links.map((link, i) => {
        const level = linkBarLevel(link);
        const trackHeight = band - 8;
        const height = Math.round(trackHeight * level);
        return (
          <Group key={link.port} x={pad + i * (barWidth + 2)} y={footerY + 4} listening={false}>
            <Rect width={barWidth} height={trackHeight} fill={palette.barTrack} listening={false} />
            {height > 0 && <Rect y={trackHeight - height} width={barWidth} height={height} fill={LINK_COLOURS[link.type ?? 'cell'] ?? LINK_COLOURS['cell']} listening={false} />}
          </Group>
        );
      })}
      <Text text={footerText} x={footerX} y={footerY + Math.round((band - font) / 2) + 1} fontFamily={WALL_FONT} fontSize={font - 1} fill={palette.dimText} wrap="none" listening={false} />
      <Text
        text={rightText}
        x={pad}
        y={footerY + Math.round((band - font) / 2) + 1}
        width={box.width - pad * 2}
        align="right"
        fontFamily={WALL_FONT}
        fontSize={font - 1}
        fontStyle={rightStyle}
        fill={alerts > 0 ? ALERT_COLOUR : lowBattery ? LOW_BATTERY_COLOUR : palette.dimText}
        wrap="none"
        listening={false}
      />
      {/* status frame last, over everything: the colour is visible from across the room */}
      <Rect width={box.width} height={box.height} stroke={onAir ? ON_AIR_COLOUR : colour} strokeWidth={onAir ? 3 : 2} cornerRadius={4} listening={false} />
    </Group>
  );
}, sameTileProps);
