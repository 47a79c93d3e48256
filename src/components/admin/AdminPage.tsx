/**
 * The frame of an administration screen: its title (the translation of its path, spec 000 §2),
 * a line saying what it is for, the actions on the right (e.g. "New group"), then the toolbar
 * (search) and the table.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface AdminPageProps {
  readonly title: string;
  readonly description?: string;
  readonly actions?: ReactNode;
  readonly toolbar?: ReactNode;
  readonly children: ReactNode;
}

export function AdminPage({ title, description, actions, toolbar, children }: AdminPageProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description !== undefined && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions !== undefined && (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      {toolbar !== undefined && (
        <Group gap="sm" wrap="wrap">
          {toolbar}
        </Group>
      )}
      {children}
    </Stack>
  );
}
