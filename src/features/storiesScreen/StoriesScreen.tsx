/**
 * Stories (/stories, spec 002 §2 no role guard): the stories of the current group's inventory
 * (spec 001 §3 Story) — search by slugline, sort by slugline or last change, create, edit and
 * delete (slugline required, fields at most 1024, spec 001 §9; the user types of spec 001 §6 that
 * may not add, delete or configure stories see no such buttons, and the server refuses them with
 * its message). A story is picked for a unit from the unit page's story button (story selection).
 */
import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { mergeStory, STORY_TEXT_FIELDS, type StoryForm } from '../../domain/stories.ts';
import { deleteStory, listStories, updateStory, type StoryView } from '../../protocol/rest/stories.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { NewStoryForm } from '../stories/NewStoryForm.tsx';
import { inventoryStoriesKey, useMayEditStories } from '../stories/useStories.ts';
import { saveFailure } from '../unit/model/serverErrors.ts';
import { NewsroomSyncModal } from './NewsroomSyncModal.tsx';

const PAGE = 50;
const FIELD_MAP = Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, field]));
type Sort = { by: 'slugline' | 'lastModified'; dir: 'asc' | 'desc' };

function EditStoryModal({ story, onClose }: { story: StoryView; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initial = Object.fromEntries(STORY_TEXT_FIELDS.map((f) => [f, story[f]])) as unknown as StoryForm;
  const form = useForm<StoryForm>({ initialValues: initial, validate: (values) => mergeStory(values).errors });
  const save = useMutation({
    mutationFn: (values: StoryForm) => call(updateStory, { params: { inv: story.inventoryId, storyId: story.storyId }, body: values }),
    onSuccess: () => {
      showSuccess(t('storiesScreen.saved'));
      void queryClient.invalidateQueries({ queryKey: inventoryStoriesKey(story.inventoryId) });
      onClose();
    },
    onError: (error) => {
      const failure = saveFailure(error, FIELD_MAP);
      form.setErrors(failure.fields);
      setRefusal(failure.form);
    },
  });
  const input = (field: keyof StoryForm) => ({ label: t(`stories.fields.${field}`), ...form.getInputProps(field) });
  return (
    <Modal opened onClose={onClose} title={t('storiesScreen.editTitle', { slugline: story.slugline })} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="xs">
          {refusal !== null && <Alert color="red">{refusal}</Alert>}
          <TextInput withAsterisk {...input('slugline')} />
          <SimpleGrid cols={3} spacing="xs">
            <TextInput {...input('reporter')} />
            <TextInput {...input('crewName')} />
            <TextInput {...input('provider')} />
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="xs">
            <TextInput {...input('keywords')} />
            <TextInput {...input('usageTerms')} />
          </SimpleGrid>
          <Textarea autosize minRows={2} maxRows={4} {...input('comments')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('storiesScreen.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('storiesScreen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteStoryModal({ story, onClose }: { story: StoryView; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call(deleteStory, { params: { inv: story.inventoryId, storyId: story.storyId } }),
    onSuccess: () => {
      showSuccess(t('storiesScreen.deleted'));
      void queryClient.invalidateQueries({ queryKey: inventoryStoriesKey(story.inventoryId) });
      onClose();
    },
    onError: () => undefined,
  });
  return (
    <Modal opened onClose={onClose} title={t('storiesScreen.deleteTitle')}>
      <Stack gap="sm">
        <Text>{t('storiesScreen.deleteText', { slugline: story.slugline })}</Text>
        {remove.isError && <Alert color="red">{errorMessageOf(remove.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('storiesScreen.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('storiesScreen.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function StoriesScreen() {
  const { t } = useTranslation();
  const { groupId, groups } = useCurrentGroup();
  const inventoryId = groups.find((g) => g.uid === groupId)?.inventoryId ?? null;
  const inventoryName = groups.find((g) => g.uid === groupId)?.inventoryName ?? '';
  const mayEdit = useMayEditStories();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort>({ by: 'slugline', dir: 'asc' });
  const [dialog, setDialog] = useState<{ kind: 'new' | 'edit' | 'delete' | 'sync'; story?: StoryView } | null>(null);
  const stories = useQuery({
    queryKey: [...inventoryStoriesKey(inventoryId ?? ''), 'screen', debounced, sort.by, sort.dir],
    queryFn: ({ signal }) =>
      call(listStories, { params: { inv: inventoryId ?? '' }, query: { limit: PAGE, sortBy: sort.by, sortDir: sort.dir, ...(debounced !== '' ? { searchKey: 'slugline' as const, searchValue: debounced } : {}) } }, { signal }),
    enabled: inventoryId !== null,
  });
  const header = (by: Sort['by']) => (
    <UnstyledButton fw={600} fz="sm" onClick={() => setSort((s) => ({ by, dir: s.by === by && s.dir === 'asc' ? 'desc' : 'asc' }))}>
      {t(`storiesScreen.columns.${by}`)} {sort.by === by ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
    </UnstyledButton>
  );
  return (
    <AdminPage
      title={t('routes.stories')}
      description={t('storiesScreen.description', { inventory: inventoryName })}
      actions={
        mayEdit && inventoryId !== null ? (
          <>
            <Button variant="default" onClick={() => setDialog({ kind: 'sync' })}>
              {t('storiesScreen.sync')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'new' })}>{t('stories.new.open')}</Button>
          </>
        ) : undefined
      }
      toolbar={<TextInput w={300} placeholder={t('stories.searchPlaceholder')} aria-label={t('stories.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />}
    >
      {stories.isPending && inventoryId !== null && <Loader size="sm" />}
      {stories.isError && <Alert color="red">{errorMessageOf(stories.error)}</Alert>}
      {stories.data !== undefined && (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed" data-testid="stories-count">
            {t('storiesScreen.count', { shown: stories.data.stories.length, total: stories.data.total })}
          </Text>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{header('slugline')}</Table.Th>
                <Table.Th>{t('stories.fields.reporter')}</Table.Th>
                <Table.Th>{t('stories.fields.crewName')}</Table.Th>
                <Table.Th>{t('stories.fields.provider')}</Table.Th>
                <Table.Th>{t('stories.fields.keywords')}</Table.Th>
                <Table.Th>{header('lastModified')}</Table.Th>
                {mayEdit && <Table.Th>{t('storiesScreen.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stories.data.stories.map((story) => (
                <Table.Tr key={story.storyId} data-testid="story-line" aria-label={story.slugline}>
                  <Table.Td fw={600}>{story.slugline}</Table.Td>
                  <Table.Td>{story.reporter}</Table.Td>
                  <Table.Td>{story.crewName}</Table.Td>
                  <Table.Td>{story.provider}</Table.Td>
                  <Table.Td>{story.keywords}</Table.Td>
                  <Table.Td>{new Date(story.lastModified).toLocaleString()}</Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'edit', story })}>
                          {t('storiesScreen.edit')}
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDialog({ kind: 'delete', story })}>
                          {t('storiesScreen.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {stories.data.stories.length === 0 && <Text c="dimmed">{t('stories.empty')}</Text>}
        </Stack>
      )}
      {dialog?.kind === 'new' && inventoryId !== null && (
        <Modal opened onClose={() => setDialog(null)} title={t('stories.new.title')} size="lg">
          <NewStoryForm
            inventoryId={inventoryId}
            onCreated={(story) => {
              showSuccess(t('stories.toast.created', { slugline: story.slugline }));
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        </Modal>
      )}
      {dialog?.kind === 'edit' && dialog.story !== undefined && <EditStoryModal story={dialog.story} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && dialog.story !== undefined && <DeleteStoryModal story={dialog.story} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'sync' && inventoryId !== null && <NewsroomSyncModal inventoryId={inventoryId} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
