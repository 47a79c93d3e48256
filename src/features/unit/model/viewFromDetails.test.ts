import { describe, expect, it } from 'vitest';
import { decodeUnitDetails } from './unitDetails.ts';
import { viewFromDetails } from './viewFromDetails.ts';

const enhanced = {
  uid: 'U1',
  name: 'Paris-800-00001',
  type: '800',
  status: 'streaming',
  isOffline: false,
  applications: { video: { state: 'streaming' } },
  alerts: [{ id: 'a', type: 'battery', severity: 'critical', active: true }, { id: 'b', type: 'battery', severity: 'warning', active: false }],
  links: [{ port: 'eth0', type: 'lan', connected: true, enabled: true, uplinkKbps: 1200 }],
  capping: { totalKbps: 8000, cellularKbps: null },
  intercom: { intercom1: { mode: 'audioRoom', destinationAccount: 'room-1', state: 'connecting' } },
  capabilities: { typeGroup: 'fieldUnits', multiCamera: true },
};

describe('decodeUnitDetails and viewFromDetails (GET v2/units/enhanced/{id})', () => {
  it('reads the fields the page draws', () => {
    const details = decodeUnitDetails(enhanced);
    expect(details.applications).toEqual({ video: 'streaming' });
    expect(details.links[0]).toMatchObject({ port: 'eth0', type: 'lan', uplinkKbps: 1200 });
    expect(details.capping).toEqual({ totalKbps: 8000, cellularKbps: null });
    expect(details.intercom.intercom1).toEqual({ mode: 'audioRoom', destinationAccount: 'room-1', state: 'connecting' });
    expect(details.intercom.intercom2).toBeUndefined();
    expect(details.multiCamera).toBe(true);
  });

  it('reads an empty answer as an offline unit with nothing', () => {
    const details = decodeUnitDetails({});
    expect(details).toMatchObject({ status: 'offline', links: [], alerts: [], channelId: null, isOffline: true });
  });

  it('builds a streaming view with its active alert count', () => {
    const view = viewFromDetails(decodeUnitDetails(enhanced));
    expect(view).toMatchObject({ id: 'U1', status: 'streaming', videoState: 'streaming', applications: ['video'], activeAlerts: 1, state: 'online' });
  });

  it('shows an unknown status as offline', () => {
    expect(viewFromDetails(decodeUnitDetails({ ...enhanced, status: 'dancing' })).status).toBe('offline');
  });
});
