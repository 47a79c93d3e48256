/**
 * A publisher or subscriber in the drawer (spec 002 §3: name, share key, description, group,
 * created on and by; our folder). The form checks with the domain's rules as the user types (name
 * 1-32, share key, description) and shows the server's refusal on its field (a subscriber name or
 * share key already used in the inventory) without losing what was typed. An empty share key on
 * create lets the server draw one.
 */
import { Select, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { MESSAGES } from '../../domain/validation/messages.ts';
import { partyFormErrors, SHARE_DESCRIPTION_MAX_LENGTH, SHARE_NAME_MAX_LENGTH, type ShareKind } from '../../domain/shares.ts';
import type { ShareFolder, SharePartyRow } from '../../protocol/rest/shares.ts';
import { createParty, deleteParty, fetchInventoryGroups, invalidateShares, shareKeys, updateParty } from './queries.ts';

interface PartyValues extends Record<string, unknown> {
  name: string;
  shareKey: string;
  description: string;
  groupId: string | null;
  folderId: string;
}

export interface PartyDrawerProps {
  readonly kind: ShareKind;
  readonly inventoryId: string;
  /** The party to edit; null to create one. */
  readonly party: SharePartyRow | null;
  readonly folders: readonly ShareFolder[];
  /** The folder a new party goes to (the one the user is looking at). */
  readonly folderId: string;
  readonly onClose: () => void;
  readonly onSaved: (party: SharePartyRow) => void;
}

export function PartyDrawer({ kind, inventoryId, party, folders, folderId, onClose, onSaved }: PartyDrawerProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const deletion = useConfirmDelete({ entity: party, nameOf: (e) => e.name, remove: (e) => deleteParty(kind, inventoryId, e.id), afterDelete: () => { void invalidateShares(queryClient); onClose(); } });
  const groups = useQuery({ queryKey: shareKeys.groups(inventoryId), queryFn: ({ signal }) => fetchInventoryGroups(inventoryId, signal) });
  const one = t(`shares.${kind}.one`);

  const { form, submitting, formError, onSubmit } = useEntityForm<PartyValues, SharePartyRow>({
    initialValues: {
      name: party?.name ?? '',
      shareKey: party?.shareKey ?? '',
      description: party?.description ?? '',
      groupId: party?.groupId ?? null,
      folderId: party?.folderId ?? folderId,
    },
    validate: (values) => {
      const errors = partyFormErrors(kind, { ...values, inventoryId });
      // Editing: the key may not be emptied (only a new party gets one drawn).
      if (party !== null && values.shareKey.trim() === '') errors.shareKey = MESSAGES.required;
      return errors;
    },
    save: (values) => {
      const common = { name: values.name.trim(), description: values.description, groupId: values.groupId, folderId: values.folderId };
      return party === null
        ? createParty(kind, inventoryId, { ...common, ...(values.shareKey.trim() !== '' ? { shareKey: values.shareKey.trim() } : {}) })
        : updateParty(kind, inventoryId, party.id, { ...common, shareKey: values.shareKey.trim() });
    },
    onSaved: (saved) => {
      showSuccess(t(party === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      void invalidateShares(queryClient);
      onSaved(saved);
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <EntityDrawer opened title={party === null ? t('shares.form.createTitle', { kind: one }) : t('shares.form.editTitle', { kind: one, name: party.name })} onClose={onClose}>
      <EntityFormBody mode={party === null ? 'create' : 'edit'} onSubmit={onSubmit} onCancel={onClose} submitting={submitting} formError={formError} onDelete={party !== null ? deletion.ask : undefined}>
        <TextInput label={t('shares.form.name')} description={t('shares.form.nameHint', { max: SHARE_NAME_MAX_LENGTH })} required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label={t('shares.form.shareKey')}
          description={party === null ? t('shares.form.shareKeyNewHint') : t('shares.form.shareKeyHint')}
          required={party !== null}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('shareKey')}
        />
        <Textarea label={t('shares.form.description')} description={t('shares.form.descriptionHint', { max: SHARE_DESCRIPTION_MAX_LENGTH })} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
        <Select
          label={t('shares.form.group')}
          placeholder={t('shares.form.noGroup')}
          clearable
          searchable
          data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          nothingFoundMessage={t('kit.picker.noItems')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('groupId')}
        />
        <Select
          label={t('shares.form.folder')}
          required
          data={folders.map((f) => ({ value: f.id, label: f.name }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('folderId')}
        />
        {party !== null && (
          <TextInput label={t('shares.form.created')} value={t('shares.form.createdValue', { on: date.format(party.createdOn), by: party.createdBy || '—' })} readOnly variant="filled" />
        )}
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}
