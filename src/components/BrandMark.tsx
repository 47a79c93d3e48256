import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The console's name with an on-air dot, for the header and the pages outside the shell. */
export function BrandMark({ size = 'md' }: { readonly size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const dot = size === 'lg' ? 12 : 10;
  return (
    <Group gap={8} wrap="nowrap">
      <span aria-hidden style={{ width: dot, height: dot, borderRadius: '50%', background: 'var(--mantine-color-red-6)', boxShadow: '0 0 8px var(--mantine-color-red-6)' }} />
      <Text fw={700} fz={size === 'lg' ? 'xl' : 'md'} style={{ letterSpacing: '0.02em', whiteSpace: 'nowrap' }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
