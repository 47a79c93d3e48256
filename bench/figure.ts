/**
 * One benchmark figure (issue 6 item 5): `{name, value, unit, target, baseline, ratio, ok}` as
 * written to bench/results/latest.json, plus the statistics the modules share. Every value is a
 * median (or a percentile) from one run of `npm run bench`; `baseline` is a simpler way of doing
 * the same work measured in the same run, `ratio` = value / baseline.
 */

/** `atLeast`: bigger is better (throughput); `atMost`: smaller is better (latency, bytes). */
export const TARGET_KINDS = ['atLeast', 'atMost'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export type Target = { readonly kind: TargetKind; readonly value: number };

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** e.g. "≥ 1000000" or "≤ 50". */
  readonly target: string;
  readonly baseline: number | null;
  readonly ratio: number | null;
  readonly ok: boolean;
  /** What the baseline is and how the value was taken (printed, and kept in latest.json). */
  readonly note?: string;
}

/** A figure slot that was not measured (printed, never written as a passing figure). */
export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

export function atLeast(value: number): Target {
  return { kind: 'atLeast', value };
}

export function atMost(value: number): Target {
  return { kind: 'atMost', value };
}

export function meets(value: number, target: Target): boolean {
  return target.kind === 'atLeast' ? value >= target.value : value <= target.value;
}

function targetText(target: Target): string {
  return `${target.kind === 'atLeast' ? '≥' : '≤'} ${target.value}`;
}

/** Rounds to 3 significant digits for the JSON (ratios) or whole units (big values). */
function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Math.abs(value) >= 1000) return Math.round(value);
  return Number(value.toPrecision(3));
}

export function figure(
  name: string,
  value: number,
  unit: string,
  target: Target,
  baseline: number | null,
  note?: string,
): Figure {
  const ratio = baseline === null || baseline === 0 || !Number.isFinite(baseline) ? null : round(value / baseline);
  return {
    name,
    value: round(value),
    unit,
    target: targetText(target),
    baseline: baseline === null ? null : round(baseline),
    ratio,
    ok: Number.isFinite(value) && meets(value, target),
    ...(note !== undefined ? { note } : {}),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The p-th percentile (0-100), nearest rank. */
export function percentile(values: readonly number[] | Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function cell(value: number | string | null): string {
  if (value === null) return '-';
  if (typeof value === 'string') return value;
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** The table printed at the end of a run. */
export function formatTable(figures: readonly Figure[], skipped: readonly Skipped[]): string {
  const header = ['figure', 'value', 'unit', 'target', 'baseline', 'ratio', 'ok'];
  const rows = figures.map((f) => [f.name, cell(f.value), f.unit, f.target, cell(f.baseline), cell(f.ratio), f.ok ? 'yes' : 'NO']);
  for (const s of skipped) rows.push([s.name, '-', '', '', '', '', `skipped: ${s.reason}`]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 1 || i === 4 || i === 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
