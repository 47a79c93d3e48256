/**
 * Where an entity is created or edited: a drawer on the right (EntityDrawer) holding the entity's
 * form (EntityFormBody: its fields, Enter saves, the refusal that names no field above them,
 * Cancel / Save and Delete for an existing entity at the bottom) and, for an existing entity,
 * other tabs (its members...). Saving disables the buttons and shows progress; closing never saves.
 * While the live connection is down the write buttons are disabled with the reason (useWriteBlock).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Group, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWriteBlock, WriteBlockNote } from './useWriteBlock.tsx';

export const DRAWER_WIDTH_PX = 560;

export interface EntityDrawerProps {
  readonly opened: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function EntityDrawer({ opened, title, onClose, children }: EntityDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size={DRAWER_WIDTH_PX} closeButtonProps={{ 'aria-label': t('kit.form.close') }} scrollAreaComponent={ScrollArea.Autosize}>
      {children}
    </Drawer>
  );
}

export interface EntityFormBodyProps {
  readonly onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  readonly onCancel: () => void;
  readonly submitting: boolean;
  readonly formError: string | null;
  /** 'create' labels the button Create, 'edit' labels it Save. */
  readonly mode: 'create' | 'edit';
  /** Shown for an existing entity the user may delete. */
  readonly onDelete?: (() => void) | undefined;
  /** False when the user may only look (the fields should be read-only too). */
  readonly canSave?: boolean;
  readonly children: ReactNode;
}

export function EntityFormBody({ onSubmit, onCancel, submitting, formError, mode, onDelete, canSave = true, children }: EntityFormBodyProps) {
  const { t } = useTranslation();
  // While the live connection is down, Save, Create and Delete are disabled and say why (issue 17).
  const blocked = useWriteBlock();
  const submit = (event?: React.FormEvent<HTMLFormElement>): void => {
    if (blocked !== null) {
      event?.preventDefault(); // Enter in a field: nothing is sent while writes are blocked
      return;
    }
    onSubmit(event);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError !== null && (
          <Alert color="red" variant="light" title={t('kit.form.refused')} role="alert">
            {formError}
          </Alert>
        )}
        {children}
        <WriteBlockNote reason={blocked} />
        <Group justify="space-between" mt="md">
          <Group gap="xs">
            {onDelete !== undefined && (
              <Button variant="subtle" color="red" onClick={onDelete} disabled={submitting || blocked !== null}>
                {t('kit.form.delete')}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('kit.form.cancel')}
            </Button>
            {canSave && (
              <Button type="submit" loading={submitting} disabled={blocked !== null}>
                {mode === 'create' ? t('kit.form.create') : t('kit.form.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
