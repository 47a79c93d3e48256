import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accessApprovalState,
  approvalDecisionRefusal,
  remoteActionNeedsApproval,
  remoteActionStatus,
  SUPPORT_ACCESS_MS,
  supportAccessEndsAt,
  supportAccessRemainingMs,
  supportAccessStatus,
  supportReachesEverywhere,
} from './support.ts';

const HOUR = 3_600_000;
const T = 1_700_000_000_000;

describe('support access to a device (spec 000 §6: granted for 8 hours, then blocked automatically)', () => {
  it('lasts exactly 8 hours', () => expect(SUPPORT_ACCESS_MS).toBe(8 * HOUR));

  it.each([
    ['never granted', null, T, 'none'],
    ['just granted', { grantedAt: T, revokedAt: null }, T, 'active'],
    ['1 ms before the 8 hours end', { grantedAt: T, revokedAt: null }, T + 8 * HOUR - 1, 'active'],
    ['at the 8 hours', { grantedAt: T, revokedAt: null }, T + 8 * HOUR, 'expired'],
    ['long after', { grantedAt: T, revokedAt: null }, T + 30 * HOUR, 'expired'],
    ['revoked after 1 hour', { grantedAt: T, revokedAt: T + HOUR }, T + 2 * HOUR, 'revoked'],
    ['revoked, read after the 8 hours', { grantedAt: T, revokedAt: T + HOUR }, T + 9 * HOUR, 'revoked'],
    ['a revocation after the 8 hours changes nothing', { grantedAt: T, revokedAt: T + 9 * HOUR }, T + 10 * HOUR, 'expired'],
  ] as const)('%s → %s', (_name, grant, now, expected) => {
    expect(supportAccessStatus(grant, now)).toBe(expected);
  });

  it('ends 8 hours after the grant, or at an earlier revocation', () => {
    expect(supportAccessEndsAt({ grantedAt: T, revokedAt: null })).toBe(T + 8 * HOUR);
    expect(supportAccessEndsAt({ grantedAt: T, revokedAt: T + HOUR })).toBe(T + HOUR);
  });

  it('has time left only while active, never more than 8 hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: -HOUR, max: 20 * HOUR }), (elapsed) => {
        const grant = { grantedAt: T, revokedAt: null };
        const left = supportAccessRemainingMs(grant, T + elapsed);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(8 * HOUR + HOUR);
        expect(left > 0).toBe(supportAccessStatus(grant, T + elapsed) === 'active');
      }),
    );
  });

  it('remote actions need customer approval unless the access is active (spec 000 §6)', () => {
    expect(remoteActionNeedsApproval('active')).toBe(false);
    for (const status of ['none', 'expired', 'revoked'] as const) expect(remoteActionNeedsApproval(status)).toBe(true);
  });
});

describe('access approvals (spec 001 §4: active, expired, used)', () => {
  const open = { requestedAt: T, usedAt: null, declinedAt: null };
  it.each([
    ['waiting', open, T + HOUR, 'active'],
    ['waiting 8 hours', open, T + 8 * HOUR, 'expired'],
    ['approved (used), whatever the time', { ...open, usedAt: T + HOUR }, T + 100 * HOUR, 'used'],
    ['declined: closed for good', { ...open, declinedAt: T + HOUR }, T + 2 * HOUR, 'expired'],
  ] as const)('%s → %s', (_name, approval, now, expected) => {
    expect(accessApprovalState(approval, now)).toBe(expected);
  });

  it('can be decided only while active, with the reason otherwise', () => {
    expect(approvalDecisionRefusal(open, T)).toBeNull();
    expect(approvalDecisionRefusal({ ...open, usedAt: T }, T)).toBe('This access approval was already used');
    expect(approvalDecisionRefusal(open, T + 8 * HOUR)).toBe('This access approval has expired');
  });

  it('a remote action waiting for an expired approval reads expired; others keep their stored status', () => {
    expect(remoteActionStatus('awaitingApproval', open, T + HOUR)).toBe('awaitingApproval');
    expect(remoteActionStatus('awaitingApproval', open, T + 8 * HOUR)).toBe('expired');
    expect(remoteActionStatus('done', { ...open, usedAt: T }, T + 9 * HOUR)).toBe('done');
    expect(remoteActionStatus('declined', { ...open, declinedAt: T }, T + HOUR)).toBe('declined');
  });
});

describe('reach', () => {
  it('super users and staff reach every customer; partners and admins their inventories', () => {
    expect(supportReachesEverywhere(['super_user'])).toBe(true);
    expect(supportReachesEverywhere(['staff'])).toBe(true);
    expect(supportReachesEverywhere(['luc_partner'])).toBe(false);
    expect(supportReachesEverywhere(['luc_admin'])).toBe(false);
  });
});
