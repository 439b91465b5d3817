// Viewer mode (spec §3 session store, §4): while a public profile page is
// open, the session holds its slug; leaving the page clears it.
import { useEffect } from 'react';
import { setViewerSlug } from '@/lib/session';

export function useViewerSlug(slug: string): void {
  useEffect(() => {
    setViewerSlug(slug);
    return () => setViewerSlug(null);
  }, [slug]);
}
