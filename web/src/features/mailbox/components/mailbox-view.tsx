// /mailbox: the demo mailbox. Without an SMTP server the Vivier server keeps
// the emails it would have sent; this page lists them, newest first, a page
// at a time, found by recipient (sent once typing pauses), with their links
// clickable (they all point into the app). A 404 means the server sends real
// emails, so there is nothing to show; any other failure offers a retry, so it
// never looks like an empty mailbox.
import '../mailbox.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { QueryState } from '@/components/ui/query-state';
import { SafeLink } from '@/components/ui/safe-link';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { type MailboxEmail, mailboxPageSize, useMailbox } from '../api/get-mailbox';
import { MailboxPager } from './mailbox-pager';

/** The pause after the last key before the recipient is searched. */
const typingPauseMs = 300;

/** Where the emails of `page` sit in the whole list ("Emails 101 to 150"). */
export function shownRange(page: number, count: number) {
  const first = (page - 1) * mailboxPageSize + 1;
  return { count, first, last: first + count - 1 };
}

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
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const to = useDebouncedValue(text.trim(), typingPauseMs);
  // A new recipient starts on the first page.
  const [searched, setSearched] = useState(to);
  if (searched !== to) {
    setSearched(to);
    setPage(1);
  }
  const mailbox = useMailbox({ to, page });
  const notConfigured = mailbox.error instanceof ApiError && mailbox.error.status === 404;
  const emptyText = to ? t('mailbox.emptyFor', { to }) : page > 1 ? t('mailbox.emptyOlder') : t('mailbox.empty');

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
        <>
          <div className="mailbox__filter" role="search" aria-label={t('mailbox.filter')}>
            <TextField
              id="mailbox-to"
              type="search"
              label={t('mailbox.recipient')}
              hint={t('mailbox.recipientHint')}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <QueryState
            query={mailbox}
            className="mailbox__empty"
            errorText={t('mailbox.error')}
            testId="mailbox"
            empty={
              <>
                <p>{emptyText}</p>
                {page > 1 && !to && (
                  <button type="button" className="button button--secondary" onClick={() => setPage(1)}>
                    {t('mailbox.latest')}
                  </button>
                )}
                {to && (
                  <button type="button" className="button button--secondary" onClick={() => setText('')}>
                    {t('mailbox.showAll')}
                  </button>
                )}
              </>
            }
          >
            {(emails) => (
              <>
                <p className="mailbox__count">
                  {page === 1 && emails.length < mailboxPageSize
                    ? t('mailbox.count', { count: emails.length })
                    : t('mailbox.shown', shownRange(page, emails.length))}
                </p>
                <div className="mailbox__list">
                  {emails.map((email) => (
                    <EmailCard key={email.id} email={email} />
                  ))}
                </div>
                <MailboxPager page={page} full={emails.length === mailboxPageSize} busy={mailbox.isFetching} onPage={setPage} />
              </>
            )}
          </QueryState>
        </>
      )}
      <p className="mailbox__back">
        <Link to={paths.login}>{t('mailbox.loginLink')}</Link>
      </p>
    </section>
  );
}
