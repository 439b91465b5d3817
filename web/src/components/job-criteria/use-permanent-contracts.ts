// The contract types a job on which has no end (the CDI), from the contract
// types list: a search or an offer on those alone asks for no duration. The
// rules need them as plain ids (criteria-rules.ts `isOpenEnded`); until the
// list arrives there are none, so the duration is asked, as the server would.
import { useMemo } from 'react';
import { useReferenceList } from '@/api/reference-lists/reference-list';

export function usePermanentContracts(): readonly number[] {
  const contractTypes = useReferenceList('contract/types');
  return useMemo(
    () => (contractTypes.data ?? []).filter((contract) => contract.permanent === true).map((contract) => contract.id),
    [contractTypes.data],
  );
}
