/**
 * The unit search box (spec 002 §9: 365 px wide, collapses 500 ms after it is left empty; spec 000
 * §9: default key name). Filtering follows each keystroke; the clear button empties it.
 */
import { useEffect, useState } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEARCH_BOX_COLLAPSE_DELAY_MS, SEARCH_BOX_WIDTH_PX } from '../../domain/constants.ts';
import type { UnitSearch } from './search.ts';
import { SEARCH_KEYS } from './search.ts';
import type { SearchKey } from './search.ts';
import classes from './UnitList.module.css';

/** Width of the empty, unfocused box (px); it opens to SEARCH_BOX_WIDTH_PX. */
const COLLAPSED_WIDTH_PX = 220;

function isSearchKey(value: string | null): value is SearchKey {
  return value !== null && (SEARCH_KEYS as readonly string[]).includes(value);
}

export function SearchBox({ search, keys, onChange }: { readonly search: UnitSearch; readonly keys: readonly SearchKey[]; readonly onChange: (search: UnitSearch) => void }) {
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

  return (
    <Group gap={0} wrap="nowrap">
      <Select
        aria-label={t('unitList.search.key')}
        disabled={keys.length < 2}
        data={keys.map((key) => ({ value: key, label: t(`unitList.search.keys.${key}`) }))}
        value={search.key}
        onChange={(value) => {
          if (isSearchKey(value)) onChange({ ...search, key: value });
        }}
        size="sm"
        w={130}
        styles={{ input: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        className={classes.search}
        type="search"
        aria-label={t('unitList.search.label')}
        placeholder={t('unitList.search.placeholder', { key: t(`unitList.search.keys.${search.key}`).toLowerCase() })}
        value={search.value}
        onChange={(event) => onChange({ ...search, value: event.currentTarget.value })}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        size="sm"
        w={open ? SEARCH_BOX_WIDTH_PX : COLLAPSED_WIDTH_PX}
        styles={{ input: { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } }}
        rightSection={search.value !== '' ? <CloseButton size="sm" aria-label={t('unitList.search.clear')} onClick={() => onChange({ ...search, value: '' })} /> : null}
      />
    </Group>
  );
}
