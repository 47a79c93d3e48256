import { useState } from 'react';
import { Badge, Group, SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/toasts.ts';
import { setDelay } from '../api/unitCalls.ts';
import { delayMessage, delayOptions, isLowDelay, supportsSubSecondDelay } from '../model/delayChoice.ts';
import { useUnitAction } from '../useUnitPage.ts';

/**
 * Video delay (PUT v2/units/{id}/delay): the domain's list for the unit's type and version, normal
 * or sub-second; a delay below 1000 ms carries the low-delay flag (spec 000 §5, §9).
 */
export function DelaySelect(props: { unitId: string; delayMs: number | undefined; typeGroup: string | undefined; version: string | undefined; canOperate: boolean }) {
  const { unitId, delayMs, typeGroup, version, canOperate } = props;
  const { t } = useTranslation();
  const [subSecond, setSubSecond] = useState(delayMs !== undefined && isLowDelay(delayMs));
  const options = delayOptions(typeGroup, version, subSecond);
  const change = useUnitAction(unitId, (ms: number) => setDelay(unitId, ms, subSecond), 'unitPage.toast.delaySet');
  const onChange = (value: string | null) => {
    if (value === null) return;
    const ms = Number(value);
    const message = delayMessage(ms, typeGroup, subSecond);
    if (message !== null) return showError(new Error(message));
    change.mutate([ms]);
  };
  const current = delayMs !== undefined && options.some((o) => o.ms === delayMs) ? String(delayMs) : null;
  return (
    <Group gap="xs" wrap="nowrap">
      {supportsSubSecondDelay(version) && (
        <SegmentedControl
          size="xs"
          aria-label={t('unitPage.delay.mode')}
          value={subSecond ? 'subSecond' : 'normal'}
          onChange={(value) => setSubSecond(value === 'subSecond')}
          disabled={!canOperate}
          data={[
            { value: 'normal', label: t('unitPage.delay.normal') },
            { value: 'subSecond', label: t('unitPage.delay.subSecond') },
          ]}
        />
      )}
      <Select
        aria-label={t('unitPage.delay.label')}
        placeholder={delayMs === undefined ? t('unitPage.delay.label') : t('unitPage.delay.value', { ms: delayMs })}
        w={150}
        value={current}
        data={options.map((o) => ({ value: o.value, label: t(o.low ? 'unitPage.delay.lowValue' : 'unitPage.delay.value', { ms: o.ms }) }))}
        disabled={!canOperate || change.isPending || options.length === 0}
        onChange={onChange}
      />
      {delayMs !== undefined && isLowDelay(delayMs) && (
        <Badge color="orange" variant="light" data-testid="low-delay">
          {t('unitPage.delay.low')}
        </Badge>
      )}
    </Group>
  );
}
