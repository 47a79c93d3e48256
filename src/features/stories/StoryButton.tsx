import { Badge, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { StorySelectionModal } from './StorySelectionModal.tsx';
import { useUnitStory } from './useStories.ts';

/** The unit page header's "Story" action: opens the story selection modal. */
export function StoryButton({ unitId, canOperate }: { unitId: string; canOperate: boolean }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={modal.open} data-testid="open-story-selection">
        {t('stories.button')}
      </Button>
      <StorySelectionModal unitId={unitId} opened={opened} onClose={modal.close} canOperate={canOperate} />
    </>
  );
}

/** The selected story's slugline beside the unit's name (nothing when none is selected). */
export function SelectedStoryBadge({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const { data } = useUnitStory(unitId);
  if (!data?.story) return null;
  return (
    <Badge variant="light" color="grape" maw={360} data-testid="unit-story" title={data.story.slugline}>
      {t('stories.badge', { slugline: data.story.slugline })}
    </Badge>
  );
}
