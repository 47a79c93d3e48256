/**
 * What the sign-in page's JavaScript may hold (issue 15 item 6, docs/performance.md §7q): the
 * modules the entry (main.tsx) imports statically, walked through our own sources. A static import
 * is one more file the browser loads before the sign-in form shows; the bench reports the bytes
 * (startup.ts), this test keeps the heavy parts off the page: the REST layer and effect's Schema
 * (loaded while the sign-in request is out, src/api/signIn.ts), the guard and TanStack Query (loaded
 * with the first guarded navigation), the form kit, the toasts' container (loaded with the first toast or the shell), and
 * Mantine's dialogs (imported by value, they bring ScrollArea and floating-ui).
 */
import { describe, expect, it } from 'vitest';
import { sourceClosure } from '../build/sourceClosure.ts';

describe("the sign-in page's static imports", () => {
  const { files, packages } = sourceClosure(['src/app/main.tsx']);

  it('are walked (the page and the router are reached)', () => {
    expect(files).toContain('src/app/pages/SignInPage.tsx');
    expect(files).toContain('src/app/router.tsx');
    expect(packages.has('@mantine/core')).toBe(true);
  });

  it('do not reach effect', () => {
    expect([...packages.keys()]).not.toContain('effect');
  });

  // TanStack Query's core (the guard's route provides the client, queryClientLoader.ts) and the form kit (the
  // sign-in form reads its two fields itself): ~14 kB gzip of a 150 kB budget (docs/performance.md §7r).
  it.each(['@tanstack/react-query', '@mantine/form'])('do not reach %s', (pkg) => {
    expect([...packages.keys()]).not.toContain(pkg);
  });

  it('reach the QueryClient only as a type and through its loader', () => {
    expect(files).toContain('src/app/queryClientLoader.ts');
    expect(files).not.toContain('src/app/queryClient.ts');
    expect(files).not.toContain('src/app/GuardRoot.tsx');
  });

  it.each(['src/api/resources.ts', 'src/api/call.ts', 'src/api/queries.ts', 'src/app/guard.ts', 'src/api/signInAnswer.ts', 'src/app/screens.ts', 'src/app/consoleScreens.ts', 'src/i18n/englishTexts.ts', 'src/i18n/screenTexts.ts'])('do not reach %s', (file) => {
    expect(files).not.toContain(file);
  });

  it('reach no endpoint module of the REST contract but the schema-free session calls', () => {
    expect([...files].filter((file) => file.startsWith('src/protocol/rest/'))).toEqual(['src/protocol/rest/sessionCalls.ts']);
  });

  it("reach the toasts' store but not their container (toastLane.tsx loads it)", () => {
    expect(files).not.toContain('src/app/ToastLaneContainer.tsx');
    expect(packages.get('@mantine/notifications')).not.toContain('Notifications');
  });

  it("import none of Mantine's dialogs as a value", () => {
    expect((packages.get('@mantine/core') ?? []).filter((name) => ['Modal', 'Drawer', 'ScrollArea', 'Popover', 'Tooltip', 'Menu'].includes(name))).toEqual([]);
  });
});
