/**
 * The frame of an administration screen: its title (the translation of its path, spec 000 §2),
 * a line saying what it is for, the actions on the right (e.g. "New group"), then the toolbar
 * (search) and the table.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useWriteBlock } from './useWriteBlock.tsx';

export interface AdminPageProps {
  readonly title: string;
  readonly description?: string;
  readonly actions?: ReactNode;
  readonly toolbar?: ReactNode;
  readonly children: ReactNode;
}

export function AdminPage({ title, description, actions, toolbar, children }: AdminPageProps) {
  // The page's actions (New..., Import...) write: while the live connection is down they are
  // disabled (a native disabled fieldset disables every button in it) and the reason is beside them.
  const blocked = useWriteBlock();
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
        {actions !== undefined && actions !== false && actions !== null && (
          <Stack gap={4} align="flex-end">
            <Group gap="xs" wrap="nowrap">
              <fieldset disabled={blocked !== null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0, display: 'contents' }}>
                {actions}
              </fieldset>
            </Group>
            {blocked !== null && (
              <Text fz="sm" c="orange" maw={360} ta="right" data-testid="writes-blocked">
                {blocked}
              </Text>
            )}
          </Stack>
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
