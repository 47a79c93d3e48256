/** What's-new notes and what each user last saw (migration 0014). SQL only. */
import { containsText, lowerOf, toFlag, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { NoteSearchKey, NoteSortKey, WhatsNewNote } from '../../../protocol/rest/whatsNew.ts';
import type { WhatsNewNotesTable } from '../../store/schema.ts';
import type { Selectable } from 'kysely';

const toNote = (r: Selectable<WhatsNewNotesTable>): WhatsNewNote => ({
  id: r.id,
  version: r.version,
  text: r.text,
  active: r.active === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export class WhatsNewRepo {
  constructor(private readonly db: Db) {}

  async page(request: PageRequest<NoteSearchKey, NoteSortKey>): Promise<{ total: number; items: WhatsNewNote[] }> {
    let query = this.db.selectFrom('whats_new_notes').selectAll();
    if (request.searchValue !== '') query = query.where(containsText(request.searchKey, request.searchValue));
    const total = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = { version: 'version', active: 'active', createdAt: 'created_at', updatedAt: 'updated_at' } as const;
    // Versions sort as text here (a page of notes); the dialog orders them as dotted numbers (domain).
    const sorted = request.sortBy === 'version' ? query.orderBy(lowerOf('version'), request.sortDir) : query.orderBy(column[request.sortBy], request.sortDir);
    const rows = await sorted.orderBy('created_at', 'desc').orderBy('id').limit(request.limit).offset(request.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map(toNote) };
  }

  async all(): Promise<WhatsNewNote[]> {
    return (await this.db.selectFrom('whats_new_notes').selectAll().orderBy('created_at').execute()).map(toNote);
  }

  async get(id: string): Promise<WhatsNewNote | undefined> {
    const row = await this.db.selectFrom('whats_new_notes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toNote(row);
  }

  async insert(note: WhatsNewNote): Promise<void> {
    await this.db
      .insertInto('whats_new_notes')
      .values({ id: note.id, version: note.version, text: note.text, active: toFlag(note.active), created_at: note.createdAt, updated_at: note.updatedAt })
      .execute();
  }

  async update(id: string, note: { version: string; text: string; active: boolean; updatedAt: number }): Promise<void> {
    await this.db.updateTable('whats_new_notes').set({ version: note.version, text: note.text, active: toFlag(note.active), updated_at: note.updatedAt }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<number> {
    return Number((await this.db.deleteFrom('whats_new_notes').where('id', '=', id).executeTakeFirst()).numDeletedRows);
  }

  async seenVersion(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('whats_new_seen').select('version').where('user_id', '=', userId).executeTakeFirst();
    return row?.version ?? null;
  }

  async markSeen(userId: string, version: string, at: number): Promise<void> {
    await this.db
      .insertInto('whats_new_seen')
      .values({ user_id: userId, version, seen_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ version, seen_at: at }))
      .execute();
  }
}
