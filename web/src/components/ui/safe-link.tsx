// A link that stays inside the app unless told otherwise (spec §8). In-app
// paths go through the router; an external href is rendered as a link only with
// `allowExternal`, and then opens with rel="noopener noreferrer". A refused
// href renders its content as plain text, so nothing clickable leaves the app.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isDangerousUrl, isExternalUrl } from '@/lib/navigation';

export type SafeLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  allowExternal?: boolean;
  children: ReactNode;
};

function appOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function SafeLink({ href, allowExternal = false, children, ...anchorProps }: SafeLinkProps) {
  if (isDangerousUrl(href)) {
    console.warn('link refused: unsafe url scheme', href);
    return <span className={anchorProps.className}>{children}</span>;
  }
  if (isExternalUrl(href, appOrigin())) {
    if (!allowExternal) {
      console.warn('link refused: external url not allowed', href);
      return <span className={anchorProps.className}>{children}</span>;
    }
    return (
      <a {...anchorProps} href={href} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  const internal = new URL(href, appOrigin());
  return (
    <Link {...anchorProps} to={`${internal.pathname}${internal.search}${internal.hash}`}>
      {children}
    </Link>
  );
}
