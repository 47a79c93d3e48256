/**
 * The link bandwidth chart's data (spec 000 §2 "a unit bandwidth chart (Ethernet, Wi-Fi, Modem)";
 * §4, §9 "Modem graph keeps a rolling window of 360 samples, step 5000 ms"). Every 5 s the page
 * takes the unit's current links (as the last unit.usage event left them) and appends one sample:
 * the uplink kbps summed per series. appendSample (domain) keeps the last 360 (30 min).
 */
import { appendSample, MODEM_GRAPH_STEP_MS } from '../../../domain/units/interface.ts';
import type { LinkType } from '../../../domain/validation/network.ts';
import { assertNever } from '../../../domain/brand.ts';

/** The chart's series, in drawing order. */
export const LINK_SERIES = ['ethernet', 'wifi', 'modem'] as const;
export type LinkSeries = (typeof LINK_SERIES)[number];

export function seriesOf(type: LinkType): LinkSeries {
  switch (type) {
    case 'lan':
      return 'ethernet';
    case 'wifi':
      return 'wifi';
    case 'cell':
      return 'modem';
    default:
      return assertNever(type, 'link type');
  }
}

/** One sample: the time (ms since epoch) and the uplink kbps of each series. */
export interface LinkSample {
  readonly at: number;
  readonly ethernet: number;
  readonly wifi: number;
  readonly modem: number;
}

export interface SampledLink {
  readonly type: LinkType | undefined;
  readonly connected: boolean;
  readonly enabled: boolean;
  readonly uplinkKbps: number;
}

/** The sample for the links at `at`: disconnected or disabled links and links of unknown type add nothing. */
export function linkSample(links: readonly SampledLink[], at: number): LinkSample {
  const sums = { ethernet: 0, wifi: 0, modem: 0 };
  for (const link of links) {
    if (link.type === undefined || !link.connected || !link.enabled) continue;
    sums[seriesOf(link.type)] += Math.max(0, link.uplinkKbps);
  }
  return { at, ...sums };
}

/** Appends the sample of `links` at `at`, keeping the last 360 (MODEM_GRAPH_SAMPLES). */
export function recordLinks(samples: readonly LinkSample[], links: readonly SampledLink[], at: number): LinkSample[] {
  return appendSample(samples, linkSample(links, at));
}

/** uPlot's columnar data: x in seconds, then one column per series in LINK_SERIES order. */
export function plotColumns(samples: readonly LinkSample[]): [number[], number[], number[], number[]] {
  return [samples.map((s) => s.at / 1000), samples.map((s) => s.ethernet), samples.map((s) => s.wifi), samples.map((s) => s.modem)];
}

export { MODEM_GRAPH_STEP_MS };

/** The shortest x window the chart shows (s): one sample still gets a readable axis. */
export const MIN_WINDOW_S = 60;

/**
 * The chart's x range (s): the span its samples cover, at most `windowS` ending at the newest,
 * at least MIN_WINDOW_S (issue 17 item 6: a 30-minute axis over two samples was mostly empty).
 */
export function chartRange(min: number, max: number, windowS: number): [number, number] {
  const from = Math.max(min, max - windowS);
  return max - from < MIN_WINDOW_S ? [max - MIN_WINDOW_S, max] : [from, max];
}

/**
 * The axis labels of time ticks (s): the time of day (with seconds when ticks are under a minute
 * apart: `formatTime(ms, withSeconds)`), and under the first one its date.
 */
export function timeTickLabels(ticks: readonly number[], formatTime: (ms: number, withSeconds: boolean) => string, formatDate: (ms: number) => string): string[] {
  const first = ticks[0];
  const second = ticks[1];
  const withSeconds = first !== undefined && second !== undefined && second - first < 60;
  return ticks.map((tick, index) => (index === 0 ? `${formatTime(tick * 1000, withSeconds)}\n${formatDate(tick * 1000)}` : formatTime(tick * 1000, withSeconds)));
}
