// Chips over a reference list (contract types, soft-skill families, company
// types...): one chip per item, each adding or removing its id from the
// chosen ones, and under them the list's failure with a way to ask again.
import { type ReferenceListName, useReferenceList } from '@/api/reference-lists/reference-list';
import { ChoiceChips } from '@/components/form/choice-chips';
import { toggleId } from './criteria-values';
import { ReferenceListFailure } from './reference-list-failure';

export function ReferenceChips({
  list,
  legend,
  name,
  hint,
  error,
  selected,
  onChange,
}: {
  list: ReferenceListName;
  legend: string;
  name: string;
  hint?: string;
  error?: string;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const items = useReferenceList(list);
  return (
    <>
      <ChoiceChips
        legend={legend}
        hint={hint}
        name={name}
        options={items.data ?? []}
        selected={selected}
        onToggle={(id) => onChange(toggleId(selected, id))}
        error={error}
      />
      <ReferenceListFailure query={items} />
    </>
  );
}
