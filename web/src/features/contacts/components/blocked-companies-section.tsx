// The "blocked companies" section of the candidate's settings: the companies
// whose recruiters may not contact them, each with when it was blocked and
// Unblock (its recruiters may ask again; closed conversations stay closed).
// Blocking is done from a contact request, on the dashboard, as the section
// says. After unblocking, the keyboard goes to the sentence that says so, as
// the row is gone. The four states of a list.
import '../styles/blocked-companies.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { formatDate } from '@/lib/format-date';
import { useUnblockCompany } from '../api/change-company-block';
import { type BlockedCompany, useBlockedCompanies } from '../api/get-blocked-companies';

export function BlockedCompaniesSection() {
  const { t, i18n } = useTranslation('contacts');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const companies = useBlockedCompanies();
  const unblock = useUnblockCompany();
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (unblocked !== null) noteRef.current?.focus();
  }, [unblocked]);

  const unblockCompany = (company: BlockedCompany) => unblock.mutate(company.id, { onSuccess: () => setUnblocked(company.name) });

  return (
    <SettingsSection name="blocked-companies" title={t('blocked.title')}>
      <p>{t('blocked.intro')}</p>
      {unblocked !== null && (
        <p ref={noteRef} tabIndex={-1} className="form-alert form-alert--success blocked-companies__note" data-testid="blocked-companies-note">
          {t('blocked.unblocked', { company: unblocked })}
        </p>
      )}
      <QueryState
        query={companies}
        isEmpty={(data) => data.companies.length === 0}
        className="blocked-companies__state"
        testId="blocked-companies"
        loadingText={t('blocked.loading')}
        errorText={t('blocked.error')}
        empty={<p>{t('blocked.empty')}</p>}
      >
        {(data) => (
          <ul className="blocked-companies" data-testid="blocked-companies-list">
            {data.companies.map((company) => (
              <li key={company.id} className="blocked-companies__item" data-testid="blocked-company">
                <div>
                  <p className="blocked-companies__name">{company.name}</p>
                  <p className="blocked-companies__since">{t('blocked.since', { date: formatDate(company.created_at, locale) })}</p>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={unblock.isPending && unblock.variables === company.id}
                  aria-label={t('blocked.unblockLabel', { company: company.name })}
                  onClick={() => unblockCompany(company)}
                >
                  {t('blocked.unblock')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SettingsSection>
  );
}
