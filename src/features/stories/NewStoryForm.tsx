import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeStory, STORY_TEXT_FIELDS, type Story, type StoryForm } from '../../domain/stories.ts';
import { saveFailure } from '../unit/model/serverErrors.ts';
import { useCreateStory } from './useStories.ts';

const EMPTY: StoryForm = { slugline: '', crewName: '', usageTerms: '', provider: '', reporter: '', keywords: '', comments: '' };
const FIELD_MAP = Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, field]));

/**
 * Adds a story to the inventory (spec 001 §9: slugline required, every field at most 1024
 * characters, checked with the domain's words before sending and by the server after).
 */
export function NewStoryForm({ inventoryId, onCreated, onCancel }: { inventoryId: string; onCreated: (story: Story) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<StoryForm>({ initialValues: EMPTY, validate: (values) => mergeStory(values).errors });
  const create = useCreateStory(inventoryId);
  const input = (field: keyof StoryForm) => ({ label: t(`stories.fields.${field}`), ...form.getInputProps(field) });
  return (
    <form
      aria-label={t('stories.new.title')}
      onSubmit={form.onSubmit((values) => {
        setRefusal(null);
        create.mutate(values, {
          onSuccess: onCreated,
          onError: (error) => {
            const failure = saveFailure(error, FIELD_MAP);
            form.setErrors(failure.fields);
            setRefusal(failure.form);
          },
        });
      })}
    >
      <Stack gap="xs">
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput withAsterisk data-autofocus {...input('slugline')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput {...input('reporter')} />
          <TextInput {...input('crewName')} />
          <TextInput {...input('provider')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput {...input('keywords')} />
          <TextInput {...input('usageTerms')} />
        </SimpleGrid>
        <Textarea autosize minRows={2} maxRows={4} {...input('comments')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('stories.new.discard')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('stories.new.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
