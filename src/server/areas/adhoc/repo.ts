import type { Selectable } from 'kysely';
import type { AdhocPeriod, DeviceKind, InviteChannel, KeyRegeneration, UsageReset } from '../../../domain/adhoc.ts';
import type { AdhocRegistrationsTable, InvitationsTable, PermanentRegistrationsTable } from '../../store/schema.ts';
import { parseJsonColumn, toFlag, type Db } from '../../store/queries.ts';

/**
 * Ad-hoc and permanent LU-Smart / LU-Lite registrations of a group and the invitations sent for
 * them (migration 0002; spec 002 §4, §7 "Groups (legacy)"). Times in ms since the epoch.
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

// The CHECKs of migration 0002 admit only the domain's values, so the text columns read as its types.
const toAdhoc = (r: Selectable<AdhocRegistrationsTable>): AdhocRegistration => ({
  groupId: r.group_id,
  kind: r.kind as DeviceKind,
  period: r.period as AdhocPeriod,
  code: r.code,
  expiresAt: r.expires_at,
  updatedAt: r.updated_at,
});

const toPermanent = (r: Selectable<PermanentRegistrationsTable>): PermanentRegistration => ({
  groupId: r.group_id,
  kind: r.kind as DeviceKind,
  key: r.reg_key,
  regeneration: r.regeneration as KeyRegeneration,
  usageReset: r.usage_reset as UsageReset,
  usageResetSince: r.usage_reset_since,
  regeneratedAt: r.regenerated_at,
  updatedAt: r.updated_at,
});

const toInvitation = (r: Selectable<InvitationsTable>): Invitation => ({
  id: r.id,
  groupId: r.group_id,
  channel: r.channel as InviteChannel,
  recipients: parseJsonColumn<string[]>(r.recipients_json, []),
  deviceName: r.device_name,
  kind: r.kind as DeviceKind,
  guest: r.guest === 1,
  period: r.period as AdhocPeriod | null,
  link: r.link,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export class AdhocRepo {
  constructor(private readonly db: Db) {}

  async adhoc(groupId: string, kind: DeviceKind): Promise<AdhocRegistration | undefined> {
    const row = await this.db.selectFrom('adhoc_registrations').selectAll().where('group_id', '=', groupId).where('kind', '=', kind).executeTakeFirst();
    return row && toAdhoc(row);
  }

  /** Inserts or replaces the group's registration of that kind. */
  async saveAdhoc(registration: AdhocRegistration): Promise<void> {
    await this.db
      .insertInto('adhoc_registrations')
      .values({
        group_id: registration.groupId,
        kind: registration.kind,
        period: registration.period,
        code: registration.code,
        expires_at: registration.expiresAt,
        updated_at: registration.updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['group_id', 'kind']).doUpdateSet((eb) => ({
          period: eb.ref('excluded.period'),
          code: eb.ref('excluded.code'),
          expires_at: eb.ref('excluded.expires_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async permanent(groupId: string): Promise<PermanentRegistration | undefined> {
    const row = await this.db.selectFrom('permanent_registrations').selectAll().where('group_id', '=', groupId).executeTakeFirst();
    return row && toPermanent(row);
  }

  /** Inserts or replaces the group's permanent registration. */
  async savePermanent(registration: PermanentRegistration): Promise<void> {
    await this.db
      .insertInto('permanent_registrations')
      .values({
        group_id: registration.groupId,
        kind: registration.kind,
        reg_key: registration.key,
        regeneration: registration.regeneration,
        usage_reset: registration.usageReset,
        usage_reset_since: registration.usageResetSince,
        regenerated_at: registration.regeneratedAt,
        updated_at: registration.updatedAt,
      })
      .onConflict((oc) =>
        oc.column('group_id').doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          reg_key: eb.ref('excluded.reg_key'),
          regeneration: eb.ref('excluded.regeneration'),
          usage_reset: eb.ref('excluded.usage_reset'),
          usage_reset_since: eb.ref('excluded.usage_reset_since'),
          regenerated_at: eb.ref('excluded.regenerated_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async recordInvitation(invitation: Invitation): Promise<void> {
    await this.db
      .insertInto('invitations')
      .values({
        id: invitation.id,
        group_id: invitation.groupId,
        channel: invitation.channel,
        recipients_json: JSON.stringify(invitation.recipients),
        device_name: invitation.deviceName,
        kind: invitation.kind,
        guest: toFlag(invitation.guest),
        period: invitation.period,
        link: invitation.link,
        created_by: invitation.createdBy,
        created_at: invitation.createdAt,
      })
      .execute();
  }

  /** The group's invitations, newest first. */
  async invitations(groupId: string, limit = 50): Promise<Invitation[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toInvitation);
  }
}
