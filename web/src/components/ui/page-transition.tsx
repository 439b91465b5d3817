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
  const [phase, setPhase] = useState<TransitionPhase>('entering');
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (location === displayedLocation) return;
    if (location.pathname === displayedLocation.pathname || reducedMotion) {
      setDisplayedLocation(location);
      setPhase('entering');
      return;
    }
    setPhase('leaving');
    const timer = setTimeout(() => {
      setDisplayedLocation(location);
      setPhase('entering');
      window.scrollTo({ top: 0 });
    }, pageTransitionMs);
    return () => clearTimeout(timer);
  }, [location, displayedLocation, reducedMotion]);

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
