/**
 * What the shell's first load holds (issue 15 item 6, docs/performance.md §7s): the applications
 * drawer and the what's-new notes load with their first opening (components/lazyDialog.tsx), and
 * with them Mantine's Modal, Drawer and their scroll lock. A static import of either brings them
 * back into every signed-in page's first load.
 */
import { describe, expect, it } from 'vitest';
import { sourceClosure } from '../../build/sourceClosure.ts';

describe("the shell's static imports", () => {
  const { files, packages } = sourceClosure(['src/app/shell/Shell.tsx', 'src/features/units/UnitListScreen.tsx']);

  it('are walked (the what’s-new query and the lazy dialog kit are reached)', () => {
    expect(files).toContain('src/features/whatsNew/WhatsNewDialog.tsx');
    expect(files).toContain('src/components/lazyDialog.tsx');
  });

  it.each(['src/app/shell/ApplicationsDrawer.tsx', 'src/features/whatsNew/WhatsNewNotes.tsx'])('do not reach %s', (file) => {
    expect(files).not.toContain(file);
  });

  it("import neither Mantine's Modal nor its Drawer as a value", () => {
    expect((packages.get('@mantine/core') ?? []).filter((name) => ['Modal', 'Drawer'].includes(name))).toEqual([]);
  });
});
