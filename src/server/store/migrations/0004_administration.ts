/**
 * Migration 0004: what the administration screens need (issue "One REST contract and the
 * administration kit"). Never edit a shipped migration: add the next number.
 * - user_inventories: the inventories a user belongs to (spec 002 §3 User "inventories"; §5 "at
 *   least one inventory"), filled from the inventories of each user's groups;
 * - inventories: auto group, SIP server, properties and default software versions (spec 001 §3,
 *   002 §3 Inventory);
 * - groups: the default unit configuration (spec 002 §7 v2/groups/{id}/defaultConfiguration);
 * - vr_channels and group_vr_channels: video return channels of an inventory and the groups they
 *   are given to (spec 001 §3, 002 §7 v2/admin/groups/{gid}/vrChannels); the video return issue
 *   adds the channel's input and streaming columns.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, WITHOUT_ROWID } from './ddl.ts';

export function administration(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  return {
    async up(db: Kysely<any>): Promise<void> {
      let userInventories = db.schema
        .createTable('user_inventories')
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_inventories_pkey', ['user_id', 'inventory_id']);
      if (sqlite) userInventories = userInventories.modifyEnd(WITHOUT_ROWID);
      await userInventories.execute();
      await db.schema.createIndex('user_inventories_inventory').on('user_inventories').column('inventory_id').execute();
      await sql`insert into user_inventories (user_id, inventory_id)
        select distinct ug.user_id, g.inventory_id from user_groups ug join groups g on g.id = ug.group_id`.execute(db);

      await db.schema.alterTable('inventories').addColumn('auto_group', t.integer, (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('inventories').addColumn('sip_server', t.text, (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .alterTable('inventories')
        .addColumn('properties_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('properties_json')))
        .execute();
      await db.schema
        .alterTable('inventories')
        .addColumn('default_sw_versions_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('default_sw_versions_json')))
        .execute();

      await db.schema
        .alterTable('groups')
        .addColumn('default_config_json', t.text, (c) => c.check(sql`default_config_json is null or json_valid(default_config_json)`))
        .execute();
      await db.schema.alterTable('groups').addColumn('default_config_updated_at', t.time).execute();

      await db.schema
        .createTable('vr_channels')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('description', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vr_channels_inventory').on('vr_channels').column('inventory_id').execute();
      let groupVr = db.schema
        .createTable('group_vr_channels')
        .addColumn('group_id', t.text, (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('vr_channel_id', t.text, (c) => c.notNull().references('vr_channels.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('group_vr_channels_pkey', ['group_id', 'vr_channel_id']);
      if (sqlite) groupVr = groupVr.modifyEnd(WITHOUT_ROWID);
      await groupVr.execute();
      await db.schema.createIndex('group_vr_channels_channel').on('group_vr_channels').column('vr_channel_id').execute();
    },
  };
}
