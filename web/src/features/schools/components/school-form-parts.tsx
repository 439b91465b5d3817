// The pieces every form of the school dashboard ends with: the line that says
// how a save went (a failure is read out at once, a success politely) and the
// row holding the submit button.
import type { ReactNode } from 'react';

export function SchoolAlert({ tone = 'error', testId, children }: { tone?: 'error' | 'success'; testId?: string; children: ReactNode }) {
  const success = tone === 'success';
  return (
    <p className={success ? 'school-alert school-alert--success' : 'school-alert'} role={success ? 'status' : 'alert'} data-testid={testId}>
      {children}
    </p>
  );
}

/** The form's submit button, turned off while its request is under way. */
export function SchoolFormSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="school-form__actions">
      <button type="submit" className="button button--primary" disabled={pending}>
        {children}
      </button>
    </div>
  );
}
