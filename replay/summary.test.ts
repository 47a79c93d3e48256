import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import { formatLogHeader, formatLogLine, LogFormatError } from './log.ts';
import { summarizeLog } from './summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'luc-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('summarizeLog', () => {
  it('prints exactly the summary of protocol.md for a small incident', async () => {
    const path = join(dir, 'incident.ndjson');
    const unit = (uid: string, type: string, state: string) => ({ uid, name: uid, type, status: { state } });
    writeFileSync(
      path,
      formatLogHeader('2025-11-21T04:40:00.000Z') +
        [
          makeEvent('unit.added', 'U1', 1, 1, unit('U1', '800', 'online')),
          makeEvent('unit.added', 'U2', 1, 2, unit('U2', 'Lite', 'offline')),
          makeEvent('unit.added', 'U3', 1, 3, { ...unit('U3', '800', 'online'), isDemo: true }),
          makeEvent('unit.status', 'U1', 2, 4, { state: 'online', applications: { video: {} } }),
          makeEvent('unit.status', 'U1', 2, 5, { state: 'online', applications: { video: {} } }),
          makeEvent('unit.status', 'U2', 2, 6, { state: 'online', applications: { store: {} } }),
          makeEvent('unit.alert', 'U2', 3, 7, { alerts: [{ id: 'A', entityUniqueId: 'U2', active: true, severity: 'critical', type: 'battery' }] }),
          makeEvent('unit.status', 'U1', 3, 8, { state: 'offline' }),
          makeEvent('unit.removed', 'U3', 2, 9),
        ]
          .map(formatLogLine)
          .join('') +
        '{"seq":10,"ts":17',
    );
    const { summary, warnings } = await summarizeLog(path);
    expect(summary).toEqual({
      events: 9,
      units: 2,
      status: {
        offline: 1, idle: 0, streaming: 0, streamingandforwarding: 0, storeandforward: 1, forwarding: 0,
        upgrading: 0, fetchlogs: 0, transparent_bridge: 0, speedtest: 0, online: 0, setup_transparent_bridge: 0, unavailable: 0,
      },
      counters: { busy: 0, idle: 1, offline: 1, activeAlerts: 1 },
      transitions: {
        offlineToOnline: 0, onlineToOffline: 0, onlineToStreaming: 1, offlineToStreaming: 0, streamingToOnline: 0,
        streamingToOffline: 1, onlineToStoreAndForward: 0, offlineToStoreAndForward: 1, storeAndForwardToOnline: 0,
        storeAndForwardToOffline: 0, unknown: 0,
      },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.line).toBe(11);
  });

  it('rejects a log without a header', async () => {
    const path = join(dir, 'headless.ndjson');
    writeFileSync(path, formatLogLine(makeEvent('unit.added', 'U1', 1, 1)));
    await expect(summarizeLog(path)).rejects.toBeInstanceOf(LogFormatError);
  });
});
