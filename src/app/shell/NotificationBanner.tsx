import { useState } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notificationFlags } from '../../domain/notifications.ts';
import { useNotifications } from '../../api/queries.ts';
import { InfoIcon } from '../../components/icons.tsx';

/**
 * spec 002 §3, §4: global notifications shown until their expiry, flagged when they expire within
 * 24 hours and again within 2 hours. Flags are computed again at each render from the domain rule
 * (the server's flags are as old as the last poll). A hidden notice stays hidden in this page.
 */
export function NotificationBanner() {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const now = Date.now();
  const shown = (data ?? []).flatMap((notification) => {
    if (hidden.has(notification.id) || notification.globalNotification.trim() === '') return [];
    const flags = notificationFlags(notification.expireDate, now);
    return flags.shown ? [{ notification, flags }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map(({ notification, flags }) => (
        <Alert
          key={notification.id}
          variant="light"
          color={flags.expiresWithin2h ? 'orange' : 'cyan'}
          icon={<InfoIcon />}
          withCloseButton
          closeButtonLabel={t('notifications.dismiss')}
          onClose={() => setHidden((before) => new Set([...before, notification.id]))}
          data-testid="global-notification"
          py="xs"
        >
          <Group gap="sm" wrap="wrap">
            <Text fz="sm">{notification.globalNotification}</Text>
            {flags.expiresWithin2h ? (
              <Badge color="orange" variant="filled" size="sm">
                {t('notifications.within2h')}
              </Badge>
            ) : (
              flags.expiresWithin24h && (
                <Badge color="yellow" variant="light" size="sm">
                  {t('notifications.within24h')}
                </Badge>
              )
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
