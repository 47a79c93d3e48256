/**
 * Migration 0015: device support access, remote actions and access approvals (spec 000 §6, 001 §4,
 * 002 §9; issue 12 item 7, issue 14 item 5). Never edit a shipped migration: add the next number.
 *
 * - support_grants: every grant of support access to a device (a unit or a server), newest last;
 *   the device's access is its latest grant, active for 8 hours from granted_at unless revoked
 *   (src/domain/support.ts). Only times are stored, so an expiry needs no timer and survives a
 *   restart.
 * - remote_actions: what support asked a device to do and what became of it ('expired' is not
 *   stored: it follows from the approval's time).
 * - access_approvals: a remote action waiting for the customer; used_at once approved (the action
 *   ran), declined_at once declined.
 * Devices are named by kind and id without a foreign key (a removed device keeps its history,
 *   with the name it had: device_name); inventory_id is the device's inventory when it was named,
 *   which decides who sees the row.
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, maxLength, oneOf } from './ddl.ts';

const DEVICE_KINDS = ['unit', 'server'];
const ACTIONS = ['reboot', 'sendLogs'];
const STORED_STATUSES = ['awaitingApproval', 'done', 'failed', 'declined'];

export function supportAccess(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('support_grants')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('device_kind', t.text, (c) => c.notNull().check(oneOf('device_kind', DEVICE_KINDS)))
        .addColumn('device_id', t.text, (c) => c.notNull())
        .addColumn('inventory_id', t.text)
        .addColumn('granted_by', t.text, (c) => c.notNull())
        .addColumn('granted_at', t.time, (c) => c.notNull())
        .addColumn('revoked_by', t.text)
        .addColumn('revoked_at', t.time)
        .execute();
      await db.schema.createIndex('support_grants_device').on('support_grants').columns(['device_kind', 'device_id', 'granted_at']).execute();

      await db.schema
        .createTable('remote_actions')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('device_kind', t.text, (c) => c.notNull().check(oneOf('device_kind', DEVICE_KINDS)))
        .addColumn('device_id', t.text, (c) => c.notNull())
        .addColumn('device_name', t.text, (c) => c.notNull())
        .addColumn('inventory_id', t.text)
        .addColumn('action', t.text, (c) => c.notNull().check(oneOf('action', ACTIONS)))
        .addColumn('note', t.text, (c) => c.notNull().defaultTo('').check(maxLength('note', 500)))
        .addColumn('requested_by', t.text, (c) => c.notNull())
        .addColumn('requested_at', t.time, (c) => c.notNull())
        .addColumn('status', t.text, (c) => c.notNull().check(oneOf('status', STORED_STATUSES)))
        .addColumn('result', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('finished_at', t.time)
        .addColumn('approval_id', t.text)
        .execute();
      await db.schema.createIndex('remote_actions_requested').on('remote_actions').columns(['requested_at']).execute();
      await db.schema.createIndex('remote_actions_device').on('remote_actions').columns(['device_kind', 'device_id']).execute();

      await db.schema
        .createTable('access_approvals')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('remote_action_id', t.text, (c) => c.notNull().references('remote_actions.id').onDelete('cascade'))
        .addColumn('device_kind', t.text, (c) => c.notNull().check(oneOf('device_kind', DEVICE_KINDS)))
        .addColumn('device_id', t.text, (c) => c.notNull())
        .addColumn('inventory_id', t.text)
        .addColumn('requested_at', t.time, (c) => c.notNull())
        .addColumn('decided_by', t.text)
        .addColumn('used_at', t.time)
        .addColumn('declined_at', t.time)
        .execute();
      await db.schema.createIndex('access_approvals_device').on('access_approvals').columns(['device_kind', 'device_id']).execute();
    },
  };
}
