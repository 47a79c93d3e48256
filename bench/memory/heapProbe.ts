/**
 * Figure 4 in Node: the heap the fleet model holds per unit. Run as a child process with
 * --expose-gc: `node --expose-gc --import tsx bench/memory/heapProbe.ts LOG UNITS`. The first
 * UNITS unit.added lines of LOG are read into memory first (they stay alive in both readings);
 * heap used after a full GC is read before and after the units are applied to a fresh model
 * (JSON.parse + applyEvent, as the worker does), and the same for the baseline, a plain Map of
 * the parsed unit data. Prints one JSON line.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { decodeEnvelope } from '../../src/protocol/envelope.ts';
import { applyEvent, createFleetModel, drainChanges } from '../../workers/model/fleetModel.ts';

const gc = (globalThis as { gc?: () => void }).gc;

function heapAfterGc(): number {
  if (gc === undefined) throw new Error('run with --expose-gc');
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage().heapUsed;
}

async function addedLines(path: string, units: number): Promise<string[]> {
  const lines: string[] = [];
  const reader = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of reader) {
    if (line.includes('"kind":"unit.added"')) lines.push(line);
    if (lines.length >= units) break;
  }
  reader.close();
  return lines;
}

async function main(): Promise<void> {
  const [path, unitsText] = process.argv.slice(2);
  const units = Number(unitsText);
  const lines = await addedLines(path as string, units);

  const before = heapAfterGc();
  const model = createFleetModel();
  for (const line of lines) {
    const decoded = decodeEnvelope(JSON.parse(line));
    if (!decoded.ok) throw new Error(decoded.error);
    applyEvent(model, decoded.value);
  }
  drainChanges(model); // the changed-id set is the next diff's, not the model's
  const after = heapAfterGc();
  const modelBytes = after - before;
  if (model.units.size !== lines.length) throw new Error('units missing');

  const plainBefore = heapAfterGc();
  const plain = new Map<string, unknown>();
  for (const line of lines) {
    const event = JSON.parse(line) as { id: string; data: unknown };
    plain.set(event.id, event.data);
  }
  const plainAfter = heapAfterGc();
  const plainBytes = plainAfter - plainBefore;
  process.stdout.write(`${JSON.stringify({ units: lines.length, modelBytes, plainBytes, keep: model.units.size + plain.size })}\n`);
}

void main();
