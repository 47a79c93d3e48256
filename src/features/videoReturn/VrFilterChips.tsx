/**
 * The video-return state filter (spec 001 §2, §4: offline, input connected, online), saved in the
 * user preferences' vrFilters (spec 002 §3) so it is there on the next visit. No chip: every state.
 */
import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { VR_FILTERS, type VrFilter } from '../../domain/videoReturn.ts';

export function useVrFilters(): { selected: readonly VrFilter[]; set(next: readonly VrFilter[]): void } {
  const preferences = usePreferences();
  const save = useSavePreferences();
  return { selected: preferences.data?.vrFilters ?? [], set: (next) => save.mutate({ vrFilters: [...next] }) };
}

export function VrFilterChips({ selected, onChange }: { selected: readonly VrFilter[]; onChange(next: readonly VrFilter[]): void }) {
  const { t } = useTranslation();
  return (
    <Chip.Group multiple value={[...selected]} onChange={(value) => onChange(VR_FILTERS.filter((f) => value.includes(f)))}>
      <Group gap="xs" aria-label={t('videoReturn.filters.label')}>
        {VR_FILTERS.map((filter) => (
          <Chip key={filter} value={filter} size="sm">
            {t(`videoReturn.filters.${filter}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
