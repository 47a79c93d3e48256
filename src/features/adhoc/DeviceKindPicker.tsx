/** LU-Smart or LU-Lite (spec 000 §2 "add LU-Smart or LU-Lite"): the device-kind choice of the ad-hoc and permanent tabs. */
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '../../domain/adhoc.ts';
import { DEVICE_KIND_LABELS, DEVICE_KINDS } from '../../domain/adhoc.ts';

export function DeviceKindPicker({ value, onChange, disabled = false }: { value: DeviceKind; onChange: (kind: DeviceKind) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('adhoc.kind')}
      </Text>
      <SegmentedControl
        aria-label={t('adhoc.kind')}
        value={value}
        onChange={(kind) => onChange(kind as DeviceKind)}
        disabled={disabled}
        data={DEVICE_KINDS.map((kind) => ({ value: kind, label: DEVICE_KIND_LABELS[kind] }))}
      />
    </Stack>
  );
}
