/**
 * The search box of a listing (spec 002 §5, §9: it filters as the user types, can be cleared, is
 * 365 px wide and collapses 500 ms after it is left empty), with the field it searches in front
 * (spec 000 §9, 001 §7: default key name).
 */
import { useEffect, useState } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEARCH_BOX_COLLAPSE_DELAY_MS, SEARCH_BOX_WIDTH_PX } from '../../domain/constants.ts';

/** Width of the empty, unfocused box (px); it opens to SEARCH_BOX_WIDTH_PX. */
const COLLAPSED_WIDTH_PX = 220;
const KEY_SELECT_WIDTH_PX = 140;

export interface SearchState<K extends string> {
  readonly key: K;
  readonly value: string;
}

export interface TableSearchProps<K extends string> {
  readonly search: SearchState<K>;
  /** The fields the box may search, with their labels; one key hides the picker. */
  readonly keys: readonly { readonly value: K; readonly label: string }[];
  readonly onChange: (search: SearchState<K>) => void;
}

export function TableSearch<K extends string>({ search, keys, onChange }: TableSearchProps<K>) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(search.value !== '');
  useEffect(() => {
    if (focused || search.value !== '') {
      setOpen(true);
      return undefined;
    }
    const timer = setTimeout(() => setOpen(false), SEARCH_BOX_COLLAPSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [focused, search.value]);
  const keyLabel = keys.find((k) => k.value === search.key)?.label ?? search.key;
  const several = keys.length > 1;

  return (
    <Group gap={0} wrap="nowrap">
      {several && (
        <Select
          aria-label={t('kit.search.key')}
          data={keys.map((k) => ({ value: k.value, label: k.label }))}
          value={search.key}
          onChange={(value) => {
            const key = keys.find((k) => k.value === value);
            if (key !== undefined) onChange({ ...search, key: key.value });
          }}
          size="sm"
          w={KEY_SELECT_WIDTH_PX}
          styles={{ input: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <TextInput
        type="search"
        aria-label={t('kit.search.label')}
        placeholder={t('kit.search.placeholder', { key: keyLabel.toLowerCase() })}
        value={search.value}
        onChange={(event) => onChange({ ...search, value: event.currentTarget.value })}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        size="sm"
        w={open ? SEARCH_BOX_WIDTH_PX : COLLAPSED_WIDTH_PX}
        style={{ transition: 'width 150ms ease' }}
        styles={several ? { input: { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } } : undefined}
        rightSection={search.value !== '' ? <CloseButton size="sm" aria-label={t('kit.search.clear')} onClick={() => onChange({ ...search, value: '' })} /> : null}
      />
    </Group>
  );
}
