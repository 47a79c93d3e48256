import { describe, it, expect } from 'vitest';
import { decodeClientFrame, parseTopic, MAX_TOPICS_PER_MESSAGE, MAX_CLIENT_FRAME_BYTES } from './frames.ts';

describe('parseTopic', () => {
  it.each([
    ['unit:U123', { family: 'unit', id: 'U123' }],
    ['channel:C7', { family: 'channel', id: 'C7' }],
    ['group:G1', { family: 'group', id: 'G1' }],
    ['unit:a:b', { family: 'unit', id: 'a:b' }],
    ['unit:', null],
    [':U1', null],
    ['server:S1', null],
    ['U1', null],
    [`unit:${'x'.repeat(251)}`, { family: 'unit', id: 'x'.repeat(251) }],
    [`unit:${'x'.repeat(252)}`, null],
  ])('parses %s', (topic, expected) => {
    expect(parseTopic(topic)).toEqual(expected);
  });
});

describe('decodeClientFrame', () => {
  it.each([
    ['{"op":"subscribe","topics":["unit:U1"]}', { op: 'subscribe', topics: ['unit:U1'] }],
    ['{"op":"unsubscribe","topics":[]}', { op: 'unsubscribe', topics: [] }],
    ['{"op":"resume","from":0}', { op: 'resume', from: 0 }],
    ['{"op":"resume","from":1042}', { op: 'resume', from: 1042 }],
  ])('decodes %s', (raw, frame) => {
    expect(decodeClientFrame(raw, false)).toEqual({ ok: true, frame });
  });

  it(`accepts ${MAX_TOPICS_PER_MESSAGE} topics and refuses ${MAX_TOPICS_PER_MESSAGE + 1}`, () => {
    const topics = (n: number) => JSON.stringify({ op: 'subscribe', topics: Array.from({ length: n }, (_, i) => `unit:${i}`) });
    expect(decodeClientFrame(topics(MAX_TOPICS_PER_MESSAGE), false).ok).toBe(true);
    expect(decodeClientFrame(topics(MAX_TOPICS_PER_MESSAGE + 1), false)).toEqual({
      ok: false,
      message: `"topics" holds ${MAX_TOPICS_PER_MESSAGE + 1} topics; at most ${MAX_TOPICS_PER_MESSAGE} per message, send several messages`,
    });
  });

  it(`accepts ${MAX_CLIENT_FRAME_BYTES} bytes and refuses one more`, () => {
    const base = '{"op":"resume","from":1,"pad":""}';
    const exact = base.replace('""', `"${'x'.repeat(MAX_CLIENT_FRAME_BYTES - base.length)}"`);
    expect(decodeClientFrame(exact, false).ok).toBe(true);
    expect(decodeClientFrame(`${exact} `, false)).toEqual({ ok: false, message: `frame of ${MAX_CLIENT_FRAME_BYTES + 1} bytes is larger than the ${MAX_CLIENT_FRAME_BYTES}-byte limit` });
  });

  it('counts bytes, not characters', () => {
    const base = '{"op":"resume","from":1,"pad":""}';
    const wide = base.replace('""', `"${'é'.repeat((MAX_CLIENT_FRAME_BYTES - base.length) / 2 + 1)}"`);
    expect(decodeClientFrame(wide, false).ok).toBe(false);
  });

  it('decodes a Buffer the same as a string', () => {
    expect(decodeClientFrame(Buffer.from('{"op":"resume","from":3}'), false)).toEqual({ ok: true, frame: { op: 'resume', from: 3 } });
  });
});
