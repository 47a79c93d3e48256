/**
 * Preferences (spec 002 §2 "Preferences screen exists"; §3 "User preferences", "Unit alert settings
 * (per user)"): the preferences a person sets rather than the layout the console remembers by
 * itself: the 8 unit alert flags (all on by default), the LU-Smart country (default usa), the
 * graphics region, the unit list's expanded rows, and a reset of the remembered tables, filters and
 * map. Each change is saved at once through PUT userPreferences/vue; a refused save puts back what
 * was there (useSavePreferences) and says why.
 */
import { Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { SettingsSection } from '../../components/admin/SettingsSection.tsx';
import { defaultPreferences, type UserPreferences } from '../../domain/preferences.ts';
import { GRAPHICS_REGIONS, LU_SMART_COUNTRIES, withStoredValue } from '../../domain/preferenceChoices.ts';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../domain/units/alertSettings.ts';

/** The Select's value for "no graphics region" (null in the preferences). */
const INVENTORY_REGION = '';

/** What "reset tables and filters" puts back: the remembered layout of a new user. */
function layoutDefaults(): Partial<UserPreferences> {
  const defaults = defaultPreferences();
  return {
    gridPrefs: defaults.gridPrefs,
    deviceFilters: defaults.deviceFilters,
    multiViewChannelsFilters: defaults.multiViewChannelsFilters,
    manageChannelsFilters: defaults.manageChannelsFilters,
    manageDeviceFilters: defaults.manageDeviceFilters,
    filesFilters: defaults.filesFilters,
    vrFilters: defaults.vrFilters,
    filterPanelsOpen: defaults.filterPanelsOpen,
    leftPanelWidth: defaults.leftPanelWidth,
    mapData: defaults.mapData,
  };
}

export function PreferencesScreen() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const prefs = preferences.data ?? defaultPreferences();

  const change = (changes: Partial<UserPreferences>, done?: string): void => {
    save.mutate(changes, {
      // A switch shows its own state; only a reset, which changes what is not on screen, says so.
      onSuccess: () => done !== undefined && showSuccess(done),
      onError: (error) => showError(error),
    });
  };
  const setAlerts = (settings: UnitAlertSettings): void => change({ unitAlertsSettings: settings });
  const allAlerts = (on: boolean): UnitAlertSettings => Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, on])) as UnitAlertSettings;

  return (
    <AdminPage title={t('routes.preferences')} description={t('preferences.description')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsSection title={t('preferences.alerts.title')} hint={t('preferences.alerts.hint')}>
          <Stack gap="sm" role="group" aria-label={t('preferences.alerts.title')}>
            {UNIT_ALERT_FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={t(`preferences.alerts.${flag}`)}
                checked={prefs.unitAlertsSettings[flag]}
                onChange={(event) => setAlerts({ ...prefs.unitAlertsSettings, [flag]: event.currentTarget.checked })}
              />
            ))}
          </Stack>
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={() => setAlerts(allAlerts(true))}>
              {t('preferences.alerts.allOn')}
            </Button>
            <Button variant="subtle" size="xs" onClick={() => setAlerts(allAlerts(false))}>
              {t('preferences.alerts.allOff')}
            </Button>
          </Group>
        </SettingsSection>
        <Stack gap="lg">
          <SettingsSection title={t('preferences.regional.title')}>
            <Select
              label={t('preferences.regional.luSmartCountry')}
              description={t('preferences.regional.luSmartCountryHint')}
              searchable
              data={withStoredValue(LU_SMART_COUNTRIES, prefs.luSmartCountry)}
              value={prefs.luSmartCountry}
              onChange={(value) => value !== null && change({ luSmartCountry: value })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('preferences.regional.graphicsRegion')}
              description={t('preferences.regional.graphicsRegionHint')}
              data={[{ value: INVENTORY_REGION, label: t('preferences.regional.inventoryRegion') }, ...withStoredValue(GRAPHICS_REGIONS, prefs.graphicsRegion)]}
              value={prefs.graphicsRegion ?? INVENTORY_REGION}
              onChange={(value) => value !== null && change({ graphicsRegion: value === INVENTORY_REGION ? null : value })}
              comboboxProps={{ withinPortal: true }}
            />
          </SettingsSection>
          <SettingsSection title={t('preferences.layout.title')}>
            <Switch label={t('preferences.layout.unitListExpanded')} checked={prefs.unitListExpanded} onChange={(event) => change({ unitListExpanded: event.currentTarget.checked })} />
            <Stack gap={4}>
              <Group>
                <Button variant="default" onClick={() => change(layoutDefaults(), t('preferences.layout.resetDone'))}>
                  {t('preferences.layout.resetLayouts')}
                </Button>
              </Group>
              <Text c="dimmed" fz="xs">
                {t('preferences.layout.resetLayoutsHint')}
              </Text>
            </Stack>
          </SettingsSection>
        </Stack>
      </SimpleGrid>
    </AdminPage>
  );
}

export default PreferencesScreen;
