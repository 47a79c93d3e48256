import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useFleet } from '../../../fleet/hooks.ts';
import { startStream, stopStream } from '../api/unitCalls.ts';
import { isTransitional, streamButtonState } from '../model/streamButton.ts';
import { useUnitAction, type RichUnitView } from '../useUnitPage.ts';

/**
 * Start/stop stream (POST v2/units/{id}/stream). A press tells the worker to show connecting or
 * disconnecting until the unit's status arrives or 10 polls at 2 s have passed (spec 000 §4);
 * a refused call shows the server's message and the button follows the unit's status again.
 * Stopping a live stream asks first (issue 17 item 4: one click ended a stream on air).
 */
export function StreamButton({ unitId, view, channelId, canOperate }: { unitId: string; view: RichUnitView; channelId: string | null; canOperate: boolean }) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const state = streamButtonState({ status: view.status, applications: view.applications, videoState: view.videoState, transition: view.transition });
  const start = useUnitAction(unitId, () => startStream(unitId, channelId ?? undefined), 'unitPage.toast.streamStarting', 'stream');
  const stop = useUnitAction(unitId, () => stopStream(unitId), 'unitPage.toast.streamStopping', 'stream');
  const [confirming, confirm] = useDisclosure(false);
  const stopNow = () => {
    confirm.close();
    void fleet.beginTransition(unitId, 'stream', 'disconnecting');
    stop.mutate([]);
  };
  const onClick = () => {
    if (state === 'start') {
      void fleet.beginTransition(unitId, 'stream', 'connecting');
      start.mutate([]);
    } else if (state === 'stop') {
      confirm.open();
    }
  };
  const stopping = state === 'stop' || state === 'disconnecting';
  return (
    <>
    <Button
      data-testid="stream-button"
      data-state={state}
      color={stopping ? 'red' : 'teal'}
      loading={false}
      disabled={!canOperate || state === 'unavailable' || isTransitional(state) || start.isPending || stop.isPending}
      onClick={onClick}
    >
      {t(`unitPage.stream.${state}`)}
    </Button>
    <Modal opened={confirming} onClose={confirm.close} title={t('honest.stopOnAir.title')} centered>
      <Text mb="lg">{t('honest.stopOnAir.text', { name: view.name })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={confirm.close}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={stopNow} data-testid="confirm-stop-stream">
          {t('honest.stopOnAir.confirm')}
        </Button>
      </Group>
    </Modal>
    </>
  );
}
