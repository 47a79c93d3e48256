/**
 * The open replay: what the log is, the timeline, play/pause (Space), step (←/→), speed 0.1× to
 * 100× and max, loop, the current time and seq, and the replayed fleet's counters (the same store
 * the other screens read).
 */
import { useEffect } from 'react';
import { ActionIcon, Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCounters, useUnitIds } from '../../fleet/index.ts';
import type { ReplayClient } from '../../fleet/replay.ts';
import type { ReplaySpeed, ReplayState } from '../../../workers/sources/replayState.ts';
import { formatSpeed, REPLAY_SPEEDS } from '../../../workers/sources/replayState.ts';
import { formatLogTime, formatSpan } from './timeline.ts';
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon } from './PlayerIcons.tsx';
import { Timeline } from './Timeline.tsx';

const SPEED_OPTIONS = REPLAY_SPEEDS.map((speed) => ({ value: String(speed), label: formatSpeed(speed) }));

function speedOf(value: string): ReplaySpeed {
  return value === 'max' ? 'max' : Number(value);
}

/** Elements that take the keys themselves: typing in them never drives the replay. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}

/** Space plays or pauses, ←/→ step one event, while the page is shown. */
function useReplayKeys(replay: ReplayClient): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      if (event.key === ' ') void replay.toggle();
      else if (event.key === 'ArrowRight') void replay.step(1);
      else if (event.key === 'ArrowLeft') void replay.step(-1);
      else return;
      event.preventDefault();
    };
    // A focused button would also "click" on Space's keyup: that press was ours.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' && !ownsKeys(event.target)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [replay]);
}

function Fact({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} ff="monospace" size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function ReplayedFleet() {
  const { t } = useTranslation();
  const counters = useCounters();
  const units = useUnitIds().length;
  const facts = [
    ['units', units],
    ['offline', counters.offline],
    ['busy', counters.busy],
    ['idle', counters.idle],
    ['alerts', counters.activeAlerts],
  ] as const;
  return (
    <Group gap="lg" role="group" aria-label={t('replay.player.fleet')}>
      <Text size="sm" fw={600}>
        {t('replay.player.fleet')}
      </Text>
      {facts.map(([name, value]) => (
        <Group key={name} gap={6}>
          <Text size="sm" c="dimmed">
            {t(`replay.player.${name}`)}
          </Text>
          <Text size="sm" fw={700} data-testid={`replay-count-${name}`}>
            {value.toLocaleString('en')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function Player({ state, replay }: { readonly state: ReplayState; readonly replay: ReplayClient }) {
  const { t } = useTranslation();
  useReplayKeys(replay);
  const playing = state.phase === 'playing';
  const torn = state.warnings[0];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text fw={700} size="lg" truncate data-testid="replay-name">
              {state.name}
            </Text>
            <Badge color={playing ? 'green' : state.phase === 'ended' ? 'gray' : 'yellow'} variant="light" data-testid="replay-phase">
              {t(`replay.player.phase.${state.phase}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              t('replay.player.events', { total: state.total.toLocaleString('en') }),
              t('replay.player.span', { span: formatSpan(state.endTs - state.startTs) }),
              t('replay.player.recordedAt', { time: formatLogTime(Date.parse(state.recordedAt)) }),
            ].join(' · ')}
          </Text>
        </Group>
        {torn !== undefined && (
          <Alert color="yellow" variant="light" py={6}>
            {t('replay.player.torn', { message: torn.message })}
          </Alert>
        )}
        <Timeline state={state} onSeek={(ts) => void replay.seek({ ts })} />
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed">
            {formatLogTime(state.startTs)}
          </Text>
          <Group gap={12}>
            <Group gap={4}>
              <Swatch colour="#4dabf7" />
              <Text size="xs" c="dimmed">
                {t('replay.player.legendDensity')}
              </Text>
            </Group>
            <Group gap={4}>
              <Swatch colour="#fa5252" />
              <Text size="xs" c="dimmed">
                {t('replay.player.legendAlerts')}
              </Text>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {formatLogTime(state.endTs)}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Group gap="xs" align="flex-end">
            <Tooltip label={t('replay.player.stepBack')}>
              <ActionIcon size="lg" variant="default" aria-label={t('replay.player.stepBack')} onClick={() => void replay.step(-1)}>
                <StepBackIcon />
              </ActionIcon>
            </Tooltip>
            <ActionIcon size="lg" variant="filled" aria-label={playing ? t('replay.player.pause') : t('replay.player.play')} onClick={() => void replay.toggle()}>
              {playing ? <PauseIcon /> : <PlayIcon />}
            </ActionIcon>
            <Tooltip label={t('replay.player.stepForward')}>
              <ActionIcon size="lg" variant="default" aria-label={t('replay.player.stepForward')} onClick={() => void replay.step(1)}>
                <StepForwardIcon />
              </ActionIcon>
            </Tooltip>
            <Select
              w={96}
              size="sm"
              label={t('replay.player.speed')}
              data={SPEED_OPTIONS}
              value={String(state.speed)}
              onChange={(value) => value !== null && void replay.setSpeed(speedOf(value))}
            />
            <Switch mb={8} label={t('replay.player.loop')} checked={state.loop} onChange={(event) => void replay.setLoop(event.currentTarget.checked)} />
          </Group>
          <SimpleGrid cols={3} spacing="lg">
            <Fact label={t('replay.player.time')} value={formatLogTime(state.ts)} testId="replay-time" />
            <Fact label={t('replay.player.seq')} value={state.seq === null ? t('replay.player.noSeq') : String(state.seq)} testId="replay-seq" />
            <Fact label={t('replay.player.event')} value={t('replay.player.eventOf', { index: state.index.toLocaleString('en'), total: state.total.toLocaleString('en') })} testId="replay-index" />
          </SimpleGrid>
        </Group>
        <Text size="xs" c="dimmed">
          {t('replay.player.keys')}
        </Text>
        <ReplayedFleet />
      </Stack>
    </Paper>
  );
}

function Swatch({ colour }: { readonly colour: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: colour }} />;
}
