// What every layout shares around its own header and navigation: the frame
// named for styles and tests, the skip link as its first focusable element
// (keyboard users jump past the navigation), and the main element the link
// lands on, focusable so that the jump moves the focus too.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const mainContentId = 'main-content';

export function LayoutFrame({ name, area, children }: { name: string; area?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={`layout layout--${name}`} data-layout={name} data-area={area}>
      <a className="skip-link" href={`#${mainContentId}`}>
        {t('skipToContent')}
      </a>
      {children}
    </div>
  );
}

export function MainContent({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id={mainContentId} className={className} tabIndex={-1}>
      {children}
    </main>
  );
}
