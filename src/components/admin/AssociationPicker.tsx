/**
 * Picks the entities an entity is associated with (a user's inventories, a group's units...): a
 * searchable multi-select whose options come from the server as the user types (spec 002 §5:
 * "The search box filters as the user types and can be cleared"; "no items to show" when empty; a
 * maximum-elements message when the limit is reached: spec 001 §5 "Multiselect maximum of {0}
 * options"). Chosen items keep their names even when the current search does not list them.
 */
import { useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Ref } from '../../protocol/rest/common.ts';
import { SEARCH_DEBOUNCE_MS } from './usePagedList.ts';
import { keepWithinListing } from './keepWithinListing.ts';

/** spec 002 §9: multi-select default max height (px). */
export const MULTISELECT_MAX_HEIGHT_PX = 300;

export interface AssociationPickerProps {
  readonly label: string;
  readonly value: readonly Ref[];
  readonly onChange: (value: Ref[]) => void;
  /** The options matching a search text (at most one page). */
  readonly search: (text: string, signal: AbortSignal) => Promise<readonly Ref[]>;
  /** The query key of the options (the search text is appended). */
  readonly queryKey: readonly unknown[];
  readonly maxValues?: number;
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly description?: string;
}

export function AssociationPicker({ label, value, onChange, search, queryKey, maxValues, error, required, disabled, description }: AssociationPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sent] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: [...queryKey, sent],
    queryFn: ({ signal }) => search(sent, signal),
    placeholderData: keepWithinListing(queryKey),
    enabled: disabled !== true,
  });
  const data = useMemo(() => {
    const byId = new Map<string, string>();
    for (const ref of value) byId.set(ref.id, ref.name);
    for (const ref of options.data ?? []) byId.set(ref.id, ref.name);
    return [...byId].map(([id, name]) => ({ value: id, label: name }));
  }, [options.data, value]);
  const atMaximum = maxValues !== undefined && value.length >= maxValues;

  return (
    <MultiSelect
      label={label}
      required={required}
      disabled={disabled}
      searchable
      clearable
      hidePickedOptions
      data={data}
      value={value.map((ref) => ref.id)}
      onChange={(ids) => {
        const names = new Map(data.map((d) => [d.value, d.label]));
        onChange(ids.map((id) => ({ id, name: names.get(id) ?? id })));
      }}
      searchValue={text}
      onSearchChange={setText}
      filter={({ options: all }) => all}
      {...(maxValues !== undefined ? { maxValues } : {})}
      maxDropdownHeight={MULTISELECT_MAX_HEIGHT_PX}
      nothingFoundMessage={options.isFetching ? t('kit.table.loading') : t('kit.picker.noItems')}
      placeholder={value.length === 0 ? t('kit.picker.search') : undefined}
      description={atMaximum ? t('kit.picker.maximum', { count: maxValues }) : description}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
