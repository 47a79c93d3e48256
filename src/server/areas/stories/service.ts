/**
 * The stories area's service (spec 001 §3, §6, §7, §9): an inventory's stories (list, count,
 * add, change, delete) and the story selected for a unit. Rules are the domain's
 * (src/domain/stories.ts: the merged form and its errors, which story a unit may select); SQL is
 * the repository's (stories/repo.ts). A refused or invalid write stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { mergeStory, STORY_MESSAGES, storySelectionError, type Story, type StorySearchKey, type StorySortKey } from '../../../domain/stories.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { StoryFields, StoryPage, UnitStory } from '../../../protocol/rest/stories.ts';
import { notFound, refuseFields } from '../../http/errors.ts';
import type { Store } from '../../store/store.ts';
import type { StoredUnit } from '../units/repo.ts';

export class StoryService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async page(inventoryId: string, request: PageRequest<StorySearchKey, StorySortKey>): Promise<StoryPage> {
    const { total, stories } = await this.store.stories.list({ inventoryId, ...request });
    return { total, limit: request.limit, offset: request.offset, stories };
  }

  async count(inventoryId: string, searchKey: StorySearchKey, searchValue: string): Promise<number> {
    return (await this.store.stories.list({ inventoryId, searchKey, searchValue, sortBy: 'slugline', sortDir: 'asc', limit: 1, offset: 0 })).total;
  }

  /** A new story of the inventory; 400 naming every failing field (spec 002 §5 words). */
  async create(inventoryId: string, fields: StoryFields): Promise<Story> {
    return this.store.stories.insert(`STY-${randomUUID()}`, inventoryId, this.checkedForm(fields), this.now());
  }

  /** The fields given replace the stored ones; another inventory's story is "Story not found". */
  async update(inventoryId: string, storyId: string, fields: StoryFields): Promise<Story> {
    const stored = await this.store.stories.get(storyId);
    if (stored === undefined || stored.inventoryId !== inventoryId) throw notFound(STORY_MESSAGES.notFound);
    const updated = await this.store.stories.update(storyId, inventoryId, this.checkedForm(fields, stored), this.now());
    if (updated === undefined) throw notFound(STORY_MESSAGES.notFound);
    return updated;
  }

  async remove(inventoryId: string, storyId: string): Promise<{ storyId: string; deleted: true }> {
    if (!(await this.store.stories.delete(storyId, inventoryId))) throw notFound(STORY_MESSAGES.notFound);
    return { storyId, deleted: true };
  }

  private checkedForm(fields: StoryFields, base?: Story) {
    const { form, errors } = mergeStory(fields, base);
    refuseFields(errors);
    return form;
  }

  // ── The story of a unit ──

  /** The unit's selection (null when none, or when the story is of another inventory than the unit's now). */
  async ofUnit(unit: Pick<StoredUnit, 'uid' | 'inventoryId'>): Promise<UnitStory> {
    const story = await this.store.stories.selectedFor(unit.uid);
    const current = story !== undefined && story.inventoryId === unit.inventoryId ? story : null;
    return { uid: unit.uid, inventoryId: unit.inventoryId, storyId: current?.storyId ?? null, story: current };
  }

  /** Selects a story of the unit's inventory (null clears); another inventory's or an unknown story is refused on `storyId`. */
  async select(unit: Pick<StoredUnit, 'uid' | 'inventoryId'>, storyId: string | null): Promise<UnitStory> {
    if (storyId !== null) refuseFields({ storyId: storySelectionError(await this.store.stories.get(storyId), unit.inventoryId) });
    await this.store.stories.select(unit.uid, storyId, this.now());
    return this.ofUnit(unit);
  }
}
