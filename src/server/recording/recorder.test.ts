import { parseLogText } from '../../protocol/logFormat.ts';
import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../live/bus.ts';
import { startRecorder, FLUSH_INTERVAL_MS, LOG_FORMAT } from './recorder.ts';

let dir: string;
let file: string;
const NOW = Date.UTC(2025, 10, 21, 4, 40, 0);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'luc-rec-'));
  file = join(dir, 'fleet.ndjson');
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const lines = () => readFileSync(file, 'utf8').split('\n');
const parsed = () =>
  lines()
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('recorder', () => {
  it('writes the header line first in a new file', () => {
    const rec = startRecorder({ bus: new EventBus(), file, now: () => NOW });
    rec.stop();
    expect(lines()).toEqual([JSON.stringify({ format: LOG_FORMAT, version: 1, recordedAt: '2025-11-21T04:40:00.000Z' }), '']);
  });

  it('writes the header in an existing empty file', () => {
    writeFileSync(file, '');
    startRecorder({ bus: new EventBus(), file, now: () => NOW }).stop();
    expect(parsed()).toEqual([{ format: LOG_FORMAT, version: 1, recordedAt: '2025-11-21T04:40:00.000Z' }]);
  });

  it('writes every bus event as one envelope per line, in seq order', () => {
    const bus = new EventBus({ now: () => NOW });
    const rec = startRecorder({ bus, file, now: () => NOW });
    const sent = [bus.publish('unit.status', 'U1', { state: 'online' }), bus.publish('channel.status', 'C1', { status: 'idle' })];
    rec.stop();
    expect(parsed().slice(1)).toEqual(sent);
    expect(rec.count()).toBe(2);
  });

  it('begins with unit.added lines for the current fleet, at increasing seqs up to the current one, that a replayer accepts', () => {
    const bus = new EventBus({ now: () => NOW });
    bus.publish('unit.status', 'U1', {});
    bus.publish('unit.status', 'U1', {});
    const rec = startRecorder({
      bus,
      file,
      now: () => NOW,
      snapshot: () => [
        { id: 'U1', data: { uid: 'U1', name: 'a', type: '800', status: { state: 'online' } } },
        { id: 'U2', data: { uid: 'U2', name: 'b', type: 'Smart', status: {} } },
      ],
    });
    const live = bus.publish('unit.status', 'U1', { state: 'offline' });
    rec.stop();
    const [, first, second, third] = parsed();
    expect(first).toMatchObject({ seq: 1, ts: NOW, kind: 'unit.added', id: 'U1', rev: 2 });
    expect(second).toMatchObject({ seq: 2, kind: 'unit.added', id: 'U2', rev: 1 });
    expect(third).toEqual(live);
    const log = parseLogText(readFileSync(file, 'utf8'));
    expect(log.events.map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it(`flushes buffered lines within ${FLUSH_INTERVAL_MS} ms without being stopped`, () => {
    vi.useFakeTimers();
    const bus = new EventBus();
    const rec = startRecorder({ bus, file });
    bus.publish('unit.status', 'U1', {});
    expect(parsed()).toHaveLength(1); // header only: the event waits in the buffer
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(parsed()).toHaveLength(2);
    rec.stop();
  });

  it('appends to an existing log without a second header', () => {
    const bus = new EventBus();
    startRecorder({ bus, file }).stop();
    const rec = startRecorder({ bus, file });
    bus.publish('unit.status', 'U1', {});
    rec.stop();
    const all = parsed();
    expect(all.filter((l) => l['format'] === LOG_FORMAT)).toHaveLength(1);
    expect(all).toHaveLength(2);
  });

  it('starts on a new line after a torn last line (a crash mid-write) and keeps the torn line', () => {
    const bus = new EventBus({ startSeq: 10 });
    startRecorder({ bus, file }).stop();
    appendFileSync(file, '{"seq":10,"ts":1,"kind":"unit.sta');
    const rec = startRecorder({ bus, file });
    const next = bus.publish('unit.status', 'U1', {});
    rec.stop();
    const all = lines();
    expect(all[1]).toBe('{"seq":10,"ts":1,"kind":"unit.sta');
    expect(JSON.parse(all[2] ?? '')).toEqual(next);
    expect(all[3]).toBe('');
  });

  it.each([
    ['another format', '{"format":"other","version":1}\n', 'line 1 is not a luc-fleet-log header'],
    ['another version', '{"format":"luc-fleet-log","version":2,"recordedAt":"x"}\n', 'line 1 has version 2'],
    ['not JSON', 'hello\n', 'line 1 is not a luc-fleet-log header'],
  ])('refuses to append to a file with %s, naming line 1, and leaves it untouched', (_name, content, message) => {
    writeFileSync(file, content);
    expect(() => startRecorder({ bus: new EventBus(), file })).toThrow(message);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('stops recording after stop()', () => {
    const bus = new EventBus();
    const rec = startRecorder({ bus, file });
    rec.stop();
    bus.publish('unit.status', 'U1', {});
    expect(parsed()).toHaveLength(1);
  });
});
