/**
 * Demo support rows (issue 14): so a new demo shows each state at once. On the first units of the
 * Newsroom inventory: support access granted an hour ago by the admin; a reboot support asked
 * for, waiting for the customer; logs the customer approved two hours ago (used, done).
 * Ids are fixed so a demo database reads the same everywhere.
 */
import type { Store } from '../../store/store.ts';

const HOUR = 3_600_000;

export async function seedDemoSupport(store: Store, units: readonly { uid: string; name: string; inventoryId: string }[], now: number): Promise<void> {
  const [granted, waiting, used] = units.filter((u) => u.inventoryId === 'INV-NEWS');
  if (granted === undefined || waiting === undefined || used === undefined) return;
  const device = (u: typeof granted) => ({ deviceKind: 'unit' as const, deviceId: u.uid, inventoryId: u.inventoryId });
  await store.support.insertGrant({ id: 'SG-DEMO-1', ...device(granted), grantedBy: 'luc_admin', grantedAt: now - HOUR, revokedBy: null, revokedAt: null });

  const asked = { ...device(waiting), deviceName: waiting.name, action: 'reboot' as const, note: 'Modem 2 keeps dropping; a reboot should clear it', requestedBy: 'super_user', requestedAt: now - 10 * 60_000 };
  await store.support.insertRemoteAction({ id: 'RA-DEMO-1', ...asked, status: 'awaitingApproval', result: '', finishedAt: null, approvalId: 'AA-DEMO-1' });
  await store.support.insertApproval({ id: 'AA-DEMO-1', remoteActionId: 'RA-DEMO-1', ...device(waiting), requestedAt: asked.requestedAt, decidedBy: null, usedAt: null, declinedAt: null });

  const done = { ...device(used), deviceName: used.name, action: 'sendLogs' as const, note: '', requestedBy: 'luc_partner', requestedAt: now - 3 * HOUR };
  await store.support.insertRemoteAction({ id: 'RA-DEMO-2', ...done, status: 'done', result: 'The unit is sending its logs', finishedAt: now - 2 * HOUR, approvalId: 'AA-DEMO-2' });
  await store.support.insertApproval({ id: 'AA-DEMO-2', remoteActionId: 'RA-DEMO-2', ...device(used), requestedAt: done.requestedAt, decidedBy: 'luc_admin', usedAt: now - 2 * HOUR, declinedAt: null });
}
