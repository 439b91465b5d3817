// A titled panel of a dashboard: a section named by its heading, with the
// panel's actions beside the heading. Styled by styles/dashboard-blocks.css,
// which the pages that show panels import, and its head by styles/panel-head.css.
import type { ReactNode } from 'react';
import '@/styles/panel-head.css';

type PanelProps = {
  /** The id of the heading, which names the section. */
  titleId: string;
  title: ReactNode;
  /** Links or buttons beside the heading. */
  actions?: ReactNode;
  /** Classes added to `panel`. */
  className?: string;
  testId?: string;
  /** The element the guided tour points at (`data-tour`). */
  tour?: string;
  children: ReactNode;
};

export function Panel({ titleId, title, actions, className, testId, tour, children }: PanelProps) {
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={titleId} data-testid={testId} data-tour={tour}>
      <header className="panel__head">
        <h2 id={titleId}>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
