/**
 * Contractor (spec 002 §2 /contractor, route Contractor, luc_contractor only). Ours (the spec
 * shows nothing of it): what a contractor works on for their customers: the remote actions
 * support asked for on the devices of their inventories and wait for their approval, and those
 * devices with their support access, where they grant or revoke it.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { AccessApprovalsList } from '../accessApprovals/AccessApprovalsList.tsx';
import { SupportDevicesTable } from '../supportAccess/SupportDevicesTable.tsx';

export default function ContractorScreen() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('routes.contractor')} description={t('support.contractor.description')}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('support.contractor.approvals')}
          </Title>
          <AccessApprovalsList label={t('support.contractor.approvals')} initialState="active" />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('support.contractor.devices')}
          </Title>
          <SupportDevicesTable label={t('support.contractor.devices')} />
        </Stack>
      </Paper>
    </AdminPage>
  );
}
