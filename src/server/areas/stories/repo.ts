/**
 * Stories (spec 001 §3) per inventory, and the story selected for each unit (ours), in the tables
 * of migration 0003. Values arrive checked by the domain (src/domain/stories.ts); the table CHECKs
 * (slugline 1-1024, other fields ≤ 1024 characters) are the last line.
 */
import type { Selectable } from 'kysely';
import type { Story, StoryForm, StorySearchKey, StorySortKey } from '../../../domain/stories.ts';
import type { StoriesTable } from '../../store/schema.ts';
import { containsText, lowerOf, type Db } from '../../store/queries.ts';

const toStory = (r: Selectable<StoriesTable>): Story => ({
  storyId: r.id,
  inventoryId: r.inventory_id,
  slugline: r.slugline,
  crewName: r.crew_name,
  usageTerms: r.usage_terms,
  provider: r.provider,
  reporter: r.reporter,
  keywords: r.keywords,
  comments: r.comments,
  lastModified: r.last_modified,
});

/** Search key → column (a closed list: never user text in SQL). */
const SEARCH_COLUMNS: Record<StorySearchKey, string> = {
  slugline: 'slugline',
  storyId: 'id',
  crewName: 'crew_name',
  provider: 'provider',
  reporter: 'reporter',
  keywords: 'keywords',
};

export interface StoryQuery {
  inventoryId: string;
  searchKey: StorySearchKey;
  searchValue?: string;
  sortBy: StorySortKey;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const textFields = (form: StoryForm) => ({
  slugline: form.slugline,
  crew_name: form.crewName,
  usage_terms: form.usageTerms,
  provider: form.provider,
  reporter: form.reporter,
  keywords: form.keywords,
  comments: form.comments,
});

export class StoryRepo {
  constructor(private readonly db: Db) {}

  async insert(id: string, inventoryId: string, form: StoryForm, now: number): Promise<Story> {
    await this.db
      .insertInto('stories')
      .values({ id, inventory_id: inventoryId, ...textFields(form), last_modified: now })
      .execute();
    const stored = await this.get(id);
    if (stored === undefined) throw new Error(`story ${id} was not stored`);
    return stored;
  }

  /** Replaces the text fields of a story of `inventoryId`; undefined when there is none. */
  async update(id: string, inventoryId: string, form: StoryForm, now: number): Promise<Story | undefined> {
    const result = await this.db
      .updateTable('stories')
      .set({ ...textFields(form), last_modified: now })
      .where('id', '=', id)
      .where('inventory_id', '=', inventoryId)
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? undefined : this.get(id);
  }

  /** Deletes a story of `inventoryId` (units that had it selected have none afterwards). */
  async delete(id: string, inventoryId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('stories').where('id', '=', id).where('inventory_id', '=', inventoryId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async get(id: string): Promise<Story | undefined> {
    const row = await this.db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStory(row);
  }

  /** One page of an inventory's stories, and how many match in all (search without case; slugline sorts without case). */
  async list(query: StoryQuery): Promise<{ total: number; stories: Story[] }> {
    const searching = query.searchValue !== undefined && query.searchValue !== '';
    let matching = this.db.selectFrom('stories').where('inventory_id', '=', query.inventoryId);
    if (searching) matching = matching.where(containsText(SEARCH_COLUMNS[query.searchKey], query.searchValue ?? ''));
    const count = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const key = query.sortBy === 'slugline' ? lowerOf('slugline') : 'last_modified';
    const rows = await matching
      .selectAll()
      .orderBy(key, query.sortDir === 'desc' ? 'desc' : 'asc')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { total: Number(count?.n ?? 0), stories: rows.map(toStory) };
  }

  /** The story selected for a unit, if any. */
  async selectedFor(unitUid: string): Promise<Story | undefined> {
    const row = await this.db
      .selectFrom('unit_stories as u')
      .innerJoin('stories as s', 's.id', 'u.story_id')
      .selectAll('s')
      .where('u.unit_uid', '=', unitUid)
      .executeTakeFirst();
    return row && toStory(row);
  }

  /** Selects a story for a unit (null clears the selection). */
  async select(unitUid: string, storyId: string | null, now: number): Promise<void> {
    if (storyId === null) {
      await this.db.deleteFrom('unit_stories').where('unit_uid', '=', unitUid).execute();
      return;
    }
    await this.db
      .insertInto('unit_stories')
      .values({ unit_uid: unitUid, story_id: storyId, selected_at: now })
      .onConflict((oc) => oc.column('unit_uid').doUpdateSet((eb) => ({ story_id: eb.ref('excluded.story_id'), selected_at: eb.ref('excluded.selected_at') })))
      .execute();
  }
}
