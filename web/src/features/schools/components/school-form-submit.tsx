// The row every form of the school dashboard ends with: its submit button.
import type { ReactNode } from 'react';

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
