import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApplicationUrls } from '../../api/queries.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { ReturnVideoIcon } from '../../components/icons.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/** spec 000 §6: "Video-return viewers receive a limited-access page pointing to the video return portal." */
export function LimitedAccessPage() {
  const { t } = useTranslation();
  const urls = useApplicationUrls();
  return (
    <CenteredPage heading={t('limitedAccess.heading')}>
      <Text>{t('limitedAccess.text')}</Text>
      {urls.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed" fz="sm">
            {t('limitedAccess.loading')}
          </Text>
        </Group>
      )}
      {urls.isError && (
        <Text c="red" fz="sm">
          {t('limitedAccess.failed')}
        </Text>
      )}
      <Group justify="space-between">
        <SignOutButton />
        {urls.data !== undefined && (
          <Button component="a" href={urls.data.videoReturnPortal} leftSection={<ReturnVideoIcon />}>
            {t('limitedAccess.open')}
          </Button>
        )}
      </Group>
    </CenteredPage>
  );
}
