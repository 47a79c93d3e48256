/**
 * System Settings › Client Application (spec 002 §3 name, application id, active; the staff
 * menu): the registry every call's `Application-Id` header is checked against. "Register
 * application" asks for a name; the server answers the new application id, which the drawer
 * shows with a copy button. An inactive application's calls are refused; the console's own
 * application is marked built-in and can be neither deactivated nor deleted.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, CopyButton, Group, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
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
import { clientApplicationErrors } from '../../domain/systemSettings.ts';
import {
  CLIENT_APPLICATION_SEARCH_KEYS,
  CLIENT_APPLICATION_SORT_KEYS,
  type ClientApplicationRow,
  type ClientApplicationSearchKey,
  type ClientApplicationSortKey,
} from '../../protocol/rest/systemSettings.ts';
import { createApplication, deleteApplication, fetchApplicationPage, invalidate, systemSettingsKeys, updateApplication } from './queries.ts';

/** Copy and done marks, drawn inline like the shell's icons (src/components/icons.tsx). */
const CopyMark = () => (
  <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </svg>
);
const DoneMark = () => (
  <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <path d="M5 12l5 5L20 7" />
  </svg>
);

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly app: ClientApplicationRow };

/** The application id in a monospace line with a copy button (callers paste it into their Application-Id header). */
export function ApplicationId({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" fz="sm" data-testid="application-id">
        {id}
      </Text>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('systemSettings.apps.copied') : t('systemSettings.apps.copy')} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={(event) => { event.stopPropagation(); copy(); }} aria-label={t('systemSettings.apps.copy')}>
              {copied ? <DoneMark /> : <CopyMark />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function ApplicationDrawer({ app, onClose, onSaved }: { readonly app: ClientApplicationRow | null; readonly onClose: () => void; readonly onSaved: (app: ClientApplicationRow) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deletion = useConfirmDelete({ entity: app, nameOf: (e) => e.name, remove: (e) => deleteApplication(e.applicationId), afterDelete: () => { void invalidate(queryClient, systemSettingsKeys.applications); onClose(); } });
  const { form, submitting, formError, onSubmit } = useEntityForm<{ name: string; active: boolean }, ClientApplicationRow>({
    initialValues: { name: app?.name ?? '', active: app?.active ?? true },
    validate: (values) => clientApplicationErrors({ name: values.name.trim() }),
    save: (values) => (app === null ? createApplication({ name: values.name.trim(), active: values.active }) : updateApplication(app.applicationId, { name: values.name.trim(), active: values.active })),
    onSaved: (saved) => {
      showSuccess(t(app === null ? 'systemSettings.apps.registered' : 'kit.form.saved', { name: saved.name }));
      void invalidate(queryClient, systemSettingsKeys.applications);
      onSaved(saved);
    },
  });
  return (
    <EntityDrawer opened title={app === null ? t('systemSettings.apps.createTitle') : t('systemSettings.apps.editTitle', { name: app.name })} onClose={onClose}>
      <EntityFormBody
        mode={app === null ? 'create' : 'edit'}
        onSubmit={onSubmit}
        onCancel={onClose}
        submitting={submitting}
        formError={formError}
        onDelete={app !== null && !app.builtIn ? deletion.ask : undefined}
      >
        <TextInput label={t('systemSettings.apps.name')} required data-autofocus {...form.getInputProps('name')} />
        {app !== null && (
          <div>
            <Text fz="sm" fw={500}>
              {t('systemSettings.apps.applicationId')}
            </Text>
            <ApplicationId id={app.applicationId} />
            <Text fz="xs" c="dimmed">
              {t('systemSettings.apps.applicationIdHint')}
            </Text>
          </div>
        )}
        <Switch
          label={t('systemSettings.apps.active')}
          description={app?.builtIn === true ? t('systemSettings.apps.builtInHint') : t('systemSettings.apps.activeHint')}
          disabled={app?.builtIn === true}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}

export default function ClientApplicationsTab() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<ClientApplicationSearchKey, ClientApplicationSortKey, ClientApplicationRow>({
    queryKey: systemSettingsKeys.applications,
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: fetchApplicationPage,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: DataTableColumn<ClientApplicationRow>[] = [
    { accessor: 'name', title: t('systemSettings.apps.name'), sortable: true, render: (app) => <Text fw={600} fz="sm">{app.name}</Text> },
    { accessor: 'applicationId', title: t('systemSettings.apps.applicationId'), sortable: true, render: (app) => <ApplicationId id={app.applicationId} /> },
    {
      accessor: 'active',
      title: t('systemSettings.apps.active'),
      sortable: true,
      render: (app) => (
        <Group gap={4}>
          <Badge color={app.active ? 'green' : 'gray'} variant="light">
            {app.active ? t('systemSettings.apps.activeYes') : t('systemSettings.apps.activeNo')}
          </Badge>
          {app.builtIn && <Badge variant="outline">{t('systemSettings.apps.builtIn')}</Badge>}
        </Group>
      ),
    },
    // The console's own application was registered by the first migration, with no time (0).
    { accessor: 'createdAt', title: t('systemSettings.apps.createdAt'), sortable: true, render: (app) => (app.createdAt === 0 ? <Text c="dimmed" fz="sm">—</Text> : date.format(app.createdAt)) },
  ];
  return (
    <AdminPage
      title={t('routes.psg/system_settings/client_application')}
      description={t('systemSettings.apps.description')}
      actions={<Button onClick={() => setEditing({ kind: 'new' })}>{t('systemSettings.apps.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={CLIENT_APPLICATION_SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemSettings.apps.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('systemSettings.tabs.client_application')} list={list} columns={columns} sortKeys={CLIENT_APPLICATION_SORT_KEYS} idAccessor="applicationId" onRowClick={(app) => setEditing({ kind: 'existing', app })} />
      {editing.kind !== 'closed' && (
        <ApplicationDrawer
          key={editing.kind === 'existing' ? editing.app.applicationId : 'new'}
          app={editing.kind === 'existing' ? editing.app : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(app) => setEditing({ kind: 'existing', app })}
        />
      )}
    </AdminPage>
  );
}
