/**
 * The replay timeline (issue 6 item 3): the log's event density as bars, the alert markers as red
 * ticks, the played part shaded and the playhead; press or drag anywhere to seek. One canvas,
 * redrawn when the playhead moves (at most ~10 times a second while playing: the worker's state
 * reports) or the track is resized. Keyboard users have the page's ←/→ and a slider role here.
 */
import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReplayState } from '../../../workers/sources/replayState.ts';
import { formatLogTime, resampleDensity, timeOfX, xOfTime } from './timeline.ts';

/** Track height in CSS px (ours): bars below, marker ticks across the top. */
export const TIMELINE_HEIGHT_PX = 72;
/** A bar every 4 px at most (ours). */
const BAR_PX = 4;
const MARKER_PX = 10;

const COLOURS = {
  bar: '#4dabf7',
  barPlayed: '#1c7ed6',
  played: 'rgba(250, 176, 5, 0.07)',
  marker: '#fa5252',
  playhead: '#fab005',
  axis: 'rgba(134, 142, 150, 0.6)',
} as const;

function draw(canvas: HTMLCanvasElement, width: number, state: ReplayState): void {
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(TIMELINE_HEIGHT_PX * ratio);
  const context = canvas.getContext('2d');
  if (context === null) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, TIMELINE_HEIGHT_PX);
  const { startTs, endTs } = state;
  const head = xOfTime(state.ts, startTs, endTs, width);
  context.fillStyle = COLOURS.played;
  context.fillRect(0, 0, head, TIMELINE_HEIGHT_PX);
  const bars = resampleDensity(state.density, Math.max(1, Math.floor(width / BAR_PX)));
  const peak = Math.max(1, ...bars);
  const barWidth = width / bars.length;
  const floor = TIMELINE_HEIGHT_PX - 1;
  const room = TIMELINE_HEIGHT_PX - MARKER_PX - 6;
  bars.forEach((value, i) => {
    if (value === 0) return;
    // Square-root scale: the fleet's opening burst (every unit.added at once) must not flatten the rest.
    const height = Math.max(2, Math.sqrt(value / peak) * room);
    const x = i * barWidth;
    context.fillStyle = x + barWidth <= head ? COLOURS.barPlayed : COLOURS.bar;
    context.fillRect(x + 0.5, floor - height, Math.max(1, barWidth - 1), height);
  });
  context.fillStyle = COLOURS.axis;
  context.fillRect(0, floor, width, 1);
  context.fillStyle = COLOURS.marker;
  for (const marker of state.markers) {
    const x = xOfTime(marker.ts, startTs, endTs, width);
    context.fillRect(Math.min(width - 2, Math.max(0, x - 1)), 0, 2, MARKER_PX);
  }
  context.fillStyle = COLOURS.playhead;
  context.fillRect(Math.min(width - 2, Math.max(0, head - 1)), 0, 3, TIMELINE_HEIGHT_PX);
}

export function Timeline({ state, onSeek }: { readonly state: ReplayState; readonly onSeek: (ts: number) => void }) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const dragging = useRef(false);
  const pendingX = useRef<number | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (box === null) return undefined;
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (canvasRef.current !== null && width > 0) draw(canvasRef.current, width, state);
  }, [state, width]);

  /** One seek per animation frame while dragging (the last x wins). */
  const seekAt = (clientX: number) => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const first = pendingX.current === null;
    pendingX.current = clientX - canvas.getBoundingClientRect().left;
    if (!first) return;
    requestAnimationFrame(() => {
      const x = pendingX.current;
      pendingX.current = null;
      if (x !== null) onSeek(timeOfX(x, state.startTs, state.endTs, width));
    });
  };

  return (
    <Box
      ref={boxRef}
      role="slider"
      tabIndex={0}
      aria-label={t('replay.player.timeline')}
      aria-valuemin={state.startTs}
      aria-valuemax={state.endTs}
      aria-valuenow={state.ts}
      aria-valuetext={formatLogTime(state.ts)}
      data-testid="replay-timeline"
      style={{ position: 'relative', height: TIMELINE_HEIGHT_PX, cursor: 'pointer', touchAction: 'none', borderRadius: 4, border: '1px solid var(--mantine-color-default-border)', userSelect: 'none' }}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        seekAt(event.clientX);
      }}
      onPointerMove={(event) => {
        if (dragging.current) seekAt(event.clientX);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
    >
      <canvas ref={canvasRef} style={{ width: '100%', height: TIMELINE_HEIGHT_PX, display: 'block' }} />
    </Box>
  );
}
