// What a school or partner sees while an operator has not approved its account
// (or refused or suspended it): a banner atop its pages that says so (with the
// operator's reason, when there is one; to a partner a school works with, that
// it already finds that school's students), and a notice that stands in for a list
// or page the server refuses to such an account (403 `account_pending`,
// `account_refused`), instead of an error or an empty list.
import '@/styles/account-standing.css';
import { useTranslation } from 'react-i18next';
import type { StandingErrorCode } from '@/lib/api-client';
import { type AccountStanding, isSchoolScoped, restrictedStanding, useSession } from '@/lib/session';

export type RestrictedStanding = Exclude<AccountStanding, 'approved'>;

const standingOfError: Record<StandingErrorCode, RestrictedStanding> = {
  account_pending: 'pending',
  account_refused: 'refused',
  account_suspended: 'suspended',
};

/** The standing a refusal of the server names. */
export function standingOfErrorCode(code: StandingErrorCode): RestrictedStanding {
  return standingOfError[code];
}

/** The banner of a school's or partner's pages; nothing for an approved account. */
export function AccountStandingBanner() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const standing = restrictedStanding(user);
  if (standing === null || user === null) return null;
  const reason = user.standingReason?.trim();
  return (
    <section
      className={`standing-banner standing-banner--${standing}`}
      aria-labelledby="standing-banner-title"
      data-testid={`standing-banner-${standing}`}
    >
      {/* not a heading: it sits above the page's own title */}
      <p id="standing-banner-title" className="standing-banner__title">
        {t(`standing.${standing}.title`)}
      </p>
      <p>{isSchoolScoped(user) ? t('standing.pending.schoolScopedText') : t(`standing.${standing}.text`)}</p>
      {reason && standing !== 'pending' && (
        <p className="standing-banner__reason" data-testid="standing-reason">
          {t('standing.reason', { reason })}
        </p>
      )}
    </section>
  );
}

/**
 * In place of what the account may not read yet: why, and what happens next.
 * `standing` defaults to the session's (pending when the session says approved
 * but the server refused: the session is older than the change).
 */
export function StandingNotice({ standing, className = 'panel__empty', testId }: { standing?: RestrictedStanding; className?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const shown = standing ?? restrictedStanding(user) ?? 'pending';
  return (
    <div className={className} role="status" data-testid={testId ?? `standing-notice-${shown}`}>
      <p className="standing-notice__title">{t(`standing.${shown}.blockedTitle`)}</p>
      <p>{t(`standing.${shown}.blocked`)}</p>
    </div>
  );
}

/** A whole page held back for the account's standing: its title, then the notice. */
export function StandingPage({ title, standing, testId }: { title: string; standing?: RestrictedStanding; testId?: string }) {
  return (
    <div className="standing-page" data-testid={testId}>
      <h1 className="page-title">{title}</h1>
      <AccountStandingBanner />
      <StandingNotice standing={standing} />
    </div>
  );
}
