// Names of reference items by id, in the user's language, for the cards: a
// record holds ids, and the lists are cached for an hour, so looking a name
// up costs nothing after the first page.
import { useMemo } from 'react';
import { type ReferenceListName, useReferenceList } from '@/api/reference-lists/reference-list';

export function useReferenceNames(list: ReferenceListName): (id: number | null | undefined) => string {
  const items = useReferenceList(list);
  return useMemo(() => {
    const names = new Map((items.data ?? []).map((item) => [item.id, item.name]));
    return (id) => (id === null || id === undefined ? '' : (names.get(id) ?? ''));
  }, [items.data]);
}

/** Every soft skill by id, with its family. */
export function useSoftskillIndex() {
  const families = useReferenceList('softskill/categories');
  return useMemo(() => {
    const index = new Map<number, { name: string; familyId: number; familyName: string }>();
    for (const family of families.data ?? []) {
      for (const softskill of family.softskills ?? []) {
        index.set(softskill.id, { name: softskill.name, familyId: family.id, familyName: family.name });
      }
    }
    return index;
  }, [families.data]);
}
