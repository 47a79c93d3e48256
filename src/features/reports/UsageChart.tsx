/**
 * One usage chart of the reports: a value per month for each series (a usage profile), drawn with
 * uPlot (the project's chart library, as the unit page's bandwidth chart), lines with points so a
 * single month still shows.
 */
import { useEffect, useRef } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UsageSeries } from '../../domain/usageProfiles.ts';

const CHART_HEIGHT_PX = 240;
const COLORS = ['#4dabf7', '#ffa94d', '#69db7c', '#da77f2', '#ff8787', '#ffd43b', '#38d9a9', '#748ffc'];

export interface UsageChartProps {
  readonly title: string;
  readonly months: readonly string[];
  readonly series: readonly UsageSeries[];
  /** How a value is written on the axis and in the legend (with its unit). */
  readonly format: (value: number) => string;
  readonly emptyText: string;
  readonly testId: string;
}

export function UsageChart({ title, months, series, format, emptyText, testId }: UsageChartProps) {
  const host = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = host.current;
    if (element === null || series.length === 0) return;
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: CHART_HEIGHT_PX,
      legend: { show: true },
      scales: { x: { time: false, range: () => [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] } },
      axes: [
        { stroke: '#909296', grid: { show: false }, splits: () => months.map((_m, i) => i), values: (_u, ticks) => ticks.map((i) => months[i] ?? '') },
        { stroke: '#909296', grid: { stroke: 'rgba(128,128,128,0.15)' }, size: 80, values: (_u, ticks) => ticks.map((value) => format(value)) },
      ],
      series: [
        { label: 'Month', value: (_u, i) => (i === null ? '—' : (months[i] ?? '—')) },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: COLORS[i % COLORS.length],
          width: 2,
          points: { show: true, size: 8 },
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [months.map((_m, i) => i), ...series.map((s) => [...s.values])];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height: CHART_HEIGHT_PX }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months, series, format]);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h5" mb="xs">
        {title}
      </Title>
      {series.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {emptyText}
        </Text>
      ) : (
        <div ref={host} data-testid={testId} aria-label={title} />
      )}
    </Paper>
  );
}
