// One partner of the school's recruiters panel: who, which company and job,
// where the school stands with them (a coloured tag that repeats the word,
// never replaces it), and the one thing to do from there: ask for a link,
// withdraw the request, or end the link. Each button names the partner for a
// screen reader, and has an id so that the panel can give it the focus back
// once the list has moved.
import { useTranslation } from 'react-i18next';
import { RowListItem } from '@/components/ui/dashboard-blocks';
import type { SchoolPartner } from '../api/get-partners';

/** Where the school stands with a partner. */
export type PartnerLinkState = 'linked' | 'requested' | 'none';

/** What the school may do from each state. */
export type PartnerAction = 'ask' | 'withdraw' | 'end';

export function partnerLinkState(partner: Pick<SchoolPartner, 'linked' | 'link_requested'>): PartnerLinkState {
  if (partner.linked) return 'linked';
  return partner.link_requested ? 'requested' : 'none';
}

const actionOfState: Record<PartnerLinkState, PartnerAction> = { none: 'ask', requested: 'withdraw', linked: 'end' };

const buttonClass: Record<PartnerAction, string> = {
  ask: 'button button--primary',
  withdraw: 'button button--secondary',
  end: 'button button--secondary',
};

/** How the panel names a partner: the person, or their company when the names are blank. */
export function partnerName(partner: Pick<SchoolPartner, 'firstname' | 'lastname' | 'company'>): string {
  return `${partner.firstname} ${partner.lastname}`.trim() || partner.company.name;
}

/** The id of a partner's action button. */
export function partnerActionId(partnerId: number): string {
  return `school-recruiter-action-${partnerId}`;
}

export function PartnerRow({
  partner,
  busy,
  onAction,
}: {
  partner: SchoolPartner;
  /** A change is under way: no other is sent meanwhile. */
  busy: boolean;
  onAction: (partner: SchoolPartner, action: PartnerAction) => void;
}) {
  const { t } = useTranslation('school');
  const state = partnerLinkState(partner);
  const action = actionOfState[state];
  const name = partnerName(partner);
  const meta = [partner.company.name, partner.role?.trim()].filter((fact): fact is string => Boolean(fact)).join(' · ');
  return (
    <RowListItem title={name} meta={meta} testId="school-recruiter">
      <span className={`tag school-recruiters__state school-recruiters__state--${state}`} data-testid="school-recruiter-state" data-state={state}>
        {t(`recruiters.state.${state}`)}
      </span>
      <button
        id={partnerActionId(partner.id)}
        type="button"
        className={buttonClass[action]}
        disabled={busy}
        aria-label={t(`recruiters.${action}.labelFor`, { name, company: partner.company.name })}
        onClick={() => onAction(partner, action)}
      >
        {t(`recruiters.${action}.label`)}
      </button>
    </RowListItem>
  );
}
