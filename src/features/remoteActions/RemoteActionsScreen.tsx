/** Remote Actions (spec 002 §2 /psg/remote_actions, route RemoteActions, super user): every customer's devices. */
import { useTranslation } from 'react-i18next';
import { RemoteActionsList } from './RemoteActionsList.tsx';

export default function RemoteActionsScreen() {
  const { t } = useTranslation();
  return <RemoteActionsList title={t('routes.psg/remote_actions')} description={t('support.remoteActionsDescription')} />;
}
