import { describe, it, expect } from 'vitest';
import { Outbox } from './outbox.ts';
import type { EventKind, LiveEvent } from './types.ts';

let seq = 0;
function entry(kind: EventKind, id: string) {
  seq += 1;
  const event: LiveEvent = { seq, ts: 0, kind, id, rev: seq, data: null };
  return { event, text: JSON.stringify(event) };
}
function drain(box: Outbox): string[] {
  const out: string[] = [];
  for (let e = box.shift(); e !== undefined; e = box.shift()) out.push(`${e.event.kind} ${e.event.id} #${e.event.seq}`);
  return out;
}

describe('Outbox', () => {
  it('keeps the last whole-state event per entity and kind, moved to the end so seq order holds', () => {
    seq = 0;
    const box = new Outbox(100, 1 << 20);
    box.push(entry('unit.status', 'U1')); // 1
    box.push(entry('unit.usage', 'U1')); // 2
    box.push(entry('unit.status', 'U1')); // 3 replaces 1
    box.push(entry('unit.status', 'U2')); // 4
    expect(drain(box)).toEqual(['unit.usage U1 #2', 'unit.status U1 #3', 'unit.status U2 #4']);
    expect(box.byteSize).toBe(0);
  });

  it.each(['unit.added', 'unit.removed', 'unit.alert', 'unit.speedtest'] as const)('never coalesces %s', (kind) => {
    const box = new Outbox(100, 1 << 20);
    box.push(entry(kind, 'U1'));
    box.push(entry(kind, 'U1'));
    expect(box.size).toBe(2);
  });

  it('reports an overflow past the entry bound, not at it', () => {
    const box = new Outbox(2, 1 << 20);
    expect(box.push(entry('unit.alert', 'U1'))).toBe(true);
    expect(box.push(entry('unit.alert', 'U1'))).toBe(true);
    expect(box.push(entry('unit.alert', 'U1'))).toBe(false);
  });

  it('reports an overflow past the byte bound', () => {
    const one = entry('unit.alert', 'U1');
    const box = new Outbox(100, one.text.length * 2);
    expect(box.push(one)).toBe(true);
    expect(box.push(entry('unit.alert', 'U1'))).toBe(true);
    expect(box.push(entry('unit.alert', 'U1'))).toBe(false);
  });
});
