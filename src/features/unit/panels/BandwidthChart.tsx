import { useEffect, useRef, useState } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatBitrate } from '../../../domain/bitrate.ts';
import { MODEM_GRAPH_SAMPLES } from '../../../domain/units/interface.ts';
import { chartRange, LINK_SERIES, MODEM_GRAPH_STEP_MS, plotColumns, recordLinks, timeTickLabels, type LinkSample } from '../model/linkSamples.ts';
import type { UnitLink } from '../model/unitDetails.ts';

const SERIES_COLORS = { ethernet: '#4dabf7', wifi: '#69db7c', modem: '#ffa94d' } as const;
const CHART_HEIGHT_PX = 220;
/** The chart's time window in s: 360 samples at 5 s (spec 000 §9). */
const WINDOW_S = (MODEM_GRAPH_SAMPLES * MODEM_GRAPH_STEP_MS) / 1000;

/**
 * One sample of the unit's links every 5000 ms into a rolling window of 360 (spec 000 §4, §9). The
 * links are the latest the page has (unit.usage through the worker, or the detail record).
 */
export function useLinkSamples(links: readonly UnitLink[]): readonly LinkSample[] {
  const latest = useRef(links);
  latest.current = links;
  const [samples, setSamples] = useState<readonly LinkSample[]>(() => recordLinks([], links, Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setSamples((before) => recordLinks(before, latest.current, Date.now())), MODEM_GRAPH_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return samples;
}

/** The x range of the samples' times (s), or the last minute when there are none. */
function xRangeOf(xs: ArrayLike<number> | undefined): [number, number] {
  const first = xs?.[0];
  const last = xs?.[xs.length - 1];
  if (first === undefined || last === undefined) {
    const now = Date.now() / 1000;
    return chartRange(now, now, WINDOW_S);
  }
  return chartRange(first, last, WINDOW_S);
}

const formatTime = (ms: number, withSeconds: boolean): string =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}), hour12: false });
const formatDate = (ms: number): string => new Date(ms).toLocaleDateString();

/**
 * Link bandwidth (uplink kbps) of Ethernet, Wi-Fi and modem, drawn with uPlot. The window fits the
 * samples (up to 30 minutes), the axis names the samples' own date, and "now" is shown only while
 * the unit streams (`streaming`).
 */
export function BandwidthChart({ links, streaming = true }: { links: readonly UnitLink[]; streaming?: boolean }) {
  const { t } = useTranslation();
  const samples = useLinkSamples(links);
  const host = useRef<HTMLDivElement | null>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: CHART_HEIGHT_PX,
      legend: { show: true },
      // The x axis spans the samples (at most 360 × 5 s = 30 min) ending at the newest sample.
      // From the samples themselves: with one sample uPlot pads the min and max it passes by a day.
      scales: { x: { time: true, range: (u) => xRangeOf(u.data[0]) }, y: { range: (_u, _min, max) => [0, Math.max(1000, max * 1.1)] } },
      axes: [
        { stroke: '#909296', grid: { stroke: 'rgba(128,128,128,0.15)' }, space: 80, values: (_u, ticks) => timeTickLabels(ticks, formatTime, formatDate) },
        { stroke: '#909296', grid: { stroke: 'rgba(128,128,128,0.15)' }, size: 90, values: (_u, ticks) => ticks.map((kbps) => formatBitrate(kbps)) },
      ],
      series: [
        {},
        ...LINK_SERIES.map((series) => ({
          label: t(`unitPage.chart.${series}`),
          stroke: SERIES_COLORS[series],
          width: 2,
          value: (_u: uPlot, kbps: number | null) => (kbps === null ? '—' : formatBitrate(kbps)),
        })),
      ],
    };
    const created = new uPlot(options, plotColumns([]), element);
    plot.current = created;
    const resize = new ResizeObserver(() => created.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT_PX }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [t]);

  useEffect(() => {
    plot.current?.setData(plotColumns(samples));
  }, [samples]);

  const last = samples[samples.length - 1];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          {t('unitPage.chart.title')}
        </Title>
        <Text c="dimmed" fz="xs">
          {t('unitPage.chart.window', { count: samples.length })}
        </Text>
      </Group>
      <div ref={host} data-testid="bandwidth-chart" aria-label={t('unitPage.chart.title')} />
      {last !== undefined && streaming && (
        <Text fz="xs" c="dimmed" mt={4}>
          {t('unitPage.chart.total', { value: formatBitrate(last.ethernet + last.wifi + last.modem) })}
        </Text>
      )}
    </Paper>
  );
}
