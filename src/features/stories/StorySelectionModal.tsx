import { Alert, Button, Divider, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import type { Story } from '../../domain/stories.ts';
import { NewStoryForm } from './NewStoryForm.tsx';
import { STORY_LIST_LIMIT, useInventoryStories, useMayEditStories, useSelectStory, useUnitStory } from './useStories.ts';

/** Typing pauses this long before the list is searched again (ms). */
const SEARCH_DEBOUNCE_MS = 250;

function StoryRow({ story, disabled }: { story: Story; disabled: boolean }) {
  const details = [story.reporter, story.provider, story.keywords].filter((part) => part.trim() !== '').join(' · ');
  return (
    <Radio.Card value={story.storyId} disabled={disabled} p="xs" radius="sm" data-testid="story-row" aria-label={story.slugline}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} disabled={disabled} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {story.slugline}
          </Text>
          {details !== '' && (
            <Text fz="sm" c="dimmed" truncate="end">
              {details}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * Story selection (spec 000 §2 "Other modals: … story selection"): search the inventory's stories
 * (spec 001 §3, §7), pick one for this unit and save; users who may (001 §6) add a story inline.
 */
export function StorySelectionModal({ unitId, opened, onClose, canOperate }: { unitId: string; opened: boolean; onClose: () => void; canOperate: boolean }) {
  const { t } = useTranslation();
  const current = useUnitStory(unitId);
  const inventoryId = current.data?.inventoryId ?? null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const list = useInventoryStories(inventoryId, debounced, opened);
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const mayEdit = useMayEditStories();
  const select = useSelectStory(unitId);
  const currentId = current.data?.story?.storyId ?? null;
  const chosen = picked === undefined ? currentId : picked;

  const close = () => {
    setPicked(undefined);
    setAdding(false);
    setSearch('');
    select.reset();
    onClose();
  };
  const save = (storyId: string | null) =>
    select.mutate(storyId, {
      onSuccess: (answer) => {
        showSuccess(answer.story === null ? t('stories.toast.cleared') : t('stories.toast.selected', { slugline: answer.story.slugline }));
        close();
      },
    });

  const stories = list.data?.stories ?? [];
  return (
    <Modal opened={opened} onClose={close} title={t('stories.title')} size="lg" centered>
      <Stack gap="sm">
        <Text fz="sm" data-testid="story-current">
          {current.data?.story ? t('stories.current', { slugline: current.data.story.slugline }) : t('stories.none')}
        </Text>
        {select.error !== null && (
          <Alert color="red" role="alert">
            {errorMessageOf(select.error)}
          </Alert>
        )}
        {current.error !== null && (
          <Alert color="red" role="alert">
            {errorMessageOf(current.error)}
          </Alert>
        )}
        {inventoryId === null && current.isSuccess ? (
          <Alert color="gray">{t('stories.noInventory')}</Alert>
        ) : (
          <>
            <TextInput
              label={t('stories.search')}
              placeholder={t('stories.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              rightSection={list.isFetching ? <Loader size="xs" /> : null}
            />
            <ScrollArea.Autosize mah={adding ? 150 : 300} type="auto" offsetScrollbars>
              <Radio.Group value={chosen} onChange={setPicked} aria-label={t('stories.listLabel')}>
                <Stack gap={4}>
                  {stories.map((story) => (
                    <StoryRow key={story.storyId} story={story} disabled={!canOperate} />
                  ))}
                </Stack>
              </Radio.Group>
              <Stack gap={0}>
                {list.isSuccess && stories.length === 0 && (
                  <Text c="dimmed" fz="sm" p="xs">
                    {t('stories.empty')}
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
            {list.data !== undefined && list.data.total > STORY_LIST_LIMIT && (
              <Text fz="xs" c="dimmed">
                {t('stories.more', { shown: STORY_LIST_LIMIT, total: list.data.total })}
              </Text>
            )}
            {list.error !== null && (
              <Alert color="red" role="alert">
                {errorMessageOf(list.error)}
              </Alert>
            )}
            {mayEdit && inventoryId !== null && (
              <>
                <Divider label={t('stories.new.title')} labelPosition="left" />
                {adding ? (
                  <NewStoryForm
                    inventoryId={inventoryId}
                    onCancel={() => setAdding(false)}
                    onCreated={(story) => {
                      setAdding(false);
                      setSearch('');
                      setPicked(story.storyId);
                      showSuccess(t('stories.toast.created', { slugline: story.slugline }));
                    }}
                  />
                ) : (
                  <Group>
                    <Button variant="light" onClick={() => setAdding(true)}>
                      {t('stories.new.open')}
                    </Button>
                  </Group>
                )}
              </>
            )}
          </>
        )}
        {/* While a story is being added, its form's buttons are the only ones: one thing at a time. */}
        <Group justify="space-between" mt="xs" display={adding ? 'none' : undefined}>
          <Button variant="subtle" color="red" disabled={!canOperate || currentId === null} onClick={() => save(null)}>
            {t('stories.clear')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!canOperate || chosen === null || chosen === currentId} loading={select.isPending} onClick={() => save(chosen)}>
              {t('stories.select')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
