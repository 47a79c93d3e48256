/**
 * What's New (spec 002 §2 /whats_new, super user; §3 what's-new: version, text, active): the
 * notes users are shown once after an upgrade, newest version first. A new note starts at the
 * running server's version; an inactive note is kept but shown to nobody.
 */
import { useState } from 'react';
import { Badge, Button, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { showSuccess } from '../../components/toasts.ts';
import { noteErrors } from '../../domain/whatsNew.ts';
import { NOTE_SEARCH_KEYS, NOTE_SORT_KEYS, type NoteSearchKey, type NoteSortKey, type WhatsNewNote } from '../../protocol/rest/whatsNew.ts';
import { createNote, deleteNote, fetchMyNotes, fetchNotePage, invalidateNotes, updateNote, whatsNewKeys } from './queries.ts';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly note: WhatsNewNote };
type NoteValues = { version: string; text: string; active: boolean };

function NoteDrawer({ note, serverVersion, onClose, onSaved }: { readonly note: WhatsNewNote | null; readonly serverVersion: string; readonly onClose: () => void; readonly onSaved: (note: WhatsNewNote) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<NoteValues, WhatsNewNote>({
    initialValues: { version: note?.version ?? serverVersion, text: note?.text ?? '', active: note?.active ?? true },
    validate: (values) => noteErrors(values),
    save: (values) => {
      const body = { version: values.version.trim(), text: values.text.trim(), active: values.active };
      return note === null ? createNote(body) : updateNote(note.id, body);
    },
    onSaved: (saved) => {
      showSuccess(t(note === null ? 'kit.form.created' : 'kit.form.saved', { name: t('whatsNew.noteName', { version: saved.version }) }));
      void invalidateNotes(queryClient);
      onSaved(saved);
    },
  });
  const name = note === null ? '' : t('whatsNew.noteName', { version: note.version });
  const deletion = useConfirmDelete({ entity: note, nameOf: () => name, remove: (e) => deleteNote(e.id), afterDelete: () => { void invalidateNotes(queryClient); onClose(); } });
  return (
    <EntityDrawer opened title={note === null ? t('whatsNew.createTitle') : t('whatsNew.editTitle', { name })} onClose={onClose}>
      <EntityFormBody mode={note === null ? 'create' : 'edit'} onSubmit={onSubmit} onCancel={onClose} submitting={submitting} formError={formError} onDelete={note !== null ? deletion.ask : undefined}>
        <TextInput label={t('whatsNew.version')} description={t('whatsNew.versionHint', { version: serverVersion })} required data-autofocus {...form.getInputProps('version')} />
        <Textarea label={t('whatsNew.text')} required autosize minRows={5} maxRows={14} {...form.getInputProps('text')} />
        <Switch label={t('whatsNew.active')} description={t('whatsNew.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}

export default function WhatsNewScreen() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const mine = useQuery({ queryKey: whatsNewKeys.mine, queryFn: ({ signal }) => fetchMyNotes(signal) });
  const serverVersion = mine.data?.serverVersion ?? '';
  const list = usePagedList<NoteSearchKey, NoteSortKey, WhatsNewNote>({
    queryKey: whatsNewKeys.list,
    defaultKey: 'text',
    defaultSort: 'version',
    defaultSortDir: 'desc',
    fetchPage: fetchNotePage,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: DataTableColumn<WhatsNewNote>[] = [
    { accessor: 'version', title: t('whatsNew.version'), sortable: true, render: (n) => <Text fw={600} fz="sm" ff="monospace">{n.version}</Text> },
    { accessor: 'text', title: t('whatsNew.text'), render: (n) => <Text fz="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>{n.text}</Text> },
    {
      accessor: 'active',
      title: t('whatsNew.active'),
      sortable: true,
      render: (n) => <Badge color={n.active ? 'green' : 'gray'} variant="light">{n.active ? t('whatsNew.activeYes') : t('whatsNew.activeNo')}</Badge>,
    },
    { accessor: 'updatedAt', title: t('whatsNew.updatedAt'), sortable: true, render: (n) => date.format(n.updatedAt) },
  ];
  return (
    <AdminPage
      title={t('routes.psg/whats_new')}
      description={t('whatsNew.description', { version: serverVersion })}
      actions={<Button onClick={() => setEditing({ kind: 'new' })} disabled={mine.data === undefined}>{t('whatsNew.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={NOTE_SEARCH_KEYS.map((key) => ({ value: key, label: t(`whatsNew.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('routes.psg/whats_new')} list={list} columns={columns} sortKeys={NOTE_SORT_KEYS} idAccessor="id" onRowClick={(note) => setEditing({ kind: 'existing', note })} />
      {editing.kind !== 'closed' && (
        <NoteDrawer
          key={editing.kind === 'existing' ? editing.note.id : 'new'}
          note={editing.kind === 'existing' ? editing.note : null}
          serverVersion={serverVersion}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(note) => setEditing({ kind: 'existing', note })}
        />
      )}
    </AdminPage>
  );
}
