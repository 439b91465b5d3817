// The blocks the dashboards fill (partner, school): a headline figure (stat
// card) and a row of a panel's list, its title and facts on the left, its
// badge and actions beside them. Styled by styles/dashboard-blocks.css, which
// the pages that show them import.
import type { ReactNode } from 'react';
import { useNumberFormat } from '@/lib/i18n/format-number';

/** One headline figure: its value (a number is written in the page's language), what it counts and, if need be, a hint. */
export function StatCard({ testId, value, label, hint }: { testId: string; value: string | number; label: string; hint?: string }) {
  const format = useNumberFormat();
  return (
    <div className="stat-card" data-testid={testId}>
      <p className="stat-card__value">{typeof value === 'number' ? format.number(value) : value}</p>
      <p className="stat-card__label">{label}</p>
      {hint && <p className="stat-card__hint">{hint}</p>}
    </div>
  );
}

/** One row of a `row-list`: what it is, a line of facts, then what can be done with it (`children`). */
export function RowListItem({ title, meta, testId, children }: { title: ReactNode; meta: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <li className="row-list__item" data-testid={testId}>
      <div>
        <p className="row-list__title">{title}</p>
        <p className="row-list__meta">{meta}</p>
      </div>
      {children}
    </li>
  );
}
