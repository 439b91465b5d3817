// Page transitions of spec §2 and §9: 150 ms, one page leaving before the next
// enters. The hook holds on to the page being left while it fades out, then
// swaps in the new location, which fades in. Query-string or hash changes on
// the same page do not animate, and reduced motion swaps at once.
import { type ReactNode, useEffect, useState } from 'react';
import type { Location } from 'react-router';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';

export const pageTransitionMs = 150;

export type TransitionPhase = 'entering' | 'leaving';

export function usePageTransition(location: Location): {
  displayedLocation: Location;
  phase: TransitionPhase;
} {
  const [displayedLocation, setDisplayedLocation] = useState(location);
  const reducedMotion = usePrefersReducedMotion();
  // A change that does not animate swaps at once, while rendering.
  const swapAtOnce =
    location !== displayedLocation && (location.pathname === displayedLocation.pathname || reducedMotion);
  if (swapAtOnce) setDisplayedLocation(location);
  // Otherwise the page shown is leaving until the timer swaps the new one in.
  const phase: TransitionPhase = location === displayedLocation || swapAtOnce ? 'entering' : 'leaving';

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = setTimeout(() => {
      setDisplayedLocation(location);
      window.scrollTo({ top: 0 });
    }, pageTransitionMs);
    return () => clearTimeout(timer);
  }, [location, phase]);

  return { displayedLocation, phase };
}

/** The animated box around one page; keyed by path so every page enters afresh. */
export function PageTransition({
  pageKey,
  phase,
  children,
}: {
  pageKey: string;
  phase: TransitionPhase;
  children: ReactNode;
}) {
  return (
    <div
      key={pageKey}
      className="page-transition"
      data-phase={phase}
      style={{ ['--page-transition-ms' as string]: `${pageTransitionMs}ms` }}
    >
      {children}
    </div>
  );
}
