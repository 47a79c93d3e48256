/**
 * Settings tab of "add LU-Smart or LU-Lite" (spec 000 §2): the usage-monitoring reset of the
 * group's LU-Smart / LU-Lite devices (spec 002 §4: every 3, 6 or 12 months or never), saved by
 * Apply / OK (only luc_regular users have them, spec 002 §5).
 */
import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USAGE_RESETS, type UsageReset } from '../../domain/adhoc.ts';
import { errorMessageOf } from '../../components/toasts.ts';
import { usePermanentRegistration } from './adhocCalls.ts';
import { formatTime } from './CodeField.tsx';

export function SettingsTab({ groupId, usageReset, onUsageReset, canSave }: { groupId: string; usageReset: UsageReset | null; onUsageReset(value: UsageReset): void; canSave: boolean }) {
  const { t } = useTranslation();
  const permanent = usePermanentRegistration(groupId);
  if (permanent.isPending) return <Loader size="sm" />;
  if (permanent.isError) return <Alert color="red">{errorMessageOf(permanent.error)}</Alert>;
  const next = permanent.data.nextUsageResetAt;
  return (
    <Stack gap="md">
      <Select
        label={t('adhoc.settings.usageReset')}
        description={t('adhoc.settings.usageResetHint')}
        data={USAGE_RESETS.map((u) => ({ value: u, label: t(`adhoc.usageResets.${u}`) }))}
        value={usageReset ?? permanent.data.usageReset}
        onChange={(value) => value !== null && onUsageReset(value as UsageReset)}
        disabled={!canSave}
        maw={360}
      />
      <Text fz="sm" c="dimmed" data-testid="usage-next">
        {usageReset !== null && usageReset !== permanent.data.usageReset
          ? t('adhoc.notSaved')
          : next === null
            ? t('adhoc.settings.noReset')
            : t('adhoc.settings.nextReset', { at: formatTime(next) })}
      </Text>
    </Stack>
  );
}
