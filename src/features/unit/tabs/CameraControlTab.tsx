import { Button, Group, Paper, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setCameraAuto, setCameraLevel, takeCameraControl, type CameraAutoCommand, type CameraLevelCommand } from '../api/unitCalls.ts';
import { commandParameters, type UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';

/** Camera settings with a 0-100 level (ours: the spec names the commands, not their ranges). */
const LEVELS = [
  { key: 'focus', command: 'LuCameraFocus', auto: 'LuCameraAutoFocus' },
  { key: 'iris', command: 'LuCameraIris', auto: 'LuCameraAutoIris' },
  { key: 'gain', command: 'LuCameraGain', auto: null },
  { key: 'whiteBalance', command: 'LuCameraWhiteBalance', auto: 'LuCameraAutoWhiteBalance' },
  { key: 'zoom', command: 'LuCameraZoom', auto: null },
] as const;

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** Camera control (spec 000 §7 camera commands: take control, focus, iris, gain, white balance, zoom, autos). */
export function CameraControlTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const takeControl = useUnitAction(unitId, () => takeCameraControl(unitId), 'unitPage.toast.cameraSent');
  const setLevel = useUnitAction(unitId, (command: CameraLevelCommand, value: number) => setCameraLevel(unitId, command, value), 'unitPage.toast.cameraSent');
  const setAuto = useUnitAction(unitId, (command: CameraAutoCommand, on: boolean) => setCameraAuto(unitId, command, on), 'unitPage.toast.cameraSent');
  const [levels, setLevels] = useState<Record<string, number>>(() =>
    Object.fromEntries(LEVELS.map((l) => [l.key, numberOr(commandParameters(details, l.command)['value'], 50)])),
  );
  return (
    <Stack>
      <Group>
        <Button disabled={!enabled} onClick={() => takeControl.mutate([])}>
          {t('unitPage.camera.takeControl')}
        </Button>
        <Text c="dimmed" fz="sm">
          {t('unitPage.camera.hint')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {LEVELS.map((level) => (
          <Paper key={level.key} withBorder p="sm" radius="md">
            <Group justify="space-between" mb={4}>
              <Text fw={600}>{t(`unitPage.camera.${level.key}`)}</Text>
              {level.auto !== null && (
                <Switch
                  label={t('unitPage.camera.auto')}
                  disabled={!enabled}
                  defaultChecked={commandParameters(details, level.auto)['enabled'] === true}
                  onChange={(event) => setAuto.mutate([level.auto, event.currentTarget.checked])}
                />
              )}
            </Group>
            <Slider
              aria-label={t(`unitPage.camera.${level.key}`)}
              min={0}
              max={100}
              disabled={!enabled}
              value={levels[level.key] ?? 50}
              onChange={(value) => setLevels((before) => ({ ...before, [level.key]: value }))}
              onChangeEnd={(value) => setLevel.mutate([level.command, value])}
            />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
