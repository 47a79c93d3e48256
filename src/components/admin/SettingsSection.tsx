/**
 * A titled card of a settings screen (Account, Preferences, About): a heading, an optional line
 * saying what it is for, then its fields.
 */
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export interface SettingsSectionProps {
  readonly title: string;
  readonly hint?: string;
  readonly children: ReactNode;
}

export function SettingsSection({ title, hint, children }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {hint !== undefined && (
            <Text c="dimmed" fz="sm">
              {hint}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
