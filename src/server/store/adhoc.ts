import type Database from 'better-sqlite3';
import type { AdhocPeriod, DeviceKind, InviteChannel, KeyRegeneration, UsageReset } from '../../domain/adhoc.ts';
import { parseJsonColumn } from './db.ts';
import type { Store } from './store.ts';

/**
 * Ad-hoc and permanent LU-Smart / LU-Lite registrations of a group and the invitations sent for
 * them (migration 2; spec 002 §4, §7 "Groups (legacy)"). Times in ms since the epoch.
 */
export interface AdhocRegistration {
  groupId: string;
  kind: DeviceKind;
  period: AdhocPeriod;
  /** The pairing code a device enters (or reads from the join link). */
  code: string;
  expiresAt: number;
  updatedAt: number;
}

export interface PermanentRegistration {
  groupId: string;
  kind: DeviceKind;
  key: string;
  regeneration: KeyRegeneration;
  usageReset: UsageReset;
  /** Start of the usage-reset schedule (set when the choice changes). */
  usageResetSince: number;
  regeneratedAt: number;
  updatedAt: number;
}

export interface Invitation {
  id: string;
  groupId: string;
  channel: InviteChannel;
  recipients: string[];
  deviceName: string;
  kind: DeviceKind;
  guest: boolean;
  period: AdhocPeriod | null;
  link: string;
  createdBy: string | null;
  createdAt: number;
}

interface AdhocRow {
  group_id: string;
  kind: DeviceKind;
  period: AdhocPeriod;
  code: string;
  expires_at: number;
  updated_at: number;
}

interface PermanentRow {
  group_id: string;
  kind: DeviceKind;
  reg_key: string;
  regeneration: KeyRegeneration;
  usage_reset: UsageReset;
  usage_reset_since: number;
  regenerated_at: number;
  updated_at: number;
}

interface InvitationRow {
  id: string;
  group_id: string;
  channel: InviteChannel;
  recipients_json: string;
  device_name: string;
  kind: DeviceKind;
  guest: number;
  period: AdhocPeriod | null;
  link: string;
  created_by: string | null;
  created_at: number;
}

const toAdhoc = (r: AdhocRow): AdhocRegistration => ({
  groupId: r.group_id,
  kind: r.kind,
  period: r.period,
  code: r.code,
  expiresAt: r.expires_at,
  updatedAt: r.updated_at,
});

const toPermanent = (r: PermanentRow): PermanentRegistration => ({
  groupId: r.group_id,
  kind: r.kind,
  key: r.reg_key,
  regeneration: r.regeneration,
  usageReset: r.usage_reset,
  usageResetSince: r.usage_reset_since,
  regeneratedAt: r.regenerated_at,
  updatedAt: r.updated_at,
});

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  groupId: r.group_id,
  channel: r.channel,
  recipients: parseJsonColumn<string[]>(r.recipients_json, []),
  deviceName: r.device_name,
  kind: r.kind,
  guest: r.guest === 1,
  period: r.period,
  link: r.link,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export class AdhocRepo {
  private readonly getAdhocStmt;
  private readonly putAdhocStmt;
  private readonly getPermanentStmt;
  private readonly putPermanentStmt;
  private readonly insertInvitationStmt;
  private readonly invitationsStmt;

  constructor(db: Database.Database) {
    this.getAdhocStmt = db.prepare<[string, string], AdhocRow>('SELECT * FROM adhoc_registrations WHERE group_id = ? AND kind = ?');
    this.putAdhocStmt = db.prepare(
      `INSERT INTO adhoc_registrations (group_id, kind, period, code, expires_at, updated_at)
       VALUES (@groupId, @kind, @period, @code, @expiresAt, @updatedAt)
       ON CONFLICT (group_id, kind) DO UPDATE SET period = excluded.period, code = excluded.code,
         expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
    );
    this.getPermanentStmt = db.prepare<[string], PermanentRow>('SELECT * FROM permanent_registrations WHERE group_id = ?');
    this.putPermanentStmt = db.prepare(
      `INSERT INTO permanent_registrations (group_id, kind, reg_key, regeneration, usage_reset, usage_reset_since, regenerated_at, updated_at)
       VALUES (@groupId, @kind, @key, @regeneration, @usageReset, @usageResetSince, @regeneratedAt, @updatedAt)
       ON CONFLICT (group_id) DO UPDATE SET kind = excluded.kind, reg_key = excluded.reg_key,
         regeneration = excluded.regeneration, usage_reset = excluded.usage_reset,
         usage_reset_since = excluded.usage_reset_since, regenerated_at = excluded.regenerated_at,
         updated_at = excluded.updated_at`,
    );
    this.insertInvitationStmt = db.prepare(
      `INSERT INTO invitations (id, group_id, channel, recipients_json, device_name, kind, guest, period, link, created_by, created_at)
       VALUES (@id, @groupId, @channel, @recipients, @deviceName, @kind, @guest, @period, @link, @createdBy, @createdAt)`,
    );
    this.invitationsStmt = db.prepare<[string, number], InvitationRow>('SELECT * FROM invitations WHERE group_id = ? ORDER BY created_at DESC, id LIMIT ?');
  }

  adhoc(groupId: string, kind: DeviceKind): AdhocRegistration | undefined {
    const row = this.getAdhocStmt.get(groupId, kind);
    return row && toAdhoc(row);
  }

  /** Inserts or replaces the group's registration of that kind. */
  saveAdhoc(registration: AdhocRegistration): void {
    this.putAdhocStmt.run(registration);
  }

  permanent(groupId: string): PermanentRegistration | undefined {
    const row = this.getPermanentStmt.get(groupId);
    return row && toPermanent(row);
  }

  savePermanent(registration: PermanentRegistration): void {
    this.putPermanentStmt.run(registration);
  }

  recordInvitation(invitation: Invitation): void {
    this.insertInvitationStmt.run({ ...invitation, recipients: JSON.stringify(invitation.recipients), guest: invitation.guest ? 1 : 0 });
  }

  /** The group's invitations, newest first. */
  invitations(groupId: string, limit = 50): Invitation[] {
    return this.invitationsStmt.all(groupId, limit).map(toInvitation);
  }
}

const repos = new WeakMap<Store, AdhocRepo>();

/** The registrations repository of a store (made on first use; statements prepared once). */
export function adhocRepoOf(store: Store): AdhocRepo {
  let repo = repos.get(store);
  if (repo === undefined) {
    repo = new AdhocRepo(store.db);
    repos.set(store, repo);
  }
  return repo;
}
