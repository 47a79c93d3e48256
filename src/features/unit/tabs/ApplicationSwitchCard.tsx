/**
 * The card of an application a unit starts and stops (spec 000 §7: databridge, video return): its
 * state badge, what it is set up with (a gateway or channel chooser, given as children), and the
 * start / stop buttons. A click first tells the fleet worker the button is in transition
 * (connecting / disconnecting) so the button shows it at once, then sends the command.
 */
import type { ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TransitionButton } from '../../../domain/units/interface.ts';
import { useFleet } from '../../../fleet/hooks.ts';

export interface ApplicationSwitchCardProps {
  readonly unitId: string;
  readonly button: TransitionButton;
  /** The heading next to the badge ("Databridge state"). */
  readonly title: string;
  readonly badge: { readonly color: string; readonly label: string; readonly testId: string };
  /** The application runs (or is starting): start is off, stop is on. */
  readonly active: boolean;
  /** The unit page allows commands at all (online, rights). */
  readonly enabled: boolean;
  readonly startLabel: string;
  readonly stopLabel: string;
  onStart(): void;
  onStop(): void;
  /** Shown between the state and the buttons (the chooser of what the application uses). */
  readonly children?: ReactNode;
}

export function ApplicationSwitchCard(props: ApplicationSwitchCardProps) {
  const fleet = useFleet();
  const { unitId, button, active, enabled } = props;
  return (
    <Stack maw={640}>
      <Group>
        <Text fw={600}>{props.title}</Text>
        <Badge color={props.badge.color} data-testid={props.badge.testId}>
          {props.badge.label}
        </Badge>
      </Group>
      {props.children}
      <Group>
        <Button
          color="teal"
          disabled={!enabled || active}
          onClick={() => {
            void fleet.beginTransition(unitId, button, 'connecting');
            props.onStart();
          }}
        >
          {props.startLabel}
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!enabled || !active}
          onClick={() => {
            void fleet.beginTransition(unitId, button, 'disconnecting');
            props.onStop();
          }}
        >
          {props.stopLabel}
        </Button>
      </Group>
    </Stack>
  );
}
