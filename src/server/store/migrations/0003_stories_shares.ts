/**
 * Migration 0003 (legacy schema_version 3): stories, the story selected per unit, share publishers
 * and subscribers, and each unit's sharing options. Never edit a shipped migration: add the next
 * number.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, maxLength, NOCASE, trimmedLength, WITHOUT_ROWID } from './ddl.ts';

/** spec 001 §9: story fields hold at most 1024 characters. */
const STORY_FIELD_MAX = 1024;
/** spec 002 §5: publisher and subscriber names hold 1-32 characters. */
const SHARE_NAME_MAX = 32;

export function storiesShares(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  return {
    async up(db: Kysely<any>): Promise<void> {
      // spec 001 §3 Story; §9 fields max 1024 (characters), slugline required. id is the storyId.
      let stories = db.schema
        .createTable('stories')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('slugline', t.text, (c) => c.notNull().check(trimmedLength('slugline', 1, STORY_FIELD_MAX)));
      for (const field of ['crew_name', 'usage_terms', 'provider', 'reporter', 'keywords', 'comments']) {
        stories = stories.addColumn(field, t.text, (c) => c.notNull().defaultTo('').check(maxLength(field, STORY_FIELD_MAX)));
      }
      await stories.addColumn('last_modified', t.time, (c) => c.notNull()).execute();
      await db.schema.createIndex('stories_inventory').on('stories').columns(['inventory_id', 'slugline']).execute();

      // The story selected for a unit (ours); deleting the story or the unit clears it.
      await db.schema
        .createTable('unit_stories')
        .addColumn('unit_uid', t.text, (c) => c.primaryKey().references('units.uid').onDelete('cascade'))
        .addColumn('story_id', t.text, (c) => c.notNull().references('stories.id').onDelete('cascade'))
        .addColumn('selected_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('unit_stories_story').on('unit_stories').column('story_id').execute();

      // spec 002 §3 Publisher (subscriber similar); §5 names 1-32, subscriber name and share key unique per inventory.
      await db.schema
        .createTable('share_publishers')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => c.notNull().check(trimmedLength('name', 1, SHARE_NAME_MAX)))
        .addColumn('share_key', t.text, (c) => c.notNull())
        .addColumn('description', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('group_id', t.text, (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('created_on', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('share_publishers_inventory').on('share_publishers').column('inventory_id').execute();

      let subscribers = db.schema
        .createTable('share_subscribers')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => {
          const checked = c.notNull().check(trimmedLength('name', 1, SHARE_NAME_MAX));
          return sqlite ? checked.modifyEnd(NOCASE) : checked;
        })
        .addColumn('share_key', t.text, (c) => (sqlite ? c.notNull().modifyEnd(NOCASE) : c.notNull()))
        .addColumn('description', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('group_id', t.text, (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('created_on', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''));
      if (sqlite) {
        subscribers = subscribers
          .addUniqueConstraint('share_subscribers_name', ['inventory_id', 'name'])
          .addUniqueConstraint('share_subscribers_share_key', ['inventory_id', 'share_key']);
      }
      await subscribers.execute();
      if (!sqlite) {
        await sql`create unique index share_subscribers_name on share_subscribers (inventory_id, lower(name))`.execute(db);
        await sql`create unique index share_subscribers_share_key on share_subscribers (inventory_id, lower(share_key))`.execute(db);
      }

      // A unit's sharing options (ours): its live stream goes to these subscribers (multipoint share).
      let unitShares = db.schema
        .createTable('unit_shares')
        .addColumn('unit_uid', t.text, (c) => c.notNull().references('units.uid').onDelete('cascade'))
        .addColumn('subscriber_id', t.text, (c) => c.notNull().references('share_subscribers.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('unit_shares_pkey', ['unit_uid', 'subscriber_id']);
      if (sqlite) unitShares = unitShares.modifyEnd(WITHOUT_ROWID);
      await unitShares.execute();
      await db.schema.createIndex('unit_shares_subscriber').on('unit_shares').column('subscriber_id').execute();
    },
  };
}
