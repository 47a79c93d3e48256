import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConflatingOutbox } from './conflatingOutbox.ts';
import type { EventKind, LiveEvent } from './types.ts';
import { familyOf, isWholeState } from './types.ts';

const KINDS: readonly EventKind[] = ['unit.status', 'unit.usage', 'unit.config', 'unit.alert', 'unit.added', 'unit.removed', 'channel.status'];

function entries(picks: readonly { id: number; kind: number }[]) {
  return picks.map(({ id, kind }, index) => {
    const event: LiveEvent = { seq: index + 1, ts: 0, kind: KINDS[kind] as EventKind, id: `E${id}`, rev: index + 1, data: { index } };
    return { event, text: JSON.stringify(event) };
  });
}

function drain(box: ConflatingOutbox): LiveEvent[] {
  const out: LiveEvent[] = [];
  for (let entry = box.shift(); entry !== undefined; entry = box.shift()) out.push(entry.event);
  return out;
}

const stream = fc.array(fc.record({ id: fc.nat(5), kind: fc.nat(KINDS.length - 1) }), { maxLength: 200 });

describe('ConflatingOutbox: the latest state per entity for a socket that fell behind', () => {
  it('sends every fact, the last state of every entity and kind, per entity in seq order, and nothing twice (property)', () => {
    fc.assert(
      fc.property(stream, (picks) => {
        const all = entries(picks);
        const box = new ConflatingOutbox(1_000, 1 << 30);
        for (const entry of all) expect(box.push(entry)).toBe(true);
        expect(box.size).toBeLessThanOrEqual(all.length);
        const sent = drain(box);
        expect(box.size).toBe(0);
        expect(box.byteSize).toBe(0);
        // Facts: all of them, in order.
        const facts = (events: readonly LiveEvent[]) => events.filter((e) => !isWholeState(e.kind)).map((e) => e.seq);
        expect(facts(sent)).toEqual(facts(all.map((e) => e.event)));
        // The last whole state of each entity and kind is sent.
        const last = new Map<string, number>();
        for (const { event } of all) if (isWholeState(event.kind)) last.set(`${event.kind} ${event.id}`, event.seq);
        for (const seq of last.values()) expect(sent.some((e) => e.seq === seq)).toBe(true);
        // Per entity (family and id: unit E1 and channel E1 are two) the seqs, so the revs, only go up; nothing twice.
        const perEntity = new Map<string, number>();
        for (const e of sent) {
          const entity = `${familyOf(e.kind)}:${e.id}`;
          expect(e.seq).toBeGreaterThan(perEntity.get(entity) ?? 0);
          perEntity.set(entity, e.seq);
        }
        expect(box.conflated).toBe(sent.length < all.length);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a busy entity at its place in the queue (not starved behind the others)', () => {
    const box = new ConflatingOutbox(100, 1 << 20);
    const push = (seq: number, id: string) => box.push({ event: { seq, ts: 0, kind: 'unit.status', id, rev: seq, data: null }, text: 'x' });
    push(1, 'BUSY');
    for (let i = 0; i < 10; i += 1) push(2 + i, `U${i}`);
    push(20, 'BUSY'); // replaces seq 1, keeps its place
    expect(drain(box).map((e) => `${e.id}#${e.seq}`)[0]).toBe('BUSY#20');
  });

  it('counts only facts against the fact bounds, and latest states against their own bound', () => {
    const box = new ConflatingOutbox(2, 1 << 20, 3);
    const push = (seq: number, kind: EventKind, id: string) => box.push({ event: { seq, ts: 0, kind, id, rev: seq, data: null }, text: 'x' });
    expect(push(1, 'unit.status', 'A')).toBe(true);
    expect(push(2, 'unit.status', 'A')).toBe(true); // replaced: still one entry
    expect(push(3, 'unit.status', 'B')).toBe(true);
    expect(push(4, 'unit.usage', 'B')).toBe(true);
    expect(push(5, 'unit.status', 'C')).toBe(false); // a fourth latest state
    const facts = new ConflatingOutbox(2, 1 << 20, 3);
    const fact = (seq: number) => facts.push({ event: { seq, ts: 0, kind: 'unit.alert', id: 'A', rev: seq, data: null }, text: 'x' });
    expect(fact(1)).toBe(true);
    expect(fact(2)).toBe(true);
    expect(fact(3)).toBe(false); // facts cannot be conflated: the caller resets
  });

  it('puts a state that follows a fact of its entity behind that fact', () => {
    const box = new ConflatingOutbox(100, 1 << 20);
    const push = (seq: number, kind: EventKind) => box.push({ event: { seq, ts: 0, kind, id: 'A', rev: seq, data: null }, text: 'x' });
    push(1, 'unit.status');
    push(2, 'unit.removed');
    push(3, 'unit.added');
    push(4, 'unit.status');
    expect(drain(box).map((e) => `${e.kind}#${e.seq}`)).toEqual(['unit.status#1', 'unit.removed#2', 'unit.added#3', 'unit.status#4']);
  });

  it('keeps the newer of two states of one entity and kind whatever order they are pushed in', () => {
    const box = new ConflatingOutbox(10, 1 << 20);
    const [older, newer] = entries([{ id: 1, kind: 0 }, { id: 1, kind: 0 }]) as [ReturnType<typeof entries>[number], ReturnType<typeof entries>[number]];
    box.push(newer);
    box.push(older);
    expect(drain(box).map((e) => e.seq)).toEqual([newer.event.seq]);
    expect(box.conflated).toBe(false); // nothing the client had not already superseded was skipped
  });
});
