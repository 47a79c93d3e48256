import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A code, key or link shown read-only with a copy button. */
export function CodeField({ label, value, testId, small = false }: { label: string; value: string; testId: string; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text ff="monospace" fw={600} fz={small ? 'sm' : 'md'} data-testid={testId} style={{ wordBreak: 'break-all', minWidth: 0 }}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" style={{ flexShrink: 0 }} onClick={copy} aria-label={t('adhoc.copyLabel', { what: label })}>
              {copied ? t('adhoc.copied') : t('adhoc.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A time (ms since epoch) as a person reads it. */
export const formatTime = (ms: number): string => new Date(ms).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
