/**
 * What the shell's first load holds (issue 15 item 6, docs/performance.md §7s, §7t): the
 * applications drawer and the what's-new notes load with their first opening
 * (components/lazyDialog.tsx), and with them Mantine's Modal, Drawer and their scroll lock; the user
 * menu and the list's column menu with their first hover, focus or click (components/lazyMenu.tsx),
 * and with them Mantine's Menu and Checkbox. A static import of one brings them back into every
 * signed-in page's first load.
 */
import { describe, expect, it } from 'vitest';
import { sourceClosure } from '../../build/sourceClosure.ts';

describe("the shell's static imports", () => {
  const { files, packages } = sourceClosure(['src/app/shell/Shell.tsx', 'src/features/units/UnitListScreen.tsx']);

  it('are walked (the what’s-new query and the lazy dialog kit are reached)', () => {
    expect(files).toContain('src/features/whatsNew/WhatsNewDialog.tsx');
    expect(files).toContain('src/components/lazyDialog.tsx');
    expect(files).toContain('src/components/lazyMenu.tsx');
  });

  it.each(['src/app/shell/ApplicationsDrawer.tsx', 'src/features/whatsNew/WhatsNewNotes.tsx', 'src/app/shell/UserMenuDropdown.tsx', 'src/features/units/ColumnsMenuDropdown.tsx'])('do not reach %s', (file) => {
    expect(files).not.toContain(file);
  });

  it("import none of Mantine's Modal, Drawer, Menu and Checkbox as a value", () => {
    expect((packages.get('@mantine/core') ?? []).filter((name) => ['Modal', 'Drawer', 'Menu', 'Checkbox'].includes(name))).toEqual([]);
  });
});
