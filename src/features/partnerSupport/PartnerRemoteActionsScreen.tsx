/**
 * Partner remote actions (spec 002 §2 /support, route PartnerRemoteActions, luc_partner only): the
 * remote actions on the devices of the inventories the partner serves, and a new one; the
 * customer approves it unless they granted the partner's support access to the device.
 */
import { useTranslation } from 'react-i18next';
import { RemoteActionsList } from '../remoteActions/RemoteActionsList.tsx';

export default function PartnerRemoteActionsScreen() {
  const { t } = useTranslation();
  return <RemoteActionsList title={t('routes.support')} description={t('support.partnerDescription')} />;
}
