/**
 * The delete flow every entity drawer shares: ask (ConfirmDelete names the entity and shows the
 * server's refusal in place), delete, say so in a toast, then let the caller refresh its lists and
 * close. `ask` opens the question; put `dialog` anywhere in the drawer.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../toasts.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';

export interface ConfirmDeleteOptions<T> {
  /** The entity the drawer shows; null while creating (nothing to delete). */
  readonly entity: T | null;
  /** The name the question and the toast give it. */
  readonly nameOf: (entity: T) => string;
  /** Deletes it on the server; a rejection stays in the dialog. */
  readonly remove: (entity: T) => Promise<unknown>;
  /** After the deletion: refresh the lists, close the drawer. */
  readonly afterDelete: () => void;
}

export function useConfirmDelete<T>({ entity, nameOf, remove, afterDelete }: ConfirmDeleteOptions<T>): { ask: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const dialog = (
    <ConfirmDelete
      name={confirming && entity !== null ? nameOf(entity) : null}
      onCancel={() => setConfirming(false)}
      onConfirm={async () => {
        if (entity === null) return;
        await remove(entity);
        setConfirming(false);
        showSuccess(t('kit.confirmDelete.deleted', { name: nameOf(entity) }));
        afterDelete();
      }}
    />
  );
  return { ask: () => setConfirming(true), dialog };
}
