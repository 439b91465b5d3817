// /mailbox: the demo mailbox. Without an SMTP server the Vivier server keeps
// the emails it would have sent; this page lists them, newest first, with
// their links clickable (they all point into the app). A 404 means the server
// sends real emails, so there is nothing to show; any other failure offers a
// retry, so it never looks like an empty mailbox.
import '../mailbox.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { SafeLink } from '@/components/ui/safe-link';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { type MailboxEmail, useMailbox } from '../api/get-mailbox';

// The pages email links lead to. A link to one of them opens in this app even
// when the server wrote another origin into it (e.g. its configured public
// address differs from the one in the browser): the demo must stay usable.
const emailLinkPaths = new Set<string>([
  paths.signUpValidation,
  paths.invitationSignUp,
  paths.recruiterInvitationSignUp,
  paths.resetPassword,
  paths.loginWithToken,
  paths.notificationsUnsubscribe,
]);

/** Where a link of an email goes: an in-app path when it points to one of our pages, else the URL as sent. */
export function mailLinkTarget(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin || emailLinkPaths.has(parsed.pathname)) {
      return `${parsed.pathname}${parsed.search}${parsed.hash}`;
    }
  } catch {
    // Not a URL: SafeLink below refuses it.
  }
  return url;
}

function EmailCard({ email }: { email: MailboxEmail }) {
  const { t, i18n } = useTranslation('auth');
  const sent = new Date(email.created_at);
  const when = Number.isNaN(sent.getTime())
    ? email.created_at
    : new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(sent);
  return (
    <article className="mail" data-testid="mailbox-email">
      <header className="mail__header">
        <h2 className="mail__subject">{email.subject}</h2>
        <time className="mail__date" dateTime={email.created_at}>
          {when}
        </time>
      </header>
      <p className="mail__to">{t('mailbox.to', { to: email.to })}</p>
      <p className="mail__text">{email.text}</p>
      {email.links.length > 0 && (
        <nav className="mail__links" aria-label={t('mailbox.links')}>
          {email.links.map((url) => (
            <SafeLink key={url} className="mail__link" href={mailLinkTarget(url, window.location.origin)} data-testid="mailbox-link">
              {mailLinkTarget(url, window.location.origin)}
            </SafeLink>
          ))}
        </nav>
      )}
    </article>
  );
}

export function MailboxView() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('mailbox.title'));
  const mailbox = useMailbox();
  const notConfigured = mailbox.error instanceof ApiError && mailbox.error.status === 404;

  return (
    <section className="mailbox" data-testid="mailbox">
      <div className="mailbox__heading">
        <h1 className="page-title">{t('mailbox.title')}</h1>
        {!notConfigured && (
          <button type="button" className="button button--secondary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
            {t('mailbox.refresh')}
          </button>
        )}
      </div>
      <p className="form-alert form-alert--info mailbox__note">{t('mailbox.demoNote')}</p>
      {notConfigured ? (
        <p className="mailbox__empty" data-testid="mailbox-unavailable">
          {t('mailbox.unavailable')}
        </p>
      ) : (
        <QueryState
          query={mailbox}
          className="mailbox__empty"
          errorText={t('mailbox.error')}
          testId="mailbox"
          empty={
            <>
              <p className="mailbox__count">{t('mailbox.count', { count: 0 })}</p>
              <p>{t('mailbox.empty')}</p>
            </>
          }
        >
          {(emails) => (
            <>
              <p className="mailbox__count">{t('mailbox.count', { count: emails.length })}</p>
              <div className="mailbox__list">
                {emails.map((email) => (
                  <EmailCard key={email.id} email={email} />
                ))}
              </div>
            </>
          )}
        </QueryState>
      )}
      <p className="mailbox__back">
        <Link to={paths.login}>{t('mailbox.loginLink')}</Link>
      </p>
    </section>
  );
}
