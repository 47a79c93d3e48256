/**
 * Stories (spec 001 §3) per inventory, and the story selected for each unit (ours), in the tables
 * of migration 3. Values arrive checked by the domain (src/domain/stories.ts); the table CHECKs
 * (slugline 1-1024, other fields ≤ 1024 characters) are the last line.
 *
 * The repository is not a member of Store (store.ts is shared): `storiesOf(store)` makes one per
 * store, with its statements prepared once.
 */
import type Database from 'better-sqlite3';
import type { Story, StoryForm, StorySearchKey } from '../../domain/stories.ts';
import type { Store } from './store.ts';

interface Row {
  id: string;
  inventory_id: string;
  slugline: string;
  crew_name: string;
  usage_terms: string;
  provider: string;
  reporter: string;
  keywords: string;
  comments: string;
  last_modified: number;
}

const toStory = (r: Row): Story => ({
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

export const STORY_SORT_KEYS = ['slugline', 'lastModified'] as const;
export type StorySortKey = (typeof STORY_SORT_KEYS)[number];
const SORT_COLUMNS: Record<StorySortKey, string> = { slugline: 'slugline COLLATE NOCASE', lastModified: 'last_modified' };

export interface StoryQuery {
  inventoryId: string;
  searchKey: StorySearchKey;
  searchValue?: string;
  sortBy: StorySortKey;
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` of a search value match themselves. */
const likePattern = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const params = (id: string, inventoryId: string, form: StoryForm, now: number) => ({
  id,
  inventoryId,
  slugline: form.slugline,
  crewName: form.crewName,
  usageTerms: form.usageTerms,
  provider: form.provider,
  reporter: form.reporter,
  keywords: form.keywords,
  comments: form.comments,
  now,
});

export class StoryRepo {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly getStmt;
  private readonly selectedStmt;
  private readonly selectStmt;
  private readonly unselectStmt;
  private readonly listCache = new Map<string, { count: Database.Statement<[Record<string, unknown>], { n: number }>; page: Database.Statement<[Record<string, unknown>], Row> }>();

  constructor(private readonly db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO stories (id, inventory_id, slugline, crew_name, usage_terms, provider, reporter, keywords, comments, last_modified)
       VALUES (@id, @inventoryId, @slugline, @crewName, @usageTerms, @provider, @reporter, @keywords, @comments, @now)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE stories SET slugline = @slugline, crew_name = @crewName, usage_terms = @usageTerms, provider = @provider,
         reporter = @reporter, keywords = @keywords, comments = @comments, last_modified = @now
       WHERE id = @id AND inventory_id = @inventoryId`,
    );
    this.deleteStmt = db.prepare<[string, string]>('DELETE FROM stories WHERE id = ? AND inventory_id = ?');
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM stories WHERE id = ?');
    this.selectedStmt = db.prepare<[string], Row>(
      'SELECT s.* FROM unit_stories u JOIN stories s ON s.id = u.story_id WHERE u.unit_uid = ?',
    );
    this.selectStmt = db.prepare<[string, string, number]>(
      `INSERT INTO unit_stories (unit_uid, story_id, selected_at) VALUES (?, ?, ?)
       ON CONFLICT(unit_uid) DO UPDATE SET story_id = excluded.story_id, selected_at = excluded.selected_at`,
    );
    this.unselectStmt = db.prepare<[string]>('DELETE FROM unit_stories WHERE unit_uid = ?');
  }

  insert(id: string, inventoryId: string, form: StoryForm, now: number): Story {
    this.insertStmt.run(params(id, inventoryId, form, now));
    const stored = this.get(id);
    if (stored === undefined) throw new Error(`story ${id} was not stored`);
    return stored;
  }

  /** Replaces the text fields of a story of `inventoryId`; undefined when there is none. */
  update(id: string, inventoryId: string, form: StoryForm, now: number): Story | undefined {
    const result = this.updateStmt.run(params(id, inventoryId, form, now));
    return result.changes === 0 ? undefined : this.get(id);
  }

  /** Deletes a story of `inventoryId` (units that had it selected have none afterwards). */
  delete(id: string, inventoryId: string): boolean {
    return this.deleteStmt.run(id, inventoryId).changes > 0;
  }

  get(id: string): Story | undefined {
    const row = this.getStmt.get(id);
    return row && toStory(row);
  }

  /** One page of an inventory's stories, and how many match in all. */
  list(query: StoryQuery): { total: number; stories: Story[] } {
    const searching = query.searchValue !== undefined && query.searchValue !== '';
    const statements = this.listStatements(searching ? query.searchKey : null, query.sortBy, query.sortDir);
    const bind = { inventoryId: query.inventoryId, ...(searching ? { pattern: likePattern(query.searchValue ?? '') } : {}) };
    const total = statements.count.get(bind)?.n ?? 0;
    const rows = statements.page.all({ ...bind, limit: query.limit, offset: query.offset });
    return { total, stories: rows.map(toStory) };
  }

  /** Count and page statements per search key and order, prepared once (a closed set of shapes). */
  private listStatements(searchKey: StorySearchKey | null, sortBy: StorySortKey, sortDir: 'asc' | 'desc') {
    const key = `${searchKey ?? ''}|${sortBy}|${sortDir}`;
    let statements = this.listCache.get(key);
    if (statements === undefined) {
      const where = `inventory_id = @inventoryId${searchKey !== null ? ` AND ${SEARCH_COLUMNS[searchKey]} LIKE @pattern ESCAPE '\\' COLLATE NOCASE` : ''}`;
      const order = `${SORT_COLUMNS[sortBy]} ${sortDir === 'desc' ? 'DESC' : 'ASC'}, id`;
      statements = {
        count: this.db.prepare<[Record<string, unknown>], { n: number }>(`SELECT COUNT(*) AS n FROM stories WHERE ${where}`),
        page: this.db.prepare<[Record<string, unknown>], Row>(`SELECT * FROM stories WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`),
      };
      this.listCache.set(key, statements);
    }
    return statements;
  }

  /** The story selected for a unit, if any. */
  selectedFor(unitUid: string): Story | undefined {
    const row = this.selectedStmt.get(unitUid);
    return row && toStory(row);
  }

  /** Selects a story for a unit (null clears the selection). */
  select(unitUid: string, storyId: string | null, now: number): void {
    if (storyId === null) this.unselectStmt.run(unitUid);
    else this.selectStmt.run(unitUid, storyId, now);
  }
}

const repos = new WeakMap<Store, StoryRepo>();

/** The store's story repository (made on first use). */
export function storiesOf(store: Store): StoryRepo {
  let repo = repos.get(store);
  if (repo === undefined) {
    repo = new StoryRepo(store.db);
    repos.set(store, repo);
  }
  return repo;
}

/** Demo stories (issue 5): four per inventory, with fixed ids so a demo database reads the same everywhere. */
const DEMO_STORY_TEXTS: readonly Omit<StoryForm, 'crewName' | 'usageTerms'>[] = [
  { slugline: 'FLOODS-RIVERSIDE', provider: 'Newsroom', reporter: 'A. Moreau', keywords: 'weather, floods', comments: 'Live at 18:00' },
  { slugline: 'ELECTION-NIGHT', provider: 'Newsroom', reporter: 'J. Okafor', keywords: 'politics, results', comments: '' },
  { slugline: 'CITY-MARATHON', provider: 'Sports desk', reporter: 'L. Chen', keywords: 'sport, running', comments: 'Finish line camera' },
  { slugline: 'MARKET-OPEN', provider: 'Business desk', reporter: 'R. Patel', keywords: 'economy', comments: '' },
];

export function seedDemoStories(store: Store, inventories: readonly { id: string }[], now: number): void {
  const repo = storiesOf(store);
  for (const inventory of inventories) {
    const tag = inventory.id.replace(/^INV-/, '');
    DEMO_STORY_TEXTS.forEach((text, i) => {
      repo.insert(`STY-${tag}-${i + 1}`, inventory.id, { ...text, crewName: `Crew ${i + 1}`, usageTerms: 'Internal use only' }, now);
    });
  }
}
