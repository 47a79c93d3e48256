import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageTitleKey } from '../../domain/roles/guard.ts';
import { translatedTitle } from '../../i18n/i18n.ts';
import { InfoIcon } from '../../components/icons.tsx';

/** A shell route whose screen comes in a later issue: its title and an honest notice, nothing fake. */
export function LaterReleasePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = translatedTitle(t, pageTitleKey(pathname));
  return (
    <Stack gap="lg" maw={760}>
      <Group gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          {t('later.badge')}
        </Badge>
      </Group>
      <Paper withBorder p="lg" radius="md" data-testid="later-release">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Text c="cyan" mt={2}>
            <InfoIcon size={22} />
          </Text>
          <Stack gap={4}>
            <Text fw={600}>{t('later.notice')}</Text>
            <Text c="dimmed" fz="sm">
              {t('later.detail')}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
