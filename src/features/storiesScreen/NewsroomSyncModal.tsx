/** Placeholder replaced by the newsroom sync settings (ingest account, XSLT mapping). */
import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function NewsroomSyncModal({ onClose }: { inventoryId: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('storiesScreen.sync')}>
      <Text>{t('storiesScreen.syncLater')}</Text>
    </Modal>
  );
}
