import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { speedTest } from '../api/unitCalls.ts';
import { SPEED_TEST_MIN_VERSION, speedTestBlock } from '../model/speedTestGate.ts';
import { useUnitAction } from '../useUnitPage.ts';

/**
 * Speed test (LuSpeedTest, 10 s timeout): disabled with its reason when the unit is offline or
 * busy, has no channel, or its channel is below 7.5.1 (spec 000 §4, §9).
 */
export function SpeedTestButton(props: { unitId: string; offline: boolean; busy: boolean; channelId: string | null; channelVersion: string | undefined; canOperate: boolean; running: boolean }) {
  const { t } = useTranslation();
  const block = speedTestBlock(props);
  const action = useUnitAction(props.unitId, () => speedTest(props.unitId), 'unitPage.toast.speedTestStarted');
  const reason = !props.canOperate ? t('unitPage.readOnly') : block === null ? null : t(`unitPage.speedTest.block.${block}`, { version: SPEED_TEST_MIN_VERSION });
  return (
    <Tooltip label={reason ?? t('unitPage.speedTest.hint')} withArrow>
      <Button variant="default" data-testid="speed-test" loading={props.running || action.isPending} disabled={reason !== null} onClick={() => action.mutate([])}>
        {t('unitPage.speedTest.button')}
      </Button>
    </Tooltip>
  );
}
