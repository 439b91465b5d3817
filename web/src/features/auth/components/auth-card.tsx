// The frame of every account page: a centred card with a title, an optional
// subtitle, the content and a footer line of links; the submit button of the
// forms it holds.
import '../auth.css';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  useDocumentTitle(title);
  return (
    <section className={wide ? 'auth-page auth-page--wide' : 'auth-page'} data-testid={testId}>
      <div className="auth-card">
        <h1 className="page-title auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </section>
  );
}

/** A form's wide submit button, which says the request is under way and turns off meanwhile. */
export function AuthSubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" className="button button--primary button--large auth-form__submit" disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
