// Rendering a component for a test the way the app holds it: a fresh query
// cache that does not retry (a failure shows at once), the test file's
// translations (`testI18n`) and, unless `router: false`, a memory data router
// at `path` (a data router, as the app's, so that forms may hold navigation).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';

export function renderWithProviders(ui: ReactNode, { i18n, path, router = true }: { i18n?: I18n; path?: string; router?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const memoryRouter = router ? createMemoryRouter([{ path: '*', element: ui }], { initialEntries: path ? [path] : undefined }) : null;
  const routed = memoryRouter ? <RouterProvider router={memoryRouter} /> : ui;
  const result = render(
    <QueryClientProvider client={client}>{i18n ? <I18nextProvider i18n={i18n}>{routed}</I18nextProvider> : routed}</QueryClientProvider>,
  );
  return { client, ...result };
}
