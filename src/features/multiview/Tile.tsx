/**
 * One multiview tile on the canvas (Konva): status frame, name, on-air/tally, the server's preview
 * image, per-link bitrate bars, delay, total uplink, channel name, battery and alerts. It reads only
 * its own unit's view (useUnit: one version signal; on-air, delay and links come with the view)
 * and its channel's name (useChannelName: that channel's version signal), and nothing in it
 * listens for events (the wall has one hit layer). The
 * static frame (background and bands) is cached as a bitmap at the device pixel ratio and only
 * redrawn when the tile's size or the colour scheme changes.
 */
import { memo, useEffect, useRef } from 'react';
import type Konva from 'konva';
import { Circle, Group, Image as KonvaImage, Label, Rect, Tag, Text } from 'react-konva';
import { useChannelName, useUnit } from '../../fleet/index.ts';
import { iconStatusOf, STATUS_HEX } from '../fleet/statusColours.ts';
import type { TileBox } from './layouts.ts';
import { ALERT_COLOUR, LINK_COLOURS, LOW_BATTERY_COLOUR, ON_AIR_COLOUR, WALL_FONT, type WallPalette } from './palette.ts';
import { batteryText, delayText, LOW_BATTERY_PCT, MAX_LINK_BARS, linkBarLevel, totalUplinkText } from './tileFacts.ts';

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

const TileFrame = memo(function TileFrame(props: { width: number; height: number; band: number; palette: WallPalette; pixelRatio: number }) {
  const ref = useRef<Konva.Group>(null);
  const { width, height, band, palette, pixelRatio } = props;
  useEffect(() => {
    const node = ref.current;
    if (node === null) return;
    node.clearCache();
    node.cache({ pixelRatio });
  }, [width, height, band, palette, pixelRatio]);
  return (
    <Group ref={ref} listening={false}>
      <Rect width={width} height={height} fill={palette.tile} cornerRadius={4} listening={false} />
      <Rect y={band} width={width} height={Math.max(0, height - 2 * band)} fill={palette.preview} listening={false} />
      <Rect y={height - band} width={width} height={band} fill={palette.band} cornerRadius={[0, 0, 4, 4]} listening={false} />
    </Group>
  );
});

export interface TileProps {
  readonly unitId: string;
  readonly box: TileBox;
  readonly image: HTMLImageElement | null;
  readonly palette: WallPalette;
  readonly pixelRatio: number;
  readonly onAirLabel: string;
  readonly noPreviewLabel: string;
}

export const Tile = memo(function Tile({ unitId, box, image, palette, pixelRatio, onAirLabel, noPreviewLabel }: TileProps) {
  const unit = useUnit(unitId);
  const channelName = useChannelName(unit?.channelId);
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
  // Narrow tiles (7×7, 8×8) keep the delay only; the total bitrate needs ~90 px more.
  const delay = delayText(unit?.delayMs);
  const footerText = box.width < COMPACT_TILE_WIDTH ? delay : `${delay}  ·  ${totalUplinkText(links)}`;
  const rightText = `${alerts > 0 ? `⚠ ${alerts}   ` : ''}${batteryText(battery)}`;
  const channelFont = Math.max(9, font - 2);

  return (
    <Group x={box.x} y={box.y} listening={false}>
      <TileFrame width={box.width} height={box.height} band={band} palette={palette} pixelRatio={pixelRatio} />
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
      <Text text={footerText} x={pad * 2 + barsWidth} y={footerY + Math.round((band - font) / 2) + 1} fontFamily={WALL_FONT} fontSize={font - 1} fill={palette.dimText} wrap="none" listening={false} />
      <Text
        text={rightText}
        x={pad}
        y={footerY + Math.round((band - font) / 2) + 1}
        width={box.width - pad * 2}
        align="right"
        fontFamily={WALL_FONT}
        fontSize={font - 1}
        fontStyle={alerts > 0 || lowBattery ? '700' : 'normal'}
        fill={alerts > 0 ? ALERT_COLOUR : lowBattery ? LOW_BATTERY_COLOUR : palette.dimText}
        wrap="none"
        listening={false}
      />
      {/* status frame last, over everything: the colour is visible from across the room */}
      <Rect width={box.width} height={box.height} stroke={onAir ? ON_AIR_COLOUR : colour} strokeWidth={onAir ? 3 : 2} cornerRadius={4} listening={false} />
    </Group>
  );
});
