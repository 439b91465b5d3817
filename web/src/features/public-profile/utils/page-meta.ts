// The description and Open Graph tags of a public profile, set in the page's
// <head> while it is open. The app renders in the browser, so these help
// browsers, bookmarks and crawlers that run scripts; link previews from
// services that do not run scripts read the tags the server writes into the
// page of /candidat/{slug} (see the server's web_app module).
//
// A profile page also asks search engines not to index it (`robots` is
// `noindex`) while it is open: a shared profile is for the people its
// candidate gives the link to. The server says the same in its headers.
import { useEffect } from 'react';

export type PageMeta = { title: string; description: string; image?: string | null; url: string };

function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = element === null;
  const previous = element?.content ?? null;
  if (element === null) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
  return () => {
    if (created) element.remove();
    else if (previous !== null) element.content = previous;
  };
}

export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  const image = meta?.image;
  const url = meta?.url;
  useEffect(() => {
    if (title === undefined || description === undefined || url === undefined) return;
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:type', 'profile'),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:url', url),
      ...(image ? [setMeta('property', 'og:image', image)] : []),
    ];
    return () => restore.forEach((undo) => undo());
  }, [title, description, image, url]);
}

/** Sets `<meta name="robots" content="noindex">` while the calling page is mounted. */
export function useNoIndex(): void {
  useEffect(() => setMeta('name', 'robots', 'noindex'), []);
}
