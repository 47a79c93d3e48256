/**
 * The Graphics Overlay tab (spec 001 §2, §5, §9): the overlay library of the channel's inventory
 * (PNG only, at most 2000×2000 px and 110 KB, recommended 300×300 at least; the server checks the
 * file from its bytes and refuses each problem with its own message), and the overlay the channel
 * shows (picking one needs channel software 8.0).
 */
import { useState } from 'react';
import { Alert, Button, FileButton, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { gateError } from '../../domain/channelConfig.ts';
import { channelKeys, fetchOverlays, invalidateChannels, overlayImageUrl, saveConfiguration, uploadOverlayFile } from './queries.ts';
import type { LiveChannel } from './useLiveChannels.ts';
import { TabFooter } from './ChannelEditor.tsx';

export function OverlayTab({ channel, canSave }: { channel: LiveChannel; canSave: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inventoryId = channel.inventoryId;
  const overlays = useQuery({ queryKey: channelKeys.overlays(inventoryId ?? ''), queryFn: ({ signal }) => fetchOverlays(inventoryId ?? '', signal), enabled: inventoryId !== null });
  const gate = gateError(channel.liveuVersion, 'graphicsOverlay');
  const [chosen, setChosen] = useState<string>(channel.config.overlay.overlayId ?? 'none');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const upload = async (file: File | null) => {
    if (file === null || inventoryId === null) return;
    setUploadError(null);
    setUploadNote(null);
    try {
      const overlay = await uploadOverlayFile(inventoryId, file);
      setUploadNote(overlay.warnings[0] ?? t('channels.overlay.uploaded', { name: overlay.fileName }));
      await queryClient.invalidateQueries({ queryKey: channelKeys.overlays(inventoryId) });
    } catch (error) {
      setUploadError(messageOf(error));
    }
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaveError(null);
    setSaved(false);
    try {
      await saveConfiguration(channel.id, { overlay: { overlayId: chosen === 'none' ? null : chosen } });
      setSaved(true);
      void invalidateChannels(queryClient);
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack gap="sm">
        {gate !== null && (
          <Alert color="yellow" variant="light">
            {gate}
          </Alert>
        )}
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {t('channels.overlay.rules')}
          </Text>
          {canSave && inventoryId !== null && (
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/*">
              {(props) => (
                <Button variant="light" {...props}>
                  {t('channels.overlay.upload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {uploadError !== null && (
          <Alert color="red" variant="light" role="alert" title={t('channels.overlay.refused')}>
            {uploadError}
          </Alert>
        )}
        {uploadNote !== null && (
          <Alert color="blue" variant="light" role="status">
            {uploadNote}
          </Alert>
        )}
        <Radio.Group label={t('channels.overlay.pick')} value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            <Radio value="none" label={t('channels.overlay.none')} disabled={!canSave} />
            <SimpleGrid cols={3} spacing="sm">
              {(overlays.data ?? []).map((o) => (
                <Stack key={o.id} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}>
                  <Image src={overlayImageUrl(o.inventoryId, o.id)} alt={o.fileName} h={72} fit="contain" bg="gray.1" />
                  <Radio value={o.id} label={o.fileName} disabled={!canSave || gate !== null} />
                  <Text fz="xs" c="dimmed">
                    {t('channels.overlay.size', { width: o.width, height: o.height, kb: Math.ceil(o.sizeBytes / 1024) })}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            {overlays.data?.length === 0 && (
              <Text fz="sm" c="dimmed">
                {t('channels.overlay.empty')}
              </Text>
            )}
          </Stack>
        </Radio.Group>
        <TabFooter formError={saveError} submitting={saving} canSave={canSave && gate === null} saved={saved} />
      </Stack>
    </form>
  );
}
