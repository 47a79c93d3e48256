/**
 * What the unit list's first load holds (issue 15 item 6, docs/performance.md §7s): the dialogs its
 * toolbar opens load when first wanted (components/lazyDialog.tsx), not with the list. A static
 * import of one of them brings its forms, tabs and Mantine components back into the list's chunks.
 */
import { describe, expect, it } from 'vitest';
import { sourceClosure } from '../../build/sourceClosure.ts';

describe("the unit list's static imports", () => {
  const { files } = sourceClosure(['src/features/units/UnitListScreen.tsx']);

  it('are walked (the toolbar and the lazy dialog kit are reached)', () => {
    expect(files).toContain('src/features/adhoc/AdhocToolbar.tsx');
    expect(files).toContain('src/components/lazyDialog.tsx');
  });

  it.each(['src/features/adhoc/AddDeviceModal.tsx', 'src/features/adhoc/GuestInterviewModal.tsx', 'src/features/adhoc/InviteForm.tsx'])('do not reach %s', (file) => {
    expect(files).not.toContain(file);
  });
});
