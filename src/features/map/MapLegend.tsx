/** The status colours of the map's points. */
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_FACING_STATUSES } from '../../domain/units/status.ts';
import { STATUS_HEX } from '../fleet/statusColours.ts';

export function MapLegend() {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" px="sm" py={6} radius="md" style={{ position: 'absolute', left: 12, bottom: 12, zIndex: 2, opacity: 0.92 }} aria-label={t('map.legend')}>
      <Group gap="md">
        {USER_FACING_STATUSES.map((status) => (
          <Group key={status} gap={6} wrap="nowrap">
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: STATUS_HEX[status], display: 'inline-block' }} />
            <Text fz="xs">{t(`map.statuses.${status}`)}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
