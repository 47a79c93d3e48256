/** What's New calls (src/protocol/rest/whatsNew.ts) and their query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/whatsNew.ts';

export const whatsNewKeys = {
  all: ['whatsNew'] as const,
  list: ['whatsNew', 'list'] as const,
  mine: ['whatsNew', 'mine'] as const,
};

export const fetchNotePage = (request: PageRequest<api.NoteSearchKey, api.NoteSortKey>, signal: AbortSignal) => call(api.listNotes, { query: request }, { signal });
export const createNote = (body: api.NoteBody) => call(api.createNote, { body });
export const updateNote = (id: string, body: api.NoteBody) => call(api.updateNote, { params: { id }, body });
export const deleteNote = (id: string) => call(api.deleteNote, { params: { id } });
export const fetchMyNotes = (signal: AbortSignal) => call(api.myWhatsNew, {}, { signal });
export const markSeen = () => call(api.markWhatsNewSeen, {});

/** After a write: the list (the writer's own dialog asks again at the next page load, as every user's). */
export async function invalidateNotes(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: whatsNewKeys.list });
}
