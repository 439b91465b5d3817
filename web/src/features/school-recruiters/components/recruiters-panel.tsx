// The school dashboard's "Partner recruiters" panel: which recruiters reach
// the school's students who chose to be found only by their school's
// recruiters. It lists the approved partners (those linked first, then those
// asked), searched by company name once typing pauses, each with where the
// school stands with them and what to do: ask for a link, withdraw the
// request, or end the link, which is asked first since it closes those
// students to the recruiter. A toast says each change; the list is asked
// again after it, and the focus goes back to the partner's row. Under the
// list, a recruiter who is not in it can be invited by email.
import '@/styles/dashboard-blocks.css';
import '../school-recruiters.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { showToast } from '@/lib/toasts';
import { useChangePartnerLink } from '../api/change-partner-link';
import { partnersShownAtMost, type SchoolPartner, usePartners } from '../api/get-partners';
import { type PartnerAction, partnerActionId, partnerName, PartnerRow } from './partner-row';
import { RecruiterInvitationsSection } from './recruiter-invitations-section';

/** The pause after the last key before the company is searched. */
const typingPauseMs = 300;

export function RecruitersPanel() {
  const { t } = useTranslation('school');
  const [text, setText] = useState('');
  const company = useDebouncedValue(text.trim(), typingPauseMs);
  const partners = usePartners(company);
  const change = useChangePartnerLink();
  const [ending, setEnding] = useState<SchoolPartner | null>(null);
  const titleRef = useRef<HTMLSpanElement>(null);
  // The partner whose button gets the focus back once the change is settled
  // and the dialog closed (its row may have moved, or left the list: then the
  // panel's title).
  const refocus = useRef<number | null>(null);

  useEffect(() => {
    if (refocus.current === null || change.isPending || ending !== null) return;
    const button = document.getElementById(partnerActionId(refocus.current));
    refocus.current = null;
    (button ?? titleRef.current)?.focus();
  }, [change.isPending, ending, partners.data]);

  const apply = (partner: SchoolPartner, action: PartnerAction) => {
    const name = partnerName(partner);
    refocus.current = partner.id;
    change.mutate(
      { partnerId: partner.id, change: action === 'ask' ? 'ask' : 'remove' },
      {
        onSuccess: () => showToast(t(`recruiters.${action}.done`, { name, company: partner.company.name }), 'success'),
        onSettled: () => setEnding(null),
      },
    );
  };

  const onAction = (partner: SchoolPartner, action: PartnerAction) => {
    if (action === 'end') setEnding(partner);
    else apply(partner, action);
  };

  return (
    <Panel
      titleId="school-recruiters-title"
      title={
        <span ref={titleRef} tabIndex={-1}>
          {t('recruiters.title')}
        </span>
      }
      testId="school-recruiters"
    >
      <div className="panel__body school-recruiters__head">
        <p className="school-recruiters__lead">{t('recruiters.lead')}</p>
        <div className="school-recruiters__search" role="search" aria-label={t('recruiters.searchLabel')}>
          <TextField
            id="school-recruiters-company"
            type="search"
            label={t('recruiters.search')}
            hint={t('recruiters.searchHint')}
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <QueryState
        query={partners}
        testId="school-recruiters"
        errorText={t('recruiters.error')}
        empty={<QueryEmpty title={t('recruiters.none')} hint={t(company === '' ? 'recruiters.noneHintAll' : 'recruiters.noneHint')} />}
      >
        {(list) => (
          <>
            <p className="school-recruiters__count" aria-live="polite" data-testid="school-recruiters-count">
              {list.length >= partnersShownAtMost ? t('recruiters.capped', { count: list.length }) : t('recruiters.count', { count: list.length })}
            </p>
            <ul className="row-list school-recruiters__list" aria-labelledby="school-recruiters-title" aria-busy={partners.isFetching}>
              {list.map((partner) => (
                <PartnerRow key={partner.id} partner={partner} busy={change.isPending} onAction={onAction} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <RecruiterInvitationsSection />
      {ending && (
        <ConfirmDialog
          title={t('recruiters.end.title', { name: partnerName(ending) })}
          message={t('recruiters.end.message', { name: partnerName(ending), company: ending.company.name })}
          confirmLabel={t('recruiters.end.label')}
          cancelLabel={t('actions.cancel')}
          busy={change.isPending}
          onConfirm={() => apply(ending, 'end')}
          onCancel={() => setEnding(null)}
        />
      )}
    </Panel>
  );
}
