import { describe, expect, it } from 'vitest';
import { decodeClientOp, decodeServerFrame, DEFAULT_TOPIC_BATCH, encodeClientOp, topicOps, withBatchedFrames } from './ops.ts';
import type { ClientOp, Topic } from './ops.ts';
import { makeEvent } from './sampleEvents.ts';

describe('decodeServerFrame', () => {
  it.each([
    ['{"op":"reset"}', { type: 'control', control: { op: 'reset' } }],
    ['{"op":"denied","topics":["unit:U9"]}', { type: 'control', control: { op: 'denied', topics: ['unit:U9'] } }],
    ['{"op":"error","message":"frame is not valid JSON"}', { type: 'control', control: { op: 'error', message: 'frame is not valid JSON' } }],
    ['{"op":"behind"}', { type: 'control', control: { op: 'behind' } }],
    ['{"op":"caught-up","seq":1042}', { type: 'control', control: { op: 'caught-up', seq: 1042 } }],
  ])('decodes the control frame %s', (text, expected) => {
    expect(decodeServerFrame(text)).toEqual({ ok: true, value: expected });
  });

  it('decodes an event frame', () => {
    const event = makeEvent('unit.status', 'U123', 17, 1042);
    expect(decodeServerFrame(JSON.stringify(event))).toEqual({ ok: true, value: { type: 'event', event } });
  });

  it.each([
    ['{"seq":', 'frame is not valid JSON'],
    ['{"op":"hello"}', 'op: expected one of events, reset, denied, error, behind, caught-up, got "hello"'],
    ['{"op":"denied","topics":"unit:U1"}', 'topics: Expected array'],
    ['{"op":"error"}', 'message: Missing key'],
    ['{"op":"caught-up"}', 'seq: Missing key'],
    ['{"seq":1,"ts":1,"kind":"unit.status","id":"U1","rev":1,"data":{"state":false}}', 'data.state: Expected string'],
  ])('rejects %s naming what is wrong', (text, message) => {
    const decoded = decodeServerFrame(text);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toContain(message);
  });
});

describe('batched frames (docs/protocol.md)', () => {
  const a = makeEvent('unit.status', 'U1', 3, 10);
  const b = makeEvent('unit.status', 'U2', 8, 11);

  it('decodes an events frame into its envelopes, in order', () => {
    expect(decodeServerFrame(JSON.stringify({ op: 'events', events: [a, b] }))).toEqual({ ok: true, value: { type: 'events', events: [a, b], errors: [] } });
  });

  it('keeps the good events of a frame and names the bad one by index and seq', () => {
    const bad = { ...b, seq: 12, data: { state: false } };
    const decoded = decodeServerFrame(JSON.stringify({ op: 'events', events: [a, bad, b, null] }));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok || decoded.value.type !== 'events') throw new Error('expected an events frame');
    expect(decoded.value.events).toEqual([a, b]);
    expect(decoded.value.errors).toHaveLength(2);
    expect(decoded.value.errors[0]).toMatch(/^events\[1\] \(seq 12\): .*data\.state: Expected string/);
    expect(decoded.value.errors[1]).toMatch(/^events\[3\]: /);
  });

  it.each([['{"op":"events"}'], ['{"op":"events","events":{}}']])('refuses %s: events must be an array', (text) => {
    expect(decodeServerFrame(text)).toEqual({ ok: false, error: 'events: expected an array of events in an "events" frame' });
  });

  it.each([
    ['ws://h/luc/luc-core-web/ws', 'ws://h/luc/luc-core-web/ws?frames=batch'],
    ['ws://h/ws?x=1', 'ws://h/ws?x=1&frames=batch'],
    ['ws://h/ws?frames=batch', 'ws://h/ws?frames=batch'],
  ])('asks for batched frames on %s', (url, expected) => {
    expect(withBatchedFrames(url)).toBe(expected);
  });
});

describe('client ops', () => {
  it.each<[ClientOp, string]>([
    [{ op: 'subscribe', topics: ['unit:U123', 'channel:C7', 'group:G1'] }, '{"op":"subscribe","topics":["unit:U123","channel:C7","group:G1"]}'],
    [{ op: 'unsubscribe', topics: ['unit:U123'] }, '{"op":"unsubscribe","topics":["unit:U123"]}'],
    [{ op: 'resume', from: 1042 }, '{"op":"resume","from":1042}'],
  ])('encodes %o as protocol.md writes it', (op, text) => {
    expect(encodeClientOp(op)).toBe(text);
    expect(decodeClientOp(JSON.parse(text))).toEqual({ ok: true, value: op });
  });

  it('refuses a topic that is not unit:, channel: or group:', () => {
    const decoded = decodeClientOp({ op: 'subscribe', topics: ['server:S1'] });
    expect(decoded.ok).toBe(false);
  });

  const topics = (n: number): Topic[] => Array.from({ length: n }, (_, i) => `unit:U${i}` as Topic);

  it.each([
    [50, [50]],
    [51, [50, 1]],
    [120, [50, 50, 20]],
  ])('splits %i topics into batches of the default 50', (count, sizes) => {
    expect(DEFAULT_TOPIC_BATCH).toBe(50);
    const ops = topicOps('subscribe', topics(count));
    expect(ops.map((op) => (op.op === 'resume' ? 0 : op.topics.length))).toEqual(sizes);
  });

  it('uses the batch size of the user property when given', () => {
    expect(topicOps('unsubscribe', topics(25), 10).map((op) => (op.op === 'resume' ? 0 : op.topics.length))).toEqual([10, 10, 5]);
  });

  it('sends nothing for no topics', () => {
    expect(topicOps('subscribe', [])).toEqual([]);
  });
});
