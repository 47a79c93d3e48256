/**
 * System Settings (spec 002 §2 /system_settings with child tabs client_application, modem_vendor,
 * ai_settings; the staff menu): the tab bar and the open tab below it, as System Entities.
 */
import { useTranslation } from 'react-i18next';
import { PageTabs, PageWithTabs, tabsOf } from '../systemEntities/SystemEntitiesScreen.tsx';

const TABS = tabsOf('SystemSettings');

export default function SystemSettingsScreen() {
  const { t } = useTranslation();
  return <PageWithTabs tabs={TABS} bar={<PageTabs tabs={TABS} label={t('systemSettings.tabsLabel')} labelKey="systemSettings.tabs" />} />;
}
