/**
 * A usage patch row's link values read straight from a unit's usage shape and values
 * (fleetModel.ts `usageShape`, `usageValues` from `usageAt`, set by shaped unit.usage events, src/protocol/
 * shapesFrames.ts): the same numbers fleetPipeline's writePatchRow reads from link objects, with no
 * object made. Per link, diff.ts LINK_VALUES_STRIDE: uplink kbps, downlink kbps, signal (−1: none;
 * signalQuality first, as signalOf), connected (0 / 1, absent: 0), enabled (0 / 1, absent: 1).
 */
import type { UsageShape } from '../../src/protocol/usageShapes.ts';
import type { PatchColumnsWriter } from './patchColumns.ts';

/** Bits of a link's `present` (usageShapes.ts LINK_VALUE_KEYS order). */
const UPLINK = 1;
const DOWNLINK = 2;
const SIGNAL = 4;
const SIGNAL_QUALITY = 8;
const CONNECTED = 16;
const ENABLED = 32;

/** The row's usage: its links' values written in one go (one capacity check per row, not per value: §3n), then the uplink sum. */
export function writeShapedLinkValues(writer: Pick<PatchColumnsWriter, 'reserveLinks' | 'linkValueCount' | 'linksWritten' | 'uplink'>, shape: UsageShape, values: Float64Array, valuesAt: number): void {
  const links = shape.links.length;
  const out = writer.reserveLinks(links);
  const uplink = putShapedLinkValues(out, writer.linkValueCount, shape, values, valuesAt);
  writer.linksWritten(links);
  writer.uplink(uplink);
}

/**
 * Writes the shape's LINK_VALUES_STRIDE numbers per link into `out` from index `at` on (`out` has
 * room for them), reading the shape's values from `values[valuesAt]` on, and returns the links'
 * uplink sum (kbps). `+ 0` makes −0 the 0 JSON gave.
 */
export function putShapedLinkValues(out: Float64Array, at: number, shape: UsageShape, values: Float64Array, valuesAt: number): number {
  let from = valuesAt;
  let to = at;
  let uplinkSum = 0;
  for (const link of shape.links) {
    const present = link.present;
    const up = (present & UPLINK) !== 0 ? (values[from++] as number) : 0;
    const down = (present & DOWNLINK) !== 0 ? (values[from++] as number) : 0;
    const signal = (present & SIGNAL) !== 0 ? (values[from++] as number) : -1;
    const quality = (present & SIGNAL_QUALITY) !== 0 ? (values[from++] as number) : undefined;
    const connected = (present & CONNECTED) !== 0 ? (values[from++] as number) : 0;
    const enabled = (present & ENABLED) !== 0 ? (values[from++] as number) : 1;
    uplinkSum += up;
    out[to] = up + 0;
    out[to + 1] = down + 0;
    out[to + 2] = (quality ?? signal) + 0;
    out[to + 3] = connected + 0;
    out[to + 4] = enabled + 0;
    to += 5;
  }
  return uplinkSum;
}
