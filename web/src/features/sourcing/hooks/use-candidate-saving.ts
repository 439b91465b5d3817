// Saving and unsaving candidates into a search, from the list or the panel.
// The server's `saved` flag only exists for a stored search, so the flags
// changed here are kept locally until the next answer confirms them; on an
// ad-hoc search the search is stored first (`resolveSearchId`).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { useSaveCandidate, useUnsaveCandidate } from '../api/save-candidate';
import type { SearchHit } from '../api/search-types';
import { candidateName } from '../components/hit-card';

export function useCandidateSaving(resolveSearchId: () => Promise<number>) {
  const { t } = useTranslation('sourcing');
  const save = useSaveCandidate();
  const unsave = useUnsaveCandidate();
  const [busyCandidateId, setBusyCandidateId] = useState<number | null>(null);
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(() => new Map());

  const withOverrides = useCallback(
    (hits: readonly SearchHit[]): SearchHit[] =>
      hits.map((hit) => {
        const saved = overrides.get(hit.candidate.id);
        return saved === undefined || saved === hit.saved ? hit : { ...hit, saved };
      }),
    [overrides],
  );

  const toggle = useCallback(
    async (hit: SearchHit) => {
      const candidateId = hit.candidate.id;
      const saving = !hit.saved;
      setBusyCandidateId(candidateId);
      try {
        const searchId = await resolveSearchId();
        if (saving) await save.mutateAsync({ searchId, candidateId });
        else await unsave.mutateAsync({ searchId, candidateId });
        setOverrides((previous) => new Map(previous).set(candidateId, saving));
        const name = candidateName(hit);
        showToast(saving ? t('actions.candidateSaved', { name }) : t('actions.candidateUnsaved', { name }), 'success');
      } catch {
        // The API client has already shown the error.
      } finally {
        setBusyCandidateId(null);
      }
    },
    [resolveSearchId, save, unsave, t],
  );

  const forget = useCallback(() => setOverrides(new Map()), []);

  return { toggle, busyCandidateId, withOverrides, forget };
}
