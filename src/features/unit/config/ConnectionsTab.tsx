import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/toasts.ts';
import { NETWORK_MODES } from '../../../domain/constants.ts';
import { disableInterfaceVerdict, type UnitInterface } from '../../../domain/validation/network.ts';
import { listedValue, setInterfaceEnabled, setModemNetworkMode } from '../api/unitCalls.ts';
import { commandParameters, settingOf, type UnitDetails, type UnitLink } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';

type Pending = { port: string; message: string };

/**
 * Connections: Wi-Fi, Ethernet and modems. Disabling goes through disableInterfaceVerdict (spec 000
 * §5 "at least 2 interfaces must stay connected"): blocked → the reason, no call; warning (the last
 * connected modem) → confirm first. An enable or disable may take up to a minute (spec 000 §9).
 */
export function ConnectionsTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails; enabled: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const toggle = useUnitAction(unitId, (port: string, on: boolean, confirmed: boolean) => setInterfaceEnabled(unitId, port, on, confirmed), 'unitConfig.toast.interfaceChanging');
  const mode = useUnitAction(unitId, (port: string, networkMode: string) => setModemNetworkMode(unitId, port, listedValue(NETWORK_MODES, networkMode)), 'unitPage.toast.saved');
  const interfaces: UnitInterface[] = details.links.flatMap((link) => (link.type === undefined ? [] : [{ port: link.port, type: link.type, enabled: link.enabled, connected: link.connected }]));
  const modems = settingOf(details, 'modems');

  const onToggle = (link: UnitLink, on: boolean) => {
    setBlocked(null);
    if (on) return toggle.mutate([link.port, true, false]);
    const verdict = disableInterfaceVerdict(interfaces, link.port);
    switch (verdict.kind) {
      case 'allowed':
        return toggle.mutate([link.port, false, false]);
      case 'warning':
        return setPending({ port: link.port, message: verdict.message });
      case 'blocked':
        setBlocked(verdict.message);
        return showError(new Error(verdict.message));
    }
  };
  const wifiNetworks = commandParameters(details, 'LuConnectWifi')['ssid'];

  return (
    <Stack>
      <Text c="dimmed" fz="sm">
        {t('unitConfig.connections.hint')}
      </Text>
      {blocked !== null && (
        <Alert color="red" role="alert">
          {blocked}
        </Alert>
      )}
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('unitConfig.connections.interface')}</Table.Th>
            <Table.Th>{t('unitConfig.connections.type')}</Table.Th>
            <Table.Th>{t('unitConfig.connections.state')}</Table.Th>
            <Table.Th>{t('unitConfig.connections.networkMode')}</Table.Th>
            <Table.Th>{t('unitConfig.connections.enabled')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.links.map((link) => {
            const saved = (modems[link.port] ?? {}) as { networkMode?: unknown };
            return (
              <Table.Tr key={link.port}>
                <Table.Td>{link.name}</Table.Td>
                <Table.Td>{t(`unitConfig.connections.types.${link.type ?? 'unknown'}`)}</Table.Td>
                <Table.Td>
                  <Badge color={link.connected ? 'teal' : 'gray'} variant="light">
                    {t(link.connected ? 'unitPage.connection.connected' : 'unitPage.connection.notConnected')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {link.type === 'cell' ? (
                    <Select
                      aria-label={t('unitConfig.connections.networkMode')}
                      size="xs"
                      w={130}
                      data={[...NETWORK_MODES]}
                      defaultValue={typeof saved.networkMode === 'string' ? saved.networkMode : NETWORK_MODES[0]}
                      disabled={!enabled}
                      onChange={(value) => value !== null && mode.mutate([link.port, value])}
                    />
                  ) : link.type === 'wifi' && typeof wifiNetworks === 'string' ? (
                    <Text fz="sm">{wifiNetworks}</Text>
                  ) : (
                    <Text c="dimmed">—</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch aria-label={t('unitConfig.connections.enable', { name: link.name })} checked={link.enabled} disabled={!enabled || toggle.isPending} onChange={(event) => onToggle(link, event.currentTarget.checked)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {details.links.length === 0 && <Text c="dimmed">{t('unitConfig.connections.none')}</Text>}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('unitConfig.connections.confirmTitle')} centered>
        <Text mb="lg">{pending?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              if (pending !== null) toggle.mutate([pending.port, false, true]);
              setPending(null);
            }}
          >
            {t('unitConfig.connections.disableAnyway')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
