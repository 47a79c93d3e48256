import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark.tsx';

/** A page outside the shell (sign-in, refusals, notices): the brand, a heading and one card. */
export function CenteredPage({ heading, children, width = 440 }: { readonly heading: string; readonly children: ReactNode; readonly width?: number }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={width}>
        <Stack gap="lg">
          <Stack gap={2} align="center">
            <BrandMark size="lg" />
            <Text c="dimmed" fz="sm">
              {t('app.tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="md" p="xl" radius="md">
            <Stack gap="md">
              <Title order={2} fz="h3">
                {heading}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
