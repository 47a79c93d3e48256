import { describe, expect, it } from 'vitest';
import type { FleetClient } from '../../fleet/index.ts';
import { FleetStore } from '../../fleet/store.ts';
import { settledClient } from './settledClient.ts';

function fakeClient(calls: string[]): FleetClient {
  const released = (): never => {
    throw new Error('Proxy has been released and is not useable');
  };
  let alive = true;
  const call = (name: string) => async () => {
    if (!alive) released();
    calls.push(name);
  };
  return {
    store: new FleetStore(),
    api: {} as FleetClient['api'],
    connect: call('connect'),
    setVisible: call('setVisible'),
    releaseView: call('releaseView'),
    beginTransition: call('beginTransition'),
    setAlertSettings: call('setAlertSettings'),
    dispose: () => {
      if (!alive) released();
      alive = false;
      calls.push('dispose');
    },
  };
}

describe('settledClient: a disposed fleet client stays quiet', () => {
  it('passes calls through while alive', async () => {
    const calls: string[] = [];
    const client = settledClient(fakeClient(calls));
    await client.setVisible('list', { units: ['U1'] });
    await client.releaseView('list');
    expect(calls).toEqual(['setVisible', 'releaseView']);
  });

  it('ignores a view released after dispose instead of throwing, and disposes once', async () => {
    const calls: string[] = [];
    const client = settledClient(fakeClient(calls));
    client.dispose();
    await expect(client.releaseView('list')).resolves.toBeUndefined();
    await expect(client.setVisible('list', { units: [] })).resolves.toBeUndefined();
    client.dispose();
    expect(calls).toEqual(['dispose']);
  });
});
