import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_DATA } from '../src/protocol/sampleEvents.ts';
import { COMMITTED, defaultParams, outputPath, scenarioText, SCENARIO_NAMES } from '../fixtures/generate.ts';
import { ProtocolAdapter } from '../fixtures/protocolAdapter.ts';

const ROOT = join(import.meta.dirname, '..');
const committed = SCENARIO_NAMES.filter((name) => COMMITTED[name]);

describe('fixtures/generate.ts', () => {
  it.each(committed)('generates %s twice to the same bytes (deterministic, virtual time)', (name) => {
    const first = scenarioText(name);
    expect(scenarioText(name)).toBe(first);
    expect(first.split('\n', 1)[0]).toBe('{"format":"luc-fleet-log","version":1,"recordedAt":"2025-11-21T04:40:00.000Z"}');
  });

  it('keeps each committed log under 1 MB and all of them under 2 MB', () => {
    const sizes = committed.map((name) => statSync(outputPath(name)).size);
    for (const size of sizes) expect(size).toBeLessThan(1_000_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2_000_000);
  });

  it('writes the big scenario to the git-ignored fixtures/generated/', () => {
    expect(outputPath('busy-hour-10k')).toBe(join(ROOT, 'fixtures', 'generated', 'busy-hour-10k.ndjson'));
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8')).toContain('fixtures/generated/');
    expect(defaultParams('busy-hour-10k').units).toBe(10_000);
  });

  it('gives another log for another seed', () => {
    const params = defaultParams('reconnect-storm', 1);
    expect(scenarioText('reconnect-storm', { ...params, seed: 24 })).not.toBe(scenarioText('reconnect-storm', params));
  });
});

describe('ProtocolAdapter', () => {
  const envelope = (kind: 'unit.added' | 'unit.alert' | 'unit.usage', id: string, rev: number, data: unknown) => ({ seq: rev, ts: 1, kind, id, rev, data });
  const simAlert = (type: string, active: boolean) => ({ id: `U1:${type}`, entityUniqueId: 'U1', type, severity: 'critical', active, message: 'm' });

  it('leaves payloads already in protocol shape untouched', () => {
    const adapter = new ProtocolAdapter();
    for (const kind of ['unit.added', 'unit.alert', 'unit.usage'] as const) {
      expect(adapter.adapt(envelope(kind, 'U1', 1, SAMPLE_DATA[kind])).data).toEqual(SAMPLE_DATA[kind]);
    }
  });

  it('drops sim: null from links and battery: null from a unit', () => {
    const adapter = new ProtocolAdapter();
    const unit = { uid: 'U1', name: 'U1', type: '800', status: { state: 'online' }, battery: null, links: [{ port: 'eth0', type: 'lan', sim: null }, { port: 'm1', type: 'cell', sim: 'A' }] };
    expect(adapter.adapt(envelope('unit.added', 'U1', 1, unit)).data).toEqual({ ...unit, battery: undefined, links: [{ port: 'eth0', type: 'lan' }, { port: 'm1', type: 'cell', sim: 'A' }] });
    const usage = { links: [{ port: 'eth0', type: 'lan', uplinkKbps: 1, downlinkKbps: 2, sim: null }] };
    expect(adapter.adapt(envelope('unit.usage', 'U1', 2, usage)).data).toEqual({ links: [{ port: 'eth0', type: 'lan', uplinkKbps: 1, downlinkKbps: 2 }] });
  });

  it('answers a single simulator alert with the unit’s whole alert list, latest state of each alert', () => {
    const adapter = new ProtocolAdapter();
    adapter.adapt(envelope('unit.added', 'U1', 1, { uid: 'U1', name: 'U1', type: '800', status: {}, alerts: [simAlert('battery', true)] }));
    expect(adapter.adapt(envelope('unit.alert', 'U1', 2, simAlert('cameraDisconnected', true))).data).toEqual({ alerts: [simAlert('battery', true), simAlert('cameraDisconnected', true)] });
    expect(adapter.adapt(envelope('unit.alert', 'U1', 3, simAlert('battery', false))).data).toEqual({ alerts: [simAlert('battery', false), simAlert('cameraDisconnected', true)] });
  });

  it('refuses to pass an event that still does not decode', () => {
    expect(() => new ProtocolAdapter().adapt(envelope('unit.added', 'U1', 1, { uid: '' }))).toThrow(/fixture event seq 1 \(unit.added U1\) is not a protocol event/);
  });
});
