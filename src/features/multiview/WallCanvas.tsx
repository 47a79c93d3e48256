/**
 * The multiview wall: a scrolling area whose height is the whole wall, and a viewport-sized Konva
 * stage that stays in view and draws only the tiles the scroll position shows (virtualized).
 * Layers: tiles (listening(false) throughout), a hover outline (listening(false)), and one hit
 * layer holding a single rectangle that turns a click into a tile index (tileIndexAt). The
 * stage is rebuilt at the device pixel ratio, so text and bars stay crisp on HiDPI walls.
 * A visually hidden list of links names the drawn tiles for keyboards and screen readers.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Konva from 'konva';
import { Layer, Rect, Stage } from 'react-konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnit, useVisibleSet } from '../../fleet/index.ts';
import { tileBox, tileIndexAt, visibleTileRange, wallGrid, wallHeight, type MultiviewLayout } from './layouts.ts';
import type { WallPalette } from './palette.ts';
import { Tile } from './Tile.tsx';
import { useDevicePixelRatio, useElementSize } from './useScreenFacts.ts';
import { usePreviewImages } from './usePreviewImages.ts';

export const MULTIVIEW_VIEW_ID = 'multiview';

export function unitPath(unitId: string): string {
  return `/unit/${encodeURIComponent(unitId)}`;
}

/** A drawn tile as a link (for keyboards and screen readers; the canvas is aria-hidden). */
function TileLink({ unitId }: { unitId: string }) {
  const unit = useUnit(unitId);
  return <Link to={unitPath(unitId)}>{unit?.name ?? unitId}</Link>;
}

export function WallCanvas(props: { unitIds: readonly string[]; layout: MultiviewLayout; palette: WallPalette }) {
  const { unitIds, layout, palette } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(scrollRef);
  const pixelRatio = useDevicePixelRatio();
  const [scrollTop, setScrollTop] = useState(0);
  const [hover, setHover] = useState<number | null>(null);
  const frame = useRef(0);

  const grid = useMemo(() => wallGrid(layout, size), [layout, size]);
  const { first, end } = visibleTileRange(grid, unitIds.length, scrollTop, size.height);
  const visibleIds = useMemo(() => unitIds.slice(first, end), [unitIds, first, end]);

  useVisibleSet(MULTIVIEW_VIEW_ID, { units: visibleIds });
  const previews = usePreviewImages(visibleIds);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scrollRef.current?.scrollTop ?? 0)); // one redraw per frame
  }, []);

  const indexAt = (event: KonvaEventObject<Event>): number | null => {
    const point = event.target.getStage()?.getPointerPosition();
    return point === null || point === undefined ? null : tileIndexAt(grid, unitIds.length, scrollTop, point.x, point.y);
  };
  const onClick = (event: KonvaEventObject<Event>) => {
    const index = indexAt(event);
    const id = index === null ? undefined : unitIds[index];
    if (id !== undefined) void navigate(unitPath(id));
  };
  const onMove = (event: KonvaEventObject<Event>) => {
    const index = indexAt(event);
    setHover((old) => (old === index ? old : index));
    const container = event.target.getStage()?.container();
    if (container !== undefined) container.style.cursor = index === null ? 'default' : 'pointer';
  };

  Konva.pixelRatio = pixelRatio;
  const hoverBox = hover !== null && hover >= first && hover < end ? tileBox(grid, hover, scrollTop) : null;
  const ready = size.width > 0 && size.height > 0;

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="multiview-wall"
      data-layout={layout}
      data-columns={grid.columns}
      data-rows={grid.rows}
      data-drawn-tiles={ready ? end - first : 0}
      data-units={unitIds.length}
      style={{ position: 'relative', flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', background: palette.wall, borderRadius: 6 }}
    >
      <div style={{ height: Math.max(size.height, wallHeight(grid, unitIds.length)), position: 'relative' }}>
        {ready && (
          <div style={{ position: 'sticky', top: 0, width: size.width, height: size.height }}>
            <Stage key={pixelRatio} width={size.width} height={size.height} aria-hidden>
              <Layer listening={false}>
                {visibleIds.map((id, i) => (
                  <Tile
                    key={id}
                    unitId={id}
                    box={tileBox(grid, first + i, scrollTop)}
                    previews={previews}
                    palette={palette}
                    pixelRatio={pixelRatio}
                    onAirLabel={t('multiview.onAir')}
                    noPreviewLabel={t('multiview.noPreview')}
                  />
                ))}
              </Layer>
              <Layer listening={false}>
                {hoverBox !== null && (
                  <Rect x={hoverBox.x - 2} y={hoverBox.y - 2} width={hoverBox.width + 4} height={hoverBox.height + 4} stroke={palette.hover} strokeWidth={2} cornerRadius={6} listening={false} />
                )}
              </Layer>
              <Layer>
                <Rect width={size.width} height={size.height} fill="rgba(0,0,0,0)" onClick={onClick} onTap={onClick} onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
              </Layer>
            </Stage>
          </div>
        )}
      </div>
      <VisuallyHidden>
        <ul aria-label={t('multiview.tilesLabel')}>
          {visibleIds.map((id) => (
            <li key={id}>
              <TileLink unitId={id} />
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </div>
  );
}
