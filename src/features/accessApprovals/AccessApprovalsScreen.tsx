/** Access Approvals (spec 002 §2 /psg/access_approvals, route AccessApprovals, staff's support menu): every customer's approvals. */
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { AccessApprovalsList } from './AccessApprovalsList.tsx';

export default function AccessApprovalsScreen() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('routes.psg/access_approvals')} description={t('support.approvalsDescription')}>
      <AccessApprovalsList label={t('routes.psg/access_approvals')} />
    </AdminPage>
  );
}
