// One section of a settings page (the candidate's account, the emails a user
// receives): a panel named by its heading.
import './settings-section.css';
import type { ReactNode } from 'react';

/** `name` gives the section its test id and its heading the id `${name}-title`. */
export function SettingsSection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className="panel account-section" aria-labelledby={`${name}-title`} data-testid={name}>
      <h2 id={`${name}-title`}>{title}</h2>
      {children}
    </section>
  );
}
