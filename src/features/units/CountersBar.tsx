/**
 * The unit counters (spec 000 §9: busy, idle, offline, field, camera, lite, smart, ptmp,
 * activeAlerts); a click filters the list to what a counter counts. The counters change with every
 * diff (up to 60 a second): the words are looked up once per language and a button re-renders only
 * when its own number or state changes.
 */
import { memo, useMemo } from 'react';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_COUNTER_NAMES } from '../../domain/units/counters.ts';
import type { UnitCounterName } from '../../domain/units/counters.ts';
import { useCounters } from '../../fleet/index.ts';
import type { UnitFilters } from './filters.ts';
import { isCounterActive } from './filters.ts';
import classes from './UnitList.module.css';

interface CounterButtonProps {
  readonly name: UnitCounterName;
  readonly value: number;
  readonly pressed: boolean;
  readonly label: string;
  readonly title: string;
  readonly onCounter: (counter: UnitCounterName) => void;
}

const CounterButton = memo(function CounterButton({ name, value, pressed, label, title, onCounter }: CounterButtonProps) {
  return (
    <button type="button" className={classes.counter} aria-pressed={pressed} data-counter={name} onClick={() => onCounter(name)} title={title}>
      <span className={classes.counterValue} data-testid={`counter-${name}`}>
        {value.toLocaleString('en')}
      </span>
      <span className={classes.counterLabel}>{label}</span>
    </button>
  );
});

export function CountersBar({ filters, onCounter }: { readonly filters: UnitFilters; readonly onCounter: (counter: UnitCounterName) => void }) {
  const { t } = useTranslation();
  const counters = useCounters();
  const words = useMemo(
    () =>
      new Map(
        UNIT_COUNTER_NAMES.map((name) => {
          const label = t(`unitList.counters.${name}`);
          return [name, { label, title: t('unitList.counters.show', { counter: label }) }] as const;
        }),
      ),
    [t],
  );
  return (
    <Group gap="xs" role="group" aria-label={t('unitList.counters.label')} data-testid="unit-counters">
      {UNIT_COUNTER_NAMES.map((name) => (
        <CounterButton
          key={name}
          name={name}
          value={counters[name]}
          pressed={isCounterActive(name, filters)}
          label={words.get(name)?.label ?? name}
          title={words.get(name)?.title ?? name}
          onCounter={onCounter}
        />
      ))}
    </Group>
  );
}
