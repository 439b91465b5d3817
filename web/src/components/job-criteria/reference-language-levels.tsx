// The languages of the reference list with a level each (LanguageLevels), and
// under them the list's failure with a way to ask again: the job search, the
// offers and the candidate's languages all pick from the same list.
import type { ComponentProps } from 'react';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { LanguageLevels } from '@/components/form/language-levels';
import { ReferenceListFailure } from './reference-list-failure';

export function ReferenceLanguageLevels(props: Omit<ComponentProps<typeof LanguageLevels>, 'options'>) {
  const languages = useReferenceList('languages');
  return (
    <>
      <LanguageLevels options={languages.data ?? []} {...props} />
      <ReferenceListFailure query={languages} />
    </>
  );
}
