import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { preferencesQuery, queryKeys } from '../../api/queries.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { errorMessageOf } from '../../components/toasts.ts';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * spec 000 §2, 002 §8: "If the user preferences cannot be loaded, the user is sent to /error."
 * Try again loads them afresh and lets the guard decide where to go.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery);
  const [retrying, setRetrying] = useState(false);

  const retry = async (): Promise<void> => {
    setRetrying(true);
    queryClient.removeQueries({ queryKey: queryKeys.preferences });
    try {
      await navigate('/', { replace: true });
    } finally {
      setRetrying(false);
    }
  };

  if (preferences.isPending) {
    return (
      <CenteredPage heading={t('routes.error')}>
        <Loader size="sm" />
      </CenteredPage>
    );
  }
  if (preferences.isSuccess) {
    return (
      <CenteredPage heading={t('routes.error')}>
        <Text>{t('errorPage.fine')}</Text>
        <Group justify="flex-end">
          <Button onClick={() => void navigate('/', { replace: true })}>{t('errorPage.continue')}</Button>
        </Group>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage heading={t('errorPage.heading')}>
      <Text>{t('errorPage.text')}</Text>
      <Text c="dimmed" fz="sm">
        {errorMessageOf(preferences.error)}
      </Text>
      <Group justify="space-between">
        <SignOutButton />
        <Button loading={retrying} onClick={() => void retry()}>
          {t('errorPage.retry')}
        </Button>
      </Group>
    </CenteredPage>
  );
}
