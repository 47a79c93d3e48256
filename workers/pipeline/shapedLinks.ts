/**
 * A usage patch row's link values read straight from a unit's usage shape and values
 * (fleetModel.ts `usageShape` / `usageValues`, set by shaped unit.usage events, src/protocol/
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

export function writeShapedLinkValues(writer: Pick<PatchColumnsWriter, 'linkValue' | 'uplink'>, shape: UsageShape, values: Float64Array): void {
  let at = 0;
  let uplinkSum = 0;
  for (const link of shape.links) {
    const present = link.present;
    const up = (present & UPLINK) !== 0 ? (values[at++] as number) : 0;
    const down = (present & DOWNLINK) !== 0 ? (values[at++] as number) : 0;
    const signal = (present & SIGNAL) !== 0 ? (values[at++] as number) : -1;
    const quality = (present & SIGNAL_QUALITY) !== 0 ? (values[at++] as number) : undefined;
    const connected = (present & CONNECTED) !== 0 ? (values[at++] as number) : 0;
    const enabled = (present & ENABLED) !== 0 ? (values[at++] as number) : 1;
    uplinkSum += up;
    writer.linkValue(up);
    writer.linkValue(down);
    writer.linkValue(quality ?? signal);
    writer.linkValue(connected);
    writer.linkValue(enabled);
  }
  writer.uplink(uplinkSum);
}
