// The head of a dashboard page (partner, school, notifications): its title and
// a lead line on the left, what the page offers to do beside them. Each page
// passes its own classes, so each keeps its spacing where it is styled.
import type { ReactNode } from 'react';

type PageHeaderProps = {
  className: string;
  title: string;
  lead: string;
  leadClassName: string;
  /** The page's actions, beside the title. */
  children?: ReactNode;
};

export function PageHeader({ className, title, lead, leadClassName, children }: PageHeaderProps) {
  return (
    <header className={className}>
      <div>
        <h1 className="page-title">{title}</h1>
        <p className={leadClassName}>{lead}</p>
      </div>
      {children}
    </header>
  );
}
