/**
 * "Add LU-Smart or LU-Lite" (spec 000 §2 other modals: ad-hoc, permanent, settings). The tabs
 * keep their choices while the modal is open; Apply saves the ad-hoc period and the permanent
 * kind, key regeneration and usage reset that were changed, OK saves and closes (both only for
 * luc_regular users, spec 002 §5). Registering a device, inviting and a new key act at once.
 */
import { useState } from 'react';
import { Modal, Tabs } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdhocPeriod, DeviceKind, KeyRegeneration, UsageReset } from '../../domain/adhoc.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { usePermanentChange, usePutAdhoc } from './adhocCalls.ts';
import { AdhocTab } from './AdhocTab.tsx';
import { ModalFooter } from './ModalFooter.tsx';
import { PermanentTab } from './PermanentTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { useAdhocRoles } from './useAdhocRoles.ts';

export const ADD_DEVICE_TABS = ['adhoc', 'permanent', 'settings'] as const;

export function AddDeviceModal({ groupId, onClose }: { groupId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { canWrite, showApplyOk } = useAdhocRoles();
  const [tab, setTab] = useState<string | null>('adhoc');
  const [kind, setKind] = useState<DeviceKind>('smart');
  const [period, setPeriod] = useState<AdhocPeriod | null>(null);
  const [permanentKind, setPermanentKind] = useState<DeviceKind | null>(null);
  const [regeneration, setRegeneration] = useState<KeyRegeneration | null>(null);
  const [usageReset, setUsageReset] = useState<UsageReset | null>(null);
  const putAdhoc = usePutAdhoc(groupId);
  const permanent = usePermanentChange(groupId);

  const apply = useMutation({
    mutationFn: async () => {
      if (period !== null) await putAdhoc.mutateAsync({ mode: kind, period });
      if (permanentKind !== null || regeneration !== null || usageReset !== null) {
        await permanent.mutateAsync({
          ...(permanentKind !== null ? { kind: permanentKind } : {}),
          ...(regeneration !== null ? { keyRegeneration: regeneration } : {}),
          ...(usageReset !== null ? { usageReset } : {}),
        });
      }
    },
    onSuccess: () => {
      setPeriod(null);
      setPermanentKind(null);
      setRegeneration(null);
      setUsageReset(null);
      showSuccess(t('adhoc.saved'));
    },
    onError: (error) => showError(error),
  });

  return (
    <Modal opened onClose={onClose} title={t('adhoc.title')} size="xl" centered data-testid="add-device-modal">
      <Tabs value={tab} onChange={setTab} keepMounted={false} mih={420}>
        <Tabs.List mb="md">
          {ADD_DEVICE_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`adhoc.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="adhoc">
          <AdhocTab
            groupId={groupId}
            kind={kind}
            onKind={(next) => {
              setKind(next);
              setPeriod(null);
            }}
            period={period}
            onPeriod={setPeriod}
            canWrite={canWrite}
          />
        </Tabs.Panel>
        <Tabs.Panel value="permanent">
          <PermanentTab groupId={groupId} kind={permanentKind} onKind={setPermanentKind} regeneration={regeneration} onRegeneration={setRegeneration} canWrite={canWrite} canSave={canWrite && showApplyOk} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab groupId={groupId} usageReset={usageReset} onUsageReset={setUsageReset} canSave={canWrite && showApplyOk} />
        </Tabs.Panel>
      </Tabs>
      <ModalFooter
        showApplyOk={showApplyOk && canWrite}
        pending={apply.isPending}
        onClose={onClose}
        onApply={() => apply.mutate()}
        onOk={() => apply.mutate(undefined, { onSuccess: onClose })}
      />
    </Modal>
  );
}
