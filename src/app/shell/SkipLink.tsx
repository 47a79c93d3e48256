/**
 * "Skip to content" (issue 17 item 6, WCAG 2.4.1 bypass blocks): the first thing a keyboard user
 * reaches on every page of the shell; hidden until it has the focus, then it moves the focus to
 * the page's main content, past the header and the navigation menu.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the shell's main content (AppShell.Main). */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      style={
        focused
          ? { position: 'fixed', top: 8, left: 8, zIndex: 1000, padding: '8px 12px', background: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)', border: '2px solid var(--mantine-primary-color-filled)', borderRadius: 4 }
          : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
      }
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
