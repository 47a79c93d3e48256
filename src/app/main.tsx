/**
 * The console's entry: English is loaded first (a separate chunk, spec 000 §1), then the router
 * starts; its guard decides the first page.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startI18n } from '../i18n/i18n.ts';
import { createConsoleRouter } from './router.tsx';
import { Providers } from './providers.tsx';
import { recoverStylesheetPreloads } from './screenLoading.ts';
import { preloadGuard } from './shellLoading.ts';
import { SIGN_IN_PATH } from './signInPaths.ts';

async function start(): Promise<void> {
  recoverStylesheetPreloads(window, document);
  // Any page but sign-in is decided by the guard first: its chunk loads beside the English texts.
  if (window.location.pathname !== SIGN_IN_PATH) preloadGuard();
  await startI18n();
  const router = createConsoleRouter();
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
