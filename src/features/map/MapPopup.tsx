/** The map's pop-up: a cluster's members (name and status, each a link to the unit), or one unit. */
import { ActionIcon, Anchor, Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFleet, useUnit } from '../../fleet/index.ts';
import { iconStatusOf, STATUS_COLOURS } from '../fleet/statusColours.ts';

/** Members listed in a cluster's pop-up; the rest are counted ("and N more"). */
export const POPUP_MEMBERS_MAX = 200;

function MemberRow({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const unit = useUnit(unitId);
  if (unit === undefined) return null;
  const status = iconStatusOf(unit);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Anchor component={Link} to={`/unit/${encodeURIComponent(unitId)}`} fz="sm" truncate maw={190}>
        {unit.name}
      </Anchor>
      <Badge size="xs" variant="light" color={STATUS_COLOURS[status]}>
        {t(`map.statuses.${status}`)}
      </Badge>
    </Group>
  );
}

export function MapPopup(props: { members: readonly string[]; onClose(): void }) {
  const { t } = useTranslation();
  const { store } = useFleet();
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sorted = [...props.members].sort((a, b) => collator.compare(store.unit(a)?.name ?? a, store.unit(b)?.name ?? b));
  const shown = sorted.slice(0, POPUP_MEMBERS_MAX);
  const single = props.members.length === 1;
  return (
    <Paper shadow="md" withBorder p="sm" radius="md" w={300} role="dialog" aria-label={single ? t('map.selected') : t('map.clusterTitle', { count: props.members.length })} data-testid="map-popup">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={600} fz="sm">
          {single ? t('map.selected') : t('map.clusterTitle', { count: props.members.length })}
        </Text>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('map.close')} onClick={props.onClose}>
          ×
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah={240} type="auto">
        <Stack gap={4} pr="xs">
          {shown.map((id) => (
            <MemberRow key={id} unitId={id} />
          ))}
          {sorted.length > shown.length && (
            <Text fz="xs" c="dimmed">
              {t('map.more', { count: sorted.length - shown.length })}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
