/** The unit counters (spec 000 §9: busy, idle, offline, field, camera, lite, smart, ptmp, activeAlerts); a click filters the list to what a counter counts. */
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_COUNTER_NAMES } from '../../domain/units/counters.ts';
import type { UnitCounterName } from '../../domain/units/counters.ts';
import { useCounters } from '../../fleet/index.ts';
import type { UnitFilters } from './filters.ts';
import { isCounterActive } from './filters.ts';
import classes from './UnitList.module.css';

export function CountersBar({ filters, onCounter }: { readonly filters: UnitFilters; readonly onCounter: (counter: UnitCounterName) => void }) {
  const { t } = useTranslation();
  const counters = useCounters();
  return (
    <Group gap="xs" role="group" aria-label={t('unitList.counters.label')} data-testid="unit-counters">
      {UNIT_COUNTER_NAMES.map((name) => (
        <button
          key={name}
          type="button"
          className={classes.counter}
          aria-pressed={isCounterActive(name, filters)}
          data-counter={name}
          onClick={() => onCounter(name)}
          title={t('unitList.counters.show', { counter: t(`unitList.counters.${name}`) })}
        >
          <span className={classes.counterValue} data-testid={`counter-${name}`}>
            {counters[name].toLocaleString('en')}
          </span>
          <span className={classes.counterLabel}>{t(`unitList.counters.${name}`)}</span>
        </button>
      ))}
    </Group>
  );
}
