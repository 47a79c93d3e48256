import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCESS_REFUSED_MESSAGE } from '../../domain/roles/guard.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * spec 000 §2, §6: users without permission for the application, and refused routes opened with
 * ignoreRouteDefault. The refusal text is the spec's, word for word. The user stays here
 * (navigating away returns here, spec 000 §2) until they sign out.
 */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <CenteredPage heading={t('unauthorized.heading')}>
      <Text fw={500} data-testid="access-refused">
        {ACCESS_REFUSED_MESSAGE}
      </Text>
      <Text c="dimmed" fz="sm">
        {t('unauthorized.hint')}
      </Text>
      <Group justify="flex-end">
        <SignOutButton variant="filled" />
      </Group>
    </CenteredPage>
  );
}
