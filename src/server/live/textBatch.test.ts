import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { WebSocket } from 'ws';
import { MAX_EVENTS_PER_FRAME } from '../../protocol/ops.ts';
import { framed, TextEventBatch, TextFrameMemo } from './textBatch.ts';
import type { OutboxEntry } from './outbox.ts';
import type { EventKind, LiveEvent } from './types.ts';

const KINDS: readonly EventKind[] = ['unit.status', 'unit.usage', 'unit.alert', 'channel.status'];

/** A ws stand-in that keeps what was sent: the frame's Buffer and whether it went as binary. */
function recorder(): { ws: WebSocket; sent: { data: Buffer; binary: boolean }[] } {
  const sent: { data: Buffer; binary: boolean }[] = [];
  const ws = { send: (data: Buffer, options: { binary: boolean }) => sent.push({ data, binary: options.binary }) } as unknown as WebSocket;
  return { ws, sent };
}

function eventsOf(frame: Buffer): LiveEvent[] {
  const parsed = JSON.parse(frame.toString('utf8')) as { op: string; events: LiveEvent[] };
  expect(parsed.op).toBe('events');
  return parsed.events;
}

const burst = fc.array(
  fc.record({ kind: fc.constantFrom(...KINDS), id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), text: fc.string({ unit: 'grapheme', maxLength: 20 }) }),
  { minLength: 1, maxLength: 12 },
);

/** How a socket gets a burst: the shared entries, a subset of them, or the same events framed again (a resume's own entries). */
const socketPlan = fc.record({ how: fc.constantFrom('shared', 'subset', 'own'), keep: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }) });

describe('TextEventBatch and TextFrameMemo: one frame per burst for the sockets that get the same events', () => {
  it("every socket's frame holds exactly its own events in order; a socket with the same entries as the one before gets the same Buffer (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(burst, fc.array(socketPlan, { minLength: 1, maxLength: 6 })), { minLength: 1, maxLength: 5 }), (bursts) => {
        const memo = new TextFrameMemo();
        let seq = 0;
        for (const [events, plans] of bursts) {
          const shared: OutboxEntry[] = events.map(({ kind, id, text }) => framed({ seq: ++seq, ts: 1_700_000_000_000 + seq, kind, id, rev: 1, data: { text } }));
          let previous: { entries: readonly OutboxEntry[]; frame: Buffer } | null = null;
          for (const plan of plans) {
            const mine =
              plan.how === 'shared' ? shared : plan.how === 'subset' ? shared.filter((_, i) => plan.keep[i] === true) : shared.map((entry) => framed(entry.event));
            const { ws, sent } = recorder();
            const batch = new TextEventBatch(memo);
            for (const entry of mine) expect(batch.add(entry)).toBe(false);
            expect(batch.size).toBe(mine.length);
            batch.flush(ws);
            expect(batch.size).toBe(0);
            expect(batch.bytes).toBe(0);
            if (mine.length === 0) {
              expect(sent).toEqual([]);
              previous = null;
              continue;
            }
            expect(sent).toHaveLength(1);
            const frame = sent[0] as { data: Buffer; binary: boolean };
            expect(frame.binary).toBe(false);
            expect(eventsOf(frame.data)).toEqual(mine.map((entry) => entry.event));
            // The same burst to the sockets one after another (the gateway's burst order): one Buffer, not one copy each.
            const same = previous !== null && previous.entries.length === mine.length && mine.every((entry, i) => previous?.entries[i] === entry);
            if (same) expect(frame.data).toBe(previous?.frame);
            else expect(frame.data).not.toBe(previous?.frame);
            previous = { entries: mine, frame: frame.data };
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts the bytes held (each event plus a separator) for the slow-consumer mark', () => {
    const batch = new TextEventBatch(new TextFrameMemo());
    const a = framed({ seq: 1, ts: 1, kind: 'unit.status', id: 'U1', rev: 1, data: { name: 'Zürich' } });
    const b = framed({ seq: 2, ts: 2, kind: 'unit.usage', id: 'U2', rev: 1, data: {} });
    batch.add(a);
    batch.add(b);
    expect(batch.bytes).toBe(a.bytes.length + 1 + b.bytes.length + 1);
  });

  it('says the frame is full at MAX_EVENTS_PER_FRAME events, and the frame holds them all', () => {
    const memo = new TextFrameMemo();
    const batch = new TextEventBatch(memo);
    const entries = Array.from({ length: MAX_EVENTS_PER_FRAME }, (_, i) => framed({ seq: i + 1, ts: 1, kind: 'unit.status', id: `U${i}`, rev: 1, data: {} }));
    entries.forEach((entry, i) => expect(batch.add(entry)).toBe(i === MAX_EVENTS_PER_FRAME - 1));
    const { ws, sent } = recorder();
    batch.flush(ws);
    expect(eventsOf((sent[0] as { data: Buffer }).data).map((e) => e.seq)).toEqual(entries.map((e) => e.event.seq));
    expect(memo.built).toBe(1);
  });

  it('an entry without its bytes (text only) is encoded, and frames the same', () => {
    const event: LiveEvent = { seq: 7, ts: 1, kind: 'unit.alert', id: 'U7', rev: 3, data: { alerts: ['ü'] } };
    const batch = new TextEventBatch(new TextFrameMemo());
    batch.add({ event, text: JSON.stringify(event) });
    const { ws, sent } = recorder();
    batch.flush(ws);
    expect(eventsOf((sent[0] as { data: Buffer }).data)).toEqual([event]);
  });
});
