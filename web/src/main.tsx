// Entry point: starts i18n, the chunk-error listener and React. A start-up
// failure is logged to the console only (spec §8). Zod's configuration comes
// first, before any module builds a schema.
import '@/lib/form/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { listenForPreloadErrors } from '@/lib/chunk-reload-guard';
import { initI18n } from '@/lib/i18n';
// The global stylesheets, in cascade order: each may refine the ones before it.
import '@/styles/tokens-and-base.css';
import '@/styles/controls.css';
import '@/styles/feedback.css';
import '@/styles/layouts.css';
import '@/styles/user-menu.css';
import '@/styles/fields.css';

async function start(): Promise<void> {
  listenForPreloadErrors();
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('application start-up failed', error);
});
