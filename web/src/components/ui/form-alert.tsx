// The message a form shows about its last request (refused, saved, or a note):
// one box for every form of the app, read out by screen readers, an error at
// once and the others politely. Its look is `.form-alert` in styles/fields.css.
import type { ReactNode } from 'react';

export function FormAlert({
  tone = 'error',
  children,
  testId,
  className,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
  /** Added to the box's own classes, for the layout of what it holds. */
  className?: string;
}) {
  const classes = ['form-alert', tone !== 'error' && `form-alert--${tone}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
