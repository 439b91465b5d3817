// Under the sourcing criteria: save the search (or, when the page refines a
// saved search, update it) and open it, or, once candidates have been saved
// into a new stored search, a link to that search. A 422 puts its messages
// beside the criteria they name.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buildPath, paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form/server-errors';
import { showToast } from '@/lib/toasts';
import { useEditSavedSearch } from '../api/change-saved-search';
import type { useCreateSavedSearch } from '../api/create-saved-search';
import type { SortOrder } from '../api/search-types';
import { initialPaging } from '../utils/results-paging';
import { buildSearchRequest, searchFormFields, type SearchFormValues, serverFieldNames } from '../utils/search-form';
import type { CheckedCriteria } from '../hooks/use-search-criteria';

type SearchSaveActionsProps = {
  form: UseFormReturn<SearchFormValues>;
  criteria: CheckedCriteria;
  sort: SortOrder;
  /** The saved search the page refines, updated in place; null for a new search. */
  editedSearchId: number | null;
  /** The search stored when a candidate was saved from the page, if any. */
  savedSearchId: number | null;
  /** Shared with the saving of candidates, which may store the search first. */
  createSavedSearch: ReturnType<typeof useCreateSavedSearch>;
};

export function SearchSaveActions({ form, criteria, sort, editedSearchId, savedSearchId, createSavedSearch }: SearchSaveActionsProps) {
  const { t } = useTranslation('sourcing');
  const navigate = useNavigate();
  const editSavedSearch = useEditSavedSearch();
  const creating = editedSearchId === null;

  async function saveSearch(): Promise<void> {
    if (!criteria.valid) return;
    try {
      const request = buildSearchRequest(criteria.values, initialPaging(sort), criteria.permanentContracts);
      const stored = creating
        ? await createSavedSearch.mutateAsync(request)
        : await editSavedSearch.mutateAsync({ id: editedSearchId, request });
      showToast(t(creating ? 'actions.searchSaved' : 'actions.searchUpdated'), 'success');
      if (stored.id != null) void navigate(buildPath(paths.partnerSavedSearch, { id: stored.id }));
    } catch (error) {
      // The API client shows the error; a 422 also goes beside its fields.
      applyServerErrors(error, form.setError, searchFormFields, serverFieldNames);
    }
  }

  const pending = creating ? createSavedSearch.isPending : editSavedSearch.isPending;
  const idleText = creating ? t('actions.saveSearch') : t('actions.updateSearch');
  const pendingText = creating ? t('actions.savingSearch') : t('actions.updatingSearch');

  return (
    <div className="sourcing-page__actions">
      {savedSearchId !== null ? (
        <Link className="button button--secondary" to={buildPath(paths.partnerSavedSearch, { id: savedSearchId })}>
          {t('actions.openSavedSearch')}
        </Link>
      ) : (
        <button
          type="button"
          className="button button--primary"
          data-testid="save-search"
          disabled={!criteria.valid || createSavedSearch.isPending || editSavedSearch.isPending}
          onClick={() => void saveSearch()}
        >
          {pending ? pendingText : idleText}
        </button>
      )}
      {!criteria.valid && <p className="field__hint">{t('form.incomplete')}</p>}
    </div>
  );
}
