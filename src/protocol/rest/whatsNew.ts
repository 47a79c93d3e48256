/**
 * What's-new notes (spec 001 §3, 002 §3: version, text, active; 002 §2 /whats_new, super user),
 * shown to each user once after an upgrade (src/domain/whatsNew.ts). Paths and shapes are ours.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Page, PageQuery, PartOf, Removed, TextBetween } from './common.ts';

/** `{id}` of a what’s-new note (404 when there is none). */
const NoteParams = Schema.Struct({ id: PartOf('what’s-new note') });
import { NOTE_TEXT_MAX_LENGTH, NOTE_VERSION_MAX_LENGTH } from '../../domain/whatsNew.ts';

const TAGS = ['whatsNew'] as const;

export const WhatsNewNote = Schema.Struct({
  id: Id,
  version: Schema.String,
  text: Schema.String,
  active: Schema.Boolean,
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type WhatsNewNote = typeof WhatsNewNote.Type;

export const NOTE_SEARCH_KEYS = ['version', 'text'] as const;
export const NOTE_SORT_KEYS = ['version', 'active', 'createdAt', 'updatedAt'] as const;
export type NoteSearchKey = (typeof NOTE_SEARCH_KEYS)[number];
export type NoteSortKey = (typeof NOTE_SORT_KEYS)[number];

export const NoteBody = Schema.Struct({
  version: TextBetween(1, NOTE_VERSION_MAX_LENGTH),
  text: TextBetween(1, NOTE_TEXT_MAX_LENGTH),
  active: Schema.Boolean,
});
export type NoteBody = typeof NoteBody.Type;

export const listNotes = endpoint({
  method: 'GET',
  path: 'v2/admin/whatsNew',
  summary: 'What’s-new notes, paged, searched and sorted (newest version first by default)',
  tags: TAGS,
  query: PageQuery(NOTE_SEARCH_KEYS, NOTE_SORT_KEYS),
  response: Page(WhatsNewNote),
});

export const createNote = endpoint({ method: 'POST', path: 'v2/admin/whatsNew', summary: 'Write a what’s-new note for a version', tags: TAGS, body: NoteBody, response: WhatsNewNote, successStatus: 201 });
export const updateNote = endpoint({ method: 'PUT', path: 'v2/admin/whatsNew/{id}', summary: 'Change a what’s-new note', tags: TAGS, params: NoteParams, body: NoteBody, response: WhatsNewNote });
export const deleteNote = endpoint({ method: 'DELETE', path: 'v2/admin/whatsNew/{id}', summary: 'Delete a what’s-new note', tags: TAGS, params: NoteParams, response: Removed });

/** What the signed-in user is shown now: the running version and its new notes (none: nothing to show). */
export const WhatsNewForMe = Schema.Struct({ serverVersion: Schema.String, notes: Schema.Array(WhatsNewNote) });
export type WhatsNewForMe = typeof WhatsNewForMe.Type;

export const myWhatsNew = endpoint({
  method: 'GET',
  path: 'v2/whatsNew',
  summary: 'The what’s-new notes the signed-in user has not seen since the server’s version changed',
  tags: TAGS,
  response: WhatsNewForMe,
});

export const markWhatsNewSeen = endpoint({
  method: 'POST',
  path: 'v2/whatsNew/seen',
  summary: 'The signed-in user closed the notes: remember the running version',
  tags: TAGS,
  response: Schema.Struct({ seenVersion: Schema.String }),
});
