import { Button, Group, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { errorMessageOf } from '../../components/toasts.ts';

/** A loader or page that failed (server unreachable, 500): the message in words, and a way out. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? (error.status === 404 ? t('routeError.notFound') : `${error.status} ${error.statusText}`) : errorMessageOf(error);
  return (
    <CenteredPage heading={t('routeError.heading')}>
      <Text>{message}</Text>
      <Group justify="flex-end">
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
      </Group>
    </CenteredPage>
  );
}
