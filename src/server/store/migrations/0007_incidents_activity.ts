/**
 * Migration 0007: the incident centre and the activity feed (issue 17). Never edit a shipped
 * migration: add the next number.
 * - activity: every write through the API (src/server/http/route.ts records it): who, what, which
 *   entity, the request, before and after, when, the application id; kept 60 days;
 * - incidents: unit transitions, alerts and threshold incidents (a threshold's belong to its user);
 *   acknowledged once, by whom and when; kept 60 days;
 * - thresholds: a user's own thresholds, one row per user, group and kind;
 * - incident_reads: up to which incident each user has seen (the bell counts after it).
 * Ids of activity and incidents are increasing integers (the bell and the toasts page by them).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, oneOf } from './ddl.ts';
import { ACTIVITY_OUTCOMES } from '../../../domain/activity.ts';
import { INCIDENT_KINDS, INCIDENT_SEVERITIES, THRESHOLD_KINDS } from '../../../domain/incidents.ts';

export function incidentsActivity(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  /** An increasing integer key: SQLite's rowid alias (never reused with AUTOINCREMENT), PostgreSQL's identity. */
  const serialId = (c: ColumnDefinitionBuilder) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  const idType = sqlite ? 'integer' : 'bigint';
  const jsonOrNull = (column: string) => sql`${sql.ref(column)} is null or ${jsonValid(column)}`;
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('activity')
        .addColumn('id', idType, serialId)
        .addColumn('at', t.time, (c) => c.notNull())
        // No foreign key: an entry outlives the user it names (a deleted user's writes stay).
        .addColumn('actor_id', t.text)
        .addColumn('actor_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('actor_type', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('application_id', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('area', t.text, (c) => c.notNull())
        .addColumn('operation', t.text, (c) => c.notNull())
        .addColumn('summary', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('method', t.text, (c) => c.notNull())
        .addColumn('status', t.integer, (c) => c.notNull())
        .addColumn('outcome', t.text, (c) => c.notNull().check(oneOf('outcome', ACTIVITY_OUTCOMES)))
        .addColumn('message', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('entity_kind', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('entity_id', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('entity_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('inventory_id', t.text)
        .addColumn('group_id', t.text)
        .addColumn('request_json', t.text, (c) => c.check(jsonOrNull('request_json')))
        .addColumn('before_json', t.text, (c) => c.check(jsonOrNull('before_json')))
        .addColumn('after_json', t.text, (c) => c.check(jsonOrNull('after_json')))
        .addColumn('changed_json', t.text, (c) => c.notNull().defaultTo('[]').check(jsonValid('changed_json')))
        .execute();
      await db.schema.createIndex('activity_at').on('activity').column('at').execute();
      await db.schema.createIndex('activity_actor_at').on('activity').columns(['actor_id', 'at']).execute();
      await db.schema.createIndex('activity_inventory_at').on('activity').columns(['inventory_id', 'at']).execute();
      await db.schema.createIndex('activity_entity_at').on('activity').columns(['entity_id', 'at']).execute();

      await db.schema
        .createTable('incidents')
        .addColumn('id', idType, serialId)
        .addColumn('at', t.time, (c) => c.notNull())
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', INCIDENT_KINDS)))
        .addColumn('severity', t.text, (c) => c.notNull().check(oneOf('severity', INCIDENT_SEVERITIES)))
        .addColumn('code', t.text, (c) => c.notNull())
        .addColumn('message', t.text, (c) => c.notNull())
        .addColumn('unit_id', t.text, (c) => c.notNull())
        .addColumn('unit_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('group_id', t.text)
        .addColumn('inventory_id', t.text)
        // A threshold incident is its user's; it goes with the user.
        .addColumn('user_id', t.text, (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('toast', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('acknowledged_by', t.text)
        .addColumn('acknowledged_at', t.time)
        .execute();
      await db.schema.createIndex('incidents_at').on('incidents').column('at').execute();
      await db.schema.createIndex('incidents_group_id').on('incidents').columns(['group_id', 'id']).execute();
      await db.schema.createIndex('incidents_user_id').on('incidents').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('incidents_unit_at').on('incidents').columns(['unit_id', 'at']).execute();

      await db.schema
        .createTable('thresholds')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('group_id', t.text, (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', THRESHOLD_KINDS)))
        .addColumn('enabled', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('value', t.integer)
        .addColumn('seconds', t.integer)
        .addColumn('toast', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('thresholds_user_group_kind', ['user_id', 'group_id', 'kind'])
        .execute();
      await db.schema.createIndex('thresholds_group').on('thresholds').column('group_id').execute();

      await db.schema
        .createTable('incident_reads')
        .addColumn('user_id', t.text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('seen_up_to', idType, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
    },
  };
}
