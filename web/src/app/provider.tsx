// Everything the app needs around it: the query client and the router. The
// router is a data router (one catch-all route holding the app, whose own
// <Routes> pick the page), as only a data router can hold a navigation while
// a form asks whether to leave its unsaved changes (useBlocker).
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: children }]));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
