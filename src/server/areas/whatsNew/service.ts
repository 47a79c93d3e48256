/**
 * What's-new notes (spec 001 §3, 002 §3): the super user writes them; each user is shown the new
 * active ones once after the server's version changed (src/domain/whatsNew.ts decides which).
 */
import { randomUUID } from 'node:crypto';
import { noteErrors, notesToShow } from '../../../domain/whatsNew.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import { NOTE_SEARCH_KEYS, NOTE_SORT_KEYS, type NoteBody, type WhatsNewForMe, type WhatsNewNote } from '../../../protocol/rest/whatsNew.ts';
import { notFound, refuseFields } from '../../http/errors.ts';
import type { Store } from '../../store/store.ts';

type PageInput = Parameters<typeof pageRequest<(typeof NOTE_SEARCH_KEYS)[number], (typeof NOTE_SORT_KEYS)[number]>>[0];

export class WhatsNewService {
  constructor(
    private readonly store: Store,
    /** The running server's version (package.json). */
    private readonly serverVersion: () => Promise<string>,
    private readonly now: () => number,
  ) {}

  async page(query: PageInput) {
    // Newest version first unless the caller sorts otherwise.
    const request = pageRequest({ sortDir: query.sortBy === undefined ? 'desc' : 'asc', ...query }, NOTE_SEARCH_KEYS, NOTE_SORT_KEYS);
    const page = await this.store.whatsNew.page(request);
    return { total: page.total, limit: request.limit, offset: request.offset, items: page.items };
  }

  private async note(id: string): Promise<WhatsNewNote> {
    const note = await this.store.whatsNew.get(id);
    if (note === undefined) throw notFound(`What’s-new note '${id.slice(0, 64)}' not found`);
    return note;
  }

  private static cleaned(body: NoteBody): NoteBody {
    const form = { version: body.version.trim(), text: body.text.trim(), active: body.active };
    refuseFields(noteErrors(form));
    return form;
  }

  async create(body: NoteBody): Promise<WhatsNewNote> {
    const form = WhatsNewService.cleaned(body);
    const at = this.now();
    const note: WhatsNewNote = { id: `WN-${randomUUID()}`, ...form, createdAt: at, updatedAt: at };
    await this.store.whatsNew.insert(note);
    return note;
  }

  async update(id: string, body: NoteBody): Promise<WhatsNewNote> {
    await this.note(id);
    await this.store.whatsNew.update(id, { ...WhatsNewService.cleaned(body), updatedAt: this.now() });
    return this.note(id);
  }

  async remove(id: string): Promise<number> {
    await this.note(id);
    return this.store.whatsNew.delete(id);
  }

  /** The notes this user has not closed since the running version changed. */
  async forUser(userId: string): Promise<WhatsNewForMe> {
    const [serverVersion, seen, notes] = await Promise.all([this.serverVersion(), this.store.whatsNew.seenVersion(userId), this.store.whatsNew.all()]);
    return { serverVersion, notes: notesToShow(notes, serverVersion, seen) };
  }

  async markSeen(userId: string): Promise<{ seenVersion: string }> {
    const version = await this.serverVersion();
    await this.store.whatsNew.markSeen(userId, version, this.now());
    return { seenVersion: version };
  }
}
