import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentGroup } from './currentGroup.ts';

/** The header's group choice: the fleet stream follows it; saved in preferences.groupId. */
export function GroupSelector() {
  const { t } = useTranslation();
  const { groupId, groups, selectGroup } = useCurrentGroup();
  if (groups.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('header.noGroups')}
      </Text>
    );
  }
  return (
    <Select
      aria-label={t('header.group')}
      data={groups.map((group) => ({ value: group.uid, label: group.name }))}
      value={groupId}
      onChange={(value) => {
        if (value !== null && value !== groupId) selectGroup(value);
      }}
      searchable={groups.length > 8}
      size="sm"
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
